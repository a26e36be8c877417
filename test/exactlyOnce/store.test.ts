// n8n's deduplication store as the node uses it: the in-memory twin's semantics, and the race window measured: n8n's own
// (one store round trip), closed between executions of one process (the node runs its calls one at a time) and between
// processes (each claim is checked by its owner value once overlapping writes have landed).
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { MemoryDeduplicator } from '../harness/dedup';

type SentOrdersModule = typeof import('../../nodes/WineFulfillment/actions/sentOrders');

const workflow = { id: 'wf-store', active: true };
const node = { id: 'node-1', name: 'Wine Fulfillment' } as INode;
const contextData = { workflow, node };
const entries = { mode: 'entries' as const };

describe("the store twin behaves as n8n's DeduplicationHelper", () => {
	it('records what is new, reports what was there, and keeps only hashes', async () => {
		const store = new MemoryDeduplicator();
		expect(await store.checkProcessedAndRecord(['a', 'b'], 'workflow', contextData, entries)).toEqual({ new: ['a', 'b'], processed: [] });
		expect(await store.checkProcessedAndRecord(['b', 'c'], 'workflow', contextData, entries)).toEqual({ new: ['c'], processed: ['b'] });
		expect(await store.getProcessedDataCount('workflow', contextData, entries)).toBe(3);
		await store.removeProcessed(['a', 'zz'], 'workflow', contextData, entries);
		expect(await store.checkProcessedAndRecord(['a'], 'workflow', contextData, entries)).toEqual({ new: ['a'], processed: [] });
		// scope node is its own list
		expect(await store.checkProcessedAndRecord(['a'], 'node', contextData, entries)).toEqual({ new: ['a'], processed: [] });
		expect(store.count('wf-store', 'n:node-1')).toBe(1);
		await store.clearAllProcessedItems('workflow', contextData);
		expect(await store.getProcessedDataCount('workflow', contextData, entries)).toBe(0);
	});

	it('keeps the newest maxEntries values, refuses another mode, and cannot remove in a latest mode', async () => {
		const store = new MemoryDeduplicator();
		await store.checkProcessedAndRecord(['1', '2', '3'], 'workflow', contextData, { mode: 'entries', maxEntries: 2 });
		expect(await store.checkProcessedAndRecord(['1', '3'], 'workflow', contextData, { mode: 'entries', maxEntries: 2 })).toEqual({
			new: ['1'],
			processed: ['3'],
		});
		await expect(store.checkProcessedAndRecord(['5'], 'workflow', contextData, { mode: 'latestIncrementalKey' })).rejects.toThrow(
			'incompatible setting',
		);
		await expect(store.removeProcessed(['1'], 'node', contextData, { mode: 'latestDate' })).rejects.toThrow('not possible in mode');
	});
});

/** A minimal execute context for the record of sent orders: the store's helpers as n8n-core binds them. */
function context(store: MemoryDeduplicator): IExecuteFunctions {
	return {
		helpers: {
			checkProcessedAndRecord: (items: string[], scope: 'node' | 'workflow', options: typeof entries) =>
				store.checkProcessedAndRecord(items, scope, contextData, options),
			removeProcessed: (items: string[], scope: 'node' | 'workflow', options: typeof entries) =>
				store.removeProcessed(items, scope, contextData, options),
			getProcessedDataCount: (scope: 'node' | 'workflow', options: typeof entries) => store.getProcessedDataCount(scope, contextData, options),
		},
		getWorkflow: () => ({ id: workflow.id, name: 'race', active: true }),
		getNode: () => node,
		getCredentials: async () => ({ customerNo: 'C10042', baseUrl: 'https://fulfillment.example/v3' }),
		getNodeParameter: (_name: string, _itemIndex: number, fallback: unknown) => fallback,
		addExecutionHints: () => undefined,
	} as unknown as IExecuteFunctions;
}

/** A second n8n process: its own copy of the node's module (own queues, own in-flight orders). */
function anotherProcess(): SentOrdersModule {
	let module: SentOrdersModule | undefined;
	jest.isolateModules(() => {
		module = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');
	});
	return module as SentOrdersModule;
}

const thisProcess = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');

