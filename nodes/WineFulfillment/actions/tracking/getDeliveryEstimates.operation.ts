import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { simpleEstimate } from '../../wire/simplify';
import { DELIVERY_ESTIMATES_OURS, flattenEstimates, getDeliveryEstimatesRequest, malformedEstimates } from '../../wire/tracking';
import { MAX_CLIENT_REFERENCE_LENGTH } from '../../wire/commerce';
import { unexpectedAnswerError } from '../../transport/errors';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, answerWith, compact, itemsFor, validateWithJson } from '../common';
import { addressLabels, addressProperties, readAddress } from '../address/shared';
import { simplifier, simplifyProperty } from '../simplify';
import { withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['tracking'], operation: ['getDeliveryEstimates'] };

const properties: INodeProperties[] = [
	...addressProperties,
	{
		displayName: 'Ship Date From',
		name: 'shipDateFrom',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'First future ship date to estimate for (sent as MM/DD/YYYY, without the time)',
	},
	{
		displayName: 'Ship Date To',
		name: 'shipDateTo',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Last future ship date to estimate for (sent as MM/DD/YYYY, without the time)',
	},
	{
		displayName: 'Client Reference Code',
		name: 'clientReferenceCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. checkout-48213',
		description: `Your own reference for this request, up to ${MAX_CLIENT_REFERENCE_LENGTH} characters, echoed by the provider`,
	},
	simplifyProperty,
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	...addressLabels('DeliveryAddress'),
	ClientReferenceCode: 'Client Reference Code',
	DeliveryEstimateRange: 'Ship Date From/To',
	'DeliveryEstimateRange.StartDate': 'Ship Date From',
	'DeliveryEstimateRange.EndDate': 'Ship Date To',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const text = (name: string) => nodeParameter(this, name, itemIndex, '') as string;
	const body = validateWithJson(
		this,
		getDeliveryEstimatesRequest,
		compact({
			ClientReferenceCode: text('clientReferenceCode'),
			DeliveryAddress: readAddress(this, itemIndex),
			DeliveryEstimateRange: compact({ StartDate: text('shipDateFrom'), EndDate: text('shipDateTo') }),
		}),
		DELIVERY_ESTIMATES_OURS,
		labels,
		itemIndex,
	);
	// read (and refused) before the request goes out
	const shape = simplifier(this, itemIndex, simpleEstimate);
	return async () => {
		// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
		const response = await apiRequest.call(this, ENDPOINTS.getDeliveryEstimates, body as IDataObject, { itemIndex });
		const answer = answerWith(this, response.body, ['DeliveryEstimateOptions'], itemIndex);
		const malformed = malformedEstimates(answer);
		if (malformed) throw unexpectedAnswerError(this.getNode(), `The provider answered with malformed delivery estimates: ${malformed}`, itemIndex);
		const records = flattenEstimates(answer);
		return itemsFor(shape ? records.map(shape) : records, itemIndex);
	};
}
