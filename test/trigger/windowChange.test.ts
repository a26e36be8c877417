// Wine Fulfillment Trigger: the Late Reports Window changed between polls; what the saved state covers (coveredFrom).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { rangeText } from '../../nodes/WineFulfillment/wire/tracking';
import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { isVisible, journey, providerNow, recordedSteps } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
const nodeClock = nodeClockFollowsSandbox(fx);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
type Event = 'newPackage' | 'packageStatusChanged' | 'newReturn';
interface Stored {
	cursor: string;
	seen: Record<string, number>;
	query?: string;
	coveredFrom?: string;
}

const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = (ms: number) => control('clock', { advanceMs: ms });
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);

/** What an item stands for: a package, a package and the status it reached, a return. */
const itemKey = (event: Event, json: IDataObject) =>
	event === 'newPackage'
		? String(json.orderNumber)
		: event === 'packageStatusChanged'
			? `${String(json.orderNumber)}|${String(json.status)}`
			: String(json.rmaNumber);

/** One trigger polled as n8n polls it (static data stored as JSON between polls), its Late Reports Window set per poll. */
class Poller {
	staticData: IDataObject = {};
	emitted: string[] = [];
	pageSize = 25;

	constructor(
		private readonly event: Event,
		public filters: IDataObject = {},
	) {}

	/** one poll with this Late Reports Window (minutes): what it emitted */
	async poll(windowMinutes: number, options: PollOptions = {}): Promise<string[]> {
		const parameters = { event: this.event, filters: this.filters, options: { overlapMinutes: windowMinutes, pageSize: this.pageSize } };
		const workflow = triggerWorkflow(parameters as INodeParameters);
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), this.staticData, 'trigger', options);
		this.staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		const keys = result.items.map((item) => itemKey(this.event, item.json));
		this.emitted.push(...keys);
		return keys;
	}

	get state(): Stored {
		return (this.staticData[`node:${TRIGGER_NODE}`] as { events: Record<string, Stored> }).events[this.event];
	}
}

/** The LastActivityDateRange of every GetPackages request since the test began. */
const activityRanges = async () => (await fx.control.requests('GetPackages')).map((r) => String(r.body.LastActivityDateRange));
/** The first instant of a range as GetPackages takes it (`MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss`). */
const rangeStart = (range: string) => range.split(' - ')[0];

/**
 * For one poll: the node's performance.now() (what its budget reads) moves a second with each GetPackages request
 * the sandbox receives, from 0 when the poll starts: a poll with a budget of 2n seconds has n requests' worth.
 */
function budgetInRequests() {
	const count = () => fx.sandbox.requests.filter((r) => r.path.toLowerCase().includes('getpackages')).length;
	const base = count();
	return jest.spyOn(performance, 'now').mockImplementation(() => (count() - base) * SECOND);
}

/**
 * Four packages shipped 1, 26, 51 and 76 minutes after the trigger's first poll (`t0`), each polled 25 minutes
 * after the one before (at 25, 50, 75 and 100 minutes): each is emitted by the poll after it.
 */
async function fourShippedAndEmitted(poller: Poller, windowMinutes: number, t0: number) {
	await control('seed-packages', { count: 4, startAt: at(t0 + MINUTE), spreadMs: 25 * MINUTE });
	for (let i = 0; i < 4; i++) {
		await advance(25 * MINUTE);
		await poller.poll(windowMinutes);
	}
	expect(poller.emitted).toEqual(['SO-000001', 'SO-000002', 'SO-000003', 'SO-000004']);
}

/**
 * `count` packages delivered (48 hours after shipping) 1, 26, 51… minutes after `t0`. Their carriers are chosen so
 * that each journey ends DELIVERED (the sandbox gives a journey by tracking number).
 */
async function deliveredEvery25Minutes(t0: number, count: number) {
	const carriers = ['FEX', 'FEX', 'FEX', 'UPS', 'FEX'];
	for (let i = 0; i < count; i++) {
		await control('seed-packages', { count: 1, startAt: at(t0 - 48 * HOUR + MINUTE + i * 25 * MINUTE), carrier: carriers[i] });
	}
	expect(packages(fx.sandbox.state).map((p) => journey(p.TrackingNo).at(-1)?.Status)).toEqual(Array<string>(count).fill('DELIVERED'));
}