/**
 * Two executions claim order X, the second `offsetMs` after the first; each store read and write takes `latencyMs`.
 * Returns how many of them were allowed to send it. The first settles as sent as soon as it holds the claim.
 */
async function race(second: SentOrdersModule, offsetMs: number, latencyMs: number, orderNo: string): Promise<number> {
	const store = new MemoryDeduplicator();
	store.latencyMs = latencyMs;
	// the workflow's list exists already (on the very first claim, a racer's insert fails: nothing sent)
	store.seed(workflow.id, '', 'entries', []);
	let claimed = 0;
	const attempt = async (module: SentOrdersModule) => {
		const record = await module.sentOrdersFor(context(store), 'salesOrder', 0, true);
		if (!record) throw new Error('no store');
		const claim = (await record.claim([orderNo], 0)).get(orderNo);
		if (claim?.state === 'claimed') {
			claimed++;
			await record.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF' }]);
		}
	};
	const first = attempt(thisProcess);
	await jest.advanceTimersByTimeAsync(offsetMs);
	const later = attempt(second);
	await jest.advanceTimersByTimeAsync(100 * latencyMs + 1000);
	await Promise.all([first, later]);
	return claimed;
}

describe('the race window, measured (fake clock)', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	const LATENCY = 20;
	const offsets = Array.from({ length: 3 * LATENCY }, (_, i) => i);

	it("n8n's store alone: two calls that start less than one round trip apart both find a value new", async () => {
		const doubled: number[] = [];
		for (const offset of offsets) {
			const store = new MemoryDeduplicator();
			store.latencyMs = LATENCY;
			store.seed(workflow.id, '', 'entries', []);
			const a = store.checkProcessedAndRecord(['x'], 'workflow', contextData, entries);
			await jest.advanceTimersByTimeAsync(offset);
			const b = store.checkProcessedAndRecord(['x'], 'workflow', contextData, entries);
			await jest.advanceTimersByTimeAsync(10 * LATENCY);
			const results = await Promise.all([a.catch(() => null), b.catch(() => null)]);
			if (results.filter((r) => r?.new.length === 1).length === 2) doubled.push(offset);
		}
		// the first call's write lands one round trip after its read: a call starting within that time reads too early
		expect(doubled).toEqual(offsets.filter((offset) => offset < LATENCY));
	});

	it('between executions of one n8n process the node closes it: never two claims, whatever the offset', async () => {
		const claims: number[] = [];
		for (const offset of offsets) claims.push(await race(thisProcess, offset, LATENCY, `SAME-${offset}`));
		expect(claims.every((n) => n === 1)).toBe(true);
	});

	it('between two n8n processes (queue mode) the check after each claim settles it: never two claims', async () => {
		const other = anotherProcess();
		const claims: number[] = [];
		for (const offset of offsets) claims.push(await race(other, offset, LATENCY, `OTHER-${offset}`));
		// n8n's window (offsets below one round trip) granted both claims; each then checked its owner value
		expect(claims.every((n) => n === 1)).toBe(true);
	});

	it("between two processes, a claim another order's write dropped (n8n's lost update) is put back by the check", async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		store.seed(workflow.id, '', 'entries', []);
		const claimIn = async (module: SentOrdersModule, orderNo: string) => {
			const record = await module.sentOrdersFor(context(store), 'salesOrder', 0, true);
			const state = (await record?.claim([orderNo], 0))?.get(orderNo)?.state;
			if (state === 'claimed') await record?.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF' }]);
			return state;
		};
		const a = claimIn(thisProcess, 'LOST-A');
		await jest.advanceTimersByTimeAsync(LATENCY / 2);
		const b = claimIn(other, 'LOST-B');
		await jest.advanceTimersByTimeAsync(100 * LATENCY);
		expect(await Promise.all([a, b])).toEqual(['claimed', 'claimed']);
		// B's claim wrote back a list read before A's claim landed; A's check found its values gone and put them back
		expect(store.count(workflow.id)).toBe(2);
		for (const [module, orderNo] of [[other, 'LOST-A'], [thisProcess, 'LOST-B']] as const) {
			const again = claimIn(module, orderNo);
			await jest.advanceTimersByTimeAsync(100 * LATENCY);
			expect(await again).toBe('sent');
		}
	});
});
