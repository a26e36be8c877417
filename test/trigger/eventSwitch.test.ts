// Wine Fulfillment Trigger: the Event of an active workflow changed and changed back; the workflow deactivated and reactivated.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = (ms: number) => control('clock', { advanceMs: ms });
// n8n keeps a node's static data under "node:<its name>"
const KEY = `node:${TRIGGER_NODE}`;

type Event = 'newPackage' | 'packageStatusChanged' | 'orderOnHold' | 'newReturn';

/** One trigger node of an active workflow, its static data carried from poll to poll as n8n stores it. */
class Trigger {
	staticData: IDataObject = {};
	constructor(
		public event: Event,
		public options: IDataObject = {},
	) {}

	async poll(): Promise<IDataObject[]> {
		const parameters = { event: this.event, filters: {}, options: this.options };
		const result = await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), this.staticData);
		this.staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		return result.items.map((i) => i.json);
	}

	/** the Events the stored state holds a position for */
	get stored(): string[] {
		return Object.keys((this.staticData[KEY] as { events?: IDataObject } | undefined)?.events ?? {});
	}
}

/** `hours` hourly polls of the trigger: what they emitted */
async function hourly(trigger: Trigger, hours: number): Promise<IDataObject[]> {
	const emitted: IDataObject[] = [];
	for (let i = 0; i < hours; i++) {
		await advance(HOUR);
		emitted.push(...(await trigger.poll()));
	}
	return emitted;
}

describe('trigger: Event changed on an active workflow, then changed back', () => {
	it('New Package → Package Status Changed for 3 days → New Package: the first poll back only remembers (nothing of the 3 days)', async () => {
		const trigger = new Trigger('newPackage');
		await trigger.poll();
		await advance(5 * MINUTE);
		await trigger.poll();
		trigger.event = 'packageStatusChanged';
		await trigger.poll();
		// 30 packages ship over the 3 days the trigger watches statuses
		await control('seed-packages', { count: 30, startAt: at(pnow() + MINUTE), spreadMs: 2 * HOUR });
		expect((await hourly(trigger, 72)).length).toBeGreaterThan(30);

		trigger.event = 'newPackage';
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual([]);
		// the stored state holds the Event polled, and only it
		expect(trigger.stored).toEqual(['newPackage']);
		// from there on it follows new packages as usual
		await control('seed-packages', { count: 2, startAt: at(pnow() + MINUTE), spreadMs: MINUTE });
		await advance(10 * MINUTE);
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual(['SO-000031', 'SO-000032']);
	});

	it('Package Status Changed → New Package for 3 days → Package Status Changed: no status reached days ago comes out', async () => {
		const trigger = new Trigger('packageStatusChanged');
		await trigger.poll();
		await advance(5 * MINUTE);
		await trigger.poll();
		trigger.event = 'newPackage';
		await trigger.poll();
		await control('seed-packages', { count: 30, startAt: at(pnow() + MINUTE), spreadMs: 30 * MINUTE });
		expect(await hourly(trigger, 72)).toHaveLength(30);

		trigger.event = 'packageStatusChanged';
		expect((await trigger.poll()).map((p) => `${String(p.orderNumber)} ${String(p.status)}`)).toEqual([]);
		expect(trigger.stored).toEqual(['packageStatusChanged']);
	});

	it('switched back with Start From set: the Event starts as on first activation, from Start From', async () => {
		const trigger = new Trigger('newPackage', { startFromHours: 2 });
		await trigger.poll();
		trigger.event = 'newReturn';
		await trigger.poll();
		// shipped 30 hours and 90 minutes ago (before the Late Reports Window of the New Package position left behind)
		await control('seed-packages', { count: 1, startAt: at(pnow() - 30 * HOUR) });
		await control('seed-packages', { count: 1, startAt: at(pnow() - 90 * MINUTE) });
		await advance(MINUTE);
		trigger.event = 'newPackage';
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual(['SO-000002']);
	});

	it('Order Put On Hold in between: its list is dropped too when the Event changes', async () => {
		const trigger = new Trigger('orderOnHold');
		await trigger.poll();
		expect(trigger.stored).toEqual(['orderOnHold']);
		trigger.event = 'newReturn';
		await trigger.poll();
		expect(trigger.stored).toEqual(['newReturn']);
	});
});

describe('trigger: a state stored by an earlier version, with a position for each Event polled', () => {
	it('the Event polled goes on from its own position (what shipped since is emitted); the others are dropped', async () => {
		const trigger = new Trigger('newPackage');
		await trigger.poll();
		await advance(5 * MINUTE);
		await trigger.poll();
		// earlier builds of the node kept every Event's position side by side (n8n keeps static data across updates)
		const store = trigger.staticData[KEY] as { events: IDataObject };
		store.events = { newReturn: store.events.newPackage, newPackage: store.events.newPackage, orderOnHold: { cursor: at(pnow() - 3 * DAY), seen: {} } };
		await control('seed-packages', { count: 2, startAt: at(pnow() + MINUTE), spreadMs: MINUTE });
		await advance(10 * MINUTE);
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual(['SO-000001', 'SO-000002']);
		expect(trigger.stored).toEqual(['newPackage']);
	});
});

describe('trigger: the same Event after the workflow was deactivated for days (n8n keeps its static data)', () => {
	it('carries on where the last poll stopped: what shipped meanwhile is emitted', async () => {
		const trigger = new Trigger('newPackage');
		await trigger.poll();
		await control('seed-packages', { count: 30, startAt: at(pnow() + MINUTE), spreadMs: 2 * HOUR });
		await advance(3 * DAY);
		expect(await trigger.poll()).toHaveLength(30);
	});

	it('a fresh start instead: the Event changed to another and saved (one poll), then changed back', async () => {
		const trigger = new Trigger('newPackage');
		await trigger.poll();
		await control('seed-packages', { count: 30, startAt: at(pnow() + MINUTE), spreadMs: 2 * HOUR });
		await advance(3 * DAY);
		// n8n polls once when it activates a workflow (saving an active one re-activates it)
		trigger.event = 'newReturn';
		await trigger.poll();
		trigger.event = 'newPackage';
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual([]);
		await control('seed-packages', { count: 1, startAt: at(pnow() + MINUTE) });
		await advance(10 * MINUTE);
		expect((await trigger.poll()).map((p) => p.orderNumber)).toEqual(['SO-000031']);
	});
});
