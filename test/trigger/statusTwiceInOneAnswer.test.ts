// Package Status Changed with one package in two statuses in one answer (two boxes of a pickup order alike in all but
// their status, no tracking number yet; a stale row the provider lists beside the package): each status was emitted
// again on every poll while the package stayed in the window (the second state forgot the first, which the next poll
// took for new, and so on). Each is emitted once now (trigger/cursor.ts lastStates). Bug hunt 21.
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
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });

async function pollsAfter(setup: () => void): Promise<string[][]> {
	const wf = triggerWorkflow({ event: 'packageStatusChanged', filters: {}, options: {} } as INodeParameters);
	let sd: IDataObject = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
	await advance(MINUTE);
	await fx.control.call('POST', 'seed-packages', { count: 2, startAt: iso(providerNow(fx.sandbox.state) - 30_000), spreadMs: 0 });
	setup();
	const perPoll: string[][] = [];
	for (let i = 0; i < 6; i++) {
		await advance(5 * MINUTE);
		const p = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
		sd = p.staticData;
		perPoll.push(p.items.map((item) => String((item.json as IDataObject).status)));
	}
	return perPoll;
}

describe('Package Status Changed, one package in two statuses within one answer', () => {
	it('two alike unnumbered boxes, RECEIVED and READY FOR PICKUP: each status emitted once, not on every poll', async () => {
		const perPoll = await pollsAfter(() => {
			const [a, b] = packages(fx.sandbox.state).slice(-2);
			const now = providerNow(fx.sandbox.state);
			for (const p of [a, b]) Object.assign(p, { OrderNumber: 'PICKUP-1', TrackingNo: '', ShipDate: a.ShipDate, PackageItems: a.PackageItems, lastActivityAt: now, CarrierStatusTimestamp: iso(now) });
			a.Status = 'RECEIVED';
			b.Status = 'READY FOR PICKUP';
		});
		expect(perPoll.flat().sort()).toEqual(['READY FOR PICKUP', 'RECEIVED']);
	});

	it('a numbered package listed twice in one answer (IN TRANSIT and a stale SHIPPED row): not emitted on every poll', async () => {
		const perPoll = await pollsAfter(() => {
			const [a, b] = packages(fx.sandbox.state).slice(-2);
			const now = providerNow(fx.sandbox.state);
			Object.assign(b, { ...JSON.parse(JSON.stringify(a)), Status: 'SHIPPED', lastActivityAt: now, CarrierStatusTimestamp: iso(now) });
			Object.assign(a, { Status: 'IN TRANSIT', lastActivityAt: now, CarrierStatusTimestamp: iso(now) });
		});
		expect(perPoll.flat().length).toBeLessThanOrEqual(2);
	});
});
