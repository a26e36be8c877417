// Bug hunt 42: Package Status Changed, after its Carrier or Order Numbers filter is changed (a state stored under other
// filters), reads the 14 days of status memory before its window as on activation: a package the new filter brings in
// that is already on its way is remembered, not emitted, so its next carrier scan (no status change) emits nothing.
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

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const poll = async (staticData: IDataObject, filters: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'packageStatusChanged', filters } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const emitted = (items: { json: IDataObject }[]) => items.map((item) => `${String(item.json.trackingNumber)} ${String(item.json.status)}`);

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

describe('Package Status Changed: Carrier filter changed between polls', () => {
	it('a FedEx package already IN TRANSIT when the filter is changed to FEX emits nothing at its next scan', async () => {
		// shipped 8 hours ago: IN TRANSIT since 2 hours ago
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - 8 * HOUR), carrier: 'FEX' });
		// the account is busy: a UPS package shipped a minute ago (the provider's latest activity is now)
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - MINUTE), carrier: 'UPS' });
		let staticData = (await poll({}, { carrier: 'UPS' })).staticData;
		expect(packages(fx.sandbox.state)[0].Status).toBe('IN TRANSIT');
		await advance(10 * MINUTE);
		staticData = (await poll(staticData, { carrier: 'UPS' })).staticData;

		// the user changes the Carrier filter to FedEx and saves
		const out: string[] = [];
		await advance(10 * MINUTE);
		let result = await poll(staticData, { carrier: 'FEX' });
		staticData = result.staticData;
		out.push(...emitted(result.items));

		// an hour later the carrier scans the package: no new status
		await advance(HOUR);
		scan(0);
		await advance(1000);
		result = await poll(staticData, { carrier: 'FEX' });
		// was: ["770000000001 IN TRANSIT"], a status the package reached 3 hours before, emitted as a change
		expect(emitted(result.items)).toEqual([]);
		expect(out).toEqual([]);
	});
});
