import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { simplePackage } from '../../wire/simplify';
import { DETAIL_MEMBERS, PACKAGE_RECORDS, detailRecords, getDetailsRequest, providerNotFound } from '../../wire/tracking';
import { unexpectedAnswer } from '../../transport/errors';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, itemsFor, validateBody, withAdditionalJson } from '../common';
import { nodeParameter, readBoolean } from '../parameters';
import { settingPath } from '../versions';
import { simplifier, simplifyProperty } from '../simplify';
import { asNodeError, withOptions, type Send } from '../operation';

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
		let answer: unknown;
		try {
			// not an accepted status: the transport would read a 404 web page as a garbled answer and ask again
			answer = (await apiRequest.call(this, ENDPOINTS.getTrackingDetails, body as IDataObject, { itemIndex })).body;
		} catch (error) {
			if (!(error instanceof NodeApiError) || error.httpCode !== '404') throw asNodeError(this, error, itemIndex);
			// the transport's error keeps the provider's message, scrubbed of the credentials
			const said = String((error.errorResponse as IDataObject | undefined)?.providerMessage ?? '');
			// a 404 of no interface (a wrong Base URL) would otherwise say "no tracking yet" for every order
			if (!providerNotFound(said)) throw noInterface(this, said, itemIndex);
			answer = NOT_FOUND;
		}
		const records = answer === NOT_FOUND ? [] : detailRecords(answer);
		if (!records) throw unexpectedAnswer(this.getNode(), answer, `${PACKAGE_RECORDS} or a package (${DETAIL_MEMBERS.join(', ')})`, itemIndex);
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

/** The provider's own 404: no packages for the order yet. */
const NOT_FOUND = Symbol('not found');

/** A GetDetails 404 that is not the provider's "not found" (see wire/tracking providerNotFound); `said`: its message. */
function noInterface(ctx: IExecuteFunctions, said: string, itemIndex: number): NodeApiError {
	const message = 'The Base URL does not lead to the tracking interface (404)';
	const shown = said.length > 300 ? `${said.slice(0, 300)}…` : said;
	const description =
		"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's API address ending in /v3. " +
		`This 404 is not the provider's "not found" for an order (${said ? 'it is a web page or a router\'s message' : 'its body is empty'}), so it is not read as "no tracking yet".` +
		(shown ? `\n\nThe answer (404): ${shown}` : '');
	return new NodeApiError(ctx.getNode(), { message, httpCode: '404' }, { message, description, httpCode: '404', itemIndex });
}
