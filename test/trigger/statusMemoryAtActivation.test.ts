// Package Status Changed after activation: the first poll (activation, or Start From) remembers the status of every
// package with an activity within the status memory (14 days), not only within its Late Reports Window. Bug hunt 11: a
// package already on its way at activation emitted its status as a change at its next carrier scan, days later.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const poll = async (staticData: IDataObject, options: IDataObject = {}) =>
	await runPoll(triggerWorkflow({ event: 'packageStatusChanged', options } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const emitted = (items: { json: IDataObject }[]) => items.map((item) => `${String(item.json.orderNumber)} ${String(item.json.status)}`);

/** A carrier scan on the package now: its status stays, its last activity is now. */
function scan(index: number) {
	const now = fx.sandbox.state.now();
	Object.assign(packages(fx.sandbox.state)[index], {
		CarrierStatus: 'AR',
		CarrierStatusMessage: 'Arrived at the carrier facility',
		CarrierStatusTimestamp: iso(now),
		lastActivityAt: now,
	});
}

/** Packages shipped `ago` before now (their journeys as the sandbox runs them), and one shipped a minute ago. */
async function onTheirWay(...ago: number[]) {
	for (const ms of ago) await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - ms) });
	await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - MINUTE) });
}

describe('trigger: Package Status Changed, packages on their way at activation', () => {
	it.each<[string, IDataObject]>([
		['activated with the defaults', {}],
		['activated with Start From 1 hour', { startFromHours: 1 }],
	])('%s: a carrier scan after activation that changes no status emits nothing', async (_case, options) => {
		// IN TRANSIT since 2 hours ago, EXCEPTION since 2 days ago (shipped 8 hours and 3 days 6 hours ago)
		await onTheirWay(8 * HOUR, 3 * DAY + 6 * HOUR);
		const first = await poll({}, options);
		expect(packages(fx.sandbox.state).slice(0, 2).map((p) => p.Status)).toEqual(['IN TRANSIT', 'EXCEPTION']);
		await advance(30 * MINUTE);
		scan(0);
		scan(1);
		await advance(1000);
		const next = await poll(first.staticData, options);
		expect(emitted(next.items)).toEqual([]);
	});

	it('Start From further back than the status memory (20 days): the backfill alone is read, every range in order', async () => {
		await onTheirWay(18 * DAY, 3 * DAY);
		const first = await poll({}, { startFromHours: 20 * 24 });
		expect(first.items.length).toBeGreaterThan(0);
		const ranges = (await fx.control.requests('GetPackages')).map((r) => String(r.body.LastActivityDateRange ?? ''));
		const ordered = (range: string) => {
			const [from, to] = range.split(' - ').map((end) => Date.parse(end.replace(/^(\d\d)\/(\d\d)\/(\d{4}) /, '$3-$1-$2T') + 'Z'));
			return from <= to;
		};
		expect(ranges.filter((range) => range && !ordered(range))).toEqual([]);
	});

	it('a status reached after activation by a package on its way before it is emitted', async () => {
		// IN TRANSIT 40 hours ago: DELIVERED 8 hours after activation (48 hours after shipping)
		await onTheirWay(46 * HOUR);
		let staticData = (await poll({})).staticData;
		const statuses: string[] = [];
		for (let i = 0; i < 6; i++) {
			await advance(2 * HOUR);
			const result = await poll(staticData);
			staticData = result.staticData;
			statuses.push(...emitted(result.items));
		}
		const [onItsWay] = packages(fx.sandbox.state);
		expect(onItsWay.Status).toBe('DELIVERED');
		expect(statuses.filter((s) => s.startsWith(String(onItsWay.OrderNumber)))).toEqual([`${String(onItsWay.OrderNumber)} DELIVERED`]);
	});

	it('the first poll reads the 14 days before its window too, and emits nothing; Start From emits its window only', async () => {
		await onTheirWay(8 * HOUR, 3 * DAY);
		const seed = await poll({});
		expect(seed.items).toEqual([]);
		const ranges = (await fx.control.requests('GetPackages')).map((r) => String(r.body.LastActivityDateRange));
		const from = (range: string) => Date.parse(`${range.split(' - ')[0].replace(/(\d\d)\/(\d\d)\/(\d{4}) /, '$3-$1-$2T')}Z`);
		expect(Math.min(...ranges.map(from))).toBeLessThanOrEqual(fx.sandbox.state.now() - 14 * DAY + MINUTE);

		// Start From 1 hour: the package shipped a minute ago is emitted (SHIPPED); those active before the hour are not
		const backfill = await poll({}, { startFromHours: 1 });
		const [, , recent] = packages(fx.sandbox.state);
		expect(emitted(backfill.items)).toEqual([`${String(recent.OrderNumber)} SHIPPED`]);
	});
});
