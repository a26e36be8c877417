// Wine Fulfillment Trigger, Package Status Changed: activity that changes no status, and a status reached again.
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

const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'packageStatusChanged' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The provider records activity on the package now (a carrier scan, or a status outside its journey). */
function activity(change: IDataObject) {
	const now = fx.sandbox.state.now();
	Object.assign(packages(fx.sandbox.state)[0], change, { CarrierStatusTimestamp: iso(now), lastActivityAt: now });
}

/** One package, polled every 30 minutes for `polls` polls: what was emitted, and the state. */
async function shipped(polls: number) {
	let staticData = (await poll({})).staticData;
	await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
	const statuses: string[] = [];
	for (let i = 0; i < polls; i++) {
		await advance(30 * MINUTE);
		const result = await poll(staticData);
		staticData = result.staticData;
		statuses.push(...result.items.map((item) => String(item.json.status)));
	}
	return { staticData, statuses };
}

/** Each change `gap` after the one before, polled every 30 minutes (at most) and right after each change: the statuses emitted. */
async function after(staticData: IDataObject, changes: Array<[gap: number, change: IDataObject]>) {
	const statuses: string[] = [];
	const pollNow = async () => {
		const result = await poll(staticData);
		staticData = result.staticData;
		statuses.push(...result.items.map((item) => String(item.json.status)));
	};
	for (const [gap, change] of changes) {
		for (let waited = 30 * MINUTE; waited < gap; waited += 30 * MINUTE) {
			await advance(30 * MINUTE);
			await pollNow();
		}
		await advance(gap % (30 * MINUTE) || 30 * MINUTE);
		activity(change);
		await advance(1000);
		await pollNow();
	}
	return statuses;
}

const SCAN = { CarrierStatus: 'AR', CarrierStatusMessage: 'Arrived at the carrier facility', PackageLocation: 'Reno area' };
const EXCEPTION = { Status: 'EXCEPTION', StatusDescription: 'Delivery exception', CarrierStatus: 'DE', CarrierStatusMessage: 'Address correction needed' };
const IN_TRANSIT = { Status: 'IN TRANSIT', StatusDescription: 'In transit', CarrierStatus: 'IT', CarrierStatusMessage: 'Address corrected, on the way' };

describe('trigger: Package Status Changed remembers each package\'s status while it is on its way', () => {
	it('carrier scans 3 hours and 15 hours after IN TRANSIT, the package still IN TRANSIT, emit nothing', async () => {
		// SHIPPED, then IN TRANSIT 6 hours after shipping
		const first = await shipped(14);
		expect(first.statuses).toEqual(['SHIPPED', 'IN TRANSIT']);
		const departed = { ...SCAN, CarrierStatusMessage: 'Departed the carrier facility', PackageLocation: 'Salt Lake City area' };
		expect(await after(first.staticData, [[3 * HOUR, SCAN], [12 * HOUR, departed]])).toEqual([]);
		expect(packages(fx.sandbox.state)[0]).toMatchObject({ Status: 'IN TRANSIT', CarrierStatus: 'AR' });
	});

	it('IN TRANSIT, EXCEPTION 5 minutes later, IN TRANSIT again 5 minutes after that: each is emitted', async () => {
		// the poll at 6 h 30 min emits IN TRANSIT, recorded at 6 h 1 min
		const first = await shipped(13);
		expect(first.statuses).toEqual(['SHIPPED', 'IN TRANSIT']);
		expect(await after(first.staticData, [[5 * MINUTE, EXCEPTION], [5 * MINUTE, IN_TRANSIT]])).toEqual(['EXCEPTION', 'IN TRANSIT']);
	});
});
