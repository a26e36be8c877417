// Bug hunt 46, around the hunters' tests (test/hunt46): a 2xx answer whose Errors list holds errors is the provider's
// refusal for Update and Update Addresses as for Cancel; never where a flag of its own says success; never to a create
// (its outcome without a reference stays unknown, not sent again). A read's Errors list beside records stays per-record
// remarks. Get Orders On Hold never takes an Errors list for its orders, and reads its list of orders null as none.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, createFromItems, line, salesOrder } from './helpers';

const fx = useSandbox();
useStore();

const onHold = (simplify = false) => actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify });

describe('a write answered 200 with an Errors list', () => {
	it.each([
		['Sales Order → Update', salesOrder('update', { locateBy: 'orderNo', orderNo: 'EL-1', updateFields: { poNo: 'x' } }), 'UpdateSalesOrder'],
		['Sales Order → Update Addresses', salesOrder('updateAddresses', { transactionReferenceNumber: 'TRN-EL-1', recipientContactInfo: { city: 'Sonoma' } }), 'Addresses'],
		['Sales Order → Cancel (deprecated path)', salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'EL-1', options: { deprecatedPath: true } }), 'UpdateSalesOrder'],
	])('%s: the provider\'s refusal with its messages, not Updated / Cancelled', async (_name, parameters, path) => {
		await fx.control.fault({ kind: 'status', status: 200, path, count: 1, body: { errors: [{ Code: 'E9', Message: 'Order already shipped' }] } });
		const result = await fx.run(actionWorkflow(parameters));
		expect(result.error?.message).toBe('The provider refused the request: Order already shipped');
		expect(await fx.control.requests(path)).toHaveLength(1);
	});

	it('beside a flag saying success: a success as before, the list kept in the output', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CancelSalesOrder', count: 1, body: { IsSuccess: true, Errors: ['Refund pending'] } });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'EL-2' })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'EL-2', Cancelled: true, Errors: ['Refund pending'] });
	});

	it('Sales Order → Create answered an Errors list without a reference: an unknown outcome, never sent again', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CreateSalesOrder', count: 1, body: { Errors: ['Invalid SKU'] } });
		const create = actionWorkflow(createFromItems({}), { items: [{ OrderNo: 'EL-3', items: [line(SKU_A, 1)] }] });
		const result = await fx.run(create);
		expect(result.error?.message).toMatch(/outcome of this .*create is unknown/);
		expect(result.error?.description).toContain('Invalid SKU');
		const again = await fx.run(create);
		expect(again.error?.message).toContain('may already have been sent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});
});

describe('a read answered 200 with an Errors list beside records', () => {
	it('Get Returns: the records, as before', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetReturns',
			body: { TotalRecordCount: 1, Skip: 0, Top: 100, MoreRecords: false, ReturnSalesOrderHeaders: [{ OrderNo: 'R-1' }], Errors: ['R-2: no lines'] },
		});
		const result = await fx.run(actionWorkflow(salesOrder('getReturns', { returnAll: true, simplify: false })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['R-1']);
	});
});

describe('Get Orders On Hold: Errors lists and a null list of orders', () => {
	it.each([
		['an Errors list saying nothing was found', { OrdersOnHold: [], Errors: [{ Code: 'E0', Message: 'No orders found' }] }],
		['an Errors list beside a flag saying success', { IsSuccess: true, OrdersOnHold: [], Errors: [{ Code: 'E1', Message: 'Slow warehouse sync' }] }],
		['a Warnings list of objects', { Warnings: [{ Code: 'W1', Message: 'Slow warehouse sync' }], Orders: [] }],
		['Orders null, no message', { Orders: null }],
		['ordersOnHold null beside a Messages list', { ordersOnHold: null, Messages: ['There are no orders on hold'] }],
	])('%s: none on hold, never the provider\'s words as an order', async (_name, body) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body });
		for (const simplify of [false, true]) {
			const result = await fx.run(onHold(simplify));
			expect(result.error?.message).toBeUndefined();
			expect(result.output(ACTION_NODE)).toEqual([]);
		}
	});

	it('orders beside an Errors list: the orders only', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { Errors: [{ Code: 'E1', Message: 'A3: no lines' }], OrdersOnHold: [{ OrderNo: 'A1' }] } });
		const result = await fx.run(onHold());
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['A1']);
	});

	it('a null member not named for orders is no list of orders: an error object stays an error', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { Message: 'Customer account suspended', Data: null } });
		const result = await fx.run(onHold());
		expect(result.error?.message).toBe('The provider answered without OrderNo: Customer account suspended');
	});
});
