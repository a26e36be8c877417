// Sales Order → Forget Sent Orders: removes the record of sent orders for given order numbers, so they can be sent again.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeParameter, invalidField, readList } from '../parameters';
import { recordToForget, scopeOptions } from '../sentOrders';
import { withOptions, type Send } from '../operation';

const properties: INodeProperties[] = [
	{
		displayName:
			'Forgets that these orders were sent, so that the next Create or Batch Create sends them again: for an order that was cancelled and must be placed again, or one whose unknown outcome you checked. Use the credential and the scope the create node uses.',
		name: 'forgetNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Order Numbers',
		name: 'orderNumbers',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. WEB-1001, WEB-1002',
		description: 'The order numbers to forget, separated by commas or new lines, or an expression giving a list',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		default: 'workflow',
		options: scopeOptions('sales order'),
		description:
			"The scope the create node keeps its record in (its Send Once Options). Records kept for a node only can be forgotten only by that node's Send Again Even If Sent option.",
	},
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['forgetSent'] } }, withOptions(properties));

/** The order numbers of one input item, each once. */
function orderNumbers(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = nodeParameter(ctx, 'orderNumbers', itemIndex, '') as unknown;
	const list = [...new Set(readList(ctx, raw, itemIndex, 'Order Numbers'))];
	if (list.length === 0) throw invalidField(ctx, 'Order Numbers', 'is required: one or more order numbers', itemIndex, raw);
	return list;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const numbers = orderNumbers(this, itemIndex);
	return async () => {
		const record = await recordToForget(this, 'salesOrder', itemIndex);
		const removed = record ? await record.forget(numbers, itemIndex) : new Map<string, number>();
		return numbers.map((OrderNo) => ({
			json: { OrderNo, forgotten: (removed.get(OrderNo) ?? 0) > 0 },
			pairedItem: { item: itemIndex },
		}));
	};
}
