// Success answers serialised in camelCase (.NET's camelCase naming policy: "orderNo", "rmaNumber", "moreRecords") read
// as the interface's PascalCase ones: Simplify, the trigger's keys, paging counters and bare lists find their members,
// and records come out in the interface's spelling. Answers in PascalCase pass as they are.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { inInterfaceCase } from '../../nodes/WineFulfillment/wire/spellings';
import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { camelName, inCamelCase } from '../sandbox/faults';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });

const camel = inCamelCase;

const ON_HOLD = [
	{ CustomerNo: 'C1', OrderNo: 'H-1', OrderType: 'RETAIL', OrderDate: '2026-01-05T10:00:00', HoldReason: 'INV', HoldReasonDescription: 'Out of stock', ShippingWarehouse: 'APC01', ShippingCarrier: 'FEX', ShippingCarrierService: 'GRND', OrderOnHoldItems: [{ ItemNo: 'A', Quantity: 2 }] },
	{ CustomerNo: 'C1', OrderNo: 'H-2', OrderType: 'CLUB', OrderDate: '2026-01-06T10:00:00', HoldReason: 'INV', HoldReasonDescription: 'Out of stock', ShippingWarehouse: 'APC01', ShippingCarrier: 'UPS', ShippingCarrierService: 'GRND', OrderOnHoldItems: [{ ItemNo: 'B', Quantity: 1 }] },
];
const PACKAGES = [
	{ OrderNumber: 'SO-10001', Carrier: 'FEX', Service: 'GRND', TrackingNo: '1Z001', TrackingURL: 'https://track.example/1Z001', Status: 'SHIPPED', ShipDate: '2026-01-05T10:00:00', PackageItems: [{ ItemNo: 'A', Quantity: 2 }] },
	{ OrderNumber: 'SO-10001', Carrier: 'FEX', Service: 'GRND', TrackingNo: '1Z002', Status: 'DELIVERED', ShipDate: '2026-01-05T10:00:00', PackageItems: [{ ItemNo: 'B', Quantity: 1 }] },
];

describe('inInterfaceCase', () => {
	it('renames camelCase members at every depth, acronyms by the interface\'s spelling', () => {
		expect(camelName('RMANumber')).toBe('rmaNumber');
		const answer = camel({ ReturnSalesOrderHeaders: [{ RMANumber: 'R-1', PONumber: 'P', ReturnSalesOrderLines: [{ UOM: 'EA', ItemNo: 'A' }], TrackingURL: 'u' }], MoreRecords: false });
		expect(inInterfaceCase(answer)).toEqual({ ReturnSalesOrderHeaders: [{ RMANumber: 'R-1', PONumber: 'P', ReturnSalesOrderLines: [{ UOM: 'EA', ItemNo: 'A' }], TrackingURL: 'u' }], MoreRecords: false });
	});

	it('a PascalCase answer is the same object, its small-letter members untouched', () => {
		const answer = { OrderNo: 'A', customField: { innerKey: 1 } };
		expect(inInterfaceCase(answer)).toBe(answer);
	});

	it('a member the interface does not name stays as sent', () => {
		expect(inInterfaceCase({ orderNo: 'a', customField: 1, ok: true })).toEqual({ OrderNo: 'a', customField: 1, ok: true });
	});

	it('a member also sent in the interface\'s spelling keeps both; other names (not identifiers) stay as sent', () => {
		expect(inInterfaceCase({ orderNo: 'a', OrderNo: 'b', 'x-trace': 1, $id: '2' })).toEqual({ orderNo: 'a', OrderNo: 'b', 'x-trace': 1, $id: '2' });
		// two other spellings of one name: neither is renamed, so neither is lost
		expect(inInterfaceCase({ orderNo: 'a', ORDERNO: 'b' })).toEqual({ orderNo: 'a', ORDERNO: 'b' });
		expect(inInterfaceCase([{ orderNo: 'a' }, 'text', null])).toEqual([{ OrderNo: 'a' }, 'text', null]);
		// the first record decides, whatever comes before it
		expect(inInterfaceCase([null, 'text', ['x'], 7, { orderNo: 'a' }])).toEqual([null, 'text', ['x'], 7, { OrderNo: 'a' }]);
		expect(inInterfaceCase([null, { OrderNo: 'a', customField: { orderNo: 'b' } }])).toEqual([null, { OrderNo: 'a', customField: { orderNo: 'b' } }]);
		expect(inInterfaceCase('text')).toBe('text');
		expect(inInterfaceCase({})).toEqual({});
	});
});

