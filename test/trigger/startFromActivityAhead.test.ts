// Start From (Hours Back) was counted from LatestActivityTimestamp as it came: with one package's activity recorded hours
// ahead (a mistyped scan time) the activation poll stored a floor in the future, the backfill emitted nothing and every
// package shipped until n8n's clock passed that floor was never read (lost). Counted back from the earlier of the
// provider's present and n8n's clock now (WineFulfillmentTrigger.node.ts backFrom).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = async (ms: number) => await control('clock', { advanceMs: ms });

describe('New Package with Start From while one activity is recorded ahead of the provider present', () => {
	// (with aheadMs = 0 the same test passes: the sandbox and the test are sound)
	it('one activity recorded 5 hours ahead: the hour before activation is backfilled and every package shipped afterwards is emitted once', async () => {
		const aheadMs = 5 * HOUR;
		const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { startFromHours: 1 } } as INodeParameters);
		// two packages shipped in the hour before activation (what Start From 1 asks for)
		await control('seed-packages', { count: 2, startAt: at(providerNow(fx.sandbox.state) - 40 * MINUTE), spreadMs: 10 * MINUTE });
		const backfill = packages(fx.sandbox.state).map((p) => p.TrackingNo);
		// one of them has an activity the provider recorded ahead of its present: LatestActivityTimestamp follows it
		if (aheadMs) packages(fx.sandbox.state)[0].lastActivityAt = providerNow(fx.sandbox.state) + aheadMs;

		const emitted: string[] = [];
		let staticData: IDataObject = {};
		const poll = async () => {
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			emitted.push(...result.items.map((i) => String(i.json.trackingNumber)));
		};
		await poll();
		// packages keep shipping, one every 10 minutes, polled every 5 minutes for 3 hours (before the first one is 6 h old)
		const before = new Set(packages(fx.sandbox.state).map((p) => p.TrackingNo));
		await control('seed-packages', { count: 17, startAt: at(providerNow(fx.sandbox.state) + MINUTE), spreadMs: 10 * MINUTE });
		const later = packages(fx.sandbox.state)
			.map((p) => p.TrackingNo)
			.filter((t) => !before.has(t));
		for (let i = 0; i < 36; i++) {
			await advance(5 * MINUTE);
			await poll();
		}
		expect([...emitted].sort()).toEqual([...backfill, ...later].sort());
	}, 120_000);
});
