// Scenario 5: n8n's queue mode, 2,000 sales-order creates by webhook (one execution each), 20 ms latency, no provider limit:
// one worker vs two workers with the same concurrency each, the throughput ratio with each process's CPU beside it; and two
// workers with n8n's legacy expression engine (n8n 2.x evaluates expressions in a new V8 isolate per execution).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import pLimit from 'p-limit';

import { ensureN8n, importInto, packPackage, ROOT } from '../../e2e/lib/n8n';
import { ensureOwner, login } from '../../e2e/lib/server';
import { activate, deliver, describeTopology, startQueue, treeCpuSeconds, type Topology } from '../../e2e/lib/queue';
import { ordersWorkflow, ORDERS_PATH, queueSandboxCredential, QUEUE_WORKFLOWS } from '../../e2e/lib/queueWorkflows';
import { round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

const ORDERS = 2_000;
const LATENCY_MS = 20;
/** jobs each worker runs at once (n8n's default) */
const CONCURRENCY = 10;
const DIR = join(ROOT, '.work', 'queue', 'bench');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** n8n's settings for the third variant: expressions evaluated in the process, as n8n 1.x did */
const LEGACY_EXPRESSIONS = { N8N_EXPRESSION_ENGINE: 'legacy' };

interface VariantResult {
	workers: number;
	/** the n8n settings the variant adds to the topology's */
	settings: NodeJS.ProcessEnv;
	executions: number;
	failed: number;
	/** first execution started to last execution stopped, from n8n's execution records */
	seconds: number;
	perSecond: number;
	/** CPU seconds per process over that run (/proc/<pid>/stat, the process and its children) */
	cpu: Record<string, number>;
	wallSeconds: number;
}

/** The sandbox's process: the child of this process running test/sandbox/cli.js. */
function sandboxPid(): number | undefined {
	for (const task of readdirSync(`/proc/${process.pid}/task`)) {
		for (const pid of readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number)) {
			try {
				if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(join('sandbox', 'cli.js'))) return pid;
			} catch {
				// exited meanwhile
			}
		}
	}
	return undefined;
}

async function runVariant(sandbox: SandboxProcess, tarball: string, workers: number, settings: NodeJS.ProcessEnv = {}): Promise<VariantResult> {
	await sandbox.reset();
	await sandbox.control('POST', 'latency', { ms: LATENCY_MS });
	let topology: Topology | undefined;
	try {
		topology = await startQueue({
			dir: join(DIR, `${workers}-worker`),
			tarball,
			workers,
			concurrency: CONCURRENCY,
			webhook: true,
			fresh: true,
			durable: false,
			logLevel: 'warn',
			settings,
			beforeMain: (env) => {
				importInto('credentials', [queueSandboxCredential(sandbox.baseUrl)], env);
				importInto('workflow', [ordersWorkflow()], env);
			},
		});
		await ensureOwner(topology.mainUrl);
		await activate(await login(topology.mainUrl), QUEUE_WORKFLOWS.orders);
		console.log(`  queue mode, ${workers} worker(s):\n${describeTopology(topology).map((l) => `    ${l}`).join('\n')}`);
		const services = topology.services();
		const pids: Record<string, number> = Object.fromEntries(services.map((s) => [s.name, s.child.pid as number]));
		const sandboxProcess = sandboxPid();
		if (sandboxProcess) pids.sandbox = sandboxProcess;
		const cpuOf = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, treeCpuSeconds(pid)]));
		const ownCpu = () => {
			const u = process.cpuUsage();
			return (u.user + u.system) / 1e6;
		};
		const cpuBefore = cpuOf();
		const ownBefore = ownCpu();
		const started = performance.now();

		const url = `${topology.webhookUrl}/webhook/${ORDERS_PATH}`;
		const limit = pLimit(16);
		await Promise.all(
			Array.from({ length: ORDERS }, (_, i) =>
				limit(async () => {
					const status = await deliver(url, { OrderNo: `B-${String(i + 1).padStart(5, '0')}`, items: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] });
					if (status !== 200) throw new Error(`webhook answered ${status}`);
				}),
			),
		);
		const sql = topology.sql;
		for (;;) {
			const [row] = await sql.query<{ done: string; total: string }>(
				`SELECT count(*) FILTER (WHERE status NOT IN ('new', 'running', 'waiting')) AS done, count(*) AS total FROM execution_entity WHERE "workflowId" = $1`,
				[QUEUE_WORKFLOWS.orders],
			);
			if (Number(row.done) >= ORDERS) break;
			if (performance.now() - started > 15 * 60_000) throw new Error(`only ${row.done} of ${ORDERS} executions finished in 15 minutes`);
			await sleep(500);
		}
		const wallSeconds = (performance.now() - started) / 1000;
		const cpuAfter = cpuOf();
		const cpu = Object.fromEntries(Object.keys(pids).map((name) => [name, round(cpuAfter[name] - cpuBefore[name], 1)]));
		cpu['bench (webhook sender)'] = round(ownCpu() - ownBefore, 1);
		const [span] = await sql.query<{ seconds: number; failed: string; n: string }>(
			`SELECT EXTRACT(EPOCH FROM max("stoppedAt") - min("startedAt"))::float AS seconds, count(*) FILTER (WHERE status <> 'success') AS failed, count(*) AS n
			 FROM execution_entity WHERE "workflowId" = $1`,
			[QUEUE_WORKFLOWS.orders],
		);
		return {
			workers,
			settings,
			executions: Number(span.n),
			failed: Number(span.failed),
			seconds: round(span.seconds, 1),
			perSecond: round(Number(span.n) / span.seconds, 1),
			cpu,
			wallSeconds: round(wallSeconds, 1),
		};
	} finally {
		await topology?.stop();
	}
}

