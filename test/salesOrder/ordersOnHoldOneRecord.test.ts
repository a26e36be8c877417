// Sales Order → Get Orders On Hold: an answer of one record (an object with an OrderNo, not the documented array) is
// that one order on hold; its OrderOnHoldItems (a list of the order's lines, field notes) are not the orders. An object
// holding the list beside an empty Messages list gives the list's orders.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrder } from './helpers';

const fx = useSandbox();

const record = {
	CustomerNo: 'C1',
	CustomerName: 'Winery',
	OrderNo: 'H-9',
	OrderType: 'RETAIL',
	OrderDate: '2026-01-05T10:00:00',
	HoldReason: 'INV',
	HoldReasonDescription: 'Out of stock',
	ShippingWarehouse: 'APC01',
	ShippingCarrier: 'FEX',
	ShippingCarrierService: 'GRND',
	OrderOnHoldItems: [
		{ ItemNo: 'WINE-A', Quantity: 2, ItemDescription: 'Cab', QuantityReserved: 0, IncomingPreReserved: 0, Oversold: 2 },
		{ ItemNo: 'WINE-B', Quantity: 1, ItemDescription: 'Merlot', QuantityReserved: 0, IncomingPreReserved: 0, Oversold: 1 },
	],
};

describe('Sales Order → Get Orders On Hold: one record answered as an object', () => {
	it('comes out as that one order on hold, not as its item lines', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: record });
		const result = await fx.run(actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false })));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(1);
		expect(out[0].OrderNo).toBe('H-9');
		expect(out[0].OrderOnHoldItems).toEqual(record.OrderOnHoldItems);
	});

	it('an order on hold whose OrderOnHoldItems is empty is not read as "none on hold"', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { ...record, OrderOnHoldItems: [] } });
		const result = await fx.run(actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['H-9']);
	});

	it('an object holding the list beside an empty Messages list: the orders of the list, not "none on hold"', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body: { Messages: [], OrdersOnHold: [record] } });
		const result = await fx.run(actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['H-9']);
	});
});
