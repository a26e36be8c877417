// Wine Fulfillment Trigger, New Return over a long return history: every request has a time window, and a poll reads what is new.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { returns } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
// GetReturns reports no time of its own: the node's clock is the one the sandbox runs on
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PAGE = 100; // GetReturns' largest Top (the node asks for no more)
const at = (ms: number) => new Date(ms).toISOString();
const control = <T = unknown>(name: string, body: IDataObject) => fx.control.call<T>('POST', name, body);

describe('trigger: New Return over 50,000 historic returns', () => {
	it('sends no GetReturns without a time window, and each poll reads at most one page more than its new returns need', async () => {
		await control('seed-returns', { count: 50_000, startAt: at(fx.sandbox.state.now() - 60 * DAY), spreadMs: 100_000 });
		const workflow = triggerWorkflow({ event: 'newReturn', filters: {}, options: {} } as INodeParameters);
		let staticData: IDataObject = {};
		const poll = async () => {
			await control('returns-served', { reset: true });
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			const served = await control<{ pages: number; records: number }>('returns-served', {});
			return { items: result.items, ...served };
		};

		// activation: remembers where it stands, reading none of the history
		const first = await poll();
		expect(first.items).toHaveLength(0);
		expect(first.pages).toBe(1);
		expect(first.records).toBe(0);

		const emitted: string[] = [];
		for (const count of [0, 7, 250, 0, 101, 1_000, 3]) {
			await control('clock', { advanceMs: 10 * MINUTE });
			const before = returns(fx.sandbox.state).length;
			if (count) await control('seed-returns', { count, startAt: at(fx.sandbox.state.now() - 9 * MINUTE), spreadMs: Math.floor((8 * MINUTE) / count) });
			const fresh = returns(fx.sandbox.state).slice(before).map((r) => String(r.RMANumber));
			const result = await poll();
			expect(result.items.map((i) => String(i.json.rmaNumber))).toEqual(fresh);
			// pages the new returns need (at least the one answer that says there are none; after the first, each page
			// starts with the record the one before ended with, so it brings PAGE - 1 new), and at most one more
			expect(result.pages).toBeLessThanOrEqual(1 + Math.ceil(Math.max(0, count - PAGE) / (PAGE - 1)) + 1);
			emitted.push(...fresh);
		}
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted).toHaveLength(1_361);

		const sent = await fx.control.requests('GetReturns');
		expect(sent.length).toBeGreaterThan(10);
		expect(sent.every((r) => typeof r.body.StartTime === 'string' && typeof r.body.EndTime === 'string')).toBe(true);
	}, 60_000);
});
