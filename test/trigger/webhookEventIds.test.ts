// The tracking webhook trigger's memory of event ids as n8n keeps it: each production delivery loads the workflow's
// static data from the database, runs webhook(), starts the execution and then saves that whole static data (n8n's
// LiveWebhooks and WorkflowStaticDataService: serialized at save time, only when a member was assigned, last save
// wins). Also: a delivery refused for its node's parameters leaves its event id untaken, and test deliveries (the
// editor's "Listen for test event", mode 'manual') neither check nor record ids.
import { randomUUID } from 'node:crypto';
import { Workflow, type ICredentialDataDecryptedObject, type IDataObject, type WorkflowExecuteMode } from 'n8n-workflow';

import * as harness from '../harness/harness';
import type { WorkflowJson } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_STATIC_KEY as STATIC_KEY, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

type Harness = typeof harness;

const credentials: Record<string, ICredentialDataDecryptedObject> = { [AUTH_ID]: secret };
const MINUTE = 60_000;


function update(eventId: string = randomUUID(), tag = 'Delivered'): IDataObject {
	return { event: 'tracking_update', event_id: eventId, msg: { tag, tracking_number: '1ZSBX0000000042', checkpoints: [] } };
}

/** The workflow's row in n8n's database: its static data as JSON. */
class Database {
	row = '{}';

	load(): IDataObject {
		return JSON.parse(this.row) as IDataObject;
	}

	/** n8n's saveStaticData: the whole static data, serialized now, when a member was assigned since it was loaded. */
	save(workflow: Workflow) {
		if (workflow.staticData.__dataChanged !== true) return;
		this.row = JSON.stringify(workflow.staticData);
		workflow.staticData.__dataChanged = false;
	}

	ids(): string[] {
		return ((this.load()[STATIC_KEY] as IDataObject | undefined)?.recentEventIds as string[] | undefined) ?? [];
	}
}

/**
 * One delivery as n8n handles it: a Workflow over the static data loaded from `db` now, then (`run`) the node's
 * webhook() in a WebhookContext of that mode ('webhook': the Production URL; 'manual': the Test URL), with n8n's
 * answer for responseMode onReceived. The caller saves the static data when n8n would (`db.save(delivery.workflow)`).
 */
function delivery(json: WorkflowJson, body: unknown, db: Database, mode: WorkflowExecuteMode = 'webhook', h: Harness = harness) {
	const workflow = new Workflow({ id: 'webhook-workflow', name: 'webhook', nodes: json.nodes, connections: json.connections, active: mode !== 'manual', nodeTypes: new h.NodeTypes(), staticData: db.load() });
	const run = async () => await h.deliverTo(workflow, NODE, { body }, credentials, mode);
	return { workflow, run };
}

const DUPLICATE = { received: true, duplicate: true };
const STARTED = { message: 'Workflow was started' };

describe('tracking webhook trigger: event ids stored when deliveries overlap (n8n saves each one\'s whole static data, last save wins)', () => {
	let now = Date.parse('2026-03-02T09:00:00Z');
	let clock: jest.SpiedFunction<typeof Date.now> | undefined;
	beforeEach(() => {
		clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => clock?.mockRestore());

	/** The same node's deliveries in a fresh n8n process (a restart, or another webhook process): no ids held. */
	function freshProcess(): Harness {
		let fresh: Harness | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			fresh = require('../harness/harness') as Harness;
		});
		return fresh!;
	}

	// save orders unlike the order webhook() ran in: the first delivery's save landing last, and a shuffle
	const orders: Array<[string, (i: number) => number]> = [
		['the first delivery saved last', (i) => 19 - i],
		['saved in a shuffled order', (i) => (i * 7 + 3) % 20],
	];
	it.each(orders)('20 deliveries loaded before any is saved, %s: the stored ids are all 20, and a redelivery is dropped later and in a fresh process', async (_label, saveOrder) => {
		const json = workflowJson();
		const db = new Database();
		const events = Array.from({ length: 20 }, () => update());
		const deliveries = events.map((event) => delivery(json, event, db));
		const results = await Promise.all(deliveries.map((d) => d.run()));
		expect(results.map((r) => [r.status, r.items.length])).toEqual(events.map(() => [200, 1]));
		for (let i = 0; i < 20; i++) db.save(deliveries[saveOrder(i)].workflow);
		expect([...db.ids()].sort()).toEqual(events.map((e) => String(e.event_id)).sort());

		// the provider's retry of one of them (its waits grow), after this process stopped holding it
		now += 16 * MINUTE;
		const later = delivery(json, events[5], db);
		expect(await later.run()).toMatchObject({ status: 200, response: DUPLICATE, items: [] });
		// the same retry reaching a restarted process, or another webhook process
		const elsewhere = delivery(json, events[12], db, 'webhook', freshProcess());
		expect(await elsewhere.run()).toMatchObject({ status: 200, response: DUPLICATE, items: [] });
	});

	it('deliveries arriving in waves while others are saved: every save holds each id taken before it', async () => {
		const json = workflowJson();
		const db = new Database();
		const taken: string[] = [];
		const pending: Array<ReturnType<typeof delivery>> = [];
		/** n8n saves `d`: the row must then hold every id whose delivery ran so far */
		const save = (d: ReturnType<typeof delivery>) => {
			db.save(d.workflow);
			expect([...db.ids()].sort()).toEqual([...taken].sort());
		};
		for (let wave = 0; wave < 4; wave++) {
			const events = Array.from({ length: 6 }, () => update());
			const arrived = events.map((event) => delivery(json, event, db));
			const results = await Promise.all(arrived.map((d) => d.run()));
			expect(results.every((r) => r.items.length === 1)).toBe(true);
			taken.push(...events.map((e) => String(e.event_id)));
			pending.push(...arrived);
			// n8n saves some of the deliveries so far, the oldest ones last
			for (const d of pending.splice(1, 3).reverse()) save(d);
		}
		// the first delivery's save is the last to land
		for (const d of pending.reverse()) save(d);
		expect(db.ids()).toHaveLength(24);
	});

	it('a redelivery that overlaps the first delivery is dropped, and the save of either keeps the id', async () => {
		const json = workflowJson();
		const db = new Database();
		const event = update();
		const [first, again] = [delivery(json, event, db), delivery(json, event, db)];
		const results = await Promise.all([first.run(), again.run()]);
		expect(results.map((r) => r.items.length)).toEqual([1, 0]);
		expect(results[1].response).toEqual(DUPLICATE);
		// the dropped delivery assigned nothing: n8n does not save its static data (its copy is older)
		expect(again.workflow.staticData.__dataChanged).toBe(false);
		db.save(first.workflow);
		db.save(again.workflow);
		expect(db.ids()).toEqual([String(event.event_id)]);
	});
});

