// Wine Fulfillment Trigger, package events: nothing lost to a future stamp, records moving between pages, late reports or clock skew.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { isVisible, providerNow, recordedSteps } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type PackageEvent = 'newPackage' | 'packageStatusChanged';

/** One trigger polled as n8n polls it: static data stored as JSON between polls, what it emitted kept in order. */
class Poller {
	staticData: IDataObject = {};
	emitted: string[] = [];
	cursors: number[] = [];

	constructor(
		private readonly event: PackageEvent,
		private readonly options: IDataObject = {},
	) {}

	async poll(options: PollOptions = {}) {
		const workflow = triggerWorkflow({ event: this.event, filters: {}, options: { pageSize: 25, ...this.options } } as INodeParameters);
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), this.staticData, 'trigger', options);
		this.staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		this.emitted.push(...result.items.map((i) => eventKey(this.event, i.json)));
		this.cursors.push(Date.parse(this.state().cursor));
		return result;
	}

	state(): { cursor: string; seen: Record<string, number> } {
		const node = this.staticData[`node:${TRIGGER_NODE}`] as { events: Record<string, { cursor: string; seen: Record<string, number> }> };
		return node.events[this.event];
	}
}

const eventKey = (event: PackageEvent, json: IDataObject) =>
	event === 'newPackage' ? String(json.trackingNumber) : `${String(json.trackingNumber)}|${String(json.status)}`;

/**
 * What the provider has shown since `since` (its clock) until now: every package that became
 * visible, or every status it recorded.
 */
function expected(event: PackageEvent, since = Number.NEGATIVE_INFINITY): string[] {
	const state = fx.sandbox.state;
	const now = providerNow(state);
	const all = packages(state);
	if (event === 'newPackage') return all.filter((p) => isVisible(p, now, state) && !isVisible(p, since, state)).map((p) => p.TrackingNo);
	return all.flatMap((p) => {
		const before = new Set(recordedSteps(state, p, since));
		return recordedSteps(state, p, now)
			.filter((status) => !before.has(status))
			.map((status) => `${p.TrackingNo}|${status}`);
	});
}

function expectExactlyOnce(poller: Poller, event: PackageEvent, since?: number) {
	expect(new Set(poller.emitted).size).toBe(poller.emitted.length);
	expect([...poller.emitted].sort()).toEqual(expected(event, since).sort());
}

const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = (ms: number) => control('clock', { advanceMs: ms });
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);

describe('trigger: a record stamped in the future', () => {
	it.each<[PackageEvent, boolean]>([
		['newPackage', true],
		['packageStatusChanged', true],
		['newPackage', false],
		['packageStatusChanged', false],
	])('%s (LatestActivityTimestamp reported: %s): a package stamped 20 hours ahead is emitted once and hides none of the next 24', async (event, reported) => {
		if (!reported) await control('tracking-quirks', { noLatestActivityTimestamp: true });
		const poller = new Poller(event);
		await poller.poll();
		await control('seed-packages', { count: 1, startAt: at(pnow() + MINUTE), stampAheadMs: 20 * HOUR });
		await control('seed-packages', { count: 24, startAt: at(pnow() + 2 * MINUTE), spreadMs: 5 * MINUTE });
		for (let i = 0; i < 16; i++) {
			await advance(10 * MINUTE);
			await poller.poll();
			// the cursor never passes the provider's present
			expect(poller.cursors.at(-1)).toBeLessThanOrEqual(pnow());
		}
		expect(expected(event).length).toBeGreaterThanOrEqual(25);
		expectExactlyOnce(poller, event);
	});

	it('a state stored with its cursor 20 hours ahead (by an earlier version) is brought back to the present', async () => {
		const poller = new Poller('newPackage');
		await poller.poll();
		const state = poller.state();
		state.cursor = at(pnow() + 20 * HOUR);
		await control('seed-packages', { count: 12, startAt: at(pnow() + MINUTE), spreadMs: 5 * MINUTE });
		for (let i = 0; i < 8; i++) {
			await advance(10 * MINUTE);
			await poller.poll();
		}
		expect(poller.cursors.at(-1)).toBeLessThanOrEqual(pnow());
		expectExactlyOnce(poller, 'newPackage');
		expect(poller.emitted).toHaveLength(12);
	});
});

