// Scenario 1: Return All over 100,000 inventory status records (40 pages of 2,500; our node's overlap by one record, 41), our node vs the floor.
import { inChild } from '../lib/child';
import { ACTION_NODE, runNode } from '../lib/engine';
import { FloorClient } from '../lib/floor';
import { HelperClient } from '../lib/helper';
import { measure, median, mib, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

export const RECORDS = 100_000;
const PAGE = 2_500;
const WARM_UPS = 3;
const RUNS = 5;

type Variant = 'floor' | 'ours' | 'helper' | 'floor2';
const VARIANTS: Variant[] = ['floor', 'ours', 'helper', 'floor2'];

const LABELS: Record<Variant, string> = {
	floor: 'floor: undici keep-alive',
	ours: 'ours: Get Status, Return All (engine)',
	helper: "reference: n8n's request helper alone",
	floor2: 'reference: floor, two pages in flight',
};

interface TimedRun {
	variant: Variant;
	records: number;
	wallMs: number;
	cpuMs: number;
}

interface MemoryRun {
	variant: Variant;
	/** heap + external in use, garbage included (no forced GC) */
	inUsePeakBytes: number;
	/** reachable heap + external (full GC before each sample) */
	livePeakBytes: number;
}

const PARAMETERS = { resource: 'inventory', operation: 'getStatus', returnAll: true, includeUnavailableItems: true };

/** One Return All; the result (records or output items) is what stays in memory. */
function fetcher(variant: Variant, baseUrl: string, floor: FloorClient): () => Promise<unknown[]> {
	if (variant === 'floor') return () => floor.allStatuses(PAGE);
	if (variant === 'floor2') return () => floor.allStatusesTwoInFlight(PAGE);
	if (variant === 'helper') {
		const helper = new HelperClient(baseUrl);
		return () => helper.allStatuses(PAGE);
	}
	return () => runNode(baseUrl, PARAMETERS).then((result) => result.output(ACTION_NODE));
}

const count = (records: unknown[]) => records.length;

interface ProcessRuns {
	timed: TimedRun[];
	memory: MemoryRun;
}

/**
 * One variant in its own process, as in a long-running n8n: warm-ups, then timed runs back to back
 * (each pays for the garbage collection of what runs before it left, as in steady state), then one
 * run sampling memory in use and one sampling live memory.
 */
async function variantProcess(args: { variant: Variant; baseUrl: string; runs: number }): Promise<ProcessRuns> {
	const floor = new FloorClient(args.baseUrl);
	const fetch = fetcher(args.variant, args.baseUrl, floor);
	const timed: TimedRun[] = [];
	for (let i = 0; i < WARM_UPS + args.runs; i++) {
		const m = await measure(fetch, count, { collectFirst: false });
		if (i >= WARM_UPS) timed.push({ variant: args.variant, records: m.summary, wallMs: m.wallMs, cpuMs: m.cpuMs });
	}
	const inUse = await measure(fetch, count, { memory: 'in-use' });
	const live = await measure(fetch, count, { memory: 'live' });
	await floor.close();
	return { timed, memory: { variant: args.variant, inUsePeakBytes: inUse.peakBytes, livePeakBytes: live.peakBytes } };
}

export const WORKER_TASKS = { returnAll: variantProcess };

export async function returnAll(sandbox: SandboxProcess, processes: number): Promise<ScenarioResult> {
	await sandbox.reset();
	const floor = new FloorClient(sandbox.baseUrl);
	const jsonBytes = Buffer.byteLength(JSON.stringify(await floor.allStatuses(PAGE)));
	await floor.close();

	const timed: TimedRun[] = [];
	const memoryRuns: MemoryRun[] = [];
	for (let i = 0; i < processes; i++) {
		for (const variant of VARIANTS) {
			const result = await inChild<ProcessRuns>('returnAll', { variant, baseUrl: sandbox.baseUrl, runs: RUNS });
			timed.push(...result.timed);
			memoryRuns.push(result.memory);
		}
	}

	const time = (variant: Variant, key: 'wallMs' | 'cpuMs') => median(timed.filter((r) => r.variant === variant).map((r) => r[key]));
	const mem = (variant: Variant, key: 'inUsePeakBytes' | 'livePeakBytes') =>
		median(memoryRuns.filter((r) => r.variant === variant).map((r) => r[key]));
	const rows = VARIANTS.map((variant) => ({
		variant: LABELS[variant],
		records: timed.find((r) => r.variant === variant)?.records ?? 0,
		'wall ms': round(time(variant, 'wallMs'), 0),
		'cpu ms': round(time(variant, 'cpuMs'), 0),
		'wall vs floor': round(time(variant, 'wallMs') / time('floor', 'wallMs')),
		'live peak MiB': mib(mem(variant, 'livePeakBytes')),
		'live peak / JSON': round(mem(variant, 'livePeakBytes') / jsonBytes),
		'in-use peak MiB': mib(mem(variant, 'inUsePeakBytes')),
		'in-use peak / JSON': round(mem(variant, 'inUsePeakBytes') / jsonBytes),
	}));
	return {
		id: 'returnAll',
		title: `1. Return All: ${RECORDS.toLocaleString('en-US')} records, ${RECORDS / PAGE} pages of ${PAGE}`,
		method:
			`Each variant in its own process, ${processes} processes each, alternating; sandbox in its own process. ` +
			"The floor pages one at a time; ours keeps two pages in flight once the total is known (the second reference floor does too). " +
			"Helper reference: the floor's paging through n8n's outbound HTTP client with our credential's authenticate, no engine, no node. " +
			`Time: median of ${RUNS} runs per process after ${WARM_UPS} warm-ups, back to back as in a long-running n8n; ` +
			`medians over all ${processes * RUNS} runs. Memory: one run per process after those, medians over the processes; ` +
			'memory = process.memoryUsage() heapUsed + external, minus its value after a full GC before the run. ' +
			'Live peak (the goal): full GC before every sample (every 10 ms, and at the end with the records still held). ' +
			"In-use peak: samples every 2 ms without forcing GC, so it includes garbage V8 has not collected yet (V8's heap sizing). " +
			`Records' JSON: Buffer.byteLength(JSON.stringify(records)) = ${mib(jsonBytes)} MiB.`,
		rows,
		goals: [
			goal('wall time ours / floor', round(time('ours', 'wallMs') / time('floor', 'wallMs')), 1.25, 'x'),
			goal('live peak memory / records JSON', round(mem('ours', 'livePeakBytes') / jsonBytes), 2, 'x'),
		],
		runs: { jsonBytes, timed, memory: memoryRuns },
	};
}
