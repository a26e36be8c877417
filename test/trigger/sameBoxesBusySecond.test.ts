// New Package: two boxes of one order with the same contents and no tracking number yet, shipped in a second that holds
// more packages than a page. The trigger takes such boxes for one record ("they are one"), yet its checked Skip/Top
// pages refused any read where an identity came twice, so that second was never read and the cursor stayed before it
// for good (behind): nothing shipped later was emitted. Bug hunt 15; this test failed before the fix.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import type { SandboxPackage } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const stateOf = (staticData: IDataObject) =>
	(staticData[`node:${TRIGGER_NODE}`] as { events: Record<string, { behind?: boolean }> }).events.newPackage;

// Three alike boxes with Page Size 2: no page of Page Size shows them together, so the checked pages took the third for
// the pages moving and that second blocked New Package for good (left open in session 32). A second that does not page
// consistently is asked once more with the interface's largest page, one answer of the whole second.
describe('trigger: identical unnumbered boxes in a busy second', () => {
	it.each([2, 3])('New Package (Page Size 2, %i boxes) emits the boxes once and every later package, and its cursor moves on', async (boxes) => {
		const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { pageSize: 2 } } as INodeParameters);
		let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;

		await control('clock', { advanceMs: 10 * MINUTE });
		const shipAt = Math.floor((fx.sandbox.state.now() - 5 * MINUTE) / 1000) * 1000;
		// packages of one second: one tracked, and the boxes of order SO-BOX with the same contents, no tracking yet
		await control('seed-packages', { count: 1, startAt: iso(shipAt) });
		const list = packages(fx.sandbox.state);
		const template = list[list.length - 1];
		const box = (): SandboxPackage => ({
			...JSON.parse(JSON.stringify(template)),
			OrderNumber: 'SO-BOX',
			TrackingNo: '',
			TrackingURL: '',
			Status: 'READY FOR PICKUP',
			StatusDescription: 'Ready for pickup',
		});
		list.push(...Array.from({ length: boxes }, box));
		// a later package, a minute after
		await control('seed-packages', { count: 1, startAt: iso(shipAt + MINUTE) });
		await control('clock', { advanceMs: MINUTE });

		const emitted: string[] = [];
		for (let i = 0; i < 3; i++) {
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((it) => `${String(it.json.orderNumber)}|${String(it.json.trackingNumber ?? '')}`));
			await control('clock', { advanceMs: 5 * MINUTE });
		}
		// the tracked package, the boxes (taken as one), and the later package: each once
		expect(emitted.filter((e) => e.startsWith('SO-BOX'))).toHaveLength(1);
		expect(emitted).toHaveLength(3);
		expect(new Set(emitted).size).toBe(3);
		expect(stateOf(staticData).behind).toBeUndefined();
	}, 60_000);
});

