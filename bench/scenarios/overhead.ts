// Scenario 3: CPU time per request at concurrency 1: our node (through the engine) vs raw undici, with three references:
// n8n's own request helper alone (what every node's request goes through), the global fetch, and our node through the
// engine with n8n's outbound client answering at once (the engine's and the node's own work, no network).
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';

import { inChild } from '../lib/child';
import { ACTION_NODE, runNode } from '../lib/engine';
import { FloorClient, GET_STATUS, STATUS_FILTERS } from '../lib/floor';
import { HelperClient } from '../lib/helper';
import { measure, median, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

type Variant = 'floor' | 'helper' | 'ours' | 'fetch' | 'noNetwork';
const VARIANTS: Variant[] = ['floor', 'ours', 'helper', 'fetch', 'noNetwork'];

const LABELS: Record<Variant, string> = {
	floor: 'floor: undici keep-alive',
	helper: "reference: n8n's request helper alone",
	ours: 'ours: Get Status, Limit 1 (engine)',
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
	requestOptions: { concurrency: 1 },
};

const BODY = { ...STATUS_FILTERS, Skip: 0, Top: 1 };

function sequential(requests: number, send: () => Promise<unknown>): Promise<void> {
	return (async () => {
		for (let i = 0; i < requests; i++) await send();
	})();
}

function runner(variant: Variant, baseUrl: string, client: FloorClient): (requests: number) => Promise<void> {
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

/** In one process, each variant warmed up with 500 requests, then alternating: floor, ours, helper, ... */
async function timing(args: { baseUrl: string; requests: number; repetitions: number }): Promise<Run[]> {
	const client = new FloorClient(args.baseUrl);
	const runners = VARIANTS.map((variant) => ({ variant, run: runner(variant, args.baseUrl, client) }));
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
	await sandbox.reset();
	const runs = await inChild<Run[]>('overheadTiming', { baseUrl: sandbox.baseUrl, requests, repetitions });
	const perRequestUs = (variant: Variant, key: 'wallMs' | 'cpuMs') =>
		(median(runs.filter((r) => r.variant === variant).map((r) => r[key])) / requests) * 1000;
	const floorCpu = perRequestUs('floor', 'cpuMs');
	return {
		id: 'overhead',
		title: `3. Per-request overhead: ${requests.toLocaleString('en-US')} sequential Get Status (Top 1)`,
		method:
			`process.cpuUsage() (user + system) of the client process only, per request; medians of ${repetitions} alternating ` +
			'runs in one process, each variant warmed up with 500 requests first; sandbox in its own process. Ours: one input item per request, ' +
			"Request Options → Concurrency 1, through the engine. References: the same request through n8n's outbound HTTP client " +
			"(OutboundHttp, as httpRequestWithAuthentication sends it) with our credential's authenticate, no engine; and the same " +
			"through Node's global fetch (keep-alive), the only HTTP client a community node has besides n8n's helpers (n8n Cloud " +
			"allows no other import), no engine; and ours through the engine with n8n's outbound client answering every request " +
			'at once with a one-record page (the engine\'s and the node\'s own work per item, no network).',
		rows: VARIANTS.map((variant) => ({
			variant: LABELS[variant],
			'cpu µs/request': round(perRequestUs(variant, 'cpuMs'), 0),
			'wall µs/request': round(perRequestUs(variant, 'wallMs'), 0),
			'cpu vs floor': round(perRequestUs(variant, 'cpuMs') / floorCpu),
			"cpu vs n8n's helper": round(perRequestUs(variant, 'cpuMs') / perRequestUs('helper', 'cpuMs')),
		})),
		goals: [goal('CPU per request ours / floor', round(perRequestUs('ours', 'cpuMs') / floorCpu), 1.5, 'x')],
		runs,
	};
}
