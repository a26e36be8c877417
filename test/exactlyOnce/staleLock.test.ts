// The lock of the record of sent orders left by a process that died holding it: each waiter takes it out after a limit
// of its own, drawn between 15 s and 30 s (so that two waiters seldom take it out at once), on a fake clock.
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { MemoryDeduplicator } from '../harness/dedup';

type SentOrdersModule = typeof import('../../nodes/WineFulfillment/actions/sentOrders');

const workflow = { id: 'wf-stale-lock', active: true };
const node = { id: 'node-1', name: 'Wine Fulfillment' } as INode;
const contextData = { workflow, node };

function context(store: MemoryDeduplicator): IExecuteFunctions {
	return {
		helpers: {
			checkProcessedAndRecord: (items: string[], scope: 'node' | 'workflow', options: { mode: 'entries' }) =>
				store.checkProcessedAndRecord(items, scope, contextData, options),
			removeProcessed: (items: string[], scope: 'node' | 'workflow', options: { mode: 'entries' }) =>
				store.removeProcessed(items, scope, contextData, options),
			getProcessedDataCount: (scope: 'node' | 'workflow', options: { mode: 'entries' }) => store.getProcessedDataCount(scope, contextData, options),
			clearAllProcessedItems: (scope: 'node' | 'workflow') => store.clearAllProcessedItems(scope, contextData),
		},
		getWorkflow: () => ({ id: workflow.id, name: 'stale lock', active: true }),
		getNode: () => node,
		getCredentials: async () => ({ customerNo: 'C10042', baseUrl: 'https://fulfillment.example/v3' }),
		getNodeParameter: (_name: string, _itemIndex: number, fallback: unknown) => fallback,
		addExecutionHints: () => undefined,
	} as unknown as IExecuteFunctions;
}

/** A fresh n8n process: its own copy of the node's module. */
function aProcess(): SentOrdersModule {
	let module: SentOrdersModule | undefined;
	jest.isolateModules(() => {
		module = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');
	});
	return module as SentOrdersModule;
}

describe('a lock left by a process that died holding it', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => {
		jest.useRealTimers();
		jest.restoreAllMocks();
	});

	it.each([
		[0, 15_000],
		[0.5, 22_500],
		[0.9, 28_500],
	])('a waiter whose draw is %p takes it out after %p ms, not before, and its claim goes on', async (draw, limitMs) => {
		jest.spyOn(Math, 'random').mockReturnValue(draw);
		const store = new MemoryDeduplicator();
		// the dead process's lock row
		store.seed(workflow.id, `n:${node.id}`, 'latestIncrementalKey', 1);
		const record = await aProcess().sentOrdersFor(context(store), 'salesOrder', 0, true);
		let state: string | undefined;
		const claiming = record!.claim(['AFTER-CRASH'], 0).then((claims) => (state = claims.get('AFTER-CRASH')?.state));
		await jest.advanceTimersByTimeAsync(limitMs - 500);
		expect(state).toBeUndefined();
		expect(store.hasRow(workflow.id, `n:${node.id}`)).toBe(true);
		// the waits between attempts last at most 75 ms: the next attempt after the limit takes the lock
		await jest.advanceTimersByTimeAsync(1_000);
		await claiming;
		expect(state).toBe('claimed');
	});
});
