// Wine Fulfillment Trigger at the edges of its windows: the clock margin, Start From, a stored cursor ahead, a zero budget, Fetch Test Event.
import { Logger } from '@n8n/backend-common';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
// GetReturns reports no time of its own: the node's clock is the one the sandbox runs on
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const poll = async (parameters: IDataObject, staticData: IDataObject = {}, mode: 'trigger' | 'manual' = 'trigger', options: PollOptions = {}) =>
	await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), staticData, mode, options);
// n8n keeps a node's static data under "node:<its name>"
const KEY = `node:${TRIGGER_NODE}`;
const stored = (staticData: IDataObject) => (staticData[KEY] as { events: Record<string, IDataObject> }).events;
const rmas = (items: Array<{ json: IDataObject }>) => items.map((i) => String(i.json.rmaNumber));

describe('trigger: New Return at the edges of its windows', () => {
	it('Fetch Test Event finds a return received 7 days and 2 minutes ago (the look back starts before our clock, not after)', async () => {
		await control('seed-returns', { count: 1, startAt: at(fx.sandbox.state.now() - 7 * DAY - 2 * MINUTE) });
		const result = await poll({ event: 'newReturn', filters: {}, options: {} }, {}, 'manual');
		expect(rmas(result.items)).toHaveLength(1);
	});

	// counted back from the provider's clock (its answer's Date), not 5 minutes before n8n's (bug hunt 30)
	it('Start From 1 hour emits a return received 58 minutes ago, not one received 62 minutes ago', async () => {
		await control('seed-returns', { count: 1, startAt: at(fx.sandbox.state.now() - 62 * MINUTE) });
		await control('seed-returns', { count: 1, startAt: at(fx.sandbox.state.now() - 58 * MINUTE) });
		const result = await poll({ event: 'newReturn', filters: {}, options: { startFromHours: 1 } });
		expect(rmas(result.items)).toEqual(['RMA-H000002']);
	});

	it('with a poll budget of 0 (no limit), one poll reads a backfill of several pages to the end', async () => {
		await control('seed-returns', { count: 6, startAt: at(fx.sandbox.state.now() - 50 * MINUTE), spreadMs: 5 * MINUTE });
		const result = await poll({ event: 'newReturn', filters: {}, options: { startFromHours: 1, pageSize: 1 } }, {}, 'trigger', { budgetMs: 0 });
		expect(rmas(result.items)).toHaveLength(6);
	});

	it('keeps a stored cursor exactly one hour ahead of our clock', async () => {
		const cursor = at(fx.sandbox.state.now() + HOUR);
		const result = await poll({ event: 'newReturn', filters: {}, options: {} }, { [KEY]: { events: { newReturn: { cursor, seen: {} } } } });
		const next = stored(result.staticData).newReturn;
		expect(next.behind).toBeUndefined();
		expect(Date.parse(String(next.cursor))).toBe(Date.parse(cursor));
	});

	it('brings back a stored cursor more than one hour ahead, and reads its window whole: a new return is not hidden by what that state remembers', async () => {
		// one return a page: the window does not fit in one answer
		const parameters = { event: 'newReturn', filters: {}, options: { pageSize: 1 } };
		const seeded = stored((await poll(parameters)).staticData);
		const now = fx.sandbox.state.now();
		// a state an earlier version stored: its cursor and two remembered returns (since gone) far ahead of our clock
		const gone = now + HOUR + 1000;
		const ahead = { ...seeded.newReturn, cursor: at(gone), seen: { 'RMA-GONE-1': gone, 'RMA-GONE-2': gone } };
		await control('seed-returns', { count: 2, startAt: at(now - 20 * MINUTE), spreadMs: 10 * MINUTE });
		const result = await poll(parameters, { [KEY]: { events: { newReturn: ahead } } });
		expect(rmas(result.items)).toEqual(['RMA-H000001', 'RMA-H000002']);
		const next = stored(result.staticData).newReturn;
		expect(Date.parse(String(next.cursor))).toBeLessThanOrEqual(now);
	});
});

