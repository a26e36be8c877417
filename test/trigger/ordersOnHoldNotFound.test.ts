// Wine Fulfillment Trigger, Order Put On Hold: the provider's 404 ("no orders on hold") against a 404 of no interface (a
// wrong Base URL, a web page, a router's message, an empty body), through n8n's engine against the sandbox.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 50 });

const NO_INTERFACE = 'The Base URL does not lead to the sales order interface (404)';

const poll = async (staticData: IDataObject, baseUrl?: string) =>
	await runPoll(
		triggerWorkflow({ event: 'orderOnHold' } as INodeParameters),
		TRIGGER_NODE,
		fx.credential(baseUrl ? { baseUrl } : {}),
		staticData,
	);

/** The orders on hold the trigger's state knows of, as order number|hold reason. */
const seenKeys = (staticData: IDataObject) => {
	const events = (staticData[`node:${TRIGGER_NODE}`] as { events: { orderOnHold: { seen: IDataObject } } }).events;
	return Object.keys(events.orderOnHold.seen).map((key) => (JSON.parse(key) as string[]).slice(0, 2).join('|'));
};

/** A trigger that knows H-1 to be on hold. */
async function knowingOneOnHold(): Promise<IDataObject> {
	await createOrders(fx, [{ OrderNo: 'H-1', items: [line(SKU_A, 1)], hold: true }]);
	const seed = await poll({});
	expect(seed.items).toEqual([]);
	expect(seenKeys(seed.staticData)).toEqual(['H-1|CUSTOMER']);
	return seed.staticData;
}

describe('trigger: Order Put On Hold, a 404 that is not the provider\'s "none on hold"', () => {
	it('a Base URL with a wrong prefix fails the poll saying to check the Base URL; the orders it knows are not emitted again', async () => {
		const known = await knowingOneOnHold();
		const wrong = `${fx.sandbox.baseUrl.replace(/\/v3$/, '')}/wrong/v3`;
		await expect(poll(known, wrong)).rejects.toThrow(NO_INTERFACE);
		// the Base URL corrected: H-1, still on hold, is no new event
		const after = await poll(known);
		expect(after.items).toEqual([]);
		expect(seenKeys(after.staticData)).toEqual(['H-1|CUSTOMER']);
	});

	it.each<[string, IDataObject]>([
		['a web page', { body: '<html><body><h1>404 Not Found</h1></body></html>', as: 'text' }],
		["a router's message", { body: { Message: "No HTTP resource was found that matches the request URI 'https://api.example.com/v3/api/SalesOrder/GetOrdersOnHold'." } }],
		['an empty body', { body: '', as: 'text' }],
	])('%s fails the poll at once (asked once), not read as "none on hold"', async (_case, answer) => {
		const known = await knowingOneOnHold();
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetOrdersOnHold', count: 1, ...answer });
		const before = (await fx.control.requests('GetOrdersOnHold')).length;
		await expect(poll(known)).rejects.toThrow(NO_INTERFACE);
		expect(await fx.control.requests('GetOrdersOnHold')).toHaveLength(before + 1);
		const after = await poll(known);
		expect(after.items).toEqual([]);
		expect(seenKeys(after.staticData)).toEqual(['H-1|CUSTOMER']);
	});

	it("the provider's own 404 still means none on hold: an order released then held again is emitted", async () => {
		const seed = await poll({});
		const none = await poll(seed.staticData);
		expect(none.items).toEqual([]);
		expect((await fx.control.requests('GetOrdersOnHold')).map((r) => r.status)).toEqual([404, 404]);
		await createOrders(fx, [{ OrderNo: 'H-2', items: [line(SKU_A, 1)], hold: true }]);
		const held = await poll(none.staticData);
		expect(held.items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
	});
});
