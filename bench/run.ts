// `npm run bench`: the benchmark scenarios of issues 8 and 15, a table on the terminal and bench/results/latest.json.
// `npm run bench -- 1 3` runs only the scenarios named (1 returnAll, 2 rateLimit, 3 overhead, 4 packageLoad, 5 queueScale,
// 6 trackingPoll, 7 expressionEngines).
import './lib/env';

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { N8N_DIR, ROOT } from '../e2e/lib/n8n';
import { machine, printGoals, printScenario, type ScenarioResult } from './lib/report';
import { SandboxProcess } from './lib/sandbox';
import { expressionEngines } from './scenarios/expressionEngines';
import { overhead } from './scenarios/overhead';
import { packageLoad } from './scenarios/packageLoad';
import { queueScale } from './scenarios/queueScale';
import { rateLimit } from './scenarios/rateLimit';
import { RECORDS, returnAll } from './scenarios/returnAll';
import { trackingPoll } from './scenarios/trackingPoll';

/** A scenario that failed to run: recorded with its error, its goals counted as missed. */
function failed(id: string, error: unknown): ScenarioResult {
	const message = error instanceof Error ? error.message : String(error);
	return { id, title: `${id}: did not run`, method: message, rows: [], goals: [], error: message };
}

/** The major Node.js version the measurements are for: n8n 2.x runs on nothing older. */
const NODE_MAJOR = 24;

async function main() {
	if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
		// an older node measures another runtime than n8n's, and would still write bench/results/latest.json
		console.error(
			`bench: this is Node.js ${process.version}; n8n 2.x, and so these measurements, need Node.js ${NODE_MAJOR}. ` +
				'Run `bash scripts/dev.sh bench` (it sets up Node.js 24), or `source scripts/toolchain.sh` first.',
		);
		process.exit(2);
	}
	const wanted = new Set(process.argv.slice(2));
	const runs = (n: string) => wanted.size === 0 || wanted.has(n);
	const started = Date.now();
	const loadAtStart = loadavg().map((n) => Number(n.toFixed(2)));
	if (loadAtStart[0] > 1) {
		console.log(`note: load average ${loadAtStart[0]} on ${cpus().length} CPUs: other work on this machine makes wall times less reliable`);
	}
	const results: ScenarioResult[] = [];
	const report = async (id: string, scenario: () => ScenarioResult | Promise<ScenarioResult>) => {
		try {
			const result = await scenario();
			printScenario(result);
			results.push(result);
		} catch (error) {
			console.error(`\nscenario ${id} failed:`, error);
			results.push(failed(id, error));
		}
	};

	if (runs('1')) {
		const big = await SandboxProcess.start(RECORDS);
		await report('returnAll', () => returnAll(big, 3));
		await big.stop();
	}
	if (runs('2') || runs('3')) {
		const small = await SandboxProcess.start(1_000);
		if (runs('2')) await report('rateLimit', () => rateLimit(small));
		if (runs('3')) await report('overhead', () => overhead(small, 2_000, 7));
		await small.stop();
	}
	if (runs('4')) await report('packageLoad', () => packageLoad(15));
	if (runs('5')) {
		const sandbox = await SandboxProcess.start(1_000);
		await report('queueScale', () => queueScale(sandbox));
		await sandbox.stop();
	}
	if (runs('6')) {
		const sandbox = await SandboxProcess.start(1_000);
		await report('trackingPoll', () => trackingPoll(sandbox));
		await sandbox.stop();
	}
	if (runs('7')) await report('expressionEngines', () => expressionEngines(100, 5));

	const summary = {
		generatedAt: new Date().toISOString(),
		durationSeconds: Math.round((Date.now() - started) / 1000),
		loadAverageAtStart: loadAtStart,
		machine: machine(ROOT, N8N_DIR),
		scenarios: results,
	};
	console.log('\nGoals');
	printGoals(results);
	const goals = results.flatMap((r) => r.goals);
	const passed = goals.filter((g) => g.pass).length;
	if (wanted.size === 0) {
		const out = join(ROOT, 'bench', 'results');
		mkdirSync(out, { recursive: true });
		writeFileSync(join(out, 'latest.json'), `${JSON.stringify(summary, null, '\t')}\n`);
	}
	const each = goals.map((g) => `${g.metric} ${g.value} ${g.unit} ${g.pass ? 'ok' : 'MISSED'}`).join('; ');
	const written = wanted.size === 0 ? ', written to bench/results/latest.json' : '';
	const broken = results.filter((r) => r.error).map((r) => r.id);
	const notRun = broken.length ? `; did not run: ${broken.join(', ')}` : '';
	console.log(`bench: ${passed} of ${goals.length} goals met (${each})${notRun} in ${summary.durationSeconds} s${written}`);
	if (broken.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
