// Wine Fulfillment Trigger, Fetch Test Event on a busy account with a slow provider and n8n's poll budget: the most recent record.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);

/** the requests the provider received for this path */
const received = (path: string) => fx.sandbox.requests.filter((q) => q.path.toLowerCase().includes(path.toLowerCase())).length;

/**
 * Fetch Test Event with the node's performance.now() (what its budget reads) moving 1 s with every request the
 * provider receives: a slow provider, simulated, so that the budget is tested and not the machine's speed.
 */
async function fetchTestEvent(parameters: IDataObject, path: string, options: PollOptions, staticData: IDataObject = {}) {
	const base = received(path);
	const clock = jest.spyOn(performance, 'now').mockImplementation(() => (received(path) - base) * 1000);
	try {
		const result = await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), staticData, 'manual', options);
		return { ...result, requests: received(path) - base };
	} finally {
		clock.mockRestore();
	}
}

describe('trigger: Fetch Test Event within the poll budget', () => {
	it('3,000 packages shipped in the last hour, 1 s a request, a 10 s budget: the newest package, the stored state untouched', async () => {
		await control('seed-packages', { count: 3000, startAt: at(pnow() - 59 * MINUTE), spreadMs: 1000 });
		await control('clock', { advanceMs: MINUTE });
		const staticData = { keep: 'me' };
		const result = await fetchTestEvent({ event: 'newPackage', filters: {}, options: { pageSize: 100 } }, 'GetPackages', { budgetMs: 10_000 }, staticData);
		expect(result.items.map((i) => i.json.orderNumber)).toEqual(['SO-003000']);
		expect(result.requests).toBeLessThanOrEqual(5);
		expect(result.staticData).toEqual(staticData);
	});

	it('New Return, 3,000 returns received in the last hour: the newest return', async () => {
		await control('seed-returns', { count: 3000, startAt: at(fx.sandbox.state.now() - 59 * MINUTE), spreadMs: 1000 });
		await control('clock', { advanceMs: MINUTE });
		const result = await fetchTestEvent({ event: 'newReturn', filters: {}, options: { pageSize: 100 } }, 'GetReturns', { budgetMs: 10_000 });
		expect(result.items.map((i) => i.json.rmaNumber)).toEqual(['RMA-H003000']);
	});

	it('a busy week and a quiet last day: the newest package of the week, in few requests', async () => {
		await control('seed-packages', { count: 5000, startAt: at(pnow() - 6 * DAY), spreadMs: 60_000 });
		await control('clock', { advanceMs: 2 * DAY });
		const result = await fetchTestEvent({ event: 'newPackage', filters: {}, options: { pageSize: 100 } }, 'GetPackages', { budgetMs: 30_000 });
		expect(result.items.map((i) => i.json.orderNumber)).toEqual(['SO-005000']);
		// the provider's present, the hour and the day (one request each), the week's count, then its parts newest first: the empty ones cost one each
		expect(result.requests).toBeLessThanOrEqual(15);
	});

	it('Package Status Changed with a Statuses filter: the latest package to reach that status, within the budget', async () => {
		// IN TRANSIT 6 hours after shipping: of 1,800 packages shipped one a second from 6.5 hours ago, the newest
		// reached it a second ago; 3,600 shipped later show SHIPPED, their activity in the same last hour and before
		await control('seed-packages', { count: 1800, startAt: at(pnow() - 6 * HOUR - 30 * MINUTE), spreadMs: 1000 });
		await control('seed-packages', { count: 3600, startAt: at(pnow() - 90 * MINUTE), spreadMs: 1000 });
		const result = await fetchTestEvent(
			{ event: 'packageStatusChanged', filters: { statuses: ['IN TRANSIT'] }, options: { pageSize: 100 } },
			'GetPackages',
			{ budgetMs: 10_000 },
		);
		expect(result.items.map((i) => [i.json.orderNumber, i.json.status])).toEqual([['SO-001800', 'IN TRANSIT']]);
	}, 60_000);
});

describe('trigger: Fetch Test Event widens its look back only within the poll budget', () => {
	// a package shipped 3 days ago, none since: the hour and the day hold nothing, the week holds it
	const seedDaysAgo = () => control('seed-packages', { count: 1, startAt: at(pnow() - 3 * DAY) });
	const parameters = { event: 'newPackage', filters: {}, options: { pageSize: 100 } };

	it('with budget left: the day, then the week are read, the package given', async () => {
		await seedDaysAgo();
		const result = await fetchTestEvent(parameters, 'GetPackages', { budgetMs: 10_000 });
		expect(result.items.map((i) => i.json.orderNumber)).toEqual(['SO-000001']);
		// the provider's present, the hour, the day, the week
		expect(result.requests).toBe(4);
	});

	it('with the budget spent on the hour (its answer came exactly at the deadline): no wider look back, nothing given', async () => {
		await seedDaysAgo();
		// 4 s of budget, half of it for reading: the provider's present answers at 1 s, the hour at 2 s, the deadline
		const result = await fetchTestEvent(parameters, 'GetPackages', { budgetMs: 4000 });
		expect(result.requests).toBe(2);
		expect(result.items).toEqual([]);
	});
});

describe('trigger: Fetch Test Event when more records than a page share the latest second', () => {
	const shipped = Array.from({ length: 150 }, (_, i) => `SO-${String(i + 1).padStart(6, '0')}`);
	const seedOneSecond = () => control('seed-packages', { count: 150, startAt: at(pnow() - 10 * MINUTE), spreadMs: 0 });

	it('n8n 1.x (no poll budget), Page Size 100, 150 packages shipped in one second: one of them, in a few requests', async () => {
		await seedOneSecond();
		// a guard for the test: the 101st GetPackages request is refused, so a read that asks for ever ends (with an error)
		await control('faults', { kind: 'status', status: 400, path: 'GetPackages', after: 100, body: { message: 'STOP (test guard)' } });
		const base = received('GetPackages');
		const result = await runPoll(
			triggerWorkflow({ event: 'newPackage', filters: {}, options: { pageSize: 100 } } as INodeParameters),
			TRIGGER_NODE,
			fx.credential(),
			{},
			'manual',
			{ withoutBudget: true },
		);
		expect(received('GetPackages') - base).toBeLessThanOrEqual(12);
		expect(result.items).toHaveLength(1);
		expect(shipped).toContain(result.items[0].json.orderNumber);
	}, 60_000);

	it('with a 60 s poll budget, 1 s a request: one of them, the budget not used up', async () => {
		await seedOneSecond();
		const result = await fetchTestEvent({ event: 'newPackage', filters: {}, options: { pageSize: 100 } }, 'GetPackages', { budgetMs: 60_000 });
		expect(result.requests).toBeLessThanOrEqual(12);
		expect(result.items).toHaveLength(1);
		expect(shipped).toContain(result.items[0].json.orderNumber);
	}, 60_000);
});
