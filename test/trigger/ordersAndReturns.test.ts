// Wine Fulfillment Trigger, order and return events: orders put on hold (GetOrdersOnHold) and new returns (GetReturns).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line, salesOrder } from '../salesOrder/helpers';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 200 });
// GetReturns reports no time of its own: the node's clock is the one the sandbox runs on
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

const poll = async (parameters: IDataObject, staticData: IDataObject, mode: 'trigger' | 'manual' = 'trigger') =>
	await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), staticData, mode);

async function release(orderNo: string) {
	const result = await fx.run(actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo, hold: 'release' })));
	expect(result.error).toBeUndefined();
	expect(result.output(ACTION_NODE)).toHaveLength(1);
}

describe('trigger: Order Put On Hold', () => {
	it('emits each order when it goes on hold, once, and again only if it is put back on hold', async () => {
		await createOrders(fx, [{ OrderNo: 'H-1', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({ event: 'orderOnHold' }, {});
		expect(seed.items).toHaveLength(0);

		await createOrders(fx, [
			{ OrderNo: 'H-2', items: [line(SKU_A, 1)], hold: true },
			{ OrderNo: 'O-3', items: [line(SKU_A, 1)] },
		]);
		const second = await poll({ event: 'orderOnHold' }, seed.staticData);
		expect(second.items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
		expect(second.items[0].json).toMatchObject({ event: 'orderOnHold', holdReason: 'CUSTOMER' });

		const third = await poll({ event: 'orderOnHold' }, second.staticData);
		expect(third.items).toHaveLength(0);

		await release('H-2');
		const afterRelease = await poll({ event: 'orderOnHold' }, third.staticData);
		expect(afterRelease.items).toHaveLength(0);
		const held = await fx.run(actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'H-2', hold: 'hold' })));
		expect(held.error).toBeUndefined();
		const again = await poll({ event: 'orderOnHold' }, afterRelease.staticData);
		expect(again.items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
	});

	it.each<[string, IDataObject, string]>([
		['an error object', { body: { Message: 'An error has occurred.' } }, 'The provider answered without the list of orders on hold: An error has occurred.'],
		['an empty body', { body: '', as: 'text' }, 'The provider answered with an empty body instead of the list of orders on hold'],
		['the list inside an object', { body: { Orders: [] } }, 'The provider answered without the list of orders on hold'],
	])('a 200 answer that is not the list (%s) fails the poll, naming it; the orders still on hold are not emitted again', async (_, answer, message) => {
		await createOrders(fx, [{ OrderNo: 'H-10', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({ event: 'orderOnHold' }, {});
		await createOrders(fx, [{ OrderNo: 'H-11', items: [line(SKU_A, 1)], hold: true }]);
		const first = await poll({ event: 'orderOnHold' }, seed.staticData);
		expect(first.items.map((i) => i.json.orderNumber)).toEqual(['H-11']);

		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', count: 1, ...answer });
		await expect(poll({ event: 'orderOnHold' }, first.staticData)).rejects.toThrow(message);
		// nothing changed at the provider: both orders are still on hold, neither is new
		const after = await poll({ event: 'orderOnHold' }, first.staticData);
		expect(after.items).toEqual([]);
		expect(after.staticData).toEqual(first.staticData);
	});

	it('treats the provider\'s 404 ("none on hold") as nothing to emit', async () => {
		const seed = await poll({ event: 'orderOnHold' }, {});
		const next = await poll({ event: 'orderOnHold' }, seed.staticData);
		expect(next.items).toHaveLength(0);
		expect((await fx.control.requests('GetOrdersOnHold')).every((r) => r.status === 404)).toBe(true);
	});
});

describe('trigger: New Return', () => {
	it('emits each return once, including across overlapping windows and a failed poll', async () => {
		await createOrders(fx, [1, 2, 3, 4].map((n) => ({ OrderNo: `R-${n}`, items: [line(SKU_A, 1)] })));
		for (const n of [1, 2, 3, 4]) await fx.control.call('POST', 'ship-order', { OrderNo: `R-${n}` });
		await fx.control.call('POST', 'create-return', { OrderNo: 'R-1' });
		let staticData = (await poll({ event: 'newReturn' }, {})).staticData;

		const emitted: string[] = [];
		for (const [i, orderNo] of ['R-2', 'R-3', 'R-4'].entries()) {
			await fx.control.call('POST', 'clock', { advanceMs: 5 * MINUTE });
			await fx.control.call('POST', 'create-return', { OrderNo: orderNo });
			if (i === 1) {
				await fx.control.fault({ kind: 'status', status: 400, path: 'GetReturns', count: 1 });
				await expect(poll({ event: 'newReturn' }, staticData)).rejects.toThrow();
			}
			const result = await poll({ event: 'newReturn' }, staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((item) => String(item.json.orderNumber)));
		}
		expect(emitted).toEqual(['R-2', 'R-3', 'R-4']);
		const sent = (await fx.control.requests('GetReturns')).at(-1);
		expect(sent?.body).toMatchObject({ StartTime: expect.stringMatching(/Z$/), EndTime: expect.stringMatching(/Z$/) });
	});

	it('Fetch Test Event returns the latest return without touching the state', async () => {
		await createOrders(fx, [{ OrderNo: 'T-1', items: [line(SKU_A, 1)] }]);
		await fx.control.call('POST', 'ship-order', { OrderNo: 'T-1' });
		await fx.control.call('POST', 'create-return', { OrderNo: 'T-1' });
		const manual = await poll({ event: 'newReturn' }, { keep: 'me' }, 'manual');
		expect(manual.items.map((i) => i.json.orderNumber)).toEqual(['T-1']);
		expect(manual.staticData).toEqual({ keep: 'me' });
	});
});
