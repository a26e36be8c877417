// The trigger and a .NET provider's "no date", 0001-01-01T00:00:00 (DateTime.MinValue where null was meant), polled as
// n8n polls. Read as a time it was a record stamp 2,000 years old (the status emitted again on every poll) and a
// provider present before any window (the activation poll read the account's whole history); it is no time: as a
// missing stamp, and as a missing LatestActivityTimestamp (n8n's clock less five minutes).
import { DateTime } from 'luxon';
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

const poll = async (event: string, staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event, options: {} } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData, 'trigger');

const eventState = (staticData: IDataObject, event: string) =>
	((staticData[`node:${TRIGGER_NODE}`] as IDataObject).events as Record<string, IDataObject>)[event];

describe('trigger: Package Status Changed from a provider without LatestActivityTimestamp', () => {
	it.each([
		['null', null],
		['the .NET default 0001-01-01T00:00:00', '0001-01-01T00:00:00'],
		['the .NET default in UTC, 0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
	])('a RECEIVED package whose CarrierStatusTimestamp is %s is emitted once over an hour of polls', async (_label, stamp) => {
		await fx.control.call('POST', 'tracking-quirks', { noLatestActivityTimestamp: true });
		let staticData = (await poll('packageStatusChanged', {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - 2 * DAY) });
		await advance(MINUTE);
		// the warehouse received the order: no carrier status yet
		Object.assign(packages(fx.sandbox.state)[0], {
			Status: 'RECEIVED',
			StatusDescription: 'Received',
			CarrierStatusTimestamp: stamp,
			lastActivityAt: fx.sandbox.state.now(),
		});
		const emitted: IDataObject[] = [];
		for (let i = 0; i < 12; i++) {
			await advance(5 * MINUTE);
			const result = await poll('packageStatusChanged', staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((item) => item.json));
		}
		expect(emitted.map((item) => [item.status, item.carrierStatusDate])).toEqual([['RECEIVED', null]]);
		expect((emitted[0].package as IDataObject).CarrierStatusTimestamp).toBe(stamp);
	});
});

describe('trigger: New Package activation with LatestActivityTimestamp as the .NET default', () => {
	it.each([['0001-01-01T00:00:00'], ['01/01/0001 00:00:00'], ['9999-12-31T23:59:59.9999999']])(
		'LatestActivityTimestamp %s on the present asked for: the activation poll reads from our clock less five minutes, not from year 1',
		async (latest) => {
			// 3,000 packages shipped over the last 20 days, none in the last 2 days (a quiet weekend)
			await fx.control.call('POST', 'seed-packages', { count: 3000, startAt: iso(fx.sandbox.state.now() - 20 * DAY), spreadMs: 8 * MINUTE });
			await advance(2 * DAY);
			await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', set: { LatestActivityTimestamp: latest }, count: 1 });
			const { staticData } = await poll('newPackage', {});
			const ranges = (await fx.control.requests('GetPackages')).map((r) => String(r.body.ShipDateRange ?? r.body.LastActivityDateRange));
			// every range in the node's years: none from 12/31/0000 paging the whole history
			expect(ranges.filter((range) => !/^\d\d\/\d\d\/20\d\d \S+ - \d\d\/\d\d\/20\d\d \S+$/.test(range))).toEqual([]);
			// the present asked for, then one window from our clock less five minutes less the Late Reports Window (an hour),
			// not 20 days of history page by page
			const from = DateTime.fromMillis(fx.sandbox.state.now() - 5 * MINUTE - HOUR, { zone: 'utc' }).toFormat('MM/dd/yyyy HH:mm:ss');
			expect(ranges).toHaveLength(2);
			expect(ranges[1].startsWith(`${from} - `)).toBe(true);
			expect(Date.parse(String(eventState(staticData, 'newPackage').cursor))).toBeGreaterThan(fx.sandbox.state.now() - 3 * DAY);

			// and the package shipped next is emitted once
			await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
			await advance(10 * MINUTE);
			const next = await poll('newPackage', staticData);
			expect(next.items).toHaveLength(1);
		},
		60_000,
	);
});
