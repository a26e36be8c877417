// The workflows and REST helpers of the exactly-once end-to-end test: store orders by webhook, a bulk run to kill, Retry On Fail.
import type { Session } from './server';
import { SANDBOX_CREDENTIAL, type WorkflowFile, type WorkflowNode } from './examples';

export const ONCE_WORKFLOWS = {
	webhook: 'wineE2eOnceHook1',
	bulk: 'wineE2eOnceBulk1',
	retry: 'wineE2eOnceRtry1',
} as const;

export const ONCE_WEBHOOK_PATH = 'exactly-once-orders';
export const CREATE_NODE = 'Create Sales Order';
export const MANUAL_NODE = 'Start';

const credentials = { wineFulfillmentApi: SANDBOX_CREDENTIAL };

/** Create from items that carry OrderNo and items (the wire shape); `extra` adds node settings. */
function createNode(orderNo: string, items: string, extra: Partial<WorkflowNode> & Record<string, unknown> = {}): WorkflowNode {
	return {
		id: 'eo-create',
		name: CREATE_NODE,
		type: 'n8n-nodes-wine-fulfillment.wineFulfillment',
		typeVersion: 1,
		position: [440, 0],
		credentials,
		parameters: { resource: 'salesOrder', operation: 'create', orderNo, orderType: 'RETAIL', itemsInput: 'json', itemsJson: items },
		...extra,
	};
}

/** Store orders by webhook (answered at once), one sales order each. */
export function webhookWorkflow(): WorkflowFile {
	return {
		id: ONCE_WORKFLOWS.webhook,
		name: 'Exactly once: store orders by webhook',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'eo-hook',
				name: 'Store Order',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '2b7f4c1e-0e0f-4d7a-9c43-5e0e0c1a0b01',
				parameters: { httpMethod: 'POST', path: ONCE_WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
			} as WorkflowNode,
			createNode('={{ $json.body.OrderNo }}', '={{ $json.body.items }}'),
		],
		connections: { 'Store Order': { main: [[{ node: CREATE_NODE, type: 'main', index: 0 }]] } },
	};
}

/** Manual start → the orders (inline JSON) → one item each → Create; `create` adds node settings. */
function ordersWorkflow(id: string, name: string, orders: unknown[], create: Partial<WorkflowNode> & Record<string, unknown>, settings = {}): WorkflowFile {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1', ...settings },
		nodes: [
			{ id: 'eo-start', name: MANUAL_NODE, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'eo-orders',
				name: 'Orders',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ orders }), options: {} },
			},
			{
				id: 'eo-split',
				name: 'One Item Per Order',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [330, 0],
				parameters: { fieldToSplitOut: 'orders', options: {} },
			},
			createNode('={{ $json.OrderNo }}', '={{ $json.items }}', create),
		],
		connections: {
			[MANUAL_NODE]: { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
			Orders: { main: [[{ node: 'One Item Per Order', type: 'main', index: 0 }]] },
			'One Item Per Order': { main: [[{ node: CREATE_NODE, type: 'main', index: 0 }]] },
		},
	};
}

export const order = (orderNo: string, itemNo = 'WINE-000000') => ({ OrderNo: orderNo, items: [{ ItemNo: itemNo, ItemQuantity: 1 }] });

export const orderNumbers = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(3, '0')}`);

/**
 * Many orders in one run, failed items to the error output; n8n saves the run after each node, so an execution
 * killed in Create can be retried from Create with its input.
 */
export const bulkWorkflow = (numbers: string[]) =>
	ordersWorkflow(
		ONCE_WORKFLOWS.bulk,
		'Exactly once: a bulk run (killed, then retried)',
		numbers.map((n) => order(n)),
		{ onError: 'continueErrorOutput' },
		{ saveExecutionProgress: true },
	);

/** n8n's node setting Retry On Fail on Create. */
export const retryWorkflow = (numbers: string[]) =>
	ordersWorkflow(ONCE_WORKFLOWS.retry, 'Exactly once: Retry On Fail', numbers.map((n) => order(n)), {
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 100,
	});

export interface ExecutionSummary {
	id: string;
	status: string;
}

const RUNNING = ['new', 'running', 'waiting'];
const ENDED = ['success', 'error', 'crashed', 'canceled'];

/** How many executions of a workflow there are (with one of these statuses), and the newest 100 of them. */
export async function executionsOf(
	session: Session,
	workflowId: string,
	status?: string[],
): Promise<{ count: number; newest: ExecutionSummary[] }> {
	const filter = encodeURIComponent(JSON.stringify(status ? { workflowId, status } : { workflowId }));
	const data = await session.rest<{ count?: number; results?: Array<{ id: string | number; status: string }> }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	const newest = (data.results ?? []).map((e) => ({ id: String(e.id), status: e.status }));
	return { count: data.count ?? newest.length, newest };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the workflow has at least `count` executions and none is still running; returns the newest. */
export async function settledExecutions(session: Session, workflowId: string, count: number, timeoutMs: number): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const all = await executionsOf(session, workflowId);
		const running = await executionsOf(session, workflowId, RUNNING);
		if (all.count >= count && running.count === 0) return all.newest;
		if (Date.now() > deadline) {
			throw new Error(`${workflowId}: ${all.count} of ${count} executions, ${running.count} still running, in time`);
		}
		await sleep(500);
	}
}

/** How many executions of the workflow ended with each status. */
export async function byStatus(session: Session, workflowId: string): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const status of ENDED) {
		const { count } = await executionsOf(session, workflowId, [status]);
		if (count) counts[status] = count;
	}
	return counts;
}