describe('trigger: the Late Reports Window made longer (as the README advises for a provider that reports late)', () => {
	it('New Package, 60 → 120 minutes: the packages of the extra hour are not emitted again; one shown late after the change is', async () => {
		const poller = new Poller('newPackage');
		await poller.poll(60);
		const t0 = pnow();
		// SO-000005: shipped 10 minutes after the first poll and shown 91 minutes later, at the poll that makes the window
		// longer: before the window then reached (the 60 minutes before SO-000004, the provider's latest activity), so
		// not emitted, as the README says of such a package.
		// SO-000006: shipped 20 minutes after the first poll and shown 90 minutes later, after the change: within the new window.
		await control('seed-packages', { count: 4, startAt: at(t0 + MINUTE), spreadMs: 25 * MINUTE });
		await control('seed-packages', { count: 1, startAt: at(t0 + 10 * MINUTE), reportDelayMs: 91 * MINUTE });
		await control('seed-packages', { count: 1, startAt: at(t0 + 20 * MINUTE), reportDelayMs: 90 * MINUTE });
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(60);
		}
		expect(poller.emitted).toEqual(['SO-000001', 'SO-000002', 'SO-000003', 'SO-000004']);
		const prior = poller.state;

		await advance(MINUTE);
		// reads back 120 minutes: SO-000001 (shipped 100 minutes ago, emitted 75 minutes ago) is in it again
		expect(await poller.poll(120)).toEqual([]);
		// the state said its keys reach back 60 minutes; now they reach back 120
		expect(Date.parse(String(prior.coveredFrom))).toBe(Date.parse(prior.cursor) - 60 * MINUTE);
		expect(Date.parse(String(poller.state.coveredFrom))).toBe(Date.parse(poller.state.cursor) - 120 * MINUTE);
		await advance(10 * MINUTE);
		expect(await poller.poll(120)).toEqual(['SO-000006']);
		await advance(30 * MINUTE);
		expect(await poller.poll(120)).toEqual([]);
		expect(poller.emitted).toEqual(['SO-000001', 'SO-000002', 'SO-000003', 'SO-000004', 'SO-000006']);
	});

	it('New Return, 60 → 120 minutes: the returns of the extra hour are not emitted again; one shown late after the change is', async () => {
		const poller = new Poller('newReturn');
		const t0 = Date.now();
		await poller.poll(60);
		// one return received a minute before each poll, every 25 minutes (GetReturns shows a return as soon as it exists),
		// and a poll 25 minutes after the last
		for (let i = 0; i < 5; i++) {
			await advance(25 * MINUTE);
			if (i < 4) await control('seed-returns', { count: 1, startAt: at(Date.now() - MINUTE) });
			await poller.poll(60);
		}
		expect(poller.emitted).toEqual(['RMA-H000001', 'RMA-H000002', 'RMA-H000003', 'RMA-H000004']);
		const prior = poller.state;

		await advance(MINUTE);
		// received 30 minutes after the first poll, shown 96 minutes later: before what the window reached then
		await control('seed-returns', { count: 1, startAt: at(t0 + 30 * MINUTE) });
		// reads back 120 minutes: RMA-H000001 (received 24 minutes after the first poll) is in it again
		expect(await poller.poll(120)).toEqual([]);
		// the cursor was the newest received date (99 minutes after the first poll): the keys reached back to 39 minutes
		expect(prior.coveredFrom).toBe(at(t0 + 39 * MINUTE).replace('.000Z', 'Z'));
		await advance(9 * MINUTE);
		// received 10 minutes after the first poll, shown 125 minutes later: within the new window (120 minutes before
		// the cursor, which is the newest received date)
		await control('seed-returns', { count: 1, startAt: at(t0 + 10 * MINUTE) });
		expect(await poller.poll(120)).toEqual(['RMA-H000006']);
		expect(poller.emitted).toEqual(['RMA-H000001', 'RMA-H000002', 'RMA-H000003', 'RMA-H000004', 'RMA-H000006']);
	});

	it('Package Status Changed, 15 → 120 minutes: DELIVERED is not emitted again; the part before what the state covers is read by itself, and a status recorded late there after the change is emitted', async () => {
		// (a status is remembered from the last read that saw it: a window made more than twice as long reaches past that)
		const poller = new Poller('packageStatusChanged');
		await poller.poll(15);
		const t0 = pnow();
		await deliveredEvery25Minutes(t0, 4);
		// in transit since 14 hours before the first poll
		await control('seed-packages', { count: 1, startAt: at(t0 - 20 * HOUR), carrier: 'FEX' });
		const all = packages(fx.sandbox.state);
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(15);
		}
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED', 'SO-000003|DELIVERED', 'SO-000004|DELIVERED']);
		const prior = poller.state;

		await advance(MINUTE);
		const before = (await activityRanges()).length;
		// reads back 120 minutes: SO-000001 and SO-000002 were delivered 100 and 75 minutes ago, and forgotten since
		expect(await poller.poll(120)).toEqual([]);
		// the window from what the state covered, then the part before it by itself: its packages' activity is before it
		const covered = Date.parse(String(prior.coveredFrom));
		expect(covered).toBe(Date.parse(prior.cursor) - 15 * MINUTE);
		const ranges = (await activityRanges()).slice(before);
		expect(ranges.map(rangeStart)).toEqual([rangeStart(rangeText(covered, 0)), rangeStart(rangeText(Date.parse(prior.cursor) - 120 * MINUTE, 0))]);
		expect(ranges[1]).toBe(rangeText(Date.parse(prior.cursor) - 120 * MINUTE, covered - SECOND));

		// the provider records an exception 85 minutes late, at 20 minutes after the first poll: in the new window
		await advance(4 * MINUTE);
		Object.assign(all[4], { Status: 'EXCEPTION', StatusDescription: 'Delivery exception', CarrierStatus: 'DE', lastActivityAt: t0 + 20 * MINUTE });
		await advance(SECOND);
		expect(await poller.poll(120)).toEqual(['SO-000005|EXCEPTION']);
		await advance(30 * MINUTE);
		expect(await poller.poll(120)).toEqual([]);
	});

	it('Package Status Changed: with no poll budget left for the part before what the state covers, the poll leaves it and a later one reads it; nothing is emitted again', async () => {
		const poller = new Poller('packageStatusChanged');
		await poller.poll(15);
		const t0 = pnow();
		await deliveredEvery25Minutes(t0, 5);
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(15);
		}
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED', 'SO-000003|DELIVERED', 'SO-000004|DELIVERED']);
		const covered = poller.state.coveredFrom;

		// SO-000005 is delivered 101 minutes after the first poll; n8n's budget is spent by the poll's first request
		// (the node's performance.now(), which its budget reads, moves a second with every call)
		await advance(2 * MINUTE);
		let calls = 0;
		const clock = jest.spyOn(performance, 'now').mockImplementation(() => ++calls * SECOND);
		const before = (await activityRanges()).length;
		const starved = await poller.poll(120, { budgetMs: SECOND }).finally(() => clock.mockRestore());
		// SO-000001 and SO-000002, delivered 102 and 77 minutes ago and forgotten since, are in the window again
		expect(starved).toEqual(['SO-000005|DELIVERED']);
		// only the part the state covers was read (one request from its start), and the state still covers from there only
		expect((await activityRanges()).slice(before).map(rangeStart)).toEqual([rangeStart(rangeText(Date.parse(String(covered)), 0))]);
		expect(poller.state.coveredFrom).toBe(covered);

		// the next poll, with its budget, reads the part before by itself: SO-000001 and SO-000002 are there
		await advance(MINUTE);
		const next = (await activityRanges()).length;
		expect(await poller.poll(120)).toEqual([]);
		expect((await activityRanges()).slice(next).map(rangeStart)).toEqual([
			rangeStart(rangeText(Date.parse(String(covered)), 0)),
			rangeStart(rangeText(Date.parse(poller.state.cursor) - 120 * MINUTE, 0)),
		]);
		expect(Date.parse(String(poller.state.coveredFrom))).toBe(Date.parse(poller.state.cursor) - 120 * MINUTE);
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED', 'SO-000003|DELIVERED', 'SO-000004|DELIVERED', 'SO-000005|DELIVERED']);
	});

	it('Package Status Changed: with the budget spent exactly by the first request, the part before is left; a millisecond more reads it', async () => {
		const poller = new Poller('packageStatusChanged');
		await poller.poll(15);
		await deliveredEvery25Minutes(pnow(), 4);
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(15);
		}
		const covered = poller.state.coveredFrom;
		await advance(MINUTE);
		// a budget of 2 s: the read may go on while performance.now() is below 1 s, which the first request reaches
		let before = (await activityRanges()).length;
		let clock = budgetInRequests();
		expect(await poller.poll(120, { budgetMs: 2 * SECOND }).finally(() => clock.mockRestore())).toEqual([]);
		expect((await activityRanges()).slice(before).map(rangeStart)).toEqual([rangeStart(rangeText(Date.parse(String(covered)), 0))]);
		expect(poller.state.coveredFrom).toBe(covered);

		await advance(MINUTE);
		before = (await activityRanges()).length;
		clock = budgetInRequests();
		expect(await poller.poll(120, { budgetMs: 2 * SECOND + 2 }).finally(() => clock.mockRestore())).toEqual([]);
		expect((await activityRanges()).slice(before).map(rangeStart)).toEqual([
			rangeStart(rangeText(Date.parse(String(covered)), 0)),
			rangeStart(rangeText(Date.parse(poller.state.cursor) - 120 * MINUTE, 0)),
		]);
		expect(Date.parse(String(poller.state.coveredFrom))).toBe(Date.parse(poller.state.cursor) - 120 * MINUTE);
	});

	it('Package Status Changed: the part before what the state covers read only in part (the budget ran out in it): the state still covers from where it did, and the next poll reads that part again; nothing is emitted again', async () => {
		const poller = new Poller('packageStatusChanged');
		// two packages an answer: the four delivered before what the state covers do not fit in one
		poller.pageSize = 2;
		await poller.poll(15);
		await deliveredEvery25Minutes(pnow(), 4);
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(15);
		}
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED', 'SO-000003|DELIVERED', 'SO-000004|DELIVERED']);
		const covered = poller.state.coveredFrom;

		await advance(MINUTE);
		// a budget of 3 s: the part after what the state covers (one request) leaves some, the first request of the part
		// before spends it: that part is not read further
		const before = (await activityRanges()).length;
		const clock = budgetInRequests();
		expect(await poller.poll(120, { budgetMs: 3 * SECOND }).finally(() => clock.mockRestore())).toEqual([]);
		const ranges = (await activityRanges()).slice(before);
		expect(ranges.map(rangeStart)).toEqual([rangeStart(rangeText(Date.parse(String(covered)), 0)), rangeStart(rangeText(Date.parse(poller.state.cursor) - 120 * MINUTE, 0))]);
		expect(poller.state.coveredFrom).toBe(covered);

		// SO-000001 and SO-000002, delivered 102 and 77 minutes ago and forgotten since, are read again, and not emitted
		await advance(MINUTE);
		expect(await poller.poll(120)).toEqual([]);
		expect(Date.parse(String(poller.state.coveredFrom))).toBe(Date.parse(poller.state.cursor) - 120 * MINUTE);
		await advance(10 * MINUTE);
		expect(await poller.poll(120)).toEqual([]);
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED', 'SO-000003|DELIVERED', 'SO-000004|DELIVERED']);
	});

	it('Package Status Changed: with no budget after its first request, the part after what the state covers is still read past the stored cursor', async () => {
		const poller = new Poller('packageStatusChanged');
		// two packages an answer: the window's part after what the state covers is read in slices
		poller.pageSize = 2;
		await poller.poll(15);
		const t0 = pnow();
		// shipped (status SHIPPED) 2, 4 and 6 minutes after the first poll
		await control('seed-packages', { count: 3, startAt: at(t0 + 2 * MINUTE), spreadMs: 2 * MINUTE });
		await advance(10 * MINUTE);
		expect(await poller.poll(15)).toEqual(['SO-000001|SHIPPED', 'SO-000002|SHIPPED', 'SO-000003|SHIPPED']);
		const cursor = Date.parse(poller.state.cursor);
		// shipped 30 seconds after the stored cursor
		await control('seed-packages', { count: 1, startAt: at(cursor + 30 * SECOND) });
		await advance(MINUTE);

		// a budget of 1 s: spent by the first request; the slices up to the stored cursor are read all the same, and the
		// slice that passes it holds SO-000004
		const clock = budgetInRequests();
		expect(await poller.poll(120, { budgetMs: SECOND }).finally(() => clock.mockRestore())).toEqual(['SO-000004|SHIPPED']);
		expect(Date.parse(poller.state.cursor)).toBeGreaterThan(cursor);
	});

	it('the window unchanged: Package Status Changed reads it with one request a poll', async () => {
		const poller = new Poller('packageStatusChanged');
		await poller.poll(15);
		await deliveredEvery25Minutes(pnow(), 2);
		for (let i = 0; i < 3; i++) {
			await advance(25 * MINUTE);
			const before = (await activityRanges()).length;
			const start = Date.parse(poller.state.cursor) - 15 * MINUTE;
			await poller.poll(15);
			expect((await activityRanges()).slice(before).map(rangeStart)).toEqual([rangeStart(rangeText(start, 0))]);
			expect(poller.state.coveredFrom).toBe(at(Date.parse(poller.state.cursor) - 15 * MINUTE).replace('.000Z', 'Z'));
		}
		expect(poller.emitted).toEqual(['SO-000001|DELIVERED', 'SO-000002|DELIVERED']);
	});

	it.each(['newPackage', 'newReturn'] as const)(
		'%s: a longer window is read with one request from its start (the window time is the record\'s own stamp)',
		async (event) => {
			const poller = new Poller(event);
			await poller.poll(60);
			await advance(10 * MINUTE);
			await poller.poll(60);
			const covered = Date.parse(String(poller.state.coveredFrom));
			const path = event === 'newPackage' ? 'GetPackages' : 'GetReturns';
			const before = (await fx.control.requests(path)).length;
			await advance(MINUTE);
			expect(await poller.poll(120)).toEqual([]);
			const sent = (await fx.control.requests(path)).slice(before);
			expect(sent).toHaveLength(1);
			expect(Date.parse(poller.state.cursor) - 120 * MINUTE).toBeLessThan(covered);
		},
	);

	it('right after activation: the first poll after it, reading further back, emits no package shipped before activation', async () => {
		const poller = new Poller('newPackage');
		// shipped 150 and 30 minutes before activation: the first poll reads the 60 minutes before the latest (the provider's present)
		await control('seed-packages', { count: 2, startAt: at(pnow() - 150 * MINUTE), spreadMs: 120 * MINUTE });
		expect(await poller.poll(60)).toEqual([]);
		await control('seed-packages', { count: 1, startAt: at(pnow() + MINUTE) });
		await advance(5 * MINUTE);
		expect(await poller.poll(180)).toEqual(['SO-000003']);
	});

	it('New Package, made shorter and longer again (120 → 30 → 120 minutes): nothing emitted twice, nothing new lost', async () => {
		const poller = new Poller('newPackage');
		await poller.poll(120);
		// one package every 10 minutes for 4 hours, each shown 5 minutes after shipping
		await control('seed-packages', { count: 24, startAt: at(pnow() + MINUTE), spreadMs: 10 * MINUTE, reportDelayMs: 5 * MINUTE });
		for (const windowMinutes of [120, 120, 120, 120, 120, 30, 30, 30, 30, 30, 120, 120, 120, 120, 120, 30, 120, 120, 120, 120, 120, 120, 120, 120, 120]) {
			await advance(10 * MINUTE);
			await poller.poll(windowMinutes);
		}
		expect(poller.emitted).toEqual(Array.from({ length: 24 }, (_, i) => `SO-${String(i + 1).padStart(6, '0')}`));
	});

	it.each([0, 20, -20])(
		'provider clock %i minutes off n8n\'s: packages shipping and delivered over 6 hours, reported up to 12 minutes late, the window changed every hour (60, 120, 30, 90, 15, 120): each package and status once',
		async (offsetMinutes) => {
			await control('provider-clock', { offsetMs: offsetMinutes * MINUTE });
			const events: Array<'newPackage' | 'packageStatusChanged'> = ['newPackage', 'packageStatusChanged'];
			const pollers = events.map((event) => new Poller(event));
			for (const p of pollers) await p.poll(60);
			const since = pnow();
			const late = { reportDelayMs: 0, reportDelayMaxMs: 12 * MINUTE };
			// shipping over the 6 hours, and delivered over them (shipped 48 hours before)
			await control('seed-packages', { count: 60, startAt: at(since + MINUTE), spreadMs: 6 * MINUTE, ...late });
			await control('seed-packages', { count: 60, startAt: at(since - 48 * HOUR + MINUTE), spreadMs: 6 * MINUTE, ...late });
			for (const windowMinutes of [60, 120, 30, 90, 15, 120]) {
				for (let i = 0; i < 6; i++) {
					await advance(10 * MINUTE);
					for (const p of pollers) await p.poll(windowMinutes);
				}
			}
			const state = fx.sandbox.state;
			const now = providerNow(state);
			const shown = packages(state).filter((p) => isVisible(p, now, state) && !isVisible(p, since, state));
			const statuses = packages(state).flatMap((p) => {
				const earlier = new Set(recordedSteps(state, p, since));
				return recordedSteps(state, p, now)
					.filter((status) => !earlier.has(status))
					.map((status) => `${p.OrderNumber}|${status}`);
			});
			expect(statuses.filter((s) => s.endsWith('|DELIVERED')).length).toBeGreaterThan(40);
			const [newPackage, statusChanged] = pollers;
			expect(new Set(newPackage.emitted).size).toBe(newPackage.emitted.length);
			expect([...newPackage.emitted].sort()).toEqual(shown.map((p) => p.OrderNumber).sort());
			expect(new Set(statusChanged.emitted).size).toBe(statusChanged.emitted.length);
			expect([...statusChanged.emitted].sort()).toEqual(statuses.sort());
		},
		60_000,
	);

	it.each([0, 4, -4])(
		"New Return, n8n's clock %i minutes off the provider's: returns over 6 hours, shown up to 8 minutes after their received date, the window changed every hour (60, 120, 30, 90, 15, 120): each return once",
		async (skewMinutes) => {
			nodeClock.set(skewMinutes * MINUTE);
			const poller = new Poller('newReturn');
			await poller.poll(60);
			const t0 = fx.sandbox.state.now();
			// one return received every 7 minutes, shown 0 to 8 minutes later
			const arrivals = Array.from({ length: 50 }, (_, i) => ({ received: t0 + MINUTE + i * 7 * MINUTE, shown: t0 + MINUTE + i * 7 * MINUTE + ((i * 3) % 9) * MINUTE }));
			let seeded = 0;
			for (const windowMinutes of [60, 120, 30, 90, 15, 120]) {
				for (let i = 0; i < 6; i++) {
					await advance(10 * MINUTE);
					const now = fx.sandbox.state.now();
					for (const arrival of arrivals.filter((a) => a.shown <= now).sort((a, b) => a.shown - b.shown).slice(seeded)) {
						await control('seed-returns', { count: 1, startAt: at(arrival.received) });
						seeded += 1;
					}
					await poller.poll(windowMinutes);
				}
			}
			expect(seeded).toBe(50);
			expect(poller.emitted).toHaveLength(new Set(poller.emitted).size);
			expect([...poller.emitted].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `RMA-H${String(i + 1).padStart(6, '0')}`));
		},
		60_000,
	);
});

