// An in-memory twin of n8n's deduplication store (n8n 2.41.1, packages/cli DeduplicationHelper), installed into n8n-core.
//
// Same semantics for what nodes can call: one row per workflow and context ('' for scope workflow, 'n:<node id>' for
// scope node) holding { mode, data }; values stored as MD5 (base64) of their text, so never readable back; a mode
// that differs from the row's is refused; maxEntries keeps the newest; removeProcessed takes out one match per value;
// a call reads the row, then inserts or updates it, with no lock: with `latencyMs` each of those steps takes that long,
// so two overlapping calls can both find a value new, and the later write drops the earlier one's values, as in n8n.
import { createHash } from 'node:crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationMode,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

interface Row {
	workflowId: string;
	context: string;
	value: { mode: DeduplicationMode; data: string[] | DeduplicationItemTypes };
}

const LATEST_MODES: DeduplicationMode[] = ['latestIncrementalKey', 'latestDate'];

/** n8n's compareValues: 1, 0 or -1; refuses what the mode cannot compare. */
function compare(mode: DeduplicationMode, a: DeduplicationItemTypes, b: DeduplicationItemTypes): number {
	const [x, y] = mode === 'latestIncrementalKey' ? [Number(a), Number(b)] : [Date.parse(String(a)), Date.parse(String(b))];
	if (Number.isNaN(x) || Number.isNaN(y)) {
		throw new Error(
			mode === 'latestIncrementalKey'
				? 'Invalid value. Only numbers are supported in mode "latestIncrementalKey"'
				: 'Invalid value. Only valid dates are supported in mode "latestDate"',
		);
	}
	return x === y ? 0 : x > y ? 1 : -1;
}

const hash = (value: DeduplicationItemTypes) => createHash('md5').update(value.toString()).digest('base64');

export class MemoryDeduplicator implements IDataDeduplicator {
	private readonly rows = new Map<string, Row>();
	/** how long each read and each write of a row takes (n8n: a database round trip); 0 = at once */
	latencyMs = 0;
	/** every value the node handed in, as text: to check what a key is made of (n8n itself keeps only hashes) */
	readonly seen: string[] = [];
	calls = 0;
	/** each call by what it does: lock / unlock (scope node, the node's lock row), record / remove / count / clear */
	readonly log: string[] = [];
	/** a database that fails: every count read throws this (n8n: the query's error) */
	countFails?: Error;

	private static context(scope: DeduplicationScope, contextData: ICheckProcessedContextData): string {
		if (scope !== 'node') return '';
		if (!contextData.node) throw new Error("No node information has been provided and so cannot use scope 'node'");
		return `n:${contextData.node.id}`;
	}

	private async pause(): Promise<void> {
		if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
	}

	private static key(workflowId: string, context: string): string {
		return `${workflowId}|${context}`;
	}

	/** A read: a copy of the row as it is once the read completes. */
	private async find(workflowId: string, context: string): Promise<Row | null> {
		await this.pause();
		const row = this.rows.get(MemoryDeduplicator.key(workflowId, context));
		return row ? (JSON.parse(JSON.stringify(row)) as Row) : null;
	}

	/** An insert: refused when the row exists by then (the table's primary key is workflow and context). */
	private async insert(row: Row): Promise<void> {
		await this.pause();
		const key = MemoryDeduplicator.key(row.workflowId, row.context);
		if (this.rows.has(key)) throw new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context');
		this.rows.set(key, JSON.parse(JSON.stringify(row)) as Row);
	}

