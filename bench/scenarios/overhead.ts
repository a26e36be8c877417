// Scenario 3: CPU time per request at concurrency 1: our node through the engine vs n8n's own request helper alone (what
// every node's request goes through) and vs n8n's HTTP Request node making the same call in the same engine; raw undici, the
// global fetch and our node with n8n's outbound client answering at once (the engine's and the node's own work) as references.
import { join } from 'node:path';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE, wireRequest } from '../../nodes/WineFulfillment/transport/request';
import { NodeTypes, runWorkflow, sandboxCredential, type WorkflowJson } from '../../test/harness/harness';
import { actionWorkflow, CREDENTIAL_ID } from '../../test/harness/workflows';
import { SANDBOX_CREDENTIALS } from '../../test/sandbox/server';
import { ensureN8n, N8N_DIR } from '../../e2e/lib/n8n';

import { inChild } from '../lib/child';
import { ACTION_NODE, runNode } from '../lib/engine';
import { FloorClient, GET_STATUS, STATUS_FILTERS } from '../lib/floor';
import { HelperClient } from '../lib/helper';
import { measure, median, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

export type Variant = 'floor' | 'helper' | 'ours' | 'httpNode' | 'minimal' | 'fetch' | 'noNetwork';
export const VARIANTS: Variant[] = ['ours', 'helper', 'httpNode', 'minimal', 'floor', 'fetch', 'noNetwork'];

const LABELS: Record<Variant, string> = {
	floor: 'reference: raw undici keep-alive',
	helper: "n8n's request helper alone",
	ours: 'ours: Get Status, Limit 1 (engine)',
	httpNode: "n8n's HTTP Request node, same call (engine)",
	minimal: 'reference: a minimal node, same request (engine)',
	fetch: 'reference: global fetch, keep-alive',
	noNetwork: "reference: ours with n8n's client answering at once",
};

interface Run {
	variant: Variant;
	requests: number;
	wallMs: number;
	cpuMs: number;
}

/** Get Status, Top 1, one input item per request, one request at a time. */
const PARAMETERS = {
	resource: 'inventory',
	operation: 'getStatus',
	returnAll: false,
	limit: 1,
	includeUnavailableItems: true,
	options: { concurrency: 1 },
};

const BODY = { ...STATUS_FILTERS, Skip: 0, Top: 1 };

function sequential(requests: number, send: () => Promise<unknown>): Promise<void> {
	return (async () => {
		for (let i = 0; i < requests; i++) await send();
	})();
}

const HTTP_TYPE = 'n8n-nodes-base.httpRequest';
const HTTP_VERSION = 4.2;
const HTTP_NODE = 'HTTP Request';

const MINIMAL_TYPE = 'bench.minimal';

/**
 * What any node's request costs at least through the engine: per input item, the request ours sends (body from the
 * sandbox credential, same options) through httpRequestWithAuthentication, the answer parsed into the output item;
 * no parameters, no validation, no scrubbing, no pagination.
 */
const minimalNode: INodeType = {
	description: {
		displayName: 'Minimal',
		name: 'minimal',
		group: ['transform'],
		version: 1,
		description: 'bench reference',
		defaults: { name: 'Minimal' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		const credentialsDecrypted = { id: CREDENTIAL_ID, name: 'Sandbox', type: CREDENTIAL_TYPE, data: credentials };
		const items = this.getInputData().length;
		const out: INodeExecutionData[] = [];
		for (let item = 0; item < items; item++) {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				wireRequest(String(credentials.baseUrl), { method: 'POST', path: GET_STATUS }, { ...BODY }),
				{ credentialsDecrypted },
			)) as { body: string };
			out.push({ json: JSON.parse(response.body) as IDataObject, pairedItem: { item } });
		}
		return [out];
	},
};

/** The harness's node types plus n8n's HTTP Request node from the pinned real n8n (e2e/n8n) and the minimal node. */
class WithHttpRequest extends NodeTypes {
	private readonly httpRequest: INodeType;

