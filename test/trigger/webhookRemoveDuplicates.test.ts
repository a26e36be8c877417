// The tracking webhook's remedy for deliveries that land on two n8n processes at once: Remove Duplicates on eventId across executions.
// The harness cannot load n8n-nodes-base; the node's deduplication branch and n8n's store are reproduced below (see each header).
import { createHash, randomUUID } from 'node:crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDataObject,
	IDeduplicationOutput,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import type * as Harness from '../harness/harness';
import { NodeTypes, runWorkflow, WEBHOOK_TYPE, type WorkflowJson } from '../harness/harness';

const NODE = 'Tracking Webhook';
const DEDUPE = 'Remove Duplicates';
const REMOVE_DUPLICATES_TYPE = 'n8n-nodes-base.removeDuplicates';

/** One round trip to the database: other executions run in between, as they do in n8n. */
const roundTrip = () => new Promise<void>((resolve) => setImmediate(resolve));

/** n8n's processed_data table: one row per (workflowId, context), primary key on both. */
class ProcessedDataTable {
	readonly rows = new Map<string, { mode: string; data: DeduplicationItemTypes[] }>();

	async findOne(key: string) {
		await roundTrip();
		const row = this.rows.get(key);
		return row && { mode: row.mode, data: [...row.data] };
	}

	async insert(key: string, value: { mode: string; data: DeduplicationItemTypes[] }) {
		await roundTrip();
		if (this.rows.has(key)) throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		this.rows.set(key, { mode: value.mode, data: [...value.data] });
	}

	async update(key: string, value: { mode: string; data: DeduplicationItemTypes[] }) {
		await roundTrip();
		this.rows.set(key, { mode: value.mode, data: [...value.data] });
	}
}

/**
 * n8n's DeduplicationHelper (packages/cli/src/deduplication/deduplication-helper.ts), mode
 * "entries", over that table: the row is read, the items checked against its md5 hashes, then the
 * row inserted (first time) or written back. No lock is taken between the read and the write.
 */
class DeduplicationHelperPort implements IDataDeduplicator {
	constructor(private readonly table: ProcessedDataTable) {}

	private key(scope: DeduplicationScope, data: ICheckProcessedContextData) {
		return `${data.workflow.id}|${scope === 'node' ? `n:${data.node?.id ?? ''}` : ''}`;
	}

	private hash(value: DeduplicationItemTypes) {
		return createHash('md5').update(value.toString()).digest('base64');
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		const key = this.key(scope, data);
		const row = await this.table.findOne(key);
		const hashed = items.map((item) => this.hash(item));
		if (!row) {
			await this.table.insert(key, { mode: options.mode, data: options.maxEntries ? hashed.slice(-options.maxEntries) : hashed });
			return { new: items, processed: [] };
		}
		const out: IDeduplicationOutput = { new: [], processed: [] };
		const known = new Set(row.data);
		hashed.forEach((h, i) => {
			if (known.has(h)) out.processed.push(items[i]);
			else {
				out.new.push(items[i]);
				row.data.push(h);
			}
		});
		if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
		await this.table.update(key, row);
		return out;
	}

	async getProcessedDataCount(scope: DeduplicationScope, data: ICheckProcessedContextData): Promise<number> {
		return (await this.table.findOne(this.key(scope, data)))?.data.length ?? 0;
	}

	async removeProcessed(): Promise<void> {}

	async clearAllProcessedItems(): Promise<void> {}
}

/**
 * Remove Duplicates v2 (n8n-nodes-base), operation "Remove Items Processed in Previous Executions",
 * logic "Value Is New": items grouped by the dedupe value, checked and recorded through n8n-core's
 * deduplication helpers, output Kept / Discarded.
 */
class RemoveDuplicatesAcrossExecutions implements INodeType {
	description = {
		displayName: 'Remove Duplicates',
		name: 'removeDuplicates',
		group: ['transform'],
		version: 2,
		description: 'Delete items with matching field values',
		defaults: { name: 'Remove Duplicates' },
		inputs: ['main'],
		outputs: ['main', 'main'],
		// the parameters this branch reads, with v2's names (n8n keeps only declared parameters)
		properties: [
			{ displayName: 'Operation', name: 'operation', type: 'options', default: 'removeDuplicateInputItems', options: [{ name: 'Remove Items Processed in Previous Executions', value: 'removeItemsSeenInPreviousExecutions' }] },
			{ displayName: 'Keep Items Where', name: 'logic', type: 'options', default: 'removeItemsWithAlreadySeenKeyValues', options: [{ name: 'Value Is New', value: 'removeItemsWithAlreadySeenKeyValues' }] },
			{ displayName: 'Value to Dedupe On', name: 'dedupeField', type: 'string', default: '' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{ displayName: 'Scope', name: 'scope', type: 'options', default: 'node', options: [{ name: 'Node', value: 'node' }, { name: 'Workflow', value: 'workflow' }] },
					{ displayName: 'History Size', name: 'historySize', type: 'number', default: 10000 },
				],
			},
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const scope = this.getNodeParameter('options.scope', 0, 'node') as DeduplicationScope;
		const groups: Record<string, INodeExecutionData[]> = {};
		items.forEach((item, i) => {
			const value = String(this.getNodeParameter('dedupeField', i, '') ?? '');
			(groups[value] ??= []).push(item);
		});
		const maxEntries = Number(this.getNodeParameter('options.historySize', 0, 10000));
		const result = await this.helpers.checkProcessedAndRecord(Object.keys(groups), scope, { mode: 'entries', maxEntries });
		return [result.new.flatMap((k) => groups[String(k)]), result.processed.flatMap((k) => groups[String(k)])];
	}
}

