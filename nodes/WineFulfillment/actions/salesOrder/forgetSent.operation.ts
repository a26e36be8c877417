// Sales Order → Forget Sent Orders: removes the record of sent orders for given order numbers, so they can be sent again.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { identifier } from '../../wire/values';
import { nodeParameter, invalidField, readList } from '../parameters';
import { recordToForget } from '../sentOrders';
import { withOptions, type Send } from '../operation';

const properties: INodeProperties[] = [
	{
		displayName:
			'Forgets that these orders were sent, so that the next Create or Batch Create sends them again: for an order that was canceled and must be placed again, or one whose unknown outcome you checked. Use the credential the create node uses. It reaches the record of a create whose Send Once Scope is Workflow (the default); a create with Scope Node keeps a record only it reaches: turn on its Send Again Even If Sent instead.',
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
		description:
			'The order numbers to forget, separated by commas or new lines, or an expression giving a list. An order number that itself holds a comma or semicolon, entered alone, is forgotten as one order when the record holds it.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['forgetSent'] } }, withOptions(properties));

/**
 * Text that Create could have sent as one order number although it holds a list's separator (a comma or semicolon in
 * `WEB-1001,B`): it is forgotten as one order when the record holds it, and read as a list otherwise.
 */
function wholeNumber(raw: unknown): string | undefined {
	// Stryker disable next-line Regex,ConditionalExpression: /[^,;]/ (or no check) lets all text through, also an order number without a separator, which is then forgotten whole first: the same output after one more store call
	if (typeof raw !== 'string' || !/[,;]/.test(raw)) return undefined;
	const parsed = identifier().safeParse(raw);
	return parsed.success ? parsed.data : undefined;
}

/** The order numbers of one input item, each once. */
function orderNumbers(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = nodeParameter(ctx, 'orderNumbers', itemIndex, '') as unknown;
	const list = [...new Set(readList(ctx, raw, itemIndex, 'Order Numbers'))];
	if (list.length === 0) throw invalidField(ctx, 'Order Numbers', 'is required: one or more order numbers', itemIndex, raw);
	// the rule Create's Order Number follows: a number it refuses was never recorded, and one with an invisible
	// character would be forgotten as nothing while the order it looks like stays recorded
	list.forEach((entry, i) => {
		const checked = identifier().safeParse(entry);
		if (!checked.success) throw invalidField(ctx, 'Order Numbers', `entry ${i + 1} ${checked.error.issues[0].message}`, itemIndex, entry);
	});
	return list;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const numbers = orderNumbers(this, itemIndex);
	const whole = wholeNumber(nodeParameter(this, 'orderNumbers', itemIndex, '') as unknown);
	return async () => {
		const record = await recordToForget(this, 'salesOrder', itemIndex);
		if (record && whole !== undefined) {
			// the order number as written first: a list's entries are forgotten only when the record does not hold it (one
			// kept because it is being sent right now is held: its text names that order, not a list)
			const forgotten = (await record.forget([whole], itemIndex)).get(whole) ?? 0;
			if (forgotten > 0 || record.wasOnItsWay(whole)) return [{ json: { OrderNo: whole, forgotten: forgotten > 0 }, pairedItem: { item: itemIndex } }];
		}
		const removed = record ? await record.forget(numbers, itemIndex) : new Map<string, number>();
		return numbers.map((OrderNo) => ({
			json: { OrderNo, forgotten: (removed.get(OrderNo) ?? 0) > 0 },
			pairedItem: { item: itemIndex },
		}));
	};
}
