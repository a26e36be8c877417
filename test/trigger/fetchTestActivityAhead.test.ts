// Fetch Test Event counted its look back (last hour, day, week) from LatestActivityTimestamp as it came: one package whose
// activity the provider recorded far ahead (a scan time typed with next year) put every span in the future, and the
// test fetch returned nothing although a package shipped minutes ago. Counted back from the earlier of the provider's
// present and n8n's clock now (WineFulfillmentTrigger.node.ts backFrom), as the polls' windows are.
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
const DAY = 24 * 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);

describe('Fetch Test Event while one activity is recorded a year ahead', () => {
	// (without the activity recorded ahead, the same fetch returns the newest package: the sandbox and test are sound)
	it.each(['newPackage', 'packageStatusChanged'])('%s: returns the package shipped 10 minutes ago', async (event) => {
		await control('seed-packages', { count: 3, startAt: at(providerNow(fx.sandbox.state) - 30 * MINUTE), spreadMs: 10 * MINUTE });
		const newest = packages(fx.sandbox.state)[2].TrackingNo;
		// an older package's scan entered with next year's date: LatestActivityTimestamp follows it
		packages(fx.sandbox.state)[0].lastActivityAt = providerNow(fx.sandbox.state) + 365 * DAY;
		const workflow = triggerWorkflow({ event, filters: {}, options: {} } as INodeParameters);
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {}, 'manual');
		expect(result.items.map((i) => i.json.trackingNumber)).toEqual([newest]);
	}, 60_000);
});