export async function queueScale(sandbox: SandboxProcess): Promise<ScenarioResult> {
	ensureN8n();
	const tarball = packPackage();
	const one = await runVariant(sandbox, tarball, 1);
	const two = await runVariant(sandbox, tarball, 2);
	const legacy = await runVariant(sandbox, tarball, 2, LEGACY_EXPRESSIONS);
	const ratio = round(two.perSecond / one.perSecond);
	const cpuSeconds = (r: VariantResult) => Object.values(r.cpu).reduce((a, b) => a + b, 0);
	const cores = (r: VariantResult) => round(cpuSeconds(r) / r.wallSeconds, 2);
	return {
		id: 'queueScale',
		title: `5. Queue mode: ${ORDERS.toLocaleString('en-US')} creates by webhook, ${LATENCY_MS} ms latency, no limit: 1 worker vs 2 workers (and 2 with legacy expressions)`,
		method:
			`n8n 2.41.1 in queue mode (PostgreSQL 15, Redis 7, a main, a webhook processor, workers with --concurrency=${CONCURRENCY} each), ` +
			`fresh for each variant; the workflow Webhook → Wine Fulfillment Sales Order → Create, one execution per order; ${ORDERS} ` +
			'deliveries to the webhook processor, 16 at a time. Throughput = executions / (last stoppedAt - first startedAt) from ' +
			"n8n's execution_entity. CPU = user + system seconds of each process and its children from /proc/<pid>/stat over the " +
			'whole run (deliveries to the last finished execution); the bench process sends the webhooks; the sandbox runs in its own process. ' +
			"The third row: two workers with N8N_EXPRESSION_ENGINE=legacy in every process (n8n 2.41's default, vm, gives each execution " +
			'a new isolated-vm isolate for its expressions; legacy evaluates them in the process, as n8n 1.x did): where the CPU goes.',
		rows: [one, two, legacy].map((r) => ({
			variant: `${r.workers} worker${r.workers > 1 ? 's' : ''} × ${CONCURRENCY}${Object.entries(r.settings)
				.map(([name, value]) => `, ${name}=${value}`)
				.join('')}`,
			executions: r.executions,
			failed: r.failed,
			's (first start → last stop)': r.seconds,
			'executions/s': r.perSecond,
			'vs 1 worker': round(r.perSecond / one.perSecond),
			'cores busy': cores(r),
			'cpu ms per execution': round((cpuSeconds(r) / r.executions) * 1000, 0),
			'cpu s per process': Object.entries(r.cpu)
				.map(([name, s]) => `${name} ${s}`)
				.join(', '),
		})),
		goals: [goal('throughput 2 workers / 1 worker', ratio, 1.6, 'x', true)],
		runs: [one, two, legacy],
	};
}