describe('trigger: where coveredFrom does not apply (guards: the code before it emits these too)', () => {
	it('filters changed with the window: a package the new filters add, from before what the state covered, is emitted', async () => {
		const poller = new Poller('newPackage', { carrier: 'FEX' });
		await poller.poll(60);
		const t0 = pnow();
		// SO-000001 (UPS) shipped 5 minutes after the first poll; SO-000002..4 (FEX) 50, 75 and 100 minutes after it
		await control('seed-packages', { count: 1, startAt: at(t0 + 5 * MINUTE), carrier: 'UPS' });
		await control('seed-packages', { count: 3, startAt: at(t0 + 50 * MINUTE), spreadMs: 25 * MINUTE, carrier: 'FEX' });
		for (let i = 0; i < 4; i++) {
			await advance(25 * MINUTE);
			await poller.poll(60);
		}
		expect(poller.emitted).toEqual(['SO-000002', 'SO-000003', 'SO-000004']);
		expect(Date.parse(String(poller.state.coveredFrom))).toBeGreaterThan(t0 + 5 * MINUTE);
		// every carrier, 120 minutes: the seen keys were read under the FEX filter, and never held SO-000001
		poller.filters = {};
		await advance(MINUTE);
		expect(await poller.poll(120)).toEqual(['SO-000001']);
	});

	it("a stored cursor brought back to n8n's clock: the window is read as new (activated while n8n's clock ran 20 hours ahead)", async () => {
		const poller = new Poller('newReturn');
		// GetReturns reports no time of its own: the first poll stands at n8n's clock less 5 minutes
		nodeClock.set(20 * HOUR);
		await poller.poll(60);
		// the state it stored stands 20 hours ahead of the provider, its seen keys said to cover from there
		expect(Date.parse(String(poller.state.coveredFrom))).toBeGreaterThan(fx.sandbox.state.now() + 18 * HOUR);
		nodeClock.set(0);
		await advance(10 * MINUTE);
		await control('seed-returns', { count: 1, startAt: at(Date.now() - MINUTE) });
		expect(await poller.poll(60)).toEqual(['RMA-H000001']);
		expect(Date.parse(poller.state.cursor)).toBeLessThanOrEqual(Date.now());
	});
});

