// An action node context for unit tests of the per-item runner and the query reader: input items, node
// parameters per item and Continue On Fail, over fakeContext's in-memory answer function.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import get from 'lodash/get';

import type { MemoryDeduplicator } from '../harness/dedup';
import { UNIT_NODE, fakeContext, type FakeAnswer, type SentRequest } from './fakeContext';

export interface FakeExecuteOptions {
	/** the node's parameters, the same for every item or per item index */
	params?: IDataObject | ((itemIndex: number) => IDataObject);
	/** input items; one empty item when absent */
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** the provider; a test that expects no request leaves it out and fails on any */
	answer?: (request: SentRequest, index: number) => FakeAnswer | Promise<FakeAnswer>;
	/** the node's version (fakeContext's, 1, unless given) */
	typeVersion?: number;
}

/** `n` input items, each paired to itself as n8n hands them to a node. */
export function inputItems(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({ json: { i }, pairedItem: { item: i } }));
}

export function fakeExecute({ params = {}, items = inputItems(1), continueOnFail = false, answer, typeVersion }: FakeExecuteOptions = {}) {
	const base = fakeContext(
		answer ??
			((request) => {
				throw new Error(`no request expected, got ${request.url}`);
			}),
	);
	/** every parameter read: [name, itemIndex] */
	const reads: Array<[string, number]> = [];
	// one node run: every try of it (a call of execute on this context) has the same execute data, as in n8n
	const executeData = { node: UNIT_NODE, data: { main: [items] }, source: null };
	const extra = {
		...(typeVersion === undefined ? {} : { getNode: () => ({ ...UNIT_NODE, typeVersion }) }),
		getInputData: () => items,
		getExecuteData: () => executeData,
		continueOnFail: () => continueOnFail,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			reads.push([name, itemIndex]);
			const all = typeof params === 'function' ? params(itemIndex) : params;
			const value: unknown = get(all, name);
			if (value !== undefined) return value;
			// as n8n: a missing parameter without a fallback is an error
			if (fallback === undefined) throw new Error(`Could not get parameter "${name}"`);
			return fallback;
		},
	};
	const ctx = Object.assign(base.ctx, extra) as unknown as IExecuteFunctions;
	return { ctx, sent: base.sent, reads };
}

type StoreOptions = Parameters<MemoryDeduplicator['checkProcessedAndRecord']>[3];
type StoreScope = Parameters<MemoryDeduplicator['checkProcessedAndRecord']>[1];

/** n8n's deduplication helpers over `store`, as n8n hands them to the node of workflow `workflowId`. */
export function withDeduplicationStore(ctx: IExecuteFunctions, store: MemoryDeduplicator, workflowId: string): void {
	const contextData = { workflow: { id: workflowId, active: true }, node: ctx.getNode() };
	Object.assign(ctx, { getWorkflow: () => ({ id: workflowId, name: 'unit', active: true }) });
	Object.assign(ctx.helpers, {
		checkProcessedAndRecord: async (items: string[], scope: StoreScope, options: StoreOptions) =>
			await store.checkProcessedAndRecord(items, scope, contextData, options),
		removeProcessed: async (items: string[], scope: StoreScope, options: StoreOptions) =>
			await store.removeProcessed(items, scope, contextData, options),
		getProcessedDataCount: async (scope: StoreScope, options: StoreOptions) => await store.getProcessedDataCount(scope, contextData, options),
		clearAllProcessedItems: async (scope: StoreScope) => await store.clearAllProcessedItems(scope, contextData),
	});
}