	/**
	 * An update: the whole row as this call computed it, whatever was written in between; a row deleted in between
	 * stays deleted (n8n's repository update is an UPDATE ... WHERE workflow and context).
	 */
	private async update(row: Row): Promise<void> {
		await this.pause();
		const key = MemoryDeduplicator.key(row.workflowId, row.context);
		if (this.rows.has(key)) this.rows.set(key, JSON.parse(JSON.stringify(row)) as Row);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		this.calls++;
		this.log.push(scope === 'node' ? 'lock' : 'record');
		this.seen.push(...items.map(String));
		const context = MemoryDeduplicator.context(scope, contextData);
		if (!contextData.workflow.id) throw Object.assign(new Error('The expression evaluated to a falsy value'), { code: 'ERR_ASSERTION' });
		const workflowId = String(contextData.workflow.id);
		const row = await this.find(workflowId, context);
		if (row && row.value.mode !== options.mode) {
			throw new Error(
				"Deduplication data was originally saved with an incompatible setting of the 'Keep Items Where' parameter. Try 'Clean Database' operation to reset.",
			);
		}
		if (LATEST_MODES.includes(options.mode)) {
			const sorted = items.slice().sort((a, b) => compare(options.mode, a, b));
			if (!row) {
				await this.insert({ workflowId, context, value: { mode: options.mode, data: sorted.pop() as DeduplicationItemTypes } });
				return { new: items, processed: [] };
			}
			const out: IDeduplicationOutput = { new: [], processed: [] };
			let largest = row.value.data as DeduplicationItemTypes;
			for (const item of sorted) {
				if (compare(options.mode, item, row.value.data as DeduplicationItemTypes) === 1) {
					out.new.push(item);
					if (compare(options.mode, item, largest) === 1) largest = item;
				} else out.processed.push(item);
			}
			row.value.data = largest;
			await this.update(row);
			return out;
		}
		const hashed = items.map(hash);
		if (!row) {
			if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
			await this.insert({ workflowId, context, value: { mode: options.mode, data: hashed } });
			return { new: items, processed: [] };
		}
		const out: IDeduplicationOutput = { new: [], processed: [] };
		if (!Array.isArray(row.value.data)) return out;
		const data = row.value.data;
		const before = new Set(data);
		hashed.forEach((h, i) => {
			if (before.has(h)) out.processed.push(items[i]);
			else {
				out.new.push(items[i]);
				data.push(h);
			}
		});
		if (options.maxEntries) data.splice(0, data.length - options.maxEntries);
		await this.update(row);
		return out;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		this.calls++;
		this.log.push('remove');
		if (LATEST_MODES.includes(options.mode)) throw new Error('Removing processed data is not possible in mode "latest"');
		const row = await this.find(String(contextData.workflow.id), MemoryDeduplicator.context(scope, contextData));
		if (!row || !Array.isArray(row.value.data)) return;
		const data = row.value.data;
		for (const h of items.map(hash)) {
			const at = data.indexOf(h);
			if (at !== -1) data.splice(at, 1);
		}
		await this.update(row);
	}

	async clearAllProcessedItems(scope: DeduplicationScope, contextData: ICheckProcessedContextData): Promise<void> {
		this.calls++;
		this.log.push(scope === 'node' ? 'unlock' : 'clear');
		await this.pause();
		this.rows.delete(MemoryDeduplicator.key(String(contextData.workflow.id), MemoryDeduplicator.context(scope, contextData)));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		this.calls++;
		this.log.push('count');
		if (this.countFails) throw this.countFails;
		const row = await this.find(String(contextData.workflow.id), MemoryDeduplicator.context(scope, contextData));
		return options.mode === 'entries' && row && Array.isArray(row.value.data) ? row.value.data.length : 0;
	}

	/** Values held for a workflow and context ('' for scope workflow, 'n:<id>' for scope node). */
	count(workflowId: string, context = ''): number {
		const data = this.rows.get(MemoryDeduplicator.key(workflowId, context))?.value.data;
		return Array.isArray(data) ? data.length : 0;
	}

	/** Whether a row exists for a workflow and context (the node's lock is a row in a latest mode). */
	hasRow(workflowId: string, context: string): boolean {
		return this.rows.has(MemoryDeduplicator.key(workflowId, context));
	}

	/** Puts a row in as another node would have left it (e.g. Remove Duplicates in another mode). */
	seed(workflowId: string, context: string, mode: DeduplicationMode, data: string[] | DeduplicationItemTypes): void {
		this.rows.set(MemoryDeduplicator.key(workflowId, context), { workflowId, context, value: { mode, data } });
	}
}

/**
 * Makes n8n-core's helpers (this.helpers.checkProcessedAndRecord, ...) use `store`, as n8n's CLI does at start-up
 * (DataDeduplicationService.init); without a store, the helpers fail as in a process where n8n set none up.
 */
export async function installDeduplicator(store?: IDataDeduplicator): Promise<void> {
	(DataDeduplicationService as unknown as { instance?: unknown }).instance = undefined;
	if (store) await DataDeduplicationService.init(store);
}
