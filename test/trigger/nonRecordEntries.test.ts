// The trigger reads its pages with the actions' reader (pageRecords): an answer whose package list holds an entry that
// is no record fails that poll, naming the entry, and the trigger keeps its place; the next poll loses nothing.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

describe('New Package: a package list with null among its packages', () => {
	it('fails that poll naming the entry; the next poll emits all 40 packages, each once', async () => {
		const state = fx.sandbox.state;
		await fx.control.call('POST', 'seed-packages', { count: 40, spreadMs: 15 * MINUTE, startAt: new Date(state.now() - 11 * 60 * MINUTE).toISOString() });
		const workflow = triggerWorkflow({ event: 'newPackage', options: { startFromHours: 12, pageSize: 25 } } as INodeParameters);
		// request 1 asks for the present, 2 for the whole window: its list gets a null
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', set: { Packages: [null] }, after: 1, count: 1 });

		const first = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {}).catch((error: unknown) => error as Error & { description?: string });
		expect(first).toBeInstanceOf(Error);
		expect((first as Error).message).toBe('The provider answered a page whose list of records (Packages) holds something else: entry 1 is null');
		expect((first as { description?: string }).description).toContain('Nothing was emitted and the trigger keeps its place');

		await fx.control.call('POST', 'clock', { advanceMs: 5 * MINUTE });
		const second = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {});
		const emitted = second.items.map((item) => String((item.json as IDataObject).trackingNumber));
		expect(emitted).toHaveLength(40);
		expect(new Set(emitted).size).toBe(40);
	});
});

describe('Order Put On Hold: a list of orders on hold with an entry that is no record', () => {
	const poll = async (staticData: IDataObject) =>
		await runPoll(triggerWorkflow({ event: 'orderOnHold' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);

	it.each<[string, unknown, string]>([
		['null', null, 'null'],
		['text', 'H-99', 'text'],
		['a number', 7, 'a number'],
	])('an entry that is %s fails the poll naming it; the orders still on hold are not emitted again', async (_name, entry, shape) => {
		await createOrders(fx, [{ OrderNo: 'H-10', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({});
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', count: 1, body: [entry] });
		// was: null a TypeError; text or a number emitted as an order of nulls, its key replacing H-10's
		const failed = await poll(seed.staticData).catch((error: unknown) => error as Error & { description?: string });
		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toContain(`as the list of orders on hold holds something else: entry 1 is ${shape}`);
		expect((failed as { description?: string }).description).toContain('The trigger keeps the orders it knows to be on hold');
		const next = await poll(seed.staticData);
		expect(next.items).toEqual([]);
	});
});
