// Package Status Changed, a package read twice in one poll (it moved on between two of the poll's requests: IN TRANSIT
// in an early slice, DELIVERED in a later one). A poll's candidates are taken in the order they happened: a DELIVERED
// without a carrier stamp (null, .NET's 0001-01-01) was put before every stamped one, the older IN TRANSIT then
// replaced it as the package's status and both were emitted again (bug hunt 15). Also with the carrier's stamp in Los
// Angeles wall time without an offset (read as UTC: hours "earlier").
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const iso = (ms: number) => new Date(ms).toISOString();

let deliveredStamp: (stamp: string) => string | null = (stamp) => stamp;
const LOCAL_LA = (stamp: string) => DateTime.fromISO(stamp, { zone: 'utc' }).setZone('America/Los_Angeles').toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** the DELIVERED scan's CarrierStatusTimestamp as deliveredStamp writes it, every other scan as the sandbox does */
function carrierLocalDelivery(pkg: Record<string, unknown>) {
	let stamp = pkg.CarrierStatusTimestamp;
	Object.defineProperty(pkg, 'CarrierStatusTimestamp', {
		enumerable: true,
		configurable: true,
		get: () =>
			pkg.Status === 'DELIVERED' && typeof stamp === 'string' ? deliveredStamp(stamp) : stamp,
		set: (v) => {
			stamp = v;
		},
	});
}

describe.each([
	['in Los Angeles wall time, no offset', LOCAL_LA],
	['as .NET\'s no-date 0001-01-01T00:00:00', () => '0001-01-01T00:00:00'],
	['null', () => null],
])('statuses read twice in one poll, DELIVERED stamped %s', (_name, stampOf) => {
	beforeEach(() => {
		deliveredStamp = stampOf;
	});
	it('emits each package\'s IN TRANSIT once and its DELIVERED once, though packages deliver while the poll reads', async () => {
		// a Late Reports Window long enough to hold the IN TRANSIT activity (6 h after shipping) and the delivery (48 h)
		const workflow = triggerWorkflow({
			event: 'packageStatusChanged',
			filters: {},
			options: { pageSize: 2, overlapMinutes: 43 * 60 },
		} as INodeParameters);
		let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
		const shipAt = Math.floor(fx.sandbox.state.now() / 1000) * 1000 + MINUTE;
		await control('seed-packages', { count: 8, startAt: iso(shipAt), spreadMs: 1000 });
		for (const pkg of packages(fx.sandbox.state)) carrierLocalDelivery(pkg as unknown as Record<string, unknown>);
		const emitted: string[] = [];
		const pollOnce = async () => {
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((i) => `${String(i.json.trackingNumber)}|${String(i.json.status)}`));
		};
		// shipped, then in transit
		await control('clock', { advanceMs: 2 * MINUTE });
		await pollOnce();
		await control('clock', { advanceMs: 7 * HOUR });
		await pollOnce();
		// the poll that starts a few seconds before the deliveries: each answer takes a second
		await control('clock', { advanceMs: shipAt + 48 * HOUR - 3000 - fx.sandbox.state.now() });
		await control('provider-clock', { stepMs: 1000 });
		await pollOnce();
		await control('provider-clock', { stepMs: 0 });
		for (let i = 0; i < 4; i++) {
			await control('clock', { advanceMs: 20 * MINUTE });
			await pollOnce();
		}
		const twice = emitted.filter((e, i) => emitted.indexOf(e) !== i);
		expect(twice).toEqual([]);
		const finals = packages(fx.sandbox.state).map((p) => `${p.TrackingNo}|${p.Status}`);
		expect(finals.filter((f) => !emitted.includes(f))).toEqual([]);
	}, 120_000);
});
