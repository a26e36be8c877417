// Shared by the exactly-once tests: n8n's deduplication store (the in-memory twin) per test, orders in, counts out.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { MemoryDeduplicator, installDeduplicator } from '../harness/dedup';
import { startWorkflow, type RunResult, type WorkflowJson } from '../harness/harness';
import type { SandboxFixture } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import { SKU_A, createFromItems, line } from '../salesOrder/helpers';
import { duplicateOrders, ordersPerNumber } from '../sandbox/stores';

export { ACTION_NODE };

/** A fresh store for each test, installed as n8n's CLI installs its own; `store()` is the current one. */
export function useStore(): () => MemoryDeduplicator {
	let store = new MemoryDeduplicator();
	beforeEach(async () => {
		store = new MemoryDeduplicator();
		await installDeduplicator(store);
	});
	afterAll(async () => await installDeduplicator(undefined));
	return () => store;
}

/** Input items for Create: one order each, one bottle of the seeded wine. */
export const orders = (prefix: string, count: number): IDataObject[] =>
	Array.from({ length: count }, (_, i) => ({ OrderNo: `${prefix}-${String(i + 1).padStart(3, '0')}`, items: [line(SKU_A, 1)] }));

/** Sales Order → Create over the input items, with extra parameters (e.g. sendOnce, sendOnceOptions), on version 1 unless told. */
export function createWorkflow(items: IDataObject[], extra: Record<string, unknown> = {}, options: ActionWorkflowOptions = {}): WorkflowJson {
	return actionWorkflow(createFromItems(extra, options.typeVersion), { ...options, items });
}

/** The same workflow with n8n's node setting "Retry On Fail". */
export function withRetryOnFail(json: WorkflowJson, maxTries = 3, waitBetweenTries = 10): WorkflowJson {
	const nodes = json.nodes.map((node) => (node.name === ACTION_NODE ? { ...node, retryOnFail: true, maxTries, waitBetweenTries } : node));
	return { ...json, nodes };
}

export const salesOrderParameters = (operation: string, parameters: Record<string, unknown> = {}): INodeParameters =>
	({ resource: 'salesOrder', operation, ...parameters }) as INodeParameters;

/** Batch Create on version 2 (its batch settings in Options) over the input items. */
export const batchWorkflow = (items: IDataObject[], extra: Record<string, unknown> = {}, continueOnFail = false): WorkflowJson =>
	actionWorkflow(
		salesOrderParameters('batchCreate', {
			orderNo: '={{ $json.OrderNo }}',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: '={{ $json.items ?? [] }}',
			...extra,
		}),
		{ items, continueOnFail, typeVersion: 2 },
	);

/** The order numbers of the Create requests the sandbox received, in order. */
export const sentOrderNumbers = async (fx: SandboxFixture): Promise<string[]> =>
	(await fx.control.requests('CreateSalesOrder')).map((r) => (r.body.OrderInfo as { OrderNo: string }).OrderNo);

/**
 * A run that must not wait for a send: one still running after `guardMs` (a wait for a send that may run 2.5 minutes)
 * is stopped; `stopped` says whether it had to be.
 */
export async function runPromptly(fx: SandboxFixture, json: WorkflowJson, guardMs = 5_000): Promise<RunResult & { stopped: boolean }> {
	const started = startWorkflow(json, fx.credential());
	let stopped = false;
	const guard = setTimeout(() => {
		stopped = true;
		started.cancel();
	}, guardMs);
	try {
		return Object.assign(await started.result, { stopped });
	} finally {
		clearTimeout(guard);
	}
}

/** How many orders each of these numbers has in the sandbox (0 when none). */
export function countsOf(fx: SandboxFixture, numbers: string[]): number[] {
	const counts = ordersPerNumber(fx.sandbox.state);
	return numbers.map((n) => counts.get(n) ?? 0);
}

export const duplicates = (fx: SandboxFixture) => duplicateOrders(fx.sandbox.state);

export const out = (result: RunResult): INodeExecutionData[] => result.output(ACTION_NODE);

/** The execution hints the action node left. */
export const hints = (result: RunResult): string[] =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);
