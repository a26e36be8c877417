// Wine Fulfillment Trigger under n8n's poll budget: a large backfill read over several polls, nothing lost; n8n 1.x without a budget.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);

/** New Package with Start From 7 days, polled with the given poll options until the trigger has caught up. */
async function drain(options: PollOptions, maxPolls: number) {
	const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { startFromHours: 7 * 24, pageSize: 500 } } as INodeParameters);
	let staticData: IDataObject = {};
	const emitted: string[] = [];
	const polls: Array<{ poll: number; ms: number; items: number }> = [];
	for (let i = 0; i < maxPolls; i++) {
		const started = performance.now();
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData, 'trigger', options);
		polls.push({ poll: i + 1, ms: Math.round(performance.now() - started), items: result.items.length });
		staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		emitted.push(...result.items.map((item) => String(item.json.trackingNumber)));
		const state = (staticData[`node:${TRIGGER_NODE}`] as { events: Record<string, { behind?: boolean }> }).events.newPackage;
		if (!state.behind) break;
	}
	return { workflow, emitted, polls, staticData };
}

describe('trigger: n8n poll budget', () => {
	it('a first poll with Start From 7 days over 100,000 packages stays inside the budget; the polls that follow lose nothing', async () => {
		await control('seed-packages', { count: 100_000, startAt: at(pnow() - 7 * DAY + MINUTE), spreadMs: 6_000 });
		const budgetMs = 5_000;
		// the provider has its indexes ready: the sandbox builds its own before the clock starts
		await fx.control.call('POST', 'tracking-index', {});
		// Time is simulated, so the budget is tested, not the machine's speed: the node's performance.now() (which
		// its budget reads) moves 50 ms with every request the provider receives.
		const clock = jest.spyOn(performance, 'now').mockImplementation(() => fx.sandbox.requests.length * 50);
		const { workflow, emitted, polls, staticData } = await drain({ budgetMs }, 60).finally(() => clock.mockRestore());

		// each poll inside n8n's budget (simulated time), several polls sharing the backfill
		expect(polls.filter((p) => p.ms >= budgetMs)).toEqual([]);
		expect(Math.max(...polls.map((p) => p.ms))).toBeGreaterThan(budgetMs / 4);
		expect(polls.length).toBeGreaterThan(3);
		expect(polls[0].items).toBeGreaterThan(0);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted).toHaveLength(100_000);
		// the stored state stays small: a cursor and one Late Reports Window of keys
		expect(JSON.stringify(staticData).length).toBeLessThan(100_000);

		// then it follows new packages as usual
		await control('seed-packages', { count: 30, startAt: at(pnow() + MINUTE), spreadMs: MINUTE });
		await control('clock', { advanceMs: 40 * MINUTE });
		const next = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData, 'trigger', { budgetMs });
		expect(next.items.map((i) => i.json.trackingNumber)).toEqual(packages(fx.sandbox.state).slice(-30).map((p) => p.TrackingNo));
	}, 120_000);

	it('n8n 1.x, whose poll context has no getPollBudgetMs: one poll reads the whole backfill', async () => {
		await control('seed-packages', { count: 5_000, startAt: at(pnow() - 7 * DAY + MINUTE), spreadMs: 120_000 });
		const { emitted, polls } = await drain({ withoutBudget: true }, 3);
		expect(polls).toHaveLength(1);
		expect(polls[0].items).toBe(5_000);
		expect(new Set(emitted).size).toBe(5_000);
	});
});
