// Bug hunt 30 (fixed): Start From trusts a Date within a day of n8n's clock even where the provider's own data contradicts it: the
// backfill's floor lands in the future and packages shipped after activation are never emitted.
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
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = (ms: number) => control('clock', { advanceMs: ms });
const ship = async () => {
	await control('seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - 1000) });
	return packages(fx.sandbox.state)[packages(fx.sandbox.state).length - 1].TrackingNo;
};

describe("New Package, Start From, an answer's Date 3 hours ahead of the provider's own stamps", () => {
	// User sees: New Package, Start From 1 hour, polled every 10 minutes. The answers' Date runs 3 hours ahead (a proxy
	// or front server whose clock is off) while the provider's ShipDate and LatestActivityTimestamp are right (n8n's
	// clock): the account ships a package every 10 minutes, LatestActivityTimestamp is never more than 10 minutes old.
	// The backfill starts at "Date - 1 h", 2 hours in the future, and is stored as the floor of every window: the
	// packages shipped in the 2 hours after activation are never emitted (nor the hour before it).
	// Expected: every package shipped after activation is emitted once (the Date contradicts the provider's latest
	// activity minutes ago, or at the least a floor is never put past what the provider itself has shown).
	// Before the fix: the 12 packages of the first 2 hours are lost.
	it('every package shipped after activation is emitted', async () => {
		// the account was busy before activation too
		for (let i = 0; i < 6; i++) {
			await ship();
			await advance(10 * MINUTE);
		}
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', headers: { date: new Date(fx.sandbox.state.now() + 3 * HOUR).toUTCString() } });
		const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { startFromHours: 1 } } as INodeParameters);
		let staticData: IDataObject = {};
		const emitted: string[] = [];
		const poll = async () => {
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			emitted.push(...result.items.map((i) => String(i.json.trackingNumber)));
		};
		await poll();
		const after: string[] = [];
		for (let i = 0; i < 24; i++) {
			await advance(5 * MINUTE);
			after.push(await ship());
			await advance(5 * MINUTE);
			await poll();
		}
		expect(after.filter((t) => !emitted.includes(t))).toEqual([]);
	}, 60_000);
});