class WithRemoveDuplicates extends NodeTypes {
	private readonly removeDuplicates = new RemoveDuplicatesAcrossExecutions();

	getByNameAndVersion(name: string): INodeType {
		return name === REMOVE_DUPLICATES_TYPE ? this.removeDuplicates : super.getByNameAndVersion(name);
	}
}

const table = new ProcessedDataTable();
beforeAll(async () => {
	await DataDeduplicationService.init(new DeduplicationHelperPort(table));
});
beforeEach(() => table.rows.clear());

/** The tracking example's webhook path: the trigger, then Remove Duplicates on eventId across the workflow's executions. */
const workflow: WorkflowJson = {
	nodes: [
		{ id: 'w1', name: NODE, type: WEBHOOK_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'w2',
			name: DEDUPE,
			type: REMOVE_DUPLICATES_TYPE,
			typeVersion: 2,
			position: [220, 0],
			parameters: {
				operation: 'removeItemsSeenInPreviousExecutions',
				logic: 'removeItemsWithAlreadySeenKeyValues',
				dedupeField: '={{ $json.eventId }}',
				options: { scope: 'workflow' },
			},
		},
	],
	connections: { [NODE]: { main: [[{ node: DEDUPE, type: 'main', index: 0 }]] } },
};

/** An n8n process: its own copy of our node's module (and so of what it holds in memory). */
function n8nProcess(): typeof Harness {
	let harness: typeof Harness | undefined;
	jest.isolateModules(() => {
		harness = jest.requireActual<typeof Harness>('../harness/harness');
	});
	return harness as typeof Harness;
}

const delivery = (eventId: string): IDataObject => ({
	event: 'tracking_update',
	event_id: eventId,
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', checkpoints: [] },
});

/** The webhook call in one process, with the workflow's static data as n8n loaded it for that call. */
const receive = (process: typeof Harness, eventId: string, staticData: IDataObject = {}) =>
	process.runWebhook({ nodes: [workflow.nodes[0]], connections: {} }, NODE, { body: delivery(eventId) }, {}, staticData);

/** The execution a delivery starts: what Remove Duplicates keeps. */
async function execute(items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const run = await runWorkflow({ ...workflow, pinData: { [NODE]: items } }, {}, 'manual', new WithRemoveDuplicates());
	if (run.error) throw new Error(run.error.message);
	return run.output(DEDUPE);
}

describe('tracking webhook: two simultaneous deliveries of one event', () => {
	it('in one n8n process: the trigger emits the event once', async () => {
		const one = n8nProcess();
		const id = randomUUID();
		const deliveries = await Promise.all([receive(one, id), receive(one, id)]);
		expect(deliveries.map((d) => d.items.length).sort()).toEqual([0, 1]);
		const kept = await Promise.all(deliveries.filter((d) => d.items.length).map((d) => execute(d.items)));
		expect(kept.flat().map((i) => i.json.eventId)).toEqual([id]);
	});

	it('in two n8n processes: both emit it; Remove Duplicates on eventId keeps one when the executions reach it one after the other', async () => {
		const [first, second] = [n8nProcess(), n8nProcess()];
		// an earlier event, so the workflow's deduplication row exists, as in a running workflow
		expect(await execute((await receive(first, randomUUID())).items)).toHaveLength(1);

		const id = randomUUID();
		const deliveries = await Promise.all([receive(first, id), receive(second, id)]);
		expect(deliveries.map((d) => d.items.length)).toEqual([1, 1]);
		const kept = [...(await execute(deliveries[0].items)), ...(await execute(deliveries[1].items))];
		expect(kept.map((i) => i.json.eventId)).toEqual([id]);
	});

	it("in two n8n processes whose executions reach Remove Duplicates at the same moment: n8n 2.41's store reads, then writes back, so both pass", async () => {
		const [first, second] = [n8nProcess(), n8nProcess()];
		await execute((await receive(first, randomUUID())).items);
		const id = randomUUID();
		const deliveries = await Promise.all([receive(first, id), receive(second, id)]);
		const kept = await Promise.all(deliveries.map((d) => execute(d.items)));
		// the limit the README states: this remedy narrows the window, it does not close it
		expect(kept.flat().map((i) => i.json.eventId)).toEqual([id, id]);
	});
});
