// The record of sent orders driven directly, as separate n8n processes over one store: a minimal execute context with the
// store's helpers as n8n-core binds them, and a process's own copy of the node's module (its own queues and memory).
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import type { MemoryDeduplicator } from '../harness/dedup';

export type SentOrdersModule = typeof import('../../nodes/WineFulfillment/actions/sentOrders');

type Scope = 'node' | 'workflow';
type Options = Parameters<MemoryDeduplicator['checkProcessedAndRecord']>[3];

export const RECORD_NODE = { id: 'node-1', name: 'Wine Fulfillment' } as INode;

/** One node run's context of workflow `workflowId` over `store`, every parameter at its default (Scope Workflow). */
export function recordContext(store: MemoryDeduplicator, workflowId: string): IExecuteFunctions {
	const contextData = { workflow: { id: workflowId, active: true }, node: RECORD_NODE };
	return {
		helpers: {
			checkProcessedAndRecord: async (items: string[], scope: Scope, options: Options) =>
				await store.checkProcessedAndRecord(items, scope, contextData, options),
			removeProcessed: async (items: string[], scope: Scope, options: Options) => await store.removeProcessed(items, scope, contextData, options),
			getProcessedDataCount: async (scope: Scope, options: Options) => await store.getProcessedDataCount(scope, contextData, options),
			clearAllProcessedItems: async (scope: Scope) => await store.clearAllProcessedItems(scope, contextData),
		},
		getWorkflow: () => ({ id: workflowId, name: workflowId, active: true }),
		getNode: () => RECORD_NODE,
		getCredentials: async () => ({ customerNo: 'C10042', baseUrl: 'https://fulfillment.example/v3' }),
		getNodeParameter: (_name: string, _itemIndex: number, fallback: unknown) => fallback,
		addExecutionHints: () => undefined,
	} as unknown as IExecuteFunctions;
}

/** An n8n process: its own copy of the node's module (own queues, own in-flight orders, own memory). */
export function aProcess(): SentOrdersModule {
	let module: SentOrdersModule | undefined;
	jest.isolateModules(() => {
		module = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');
	});
	return module as SentOrdersModule;
}

/** n8n's store calls a failing store's tests take down. */
type StoreCall = 'checkProcessedAndRecord' | 'removeProcessed';

/** Runs `work` with `calls` of `store` failing as a lost database connection does, then gives them back. */
export async function withStoreDown<T>(store: MemoryDeduplicator, calls: StoreCall[], work: () => Promise<T>): Promise<T> {
	const own = store as unknown as Record<StoreCall, unknown>;
	for (const call of calls) own[call] = () => Promise.reject(new Error('Connection terminated unexpectedly'));
	try {
		return await work();
	} finally {
		// the class's own methods again
		for (const call of calls) delete own[call];
	}
}