describe('trigger: Fetch Test Event of other events', () => {
	it('Order Put On Hold shows the last order the provider lists', async () => {
		await createOrders(fx, [{ OrderNo: 'H-1', items: [line(SKU_A, 1)], hold: true }]);
		await createOrders(fx, [{ OrderNo: 'H-2', items: [line(SKU_A, 1)], hold: true }]);
		const result = await poll({ event: 'orderOnHold' }, {}, 'manual');
		expect(result.items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
	});

	it('Package Status Changed with a Statuses filter looks back a day when the last hour holds only other statuses', async () => {
		// in transit 6 hours after shipping: 4 hours ago
		await control('seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - 10 * HOUR) });
		// shipped within the hour
		await control('seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - 20 * MINUTE) });
		const result = await poll({ event: 'packageStatusChanged', filters: { statuses: ['IN TRANSIT'] }, options: {} }, {}, 'manual');
		expect(result.items.map((i) => i.json.status)).toEqual(['IN TRANSIT']);
	});
});

describe('trigger: a stored state that is not one (a hand-edited or imported workflow)', () => {
	const now = () => fx.sandbox.state.now();
	it.each<[string, string, unknown]>([
		['newPackage', 'a cursor that is no time', { cursor: 'garbage', seen: {} }],
		['newPackage', 'a cursor in epoch milliseconds', { cursor: 1_767_600_000_000, seen: {} }],
		['newPackage', 'no cursor', { seen: {} }],
		['newPackage', 'a floor that is no time', { cursor: '2026-01-05T08:00:00Z', floor: 'garbage', seen: {} }],
		['newReturn', 'a cursor that is no time', { cursor: 'garbage', seen: {} }],
		['newReturn', 'a cursor in epoch milliseconds', { cursor: 1_767_600_000_000, seen: {} }],
		['newReturn', 'no cursor', { seen: {} }],
	])('%s, %s: is treated as none (the first poll remembers where things stand), and the next record is emitted once', async (event, _, state) => {
		const parameters = { event, filters: {}, options: {} };
		const polls = [await poll(parameters, { [KEY]: { events: { [event]: state } } })];
		expect(polls[0].items).toEqual([]);
		expect(Date.parse(String(stored(polls[0].staticData)[event].cursor))).toBeGreaterThan(now() - 2 * HOUR);
		if (event === 'newPackage') await control('seed-packages', { count: 1, startAt: at(now() + MINUTE) });
		else await control('seed-returns', { count: 1, startAt: at(now() + MINUTE) });
		for (let i = 0; i < 2; i++) {
			await control('clock', { advanceMs: 5 * MINUTE });
			polls.push(await poll(parameters, polls.at(-1)?.staticData));
		}
		const emitted = polls.map((p) => p.items.map((i) => String(event === 'newPackage' ? i.json.trackingNumber : i.json.rmaNumber)));
		expect(emitted).toEqual([[], [event === 'newPackage' ? '770000000001' : 'RMA-H000001'], []]);
	});

	it("says so in n8n's log, once, and only for a state it cannot read", async () => {
		// every logger n8n makes writes through this one method
		const log = jest.spyOn(Logger.prototype as unknown as { log: (level: string, message: string) => void }, 'log').mockImplementation(() => undefined);
		try {
			const warned = () => log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message);
			const parameters = { event: 'newPackage', filters: {}, options: {} };
			const first = await poll(parameters, { [KEY]: { events: { newPackage: { cursor: 'garbage', seen: {} } } } });
			expect(warned()).toEqual([
				`${TRIGGER_NODE}: the stored position of "newPackage" is not one this version can read; it starts again as on activation`,
			]);
			await poll(parameters, first.staticData);
			await poll(parameters, {});
			expect(warned()).toHaveLength(1);
		} finally {
			log.mockRestore();
		}
	});
});
