// Wine Fulfillment Trigger under n8n 2.x's durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED with the scheduler on):
// the activation poll's node static data is staged and thrown away when it emits nothing; the workflow's global static
// data is the workflow's own, saved by the activator after the triggers are registered and loaded by every scheduled poll.
import { isDeepStrictEqual } from 'node:util';

import { PollContext, PollTriggerExecutor, TriggersAndPollers } from 'n8n-core';
import { Workflow, type IDataObject, type INode, type INodeExecutionData, type INodeParameters } from 'n8n-workflow';

import { NodeTypes, TRIGGER_TYPE, additionalData, runPoll, type WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { CREDENTIAL_ID, TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { packages } from '../sandbox/stores';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 200 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();
const control = async (name: string, body: IDataObject) => await fx.control.call('POST', name, body);
const advance = async (ms: number) => await control('clock', { advanceMs: ms });
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
/** where the node records its seeds in the workflow's global static data */
const SEEDS_KEY = 'wineFulfillmentTriggerSeeds';

/** `count` packages shipped a second before the provider's present: their tracking numbers */
async function ship(count: number, carrier?: string): Promise<string[]> {
	const before = new Set(packages(fx.sandbox.state).map((p) => p.TrackingNo));
	await control('seed-packages', { count, startAt: at(providerNow(fx.sandbox.state) - 1000), spreadMs: 100, ...(carrier ? { carrier } : {}) });
	return packages(fx.sandbox.state)
		.map((p) => p.TrackingNo)
		.filter((t) => !before.has(t));
}

let holds = 0;
/** `count` orders created on hold: their order numbers */
async function putOnHold(count: number): Promise<string[]> {
	const made = Array.from({ length: count }, () => `HOLD-${++holds}`);
	await createOrders(
		fx,
		made.map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)], hold: true })),
	);
	return made;
}

const silent = () => undefined;
const logger = { scoped: () => logger, debug: silent, info: silent, warn: silent, error: silent };
const tracing = {
	startSpan: async (_options: unknown, run: (span: { setStatus(status: unknown): void }) => Promise<unknown>) => await run({ setStatus: silent }),
	startNewTraceSpan: async (_options: unknown, run: (span: { setStatus(status: unknown): void }) => Promise<unknown>) => await run({ setStatus: silent }),
	pickWorkflowAttributes: () => ({}),
	pickNodeAttributes: () => ({}),
};
type ExecutorArgs = ConstructorParameters<typeof PollTriggerExecutor>;

/**
 * One active workflow as n8n 2.41 runs it with durable poll cursors: the workflow's row (its static data) and the
 * poller_state rows (each node's cursor, its static data) stored as JSON between polls. Each poll is n8n-core's own
 * PollTriggerExecutor over a PollContext wired as n8n's TriggerExecutionContextFactory wires it: the node's static data
 * a staged copy of its poller_state cursor, committed with an execution when the poll emits, alone (__commitCursor) when
 * a scheduled poll emits nothing, and thrown away when the activation poll (testingTrigger) emits nothing. The global
 * static data is the Workflow's: the activator saves it after the activation poll (when changed), a poll's emit saves
 * it, and every scheduled poll builds its Workflow from the row afresh.
 */
class DurableN8n {
	/** workflow_entity.staticData */
	staticData: IDataObject = {};
	/** poller_state.cursor by node id */
	readonly pollerState = new Map<string, IDataObject>();
	/** what each node emitted, by node name */
	readonly emitted = new Map<string, string[]>();
	private readonly executor = new PollTriggerExecutor(
		logger as unknown as ExecutorArgs[0],
		new TriggersAndPollers(),
		tracing as unknown as ExecutorArgs[2],
		{ error: silent } as unknown as ExecutorArgs[3],
	);

	constructor(private readonly json: WorkflowJson) {}

	/** the activation poll of every trigger node, then the activator's save of the workflow's static data */
	async activate(): Promise<void> {
		const workflow = this.workflow();
		for (const node of this.triggers(workflow)) await this.executor.create(workflow, node, this.pollFunctions(workflow, node, 'activate'), () => true)(true);
		this.save(workflow);
	}

	/** one scheduled poll of every trigger node, each with its Workflow built from the stored row */
	async tick(): Promise<void> {
		for (const name of this.triggers(this.workflow()).map((n) => n.name)) {
			const workflow = this.workflow();
			const node = workflow.getNode(name) as INode;
			await this.executor.create(workflow, node, this.pollFunctions(workflow, node, 'update'), () => true)(false);
		}
	}

	/** what a node emitted so far (order numbers or tracking numbers) */
	out(name = TRIGGER_NODE): string[] {
		return this.emitted.get(name) ?? [];
	}

	private workflow(): Workflow {
		return new Workflow({
			id: 'durable-workflow',
			name: 'durable',
			nodes: this.json.nodes,
			connections: this.json.connections,
			active: true,
			nodeTypes: new NodeTypes(),
			staticData: clone(this.staticData),
		});
	}

