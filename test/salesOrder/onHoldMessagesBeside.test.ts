// Get Orders On Hold answered with an object holding the list (a shape the node reads) where the list of orders is
// empty and a Messages list beside it says why: that is "none on hold", not an answer whose orders are text; with orders
// beside a message, the orders (bug hunt 16: both failed, the Messages list taken for the orders). An Errors list beside
// an empty list stays an error.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox();

describe('Get Orders On Hold: an empty list of orders beside a message', () => {
	it('outputs nothing, no error', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { OrdersOnHold: [], Messages: ['There are no orders on hold'] } });
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false }));
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('with orders in the list and a message beside it: the orders, not the message', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { Messages: ['2 orders on hold'], OrdersOnHold: [{ OrderNo: 'A1' }, { OrderNo: 'A2' }] } });
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false }));
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['A1', 'A2']);
	});

	it('an Errors list beside an empty list of orders: an error, never "none on hold"', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { OrdersOnHold: [], Errors: ['Invalid user key'] } });
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false }));
		// bug hunt 46: refused as the provider's error (transport/errors.ts readRefusal), no longer by accident (its entry text)
		expect(result.error?.message).toBe('The provider refused the request: Invalid user key');
	});
});
