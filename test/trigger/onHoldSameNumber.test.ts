// Order Put On Hold: orders that share an order number are told apart (the interface lets several sales orders share
// one: update and cancel answer 300 then). Bug hunt 11: the trigger knew an order on hold by its number and hold reason
// alone, so a second order under the number of one on hold was never emitted.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, SKU_B, createOrders, line } from '../salesOrder/helpers';
import { salesOrders } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 200 });

const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'orderOnHold' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const emitted = (items: { json: IDataObject }[]) => items.map((i) => [i.json.orderNumber, i.json.orderType]);

/** Another sales order under the number of the first one in the sandbox (entered in the provider's portal, say), on hold. */
function anotherUnderTheSameNumber(changes: { OrderType?: string; createdAt?: number } = {}) {
	const [first] = salesOrders(fx.sandbox.state);
	const other = JSON.parse(JSON.stringify(first)) as typeof first;
	Object.assign(other, { TransactionReferenceNumber: `6f1c9a4e-2b7d-4c1e-9a55-${String(salesOrders(fx.sandbox.state).length).padStart(12, '0')}` }, changes);
	other.items = [{ ItemNo: SKU_B, ItemQuantity: 6 }] as typeof first.items;
	salesOrders(fx.sandbox.state).push(other);
}

const onHoldState = (staticData: IDataObject) =>
	(staticData[`node:${TRIGGER_NODE}`] as { events: { orderOnHold: { seen: Record<string, number> } } }).events.orderOnHold;

describe('trigger: Order Put On Hold, orders sharing an order number', () => {
	it('a second order put on hold under the number of one on hold is emitted, once', async () => {
		await createOrders(fx, [{ OrderNo: 'WEB-1001', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({});
		expect(seed.items).toEqual([]);
		anotherUnderTheSameNumber({ OrderType: 'CLUB', createdAt: fx.sandbox.state.now() + 60_000 });
		const next = await poll(seed.staticData);
		expect(emitted(next.items)).toEqual([['WEB-1001', 'CLUB']]);
		expect((await poll(next.staticData)).items).toEqual([]);
	});

	it('so is a third order alike the two on hold in all (number, type, date, hold reason)', async () => {
		await createOrders(fx, [{ OrderNo: 'WEB-2002', items: [line(SKU_A, 1)], hold: true }]);
		anotherUnderTheSameNumber();
		const seed = await poll({});
		expect(Object.keys(onHoldState(seed.staticData).seen)).toHaveLength(2);
		anotherUnderTheSameNumber();
		const next = await poll(seed.staticData);
		expect(emitted(next.items)).toEqual([['WEB-2002', 'RETAIL']]);
		expect((await poll(next.staticData)).items).toEqual([]);
	});

	it("an order's type or date edited while it stays on hold is not emitted again", async () => {
		await createOrders(fx, [{ OrderNo: 'WEB-3003', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({});
		const [order] = salesOrders(fx.sandbox.state);
		order.OrderType = 'CLUB';
		order.createdAt += 3_600_000;
		expect((await poll(seed.staticData)).items).toEqual([]);
	});

	it('a state stored by earlier builds (number|reason keys): the orders on hold are not emitted again, a new one is', async () => {
		await createOrders(fx, [
			{ OrderNo: 'WEB-4004', items: [line(SKU_A, 1)], hold: true },
			{ OrderNo: 'WEB-4005', items: [line(SKU_A, 2)], hold: true },
		]);
		const seed = await poll({});
		const state = onHoldState(seed.staticData);
		state.seen = Object.fromEntries(Object.entries(state.seen).map(([key, at]) => [(JSON.parse(key) as string[]).slice(0, 2).join('|'), at]));
		expect(Object.keys(state.seen).sort()).toEqual(['WEB-4004|CUSTOMER', 'WEB-4005|CUSTOMER']);
		await createOrders(fx, [{ OrderNo: 'WEB-4006', items: [line(SKU_A, 1)], hold: true }]);
		const next = await poll(seed.staticData);
		expect(emitted(next.items)).toEqual([['WEB-4006', 'RETAIL']]);
		expect((await poll(next.staticData)).items).toEqual([]);
	});
});