describe('tracking webhook trigger: a delivery refused for the node\'s parameters leaves its event id untaken', () => {
	it('Only These Tags failing (an expression error, null): the delivery fails (n8n answers 500), and the provider\'s retry after the fix is emitted', async () => {
		const json = workflowJson();
		const db = new Database();
		const event = update();
		for (const tags of ['={{ $json.tags.split(",") }}', '={{ null }}', '={{ "Deliverd" }}']) {
			json.nodes[0].parameters = { tags };
			const refused = delivery(json, event, db);
			await expect(refused.run()).rejects.toThrow();
			// n8n saves no static data for a delivery whose webhook() failed; nothing was assigned anyway
			expect(refused.workflow.staticData.__dataChanged).toBe(false);
		}
		json.nodes[0].parameters = { tags: ['Delivered'] };
		const retry = delivery(json, event, db);
		expect(await retry.run()).toMatchObject({ status: 200, response: STARTED, items: [{ json: { eventId: event.event_id, tag: 'Delivered' } }] });
	});
});

describe('tracking webhook trigger: test deliveries (Listen for test event) neither check nor record event ids', () => {
	it('the same sample event sent to the Test URL twice starts a test execution each time, and records nothing', async () => {
		const json = workflowJson();
		const db = new Database();
		const event = update();
		for (let i = 0; i < 2; i++) {
			const test = delivery(json, event, db, 'manual');
			expect(await test.run()).toMatchObject({ status: 200, response: STARTED, items: [{ json: { eventId: event.event_id } }] });
			expect(test.workflow.staticData.__dataChanged).toBe(false);
			expect(test.workflow.staticData[STATIC_KEY]).toBeUndefined();
		}
	});

	it('an event posted to the Test URL is still emitted when the provider delivers it to the Production URL, and the other way round', async () => {
		const json = workflowJson();
		const db = new Database();
		const [a, b] = [update(), update()];
		expect((await delivery(json, a, db, 'manual').run()).items).toHaveLength(1);
		const production = delivery(json, a, db);
		expect(await production.run()).toMatchObject({ response: STARTED, items: [{ json: { eventId: a.event_id } }] });
		db.save(production.workflow);

		const bInProduction = delivery(json, b, db);
		expect((await bInProduction.run()).items).toHaveLength(1);
		db.save(bInProduction.workflow);
		// a production delivery replayed to the Test URL while building the workflow (stored ids and held ids alike)
		for (const replay of [a, b]) {
			expect(await delivery(json, replay, db, 'manual').run()).toMatchObject({ response: STARTED, items: [{ json: { eventId: replay.event_id } }] });
		}
		expect([...db.ids()].sort()).toEqual([String(a.event_id), String(b.event_id)].sort());
	});

	it('a test delivery still applies Only These Tags, as production would', async () => {
		const json = workflowJson({ tags: ['Delivered'] });
		const db = new Database();
		expect(await delivery(json, update(randomUUID(), 'InTransit'), db, 'manual').run()).toMatchObject({ status: 200, response: { received: true, emitted: false }, items: [] });
		expect((await delivery(json, update(randomUUID(), 'Delivered'), db, 'manual').run()).items).toHaveLength(1);
	});
});

