import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { simpleOrderOnHold } from '../../wire/simplify';
import { ON_HOLD_404 } from '../../transport/errors';
import { apiRequestOrNone } from '../../transport/request';
import { answerWith, checkedRecords, itemsFor } from '../common';

import { readLimit, returnAllProperties } from '../query';
import { simplifier, simplifyProperty } from '../simplify';
import { withOptions, type Send } from '../operation';

// The answer is one unpaged list; Return All / Limit trims it here.
const properties: INodeProperties[] = [...returnAllProperties, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['salesOrder'], operation: ['getOrdersOnHold'] } },
	withOptions(properties),
);

/**
 * The records of the answer: a JSON array (field notes), one record (it has an OrderNo: its OrderOnHoldItems are its
 * lines, not the orders), or an object holding the list (its first list that holds anything, each entry checked to be
 * a record, or none when all its lists are empty; a Messages list beside it is the provider's words, never the list:
 * {"OrdersOnHold": [], "Messages": ["There are no orders on hold"]} holds none); null or an empty body, none.
 * Anything else (text, an error object answered with 200, an Errors list beside an empty one) is an error, never an
 * order on hold.
 */
function recordsOf(ctx: IExecuteFunctions, body: unknown, itemIndex: number): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body === null || body === undefined) return [];
	// text, a number, or an object with no list come out of answerWith as the error
	const lists =
		typeof body === 'object' && !('OrderNo' in body)
			? Object.entries(body)
					.filter(([member, value]) => Array.isArray(value) && !/^messages?$/i.test(member))
					.map(([, list]) => list as unknown[])
			: [];
	const list = lists.find((l) => l.length > 0) ?? lists[0];
	return list ? (list as IDataObject[]) : [answerWith(ctx, body, ['OrderNo'], itemIndex)];
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const limit = readLimit(this, itemIndex);
	const shape = simplifier(this, itemIndex, simpleOrderOnHold);
	return async () => {
		// Credentials travel flat in this operation's body; the transport places them. The provider's 404 means none on hold.
		// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
		const response = await apiRequestOrNone.call(this, ENDPOINTS.getOrdersOnHold, {}, ON_HOLD_404, { itemIndex });
		if (!response) return [];
		const records = checkedRecords(this, recordsOf(this, response.body, itemIndex), 'a list of orders on hold that', itemIndex).slice(0, limit);
		return itemsFor(shape ? records.map(shape) : records, itemIndex);
	};
}