describe('camelCase answers through the node', () => {
	it('Sales Order → Get Orders On Hold (a bare list): Simplify on reads the orders; off puts them out as the interface spells them', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', count: 2, body: camel(ON_HOLD) });
		const simple = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true }));
		// was: 2 items, every member null
		expect(simple.output(ACTION_NODE).map((i) => [i.json.orderNumber, i.json.carrier, (i.json.items as IDataObject[])[0]])).toEqual([
			['H-1', 'FEX', expect.objectContaining({ itemNo: 'A', quantity: 2 })],
			['H-2', 'UPS', expect.objectContaining({ itemNo: 'B', quantity: 1 })],
		]);
		const raw = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false }));
		expect(raw.output(ACTION_NODE).map((i) => i.json)).toEqual(ON_HOLD);
	});

	it('Tracking → Get Details (a bare list): the packages, TrackingURL included', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'Tracking/GetDetails', body: camel(PACKAGES) });
		const r = await fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-10001' }));
		// was: 2 items {found: true, trackingNumber: null, status: null, ...}
		expect(r.output(ACTION_NODE).map((i) => [i.json.trackingNumber, i.json.status, i.json.trackingUrl])).toEqual([
			['1Z001', 'SHIPPED', 'https://track.example/1Z001'],
			['1Z002', 'DELIVERED', null],
		]);
	});

	it('Inventory → Get Status (records in a member, paged): every record, paging by moreRecords', async () => {
		const rec = (i: number) => ({ ItemNo: `IT-${i}`, Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityOnHand: i });
		const page = (from: number, n: number, more: boolean) => camel({ Skip: from, Top: 10, MoreRecords: more, WarehouseInventoryStatuses: Array.from({ length: n }, (_, k) => rec(from + k)) });
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', count: 1, body: page(0, 6, true) });
		// asked at Skip 5: the page begins with the record the first ended with
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', after: 1, count: 1, body: page(5, 4, false) });
		const r = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 } }, { typeVersion: 2 }),
		);
		expect(r.error).toBeUndefined();
		expect(r.output(ACTION_NODE).map((i) => i.json.ItemNo)).toEqual(Array.from({ length: 9 }, (_, i) => `IT-${i}`));
	});

	it.each([
		['PascalCase (control)', (x: unknown) => x],
		['camelCase', camel],
	])('Trigger → Order Put On Hold, %s: a third order put on hold is emitted on the next poll, once', async (_n, form) => {
		const third = { ...ON_HOLD[0], OrderNo: 'H-3', HoldReason: 'ADDR' };
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', count: 1, body: form(ON_HOLD) });
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', after: 1, body: form([...ON_HOLD, third]) });
		const wf = triggerWorkflow({ event: 'orderOnHold' } as INodeParameters);
		const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), {});
		const second = await runPoll(wf, TRIGGER_NODE, fx.credential(), first.staticData);
		const third2 = await runPoll(wf, TRIGGER_NODE, fx.credential(), second.staticData);
		// was (camelCase): nothing emitted, ever; the state held one key "undefined|" for every order
		expect(second.items.map((i) => (i.json as IDataObject).orderNumber)).toEqual(['H-3']);
		expect(third2.items).toEqual([]);
	});
});