describe('trigger: packages that move while a poll pages', () => {
	it('New Package, Start From 12 hours, 400 packages in pages of 25, 5 minutes passing between every two pages: all 400, once', async () => {
		await control('seed-packages', { count: 400, startAt: at(pnow() - 12 * HOUR + MINUTE), spreadMs: 108_000 });
		await control('provider-clock', { stepMs: 5 * MINUTE });
		const poller = new Poller('newPackage', { startFromHours: 12 });
		for (let i = 0; i < 3; i++) await poller.poll();
		expect(poller.emitted).toHaveLength(400);
		expectExactlyOnce(poller, 'newPackage');
		// the packages did move: statuses changed while the polls paged
		const statuses = new Set(packages(fx.sandbox.state).map((p) => p.Status));
		expect(statuses.size).toBeGreaterThan(1);
	});

	it('Package Status Changed, Start From 12 hours, 1,000 packages in pages of 25, 5 minutes passing between every two pages: every status shown, once', async () => {
		// half of them shipped 6 to 12 hours ago: their IN TRANSIT comes while the first poll pages
		await control('seed-packages', { count: 1000, startAt: at(pnow() - 12 * HOUR + MINUTE), spreadMs: 43_000 });
		await control('provider-clock', { stepMs: 5 * MINUTE });
		const poller = new Poller('packageStatusChanged', { startFromHours: 12 });
		await poller.poll();
		const firstPollEnded = pnow();
		for (let i = 0; i < 3; i++) await poller.poll();
		const sent = (await fx.control.requests('GetPackages')).length;
		await control('provider-clock', { stepMs: 0 });
		await poller.poll();

		expect(new Set(poller.emitted).size).toBe(poller.emitted.length);
		const state = fx.sandbox.state;
		const all = packages(state);
		// every package's status now, and every status recorded after the first poll, are emitted
		const shown = new Set([
			...all.map((p) => `${p.TrackingNo}|${p.Status}`),
			...expected('packageStatusChanged', firstPollEnded),
		]);
		expect(shown.size).toBeGreaterThanOrEqual(1000);
		expect([...shown].filter((key) => !poller.emitted.includes(key))).toEqual([]);
		// and nothing else than statuses the packages went through
		const real = new Set(all.flatMap((p) => recordedSteps(state, p).map((status) => `${p.TrackingNo}|${status}`)));
		expect(poller.emitted.filter((key) => !real.has(key))).toEqual([]);
		// the polls read many pages while the packages moved
		expect(sent).toBeGreaterThan(40);
	});
});

describe('trigger: late reports and clock skew', () => {
	it.each<[PackageEvent, number, number]>([
		['newPackage', 5 * MINUTE, 6 * HOUR],
		['packageStatusChanged', 30 * MINUTE, 72 * HOUR],
	])('%s: packages the provider shows 30 to 60 minutes after their time are all emitted, once', async (event, every, span) => {
		const poller = new Poller(event);
		await poller.poll();
		await control('seed-packages', {
			count: 120,
			startAt: at(pnow() + MINUTE),
			spreadMs: 2 * MINUTE,
			reportDelayMs: 30 * MINUTE,
			reportDelayMaxMs: 60 * MINUTE,
		});
		for (let t = 0; t < span; t += every) {
			await advance(every);
			await poller.poll();
		}
		expect(expected(event).length).toBeGreaterThanOrEqual(event === 'newPackage' ? 120 : 360);
		expectExactlyOnce(poller, event);
	}, 60_000);

	it.each<[number, boolean]>([
		[-20, false],
		[-20, true],
		[20, false],
		[20, true],
	])('provider clock %i minutes off ours (LatestActivityTimestamp reported: %s): none of 20 new packages is lost', async (minutes, reported) => {
		await control('provider-clock', { offsetMs: minutes * MINUTE });
		if (!reported) await control('tracking-quirks', { noLatestActivityTimestamp: true });
		const pollers = [new Poller('newPackage'), new Poller('packageStatusChanged')];
		for (const p of pollers) await p.poll();
		await control('seed-packages', { count: 20, startAt: at(pnow() + MINUTE), spreadMs: 3 * MINUTE });
		for (let i = 0; i < 24; i++) {
			await advance(5 * MINUTE);
			for (const p of pollers) await p.poll();
		}
		expectExactlyOnce(pollers[0], 'newPackage');
		expectExactlyOnce(pollers[1], 'packageStatusChanged');
		expect(pollers[0].emitted).toHaveLength(20);
	});
});

describe("trigger: the provider's present more than an hour ahead of n8n's clock", () => {
	it.each<[PackageEvent, number]>([
		['newPackage', 90],
		['packageStatusChanged', 90],
		['newPackage', 180],
		['packageStatusChanged', 180],
	])('%s, provider clock %i minutes ahead: 120 packages shipped over 6 hours, polled every 5 minutes, each event once', async (event, minutes) => {
		await control('provider-clock', { offsetMs: minutes * MINUTE });
		const poller = new Poller(event);
		await poller.poll();
		await control('seed-packages', { count: 120, startAt: at(pnow() + MINUTE), spreadMs: 3 * MINUTE });
		let ahead = Number.NEGATIVE_INFINITY;
		for (let i = 0; i < 80; i++) {
			await advance(5 * MINUTE);
			await poller.poll();
			ahead = Math.max(ahead, (poller.cursors.at(-1) ?? 0) - fx.sandbox.state.now());
		}
		// 120 shipped; the first 14 of them are in transit 6 hours after shipping
		expect(poller.emitted).toHaveLength(event === 'newPackage' ? 120 : 134);
		expectExactlyOnce(poller, event);
		// the stored cursor is never more than an hour ahead of n8n's clock: the next window starts where the seen keys reach
		expect(ahead).toBe(HOUR);
	});

	it('New Package: one package whose last activity is recorded 3 hours ahead hides none of the 120 shipped over the next 6 hours, nor doubles them', async () => {
		const poller = new Poller('newPackage');
		await poller.poll();
		const now = pnow();
		await control('seed-packages', { count: 120, startAt: at(now + MINUTE), spreadMs: 3 * MINUTE });
		const all = packages(fx.sandbox.state);
		// shipped now, its activity entered 3 hours ahead (a scheduled pickup, a typo): LatestActivityTimestamp follows it
		all.push({ ...all[0], TrackingNo: '1ZAHEAD000000001', OrderNumber: 'SO-AHEAD', ShipDate: at(now), lastActivityAt: now + 3 * HOUR });
		for (let i = 0; i < 80; i++) {
			await advance(5 * MINUTE);
			await poller.poll();
		}
		expect(poller.emitted).toHaveLength(121);
		expectExactlyOnce(poller, 'newPackage');
	});
});
