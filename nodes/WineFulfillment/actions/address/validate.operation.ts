import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	MAX_CANDIDATES,
	MAX_CLIENT_REFERENCE_LENGTH,
	VALIDATE_ADDRESS_OURS,
	VALIDATION_CARRIERS,
	classification,
	validateAddressRequest,
	validationStatus,
} from '../../wire/commerce';
import { ENDPOINTS } from '../../wire/endpoints';
import { DEFAULT_CARRIER, carrierOptions } from '../../wire/labels';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, answerWith, compact, itemsFor, orDefault, validateWithJson } from '../common';
import { nodeParameter, readBoolean } from '../parameters';
import { addressLabels, addressProperties, readAddress } from './shared';
import { withOptions, type Send } from '../operation';

const show = { resource: ['address'], operation: ['validate'] };

const properties: INodeProperties[] = [
	{
		displayName: 'Client Reference Code',
		name: 'clientReferenceCode',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. checkout-48213',
		description: `Your own reference for this check, up to ${MAX_CLIENT_REFERENCE_LENGTH} characters`,
	},
	{
		displayName: 'Carrier',
		name: 'shippingCarrier',
		type: 'options',
		required: true,
		default: DEFAULT_CARRIER,
		options: carrierOptions(VALIDATION_CARRIERS),
		description: 'The carrier whose address data checks the address (FEX or UPS), or Other',
	},
	...addressProperties,
	{
		displayName: 'Max Candidates',
		name: 'maxCandidateListSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CANDIDATES, numberPrecision: 0 },
		default: 3,
		description: 'How many corrected candidate addresses to return at most',
	},
	{
		displayName: 'Include Pickup Locations',
		name: 'includePal',
		type: 'boolean',
		default: false,
		description: "Whether to also return the carrier's pickup locations near the address",
	},
	{
		displayName: 'Search Radius (Miles)',
		name: 'palSearchRadius',
		type: 'number',
		// the radius must be more than 0 (wire/commerce): a tenth of a mile is the least the editor offers
		typeOptions: { minValue: 0.1 },
		default: 10,
		description: 'How far from the address to look for pickup locations',
		displayOptions: { show: { includePal: [true] } },
	},
	{
		displayName: 'Max Pickup Locations',
		name: 'maxPalListSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CANDIDATES, numberPrecision: 0 },
		default: 5,
		description: 'How many pickup locations to return at most',
		displayOptions: { show: { includePal: [true] } },
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	...addressLabels('Address'),
	ClientReferenceCode: 'Client Reference Code',
	ShippingCarrier: 'Carrier',
	MaxCandidateListSize: 'Max Candidates',
	'PALRequest.SearchRadius': 'Search Radius (Miles)',
	'PALRequest.MaxPALListSize': 'Max Pickup Locations',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const param = (name: string, fallback: unknown = '') => nodeParameter(this, name, itemIndex, fallback);
	// a number left blank (a mapped cell of spaces) is its default, as a field left alone is
	const numberOr = (name: string, fallback: number) => orDefault(param(name, fallback), fallback) as number;
	const includePal = readBoolean(this, 'includePal', itemIndex, 'Include Pickup Locations');
	const body = validateWithJson(
		this,
		validateAddressRequest,
		compact({
			ClientReferenceCode: param('clientReferenceCode') as string,
			ShippingCarrier: param('shippingCarrier') as string,
			Address: readAddress(this, itemIndex),
			MaxCandidateListSize: numberOr('maxCandidateListSize', 3),
			PALRequest: includePal
				? {
						IncludePAL: true,
						SearchRadius: numberOr('palSearchRadius', 10),
						MaxPALListSize: numberOr('maxPalListSize', 5),
					}
				: undefined,
		}),
		VALIDATE_ADDRESS_OURS,
		labels,
		itemIndex,
	);
	return async () => {
		// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
		const response = await apiRequest.call(this, ENDPOINTS.validateAddress, body as IDataObject, { itemIndex });
		const result = answerWith(this, response.body, ['AddressValidationIndicator', 'AddressCandidates'], itemIndex);
		const own = { status: validationStatus(result, body.Address as IDataObject), classification: classification(result) };
		// the node's members first, and again last: a provider member of the same name does not replace them
		return itemsFor([{ ...own, ClientReferenceCode: body.ClientReferenceCode, ...result, ...own }], itemIndex);
	};
}
