// Package Status Changed after a package is DELIVERED: later activity that changes no status (a proof of delivery added
// hours later) emits nothing. Bug hunt 29: the final status was remembered for the Late Reports Window only, and
// DELIVERED was emitted again once the provider's latest activity had moved on.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from '../trigger/clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });

const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'packageStatusChanged' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);

/** The provider records activity on the package now. */
function activity(change: IDataObject) {
	const now = fx.sandbox.state.now();
	Object.assign(packages(fx.sandbox.state)[0], change, { CarrierStatusTimestamp: iso(now), lastActivityAt: now });
}

const DELIVERED = { Status: 'DELIVERED', StatusDescription: 'Delivered', CarrierStatus: 'DL', CarrierStatusMessage: 'Delivered, left at front door' };
const POD = { CarrierStatus: 'DL', CarrierStatusMessage: 'Delivered, signed by J. SMITH (proof of delivery added)', PackageLocation: 'Front door' };

describe('Package Status Changed: a delivered package the carrier scans again', () => {
	// was: the proof-of-delivery update 4 hours after DELIVERED emitted DELIVERED a second time
	it('DELIVERED, then a proof-of-delivery update 4 hours later: DELIVERED is emitted once', async () => {
		let staticData = (await poll({})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
		const statuses: string[] = [];
		const pollNow = async () => {
			const result = await poll(staticData);
			staticData = result.staticData;
			statuses.push(...result.items.map((item) => String(item.json.status)));
		};
		await advance(30 * MINUTE);
		await pollNow();
		activity(DELIVERED);
		// other packages of the account keep shipping, one every 10 minutes: the provider's latest activity moves on
		await fx.control.call('POST', 'seed-packages', { count: 20, startAt: iso(fx.sandbox.state.now() + 5 * MINUTE), spreadMs: 10 * MINUTE });
		await advance(MINUTE);
		await pollNow();
		for (let i = 0; i < 8; i++) {
			await advance(30 * MINUTE);
			await pollNow();
		}
		activity(POD);
		await advance(MINUTE);
		await pollNow();
		await advance(30 * MINUTE);
		await pollNow();
		expect(statuses.filter((s) => s === 'DELIVERED')).toEqual(['DELIVERED']);
	});
});
