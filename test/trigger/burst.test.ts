// Wine Fulfillment Trigger, New Package: a burst of more records within one Late Reports Window than any fixed number of keys.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });
const MINUTE = 60_000;
const KEY = `node:${TRIGGER_NODE}`;

const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'newPackage' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const seenKeys = (staticData: IDataObject) =>
	Object.keys((staticData[KEY] as { events: Record<string, { seen: Record<string, number> }> }).events.newPackage.seen).length;

describe('trigger: a wine-club release, 10,800 packages shipped in 45 minutes (default Late Reports Window, 60 minutes)', () => {
	it('each is emitted once: none again in the 12 polls of the next hour', async () => {
		const seed = await poll({});
		// 4 packages a second for 45 minutes
		await fx.control.call('POST', 'seed-packages', { count: 10_800, spreadMs: 250, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		await advance(47 * MINUTE);
		const first = await poll(seed.staticData);
		expect(first.items).toHaveLength(10_800);
		expect(new Set(first.items.map((i) => String(i.json.trackingNumber))).size).toBe(10_800);

		let staticData = first.staticData;
		const again: number[] = [];
		for (let i = 0; i < 12; i++) {
			await advance(5 * MINUTE);
			const next = await poll(staticData);
			staticData = next.staticData;
			again.push(next.items.length);
		}
		expect(again).toEqual(Array(12).fill(0));
		// every key was kept while the next window still reached its package
		expect(seenKeys(first.staticData)).toBe(10_800);
	}, 120_000);
});