	private triggers(workflow: Workflow): INode[] {
		return Object.values(workflow.nodes).filter((n) => n.type === TRIGGER_TYPE);
	}

	/** WorkflowStaticDataService.saveStaticData */
	private save(workflow: Workflow): void {
		if (workflow.staticData.__dataChanged === true) {
			this.staticData = clone(workflow.staticData);
			workflow.staticData.__dataChanged = false;
		}
	}

	/** TriggerExecutionContextFactory.getExecutePollFunctions, with durable cursors on */
	private pollFunctions(workflow: Workflow, node: INode, activation: 'activate' | 'update'): PollContext {
		let staged: { snapshot: IDataObject; seed: IDataObject } | undefined;
		const takeStagedCursor = () => {
			if (staged === undefined || isDeepStrictEqual(staged.snapshot, staged.seed)) return null;
			const cursor = clone(staged.snapshot);
			staged.seed = cursor;
			return cursor;
		};
		const runPollInScope = async (poll: () => Promise<unknown>) => {
			// PollerStateRepository.getOrCreateCursor: the node's static data becomes the first cursor
			if (!this.pollerState.has(node.id)) this.pollerState.set(node.id, clone(workflow.getStaticData('node', node)));
			const cursor = clone(this.pollerState.get(node.id) as IDataObject);
			staged = { snapshot: clone(cursor), seed: cursor };
			try {
				return await poll();
			} finally {
				staged = undefined;
			}
		};
		const emit = (data: INodeExecutionData[][]) => {
			const cursor = takeStagedCursor();
			this.save(workflow);
			// runPolledWorkflow: the cursor commits with the execution
			if (cursor !== null) this.pollerState.set(node.id, cursor);
			const out = data[0].map((i) => String(i.json.trackingNumber ?? i.json.orderNumber));
			this.emitted.set(node.name, [...this.out(node.name), ...out]);
		};
		const commitCursor = async () => {
			const cursor = takeStagedCursor();
			if (cursor !== null) this.pollerState.set(node.id, cursor);
		};
		const emitError = (error: Error) => {
			throw error;
		};
		const resolveNodeStaticData = () => {
			if (staged === undefined) throw new Error('node static data read outside of a poll');
			return staged.snapshot;
		};
		return new PollContext(
			workflow,
			node,
			additionalData(fx.credential()),
			'trigger',
			activation,
			emit,
			emitError,
			commitCursor,
			runPollInScope as ConstructorParameters<typeof PollContext>[8],
			resolveNodeStaticData,
			() => 5 * MINUTE,
		);
	}
}

function twoTriggers(): WorkflowJson {
	const node = (id: string, name: string, carrier: string, y: number) => ({
		id,
		name,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, y] as [number, number],
		parameters: { event: 'newPackage', pollTimes: { item: [{ mode: 'everyMinute' }] }, filters: { carrier }, options: {} } as INodeParameters,
		credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
	});
	return { name: 'two triggers', nodes: [node('ups-1', 'UPS Packages', 'UPS', 0), node('fex-1', 'FedEx Packages', 'FEX', 200)], connections: {} };
}

const trigger = (parameters: IDataObject) =>
	triggerWorkflow({ pollTimes: { item: [{ mode: 'everyMinute' }] }, filters: {}, options: {}, ...parameters } as INodeParameters);

