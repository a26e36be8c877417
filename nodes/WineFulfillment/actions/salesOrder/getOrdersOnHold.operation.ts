import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { simpleOrderOnHold } from '../../wire/simplify';
import { ON_HOLD_404, WORD_LISTS } from '../../transport/errors';
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
 * a record, or none when all its lists are empty; a Messages, Errors or Warnings list beside it is the provider's
 * words, never the list: {"OrdersOnHold": [], "Messages": ["There are no orders on hold"]} holds none); null or an
 * empty body, none. A list of orders that is null ({"OrdersOnHold": null}, a .NET list never filled) is empty, as a
 * paged query reads it. Anything else (text, an error object answered with 200) is an error, never an order on hold;
 * an Errors list beside no orders is refused before (transport/errors.ts readRefusal).
 */
function recordsOf(ctx: IExecuteFunctions, body: unknown, itemIndex: number): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body === null || body === undefined) return [];
	// text, a number, or an object with no list come out of answerWith as the error
	// bug hunt 46: an Errors list of objects was put out as orders on hold; a null list of orders failed "without OrderNo".
	// Only a member named for orders is the list when null: another null member ({"Data": null} beside an error's
	// message) says nothing of the orders.
	const lists =
		typeof body === 'object' && !('OrderNo' in body)
			? Object.entries(body)
					.filter(([member, value]) => !WORD_LISTS.test(member) && (Array.isArray(value) || (value === null && /orders/i.test(member))))
					.map(([, list]) => (list ?? []) as unknown[])
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
