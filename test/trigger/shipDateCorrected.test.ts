// Bug hunt 42: New Package emits a package once when the provider later moves its ShipDate to a later time (the label
// printed at 10:00, the ship date corrected to the pickup hours later), after the window its key was kept for has
// passed: a stamp window keeps its emitted keys for a while (PAST_KEYS_KEPT_MS, at most PAST_KEYS_KEPT_MAX).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const workflow = triggerWorkflow({ event: 'newPackage' } as INodeParameters);
const poll = async (staticData: IDataObject) => await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);

describe('New Package: ship date corrected later', () => {
	it('a package is emitted once, not again when its ShipDate is moved 3 hours later', async () => {
		let staticData = (await poll({})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE), carrier: 'UPS' });
		// a busy account: other packages ship every 10 minutes for the next 6 hours
		await fx.control.call('POST', 'seed-packages', { count: 36, startAt: iso(fx.sandbox.state.now() + 5 * MINUTE), spreadMs: 10 * MINUTE });
		const emitted: string[] = [];
		const tick = async (ms: number) => {
			await advance(ms);
			const result = await poll(staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((item) => String(item.json.trackingNumber)));
		};
		await tick(3 * MINUTE);
		expect(emitted).toEqual([packages(fx.sandbox.state)[0].TrackingNo]);
		for (let i = 0; i < 6; i++) await tick(30 * MINUTE);

		// the provider corrects the ship date to the pickup, now (an activity it records)
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { ShipDate: iso(now), lastActivityAt: now });
		for (let i = 0; i < 3; i++) await tick(10 * MINUTE);

		// was: the same tracking number twice
		const tracking = packages(fx.sandbox.state)[0].TrackingNo;
		expect(emitted.filter((number) => number === tracking)).toEqual([tracking]);
	});
});
