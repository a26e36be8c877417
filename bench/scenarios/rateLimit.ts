// Scenario 2: 2,000 sales-order creates against a sandbox with 20 ms latency and a 50 requests/s limit
// (429 + Retry-After beyond it), in the real n8n: our node with its defaults vs n8n's HTTP Request node
// with its defaults, then with its batching tuned to the limit.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { ensureN8n, executeWorkflow, importInto, n8nEnv, packPackage, prepareUserFolder, ROOT } from '../../e2e/lib/n8n';
import { SANDBOX_CREDENTIALS } from '../../test/sandbox/server';
import { round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

const ORDERS = 2_000;
const PER_SECOND = 50;
const LATENCY_MS = 20;
const CREATE_PATH = '/api/SalesOrder/CreateSalesOrder';
const USER_FOLDER = join(ROOT, '.work', 'bench-n8n');
const CREDENTIAL = { id: 'benchWineCred01', name: 'Wine Fulfillment sandbox (bench)' };

type Variant = 'ours' | 'httpDefaults' | 'httpBatched';

interface Variation {
	variant: Variant;
	label: string;
	workflowId: string;
	/** the node that sends the creates */
	nodeName: string;
	node: Record<string, unknown>;
}

/** Manual Trigger → Code (2,000 orders) → the sending node, continuing on fail so every failure is an item. */
function workflow(v: Variation) {
	const orders = `return Array.from({ length: ${ORDERS} }, (_, i) => ({ json: { OrderNo: '${v.variant.toUpperCase()}-' + String(i + 1).padStart(5, '0'), items: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] } }));`;
	return {
		id: v.workflowId,
		name: `bench: ${v.label}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: 'b1', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'b2', name: 'Orders', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: orders } },
			{ id: 'b3', name: v.nodeName, position: [440, 0], onError: 'continueRegularOutput', ...v.node },
		],
		connections: {
			'Manual Trigger': { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
			Orders: { main: [[{ node: v.nodeName, type: 'main', index: 0 }]] },
		},
	};
}

/**
 * The HTTP Request node as a user sets it up for CreateSalesOrder: JSON body with the Authentication
 * object, token header, and Response Format "Text": the 201 answer is a bare JSON string, which the
 * default (autodetect) reports as an error on every item ("Response body is not valid JSON. Change
 * "Response Format" to "Text""), although the order was created.
 */
function httpRequestNode(baseUrl: string, batching?: Record<string, unknown>) {
	const c = SANDBOX_CREDENTIALS;
	return {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'POST',
			url: `${baseUrl}${CREATE_PATH}`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `ServiceAuth ${c.token}` }] },
			sendBody: true,
			specifyBody: 'json',
			jsonBody: [
				'={',
				`  "Authentication": { "UserKey": "${c.userKey}", "Password": "${c.password}", "CustomerNo": "${c.customerNo}" },`,
				'  "OrderInfo": { "OrderNo": "{{ $json.OrderNo }}", "OrderType": "RETAIL" },',
				'  "ItemsInfo": {{ JSON.stringify($json.items) }}',
				'}',
			].join('\n'),
			options: { response: { response: { responseFormat: 'text' } }, ...(batching ? { batching } : {}) },
		},
	};
}

function variations(baseUrl: string): Variation[] {
	return [
		{
			variant: 'ours',
			label: 'ours: Sales Order → Create, default settings',
			workflowId: 'benchOursCreate1',
			nodeName: 'Wine Fulfillment',
			node: {
				type: 'n8n-nodes-wine-fulfillment.wineFulfillment',
				typeVersion: 1,
				credentials: { wineFulfillmentApi: CREDENTIAL },
				parameters: {
					resource: 'salesOrder',
					operation: 'create',
					orderNo: '={{ $json.OrderNo }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: '={{ $json.items }}',
				},
			},
		},
		{
			variant: 'httpDefaults',
			label: 'HTTP Request, default settings (Response Format Text)',
			workflowId: 'benchHttpDefault',
			nodeName: 'HTTP Request',
			node: httpRequestNode(baseUrl),
		},
		{
			variant: 'httpBatched',
			label: `HTTP Request, batching ${PER_SECOND} items / 1000 ms`,
			workflowId: 'benchHttpBatched',
			nodeName: 'HTTP Request',
			node: httpRequestNode(baseUrl, { batch: { batchSize: PER_SECOND, batchInterval: 1000 } }),
		},
	];
}

interface TaskData {
	executionTime: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }>> };
}

interface VariantResult {
	variant: Variant;
	label: string;
	created: number;
	failed: number;
	duplicated: number;
	requests: number;
	rateLimited: number;
	/** the sending node's execution time as n8n recorded it (first request to last answer, and the node's own work) */
	nodeSeconds: number;
	/** the whole `n8n execute` command, n8n's boot included */
	commandSeconds: number;
	shareOfLimit: number;
	workflowError: string | null;
}

async function runVariation(sandbox: SandboxProcess, v: Variation, env: NodeJS.ProcessEnv): Promise<VariantResult> {
	await sandbox.reset();
	await sandbox.control('POST', 'latency', { ms: LATENCY_MS });
	await sandbox.control('POST', 'rate-limit', { perSecond: PER_SECOND });
	const started = performance.now();
	const run = executeWorkflow(v.workflowId, env) as { data?: { resultData?: { runData?: Record<string, TaskData[]>; error?: { message?: string } } } };
	const commandSeconds = (performance.now() - started) / 1000;
	const task = run.data?.resultData?.runData?.[v.nodeName]?.[0];
	const items = task?.data?.main?.[0] ?? [];

	const log = await sandbox.requests('CreateSalesOrder');
	const createdOrders = log
		.filter((r) => r.outcome === 'processed' && r.status === 201)
		.map((r) => String((r.body.OrderInfo as { OrderNo?: string } | undefined)?.OrderNo));
	const perOrder = new Map<string, number>();
	for (const orderNo of createdOrders) perOrder.set(orderNo, (perOrder.get(orderNo) ?? 0) + 1);
	const nodeSeconds = (task?.executionTime ?? 0) / 1000;
	const unique = perOrder.size;
	return {
		variant: v.variant,
		label: v.label,
		created: unique,
		failed: items.filter((item) => item.json.error !== undefined).length + Math.max(0, ORDERS - items.length),
		duplicated: [...perOrder.values()].filter((n) => n > 1).length,
		requests: log.length,
		rateLimited: log.filter((r) => r.outcome === 'rate-limited').length,
		nodeSeconds: round(nodeSeconds),
		commandSeconds: round(commandSeconds, 1),
		shareOfLimit: nodeSeconds > 0 ? round(unique / nodeSeconds / PER_SECOND, 3) : 0,
		workflowError: run.data?.resultData?.error?.message ?? null,
	};
}

export async function rateLimit(sandbox: SandboxProcess): Promise<ScenarioResult> {
	ensureN8n();
	mkdirSync(USER_FOLDER, { recursive: true });
	prepareUserFolder(USER_FOLDER, packPackage());
	// a broker port of its own, should n8n start its task runner
	const env = n8nEnv(USER_FOLDER, { N8N_RUNNERS_BROKER_PORT: '5791' });
	const c = SANDBOX_CREDENTIALS;
	importInto(
		'credentials',
		[{ ...CREDENTIAL, type: 'wineFulfillmentApi', data: { userKey: c.userKey, password: c.password, customerNo: c.customerNo, accessToken: c.token, baseUrl: sandbox.baseUrl } }],
		env,
	);
	const all = variations(sandbox.baseUrl);
	importInto('workflow', all.map(workflow), env);

	const results: VariantResult[] = [];
	for (const v of all) results.push(await runVariation(sandbox, v, env));

	const ours = results.find((r) => r.variant === 'ours') as VariantResult;
	return {
		id: 'rateLimit',
		title: `2. ${ORDERS.toLocaleString('en-US')} sales-order creates, ${LATENCY_MS} ms latency, limit ${PER_SECOND}/s (429 + Retry-After), real n8n`,
		method:
			'Each variant is a workflow (Manual Trigger → Code making the orders → sending node, continue on fail) run by `n8n execute` ' +
			'(HTTP Request with Response Format Text: its default reports the bare JSON string of a 201 as an error on every item) ' +
			'in the pinned real n8n with our packed package installed; sandbox reset before each. Created and duplicated come from the ' +
			"sandbox's request log (processed with 201; order numbers created more than once); failed = error items in n8n's output. " +
			"Time = the sending node's execution time in n8n's run data (its first request to its last answer); share of the limit = " +
			`created / time / ${PER_SECOND}. ${ORDERS} orders at ${PER_SECOND}/s need ${(ORDERS - PER_SECOND) / PER_SECOND} s after the bucket's first ${PER_SECOND}.`,
		rows: results.map((r) => ({
			variant: r.label,
			created: r.created,
			failed: r.failed,
			duplicated: r.duplicated,
			'requests sent': r.requests,
			'429s': r.rateLimited,
			'node s': r.nodeSeconds,
			'share of limit': `${Math.round(r.shareOfLimit * 100)} %`,
			'n8n execute s': r.commandSeconds,
			...(r.workflowError ? { error: r.workflowError } : {}),
		})),
		goals: [
			goal('ours: orders created', ours.created, ORDERS, 'orders', true),
			goal('ours: orders duplicated', ours.duplicated, 0, 'orders'),
			goal('ours: share of the rate limit', round(ours.shareOfLimit * 100, 1), 90, '%', true),
		],
		runs: results,
	};
}
