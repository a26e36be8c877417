// Bug hunt 46. Sales Order → Get Orders On Hold answered 200 with its (empty) list of orders and, beside it, an Errors
// list whose entries are objects ({"OrdersOnHold": [], "Errors": [{"Code": "E1", "Message": "Customer account
// suspended"}]}) puts the provider's error out as an order on hold: with Simplify, an item of nulls
// (orderNumber null, items []); without it, {"Code": "E1", "Message": …} as if it were an order. A workflow that mails
// the warehouse about each held order, or the report of held orders, gets a phantom order, and the provider's refusal
// is never seen.
//
// Where: nodes/WineFulfillment/actions/salesOrder/getOrdersOnHold.operation.ts, recordsOf: the records are "the first
// list that holds anything", whatever its name (only Message/Messages are set aside), so the Errors list is taken for the
// orders; an Errors list of text is refused only by accident (checkedRecords finds its entries are no records). The
// operation's own doc comment says "an Errors list beside an empty one" is an error, never an order on hold.
//
// Right behaviour (interface: GetOrdersOnHold answers an array of on-hold order records, "404 when no orders are on
// hold"; field notes: an on-hold record has OrderNo, OrderType, …, OrderOnHoldItems; error bodies are "a message string
// or an object with a message member", to be shown to the user): such an answer is the provider's error, and the item
// fails showing its message; no order on hold is put out.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox();

const ANSWER = { OrdersOnHold: [], Errors: [{ Code: 'E1', Message: 'Customer account suspended' }] };

describe('Get Orders On Hold: an Errors list of objects beside an empty list of orders', () => {
	it.each([
		['Simplify on', true],
		['Simplify off', false],
	])('%s: fails showing the provider\'s message, and puts out no order on hold', async (_name, simplify) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: ANSWER });
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify }));
		const shown = `${result.error?.message ?? ''} ${result.error?.description ?? ''}`;
		expect(shown).toContain('Customer account suspended');
		expect(result.error ? [] : result.output(ACTION_NODE)).toEqual([]);
	});
});