	constructor() {
		super();
		const file = join(N8N_DIR, 'node_modules', 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { HttpRequest } = require(file) as { HttpRequest: new () => { getNodeType(version: number): unknown } };
		this.httpRequest = new HttpRequest().getNodeType(HTTP_VERSION) as INodeType;
	}

	getByNameAndVersion(name: string): INodeType {
		if (name === MINIMAL_TYPE) return minimalNode;
		return name === HTTP_TYPE ? this.httpRequest : super.getByNameAndVersion(name);
	}
}

/**
 * The same Get Status call as the HTTP Request node is set up for it: JSON body with the
 * Authentication object, the token header, redirects not followed (as ours), one item after the other
 * (batches of 1; the node's smallest batch interval, 1 ms, keeps it from sending every item at once).
 */
function httpNodeWorkflow(baseUrl: string, items: number): WorkflowJson {
	const c = SANDBOX_CREDENTIALS;
	return {
		name: 'bench: HTTP Request node',
		nodes: [
			{ id: 'h1', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'h2',
				name: HTTP_NODE,
				type: HTTP_TYPE,
				typeVersion: HTTP_VERSION,
				position: [220, 0],
				parameters: {
					method: 'POST',
					url: `${baseUrl}${GET_STATUS}`,
					sendHeaders: true,
					headerParameters: { parameters: [{ name: 'Authorization', value: `ServiceAuth ${c.token}` }] },
					sendBody: true,
					specifyBody: 'json',
					jsonBody: JSON.stringify({ ...BODY, Authentication: { UserKey: c.userKey, Password: c.password, CustomerNo: c.customerNo } }),
					options: {
						batching: { batch: { batchSize: 1, batchInterval: 1 } },
						// as our node sends it: a redirect is never followed
						redirect: { redirect: { followRedirects: false } },
					},
				},
			},
		],
		connections: { 'Manual Trigger': { main: [[{ node: HTTP_NODE, type: 'main', index: 0 }]] } },
		pinData: { 'Manual Trigger': Array.from({ length: items }, () => ({ json: {} })) },
	};
}

/** Runs the workflow built for `n` requests through the engine with the HTTP Request node and the minimal node known. */
function inEngine(
	label: string,
	node: string,
	build: (n: number) => { workflow: WorkflowJson; credentials: Record<string, ICredentialDataDecryptedObject> },
): (requests: number) => Promise<void> {
	const nodeTypes = new WithHttpRequest();
	return async (n) => {
		const { workflow, credentials } = build(n);
		const result = await runWorkflow(workflow, credentials, 'manual', nodeTypes);
		if (result.error) throw new Error(`${label}: ${result.error.message}`);
		if (result.output(node).length !== n) throw new Error(`${label}: one answer per input item expected`);
	};
}

function runner(variant: Variant, baseUrl: string, client: FloorClient): (requests: number) => Promise<void> {
	if (variant === 'httpNode') {
		return inEngine('HTTP Request node', HTTP_NODE, (n) => ({ workflow: httpNodeWorkflow(baseUrl, n), credentials: {} }));
	}
	if (variant === 'minimal') {
		return inEngine('minimal node', ACTION_NODE, (n) => ({
			workflow: actionWorkflow({}, { type: MINIMAL_TYPE, items: Array.from({ length: n }, () => ({})) }),
			credentials: { [CREDENTIAL_ID]: sandboxCredential(baseUrl) },
		}));
	}
	if (variant === 'floor') return (n) => sequential(n, () => client.post(GET_STATUS, BODY));
	if (variant === 'helper' || variant === 'fetch') {
		const helper = new HelperClient(baseUrl, variant === 'helper' ? 'n8n' : 'fetch');
		return (n) => sequential(n, () => helper.post(GET_STATUS, BODY));
	}
	const ours = async (n: number) => {
		const result = await runNode(baseUrl, PARAMETERS, Array.from({ length: n }, () => ({})));
		if (result.output(ACTION_NODE).length !== n) throw new Error('ours: one record per input item expected');
	};
	return variant === 'ours' ? ours : (n) => withoutNetwork(() => ours(n));
}

/** A Get Status page of one record, as the sandbox answers Top 1. */
const PAGE = JSON.stringify({
	WarehouseInventoryStatuses: [{ ItemNo: 'WF-0001', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', Quantity: 12 }],
	MoreRecords: true,
	TotalRecordCount: 1000,
});

/** Runs `work` with n8n's outbound HTTP client answering every request at once (runs are sequential). */
async function withoutNetwork(work: () => Promise<void>): Promise<void> {
	const outbound = Container.get(OutboundHttp);
	const requests = outbound.requests;
	outbound.requests = () => ({ ...requests.call(outbound), request: async () => ({ statusCode: 200, headers: {}, body: PAGE }) });
	try {
		await work();
	} finally {
		outbound.requests = requests;
	}
}

/**
 * In one process, each variant warmed up with 500 requests, then alternating: ours, helper, HTTP Request node, ...
 * `variants` runs only those (bench/profile.ts, to profile one variant at a time).
 */
async function timing(args: { baseUrl: string; requests: number; repetitions: number; variants?: Variant[] }): Promise<Run[]> {
	const client = new FloorClient(args.baseUrl);
	const runners = (args.variants ?? VARIANTS).map((variant) => ({ variant, run: runner(variant, args.baseUrl, client) }));
	for (const { run } of runners) await run(500);
	const runs: Run[] = [];
	for (let i = 0; i < args.repetitions; i++) {
		for (const { variant, run } of runners) {
			const m = await measure(() => run(args.requests), () => args.requests);
			runs.push({ variant, requests: args.requests, wallMs: m.wallMs, cpuMs: m.cpuMs });
		}
	}
	await client.close();
	return runs;
}

export const WORKER_TASKS = { overheadTiming: timing };

export async function overhead(sandbox: SandboxProcess, requests: number, repetitions: number): Promise<ScenarioResult> {
	// the HTTP Request node's row loads n8n's own node from the pinned n8n (installed on first use, as scenarios 2 and 5 do)
	ensureN8n();
	await sandbox.reset();
	const runs = await inChild<Run[]>('overheadTiming', { baseUrl: sandbox.baseUrl, requests, repetitions });
	const perRequestUs = (variant: Variant, key: 'wallMs' | 'cpuMs') =>
		(median(runs.filter((r) => r.variant === variant).map((r) => r[key])) / requests) * 1000;
	const floorCpu = perRequestUs('floor', 'cpuMs');
	const helperCpu = perRequestUs('helper', 'cpuMs');
	const httpNodeCpu = perRequestUs('httpNode', 'cpuMs');
	// the goals compare runs of one round (next to each other in time, so a slower or busier spell of the machine
	// weighs on both): the median over the rounds of ours / the other in that round
	const cpuOf = (variant: Variant) => runs.filter((r) => r.variant === variant).map((r) => r.cpuMs);
	const pairedRatio = (other: Variant) => median(cpuOf('ours').map((ours, round) => ours / cpuOf(other)[round]));
	return {
		id: 'overhead',
		title: `3. Per-request overhead: ${requests.toLocaleString('en-US')} sequential Get Status (Top 1)`,
		method:
			`process.cpuUsage() (user + system) of the client process only, per request; medians of ${repetitions} alternating ` +
			'runs in one process, each variant warmed up with 500 requests first; sandbox in its own process. The goals: the median, ' +
			"over the rounds, of ours / the other variant's run in the same round. Ours: one input item per request, " +
			"Options → Concurrency 1 (node version 2), through the engine (n8n-core's WorkflowExecute). n8n's request helper alone: the same request " +
			"through n8n's outbound HTTP client (OutboundHttp, as httpRequestWithAuthentication sends it, a new agent per request, redirects " +
			'not followed as ours) with our ' +
			"credential's authenticate, no engine: what any node's request costs at least. n8n's HTTP Request node (n8n-nodes-base " +
			`${HTTP_VERSION} from the pinned n8n) in the same engine, the same call set up by hand (JSON body with the Authentication object, ` +
			'token header, Redirects → Follow Redirects off as ours), one item per request, batches of 1 item 1 ms apart so the requests go one at a time. Reference rows: ' +
			'a minimal node in the same engine sending the same request per item through httpRequestWithAuthentication and parsing the answer ' +
			'(what any node costs at least through the engine; ours less it is what our node adds); raw undici ' +
			'with one keep-alive agent (not reachable by a community node: n8n builds a new agent for every request and a node can pass none); the same request ' +
			"through Node's global fetch (keep-alive), the only HTTP client a community node has besides n8n's helpers (n8n Cloud " +
			"allows no other import), no engine; and ours through the engine with n8n's outbound client answering every request " +
			'at once with a one-record page (the engine\'s and the node\'s own work per item, no network).',
		rows: VARIANTS.map((variant) => ({
			variant: LABELS[variant],
			'cpu µs/request': round(perRequestUs(variant, 'cpuMs'), 0),
			'wall µs/request': round(perRequestUs(variant, 'wallMs'), 0),
			"cpu vs n8n's helper": round(perRequestUs(variant, 'cpuMs') / helperCpu),
			'cpu vs HTTP Request node': round(perRequestUs(variant, 'cpuMs') / httpNodeCpu),
			'cpu vs raw undici': round(perRequestUs(variant, 'cpuMs') / floorCpu),
		})),
		goals: [
			goal("CPU per request ours / n8n's request helper", round(pairedRatio('helper')), 1.15, 'x'),
			// lower than the HTTP Request node: the ratio stays under 1 (rounded to two places, 1.00 is not lower)
			goal('CPU per request ours / HTTP Request node', round(pairedRatio('httpNode')), 0.99, 'x'),
		],
		runs,
	};
}