describe('trigger: n8n 2.x durable poll cursors (the activation poll commits nothing when it emits nothing)', () => {
	it('New Package: what ships between activation and the first scheduled poll is emitted, once', async () => {
		await ship(5);
		const n8n = new DurableN8n(trigger({ event: 'newPackage' }));
		await n8n.activate();
		const a = await ship(3);
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out().sort()).toEqual([...a].sort());
		const b = await ship(3);
		await advance(MINUTE);
		await n8n.tick();
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out().sort()).toEqual([...a, ...b].sort());
		// the seed recorded in the global static data was taken: the emit saved the workflow without it
		expect(n8n.staticData.global ?? {}).not.toHaveProperty(SEEDS_KEY);
	});

	// Bug hunt 30: Start From 0.5 hours, polled every hour, nothing shipped in the half hour before activation: the
	// activation poll emits nothing and n8n throws its state away; the trigger recorded a seed for Start From 0 only, so
	// the first scheduled poll backfilled again, half an hour back from its own present, and never emitted the package
	// shipped 10 minutes after activation. Where Start From's backfill stands is recorded as the seed now.
	it('New Package, Start From 0.5 hours, polled hourly: a package shipped 10 minutes after activation is emitted, once', async () => {
		const n8n = new DurableN8n(trigger({ event: 'newPackage', pollTimes: { item: [{ mode: 'everyHour' }] }, options: { startFromHours: 0.5 } }));
		await n8n.activate();
		expect(n8n.out()).toEqual([]);
		await advance(10 * MINUTE);
		const shipped = await ship(1);
		await advance(50 * MINUTE);
		await n8n.tick();
		await advance(HOUR);
		await n8n.tick();
		expect(n8n.out()).toEqual(shipped);
	});

	it('New Package: nothing shipped before the first scheduled poll; later packages emitted once', async () => {
		const n8n = new DurableN8n(trigger({ event: 'newPackage' }));
		await n8n.activate();
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out()).toEqual([]);
		const b = await ship(2);
		await advance(MINUTE);
		await n8n.tick();
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out().sort()).toEqual([...b].sort());
	});

	it('Package Status Changed: a package on its way at activation (before its Late Reports Window) emits nothing at its next scan', async () => {
		// IN TRANSIT since 6 hours ago (shipped 12 hours ago); the account's activity goes on (one shipped a minute ago)
		await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state) - 12 * HOUR) });
		await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state) - MINUTE) });
		const n8n = new DurableN8n(trigger({ event: 'packageStatusChanged' }));
		await n8n.activate();
		await advance(MINUTE);
		await n8n.tick();
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { CarrierStatus: 'AR', CarrierStatusTimestamp: at(now), lastActivityAt: now });
		await advance(MINUTE);
		await n8n.tick();
		expect(packages(fx.sandbox.state)[0].Status).toBe('IN TRANSIT');
		expect(n8n.out()).toEqual([]);
	});

	it('Order Put On Hold: orders put on hold between activation and the first scheduled poll are emitted, once', async () => {
		await putOnHold(2);
		const n8n = new DurableN8n(trigger({ event: 'orderOnHold' }));
		await n8n.activate();
		const a = await putOnHold(3);
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out()).toEqual(a);
		const b = await putOnHold(2);
		await advance(MINUTE);
		await n8n.tick();
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out()).toEqual([...a, ...b]);
	});

	it('two trigger nodes of one workflow (other filters): each goes on from its own seed', async () => {
		const n8n = new DurableN8n(twoTriggers());
		await n8n.activate();
		const ups = await ship(2, 'UPS');
		const fedex = await ship(2, 'FEX');
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out('UPS Packages').sort()).toEqual([...ups].sort());
		expect(n8n.out('FedEx Packages').sort()).toEqual([...fedex].sort());
	});

	it('a seed recorded more than 24 hours before the first scheduled poll is not taken: that poll starts from now', async () => {
		const n8n = new DurableN8n(trigger({ event: 'newPackage' }));
		await n8n.activate();
		await ship(2);
		await advance(25 * HOUR);
		await n8n.tick();
		expect(n8n.out()).toEqual([]);
		const b = await ship(2);
		await advance(MINUTE);
		await n8n.tick();
		expect(n8n.out().sort()).toEqual([...b].sort());
	});

	it('a seed read under other filters is not taken (the filters changed before the first scheduled poll)', async () => {
		const n8n = new DurableN8n(trigger({ event: 'newPackage', filters: { carrier: 'UPS' } }));
		await n8n.activate();
		const [seed] = Object.values((n8n.staticData.global as IDataObject)[SEEDS_KEY] as IDataObject);
		await ship(2, 'FEX');
		// the same node, its filters changed: the seed recorded under the UPS filter is not the FedEx one's
		const changed = new DurableN8n(trigger({ event: 'newPackage', filters: { carrier: 'FEX' } }));
		changed.staticData = clone(n8n.staticData);
		await advance(MINUTE);
		await changed.tick();
		expect(changed.out()).toEqual([]);
		expect(seed).toMatchObject({ event: 'newPackage' });
	});
});

describe('trigger: the seed in the global static data where n8n keeps the node static data (the default)', () => {
	it('lives from the first poll to the next, keyed by node id; polls emit as before', async () => {
		const json = trigger({ event: 'newPackage' });
		const first = await runPoll(json, TRIGGER_NODE, fx.credential(), {});
		expect(first.items).toEqual([]);
		const seeds = (first.staticData.global as IDataObject)[SEEDS_KEY] as IDataObject;
		expect(Object.keys(seeds)).toEqual([json.nodes[0].id]);
		expect(seeds[json.nodes[0].id]).toMatchObject({ event: 'newPackage', state: (first.staticData[`node:${TRIGGER_NODE}`] as { events: IDataObject }).events.newPackage });
		const a = await ship(2);
		await advance(MINUTE);
		const second = await runPoll(json, TRIGGER_NODE, fx.credential(), first.staticData);
		expect(second.items.map((i) => String(i.json.trackingNumber)).sort()).toEqual([...a].sort());
		expect(second.staticData.global ?? {}).not.toHaveProperty(SEEDS_KEY);
		// a stored state this version cannot read later on starts again as on activation, as before (no seed to take)
		const broken = clone(second.staticData);
		(broken[`node:${TRIGGER_NODE}`] as { events: { newPackage: IDataObject } }).events.newPackage.cursor = 'yesterday';
		await ship(2);
		await advance(MINUTE);
		expect((await runPoll(json, TRIGGER_NODE, fx.credential(), broken)).items).toEqual([]);
	});
});
