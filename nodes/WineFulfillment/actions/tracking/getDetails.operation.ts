import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { simplePackage } from '../../wire/simplify';
import { DETAIL_MEMBERS, PACKAGE_RECORDS, detailRecords, getDetailsRequest } from '../../wire/tracking';
import { unexpectedAnswer, type NotFoundMeaning } from '../../transport/errors';
import { apiRequestOrNone } from '../../transport/request';
import { additionalJsonProperty, checkedRecords, compact, itemsFor, validateBody, withAdditionalJson } from '../common';
import { nodeParameter, readBoolean } from '../parameters';
import { settingPath } from '../versions';
import { simplifier, simplifyProperty } from '../simplify';
import { withOptions, type Send } from '../operation';

const show = { resource: ['tracking'], operation: ['getDetails'] };

export const NOT_FOUND_MESSAGE = 'No tracking information yet for this order';

const properties: INodeProperties[] = [
	{
		displayName: 'Order Number',
		name: 'orderNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. SO-000123',
		description: 'The order number the order was sent with (5 to 50 characters)',
	},
	simplifyProperty,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Fail When Not Found',
				name: 'failWhenNotFound',
				type: 'boolean',
				default: false,
				description:
					'Whether an order without tracking information yet stops the node with an error. Off: it gives one item with found set to false.',
			},
		],
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const body = validateBody(
		this,
		getDetailsRequest,
		withAdditionalJson(this, compact({ OrderNo: nodeParameter(this, 'orderNo', itemIndex, '') as string }), itemIndex),
		{ OrderNo: 'Order Number' },
		itemIndex,
	);
	// the settings are read (and refused) before the request goes out
	const shape = simplifier(this, itemIndex, simplePackage);
	const failWhenNotFound = readBoolean(this, settingPath(this, 'options', 'failWhenNotFound'), itemIndex, 'Fail When Not Found');
	return async () => {
		// the provider's 404 is "no tracking yet"; a 404 of no interface (a wrong Base URL) would otherwise say so for every order
		// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
		const response = await apiRequestOrNone.call(this, ENDPOINTS.getTrackingDetails, body as IDataObject, DETAILS_404, { itemIndex });
		const found = response ? detailRecords(response.body) : [];
		if (!found) throw unexpectedAnswer(this.getNode(), response?.body, `${PACKAGE_RECORDS} or a package (${DETAIL_MEMBERS.join(', ')})`, itemIndex);
		const records = checkedRecords(this, found, `tracking details whose list of packages (${PACKAGE_RECORDS})`, itemIndex);
		if (records.length) {
			// found on every simplified item, after orderNumber as on the "no tracking yet" one; Simplify off keeps the
			// provider's record as it came
			const shaped = shape ? records.map((record) => ({ orderNumber: null, found: true, ...shape(record) })) : records;
			return itemsFor(shaped, itemIndex);
		}
		if (failWhenNotFound) {
			throw new NodeOperationError(this.getNode(), `No tracking information yet for order "${body.OrderNo}"`, {
				itemIndex,
				description:
					'The provider has no packages for this order number yet (404): the order may not have been picked up by the warehouse, or the number is wrong. Turn off "Fail When Not Found" to get an item saying so instead.',
			});
		}
		const orderNumber = shape ? { orderNumber: body.OrderNo } : { OrderNo: body.OrderNo };
		return itemsFor([{ ...orderNumber, found: false, message: NOT_FOUND_MESSAGE }], itemIndex);
	};
}

/** GetDetails' 404 is the provider's "no packages for the order yet" (field notes: "404 means not found"). */
const DETAILS_404: NotFoundMeaning = { service: 'the tracking interface', none: 'no tracking yet' };