describe('trigger: a state stored before coveredFrom (the current release stores none)', () => {
	it('polls as before (nothing emitted again, a new package emitted) and stores it; a longer window then emits nothing again', async () => {
		const poller = new Poller('newPackage');
		await poller.poll(60);
		await fourShippedAndEmitted(poller, 60, pnow());
		// the state as the build before coveredFrom stored it
		const { coveredFrom: _none, ...earlier } = poller.state;
		(poller.staticData[`node:${TRIGGER_NODE}`] as { events: Record<string, Stored> }).events.newPackage = earlier;
		await control('seed-packages', { count: 1, startAt: at(pnow() + MINUTE) });
		await advance(5 * MINUTE);
		expect(await poller.poll(60)).toEqual(['SO-000005']);
		const stored = poller.state;
		await advance(MINUTE);
		expect(await poller.poll(120)).toEqual([]);
		expect(earlier).not.toHaveProperty('coveredFrom');
		expect(Date.parse(String(stored.coveredFrom))).toBe(Date.parse(stored.cursor) - 60 * MINUTE);
	});
});

describe('trigger: the seen keys reach where the next window starts reading', () => {
	it('a window that is not whole seconds (1.0005 minutes): a package at the start of the second the next window starts in is not emitted again', async () => {
		const poller = new Poller('newPackage');
		await poller.poll(1.0005);
		const t0 = pnow();
		// 10 and 71 seconds after the first poll: the cursor goes to the later, and the next window starts 60.03 seconds
		// before it, reading from the whole second, the earlier one's
		await control('seed-packages', { count: 2, startAt: at(t0 + 10 * SECOND), spreadMs: 61 * SECOND });
		await advance(2 * MINUTE);
		expect(await poller.poll(1.0005)).toEqual(['SO-000001', 'SO-000002']);
		await advance(MINUTE);
		expect(await poller.poll(1.0005)).toEqual([]);
	});
});