describe('tracking webhook trigger: copies saved before later deliveries, and ids other processes stored', () => {
	let now = Date.parse('2026-03-02T09:00:00Z');
	let clock: jest.SpiedFunction<typeof Date.now> | undefined;
	beforeEach(() => {
		clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => clock?.mockRestore());

	it('a delivery whose execution lasts 10 min (saved again at its end, as n8n saves changed static data in workflowExecuteAfter): ids taken meanwhile stay stored', async () => {
		const json = workflowJson();
		const db = new Database();
		const first = delivery(json, update(), db);
		await first.run();
		db.save(first.workflow); // n8n's save after webhook(), before the execution runs
		// a second delivery a minute later, while the first execution still runs
		now += MINUTE;
		const second = delivery(json, update(), db);
		await second.run();
		db.save(second.workflow);
		// later ids reach the first copy in place: it is not marked changed again
		expect(first.workflow.staticData.__dataChanged).toBe(false);
		// 10 more events, 3 minutes in (the first execution still runs: a slow API, n8n's concurrency queue)
		now += 2 * MINUTE;
		const later = Array.from({ length: 10 }, () => update());
		for (const event of later) {
			const d = delivery(json, event, db);
			await d.run();
			db.save(d.workflow);
		}
		expect(db.ids()).toHaveLength(12);
		// the first execution ends: n8n saves its workflow's static data when it changed (the same object webhook() got)
		now += 7 * MINUTE;
		db.save(first.workflow);
		expect(db.ids()).toHaveLength(12);
		// the provider retries one of the 10 after the in-process hold
		now += 16 * MINUTE;
		const retry = delivery(json, later[3], db);
		expect(await retry.run()).toMatchObject({ status: 200, response: DUPLICATE, items: [] });
	});

	it('an id stored twice in two letter cases (an older version kept ids as sent) is kept once when a delivery stores the list', async () => {
		const json = workflowJson();
		const db = new Database();
		const stored = randomUUID();
		db.row = JSON.stringify({ [STATIC_KEY]: { recentEventIds: [stored.toUpperCase(), stored] } });
		const event = update();
		const d = delivery(json, event, db);
		expect((await d.run()).items).toHaveLength(1);
		db.save(d.workflow);
		expect(db.ids()).toEqual([stored, String(event.event_id)]);
	});

	it('a copy loaded before the list was full does not bring back ids pushed out since as the newest (was: each pushed out an id taken later)', async () => {
		const json = workflowJson();
		const db = new Database();
		const oldest = update();
		const first = delivery(json, oldest, db);
		await first.run();
		db.save(first.workflow);
		// a delivery whose copy holds the oldest id, run (by a slow process start) after 2,000 more events
		const lateEvent = update();
		const late = delivery(json, lateEvent, db);
		const events = Array.from({ length: 2000 }, () => update());
		for (const event of events) {
			const d = delivery(json, event, db);
			await d.run();
			db.save(d.workflow);
		}
		// compared as one boolean: a failure does not print 2,000 ids
		const holdsOldest = () => db.ids().includes(String(oldest.event_id));
		expect(holdsOldest()).toBe(false);
		expect((await late.run()).items).toHaveLength(1);
		db.save(late.workflow);
		expect(holdsOldest()).toBe(false);
		// the 2,000 most recent ids are the late one and the last 1,999: the provider redelivering any of those is dropped
		expect(db.ids().join() === [...events.slice(1), lateEvent].map((e) => String(e.event_id)).join()).toBe(true);
		now += 16 * MINUTE;
		const retry = delivery(json, events[1], db);
		expect(await retry.run()).toMatchObject({ status: 200, response: DUPLICATE, items: [] });

		// the oldest event delivered again past the 2,000: emitted (it is no longer known), and from then on known again
		const again = delivery(json, oldest, db);
		expect((await again.run()).items).toHaveLength(1);
		db.save(again.workflow);
		now += 16 * MINUTE;
		const thrice = delivery(json, oldest, db);
		expect(await thrice.run()).toMatchObject({ status: 200, response: DUPLICATE, items: [] });
	});

	it('an id stored by another process that an in-flight copy of this process holds is recognised', async () => {
		const json = workflowJson();
		const db = new Database();
		const fromB = update();
		// D2 loads the row before process B saves B's event id; D1 loads it after
		const d2 = delivery(json, fromB, db);
		db.row = JSON.stringify({ [STATIC_KEY]: { recentEventIds: [String(fromB.event_id)] } });
		const d1 = delivery(json, update(), db);
		await d1.run();
		const result = await d2.run();
		expect(result).toMatchObject({ response: DUPLICATE, items: [] });
	});
});
