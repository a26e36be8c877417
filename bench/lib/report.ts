// What a scenario hands back, the machine and versions it ran on, and the terminal table.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';

export interface Goal {
	/** what is compared, e.g. "wall time ours / floor" */
	metric: string;
	value: number;
	/** the goal: value <= limit, or >= limit when `atLeast` */
	limit: number;
	atLeast?: boolean;
	unit: string;
	pass: boolean;
}

export interface ScenarioResult {
	id: string;
	title: string;
	/** how it was measured, in a sentence or two */
	method: string;
	/** one row per variant with its raw numbers (medians where repeated) */
	rows: Array<Record<string, string | number | boolean | null>>;
	goals: Goal[];
	/** every repetition's raw numbers, for the JSON file */
	runs?: unknown;
	/** why the scenario did not run */
	error?: string;
}

export function goal(metric: string, value: number, limit: number, unit: string, atLeast = false): Goal {
	return { metric, value, limit, atLeast, unit, pass: atLeast ? value >= limit : value <= limit };
}

function version(root: string, name: string): string | null {
	const manifest = join(root, 'node_modules', name, 'package.json');
	return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : null;
}

export function machine(root: string, n8nDir: string) {
	const cpu = cpus();
	const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
	return {
		os: `${platform()} ${release()}`,
		cpuModel: cpu[0]?.model ?? 'unknown',
		cpuCount: cpu.length,
		memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
		node: process.version,
		/** 1, 5 and 15 minute load averages when the run ended: other work on the machine skews wall times */
		loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
		versions: {
			[own.name]: own.version,
			n8n: version(n8nDir, 'n8n'),
			'n8n-nodes-base (real n8n)': version(n8nDir, 'n8n-nodes-base'),
			'n8n-core (harness)': version(root, 'n8n-core'),
			'n8n-workflow (harness)': version(root, 'n8n-workflow'),
			undici: version(root, 'undici'),
		},
	};
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

/** The table of goals, one line per goal, for the terminal. */
export function printGoals(results: ScenarioResult[]): void {
	const rows = results.flatMap((r) =>
		r.goals.map((g) => ({
			scenario: r.title,
			metric: g.metric,
			measured: `${fmt(g.value)} ${g.unit}`,
			goal: `${g.atLeast ? '>=' : '<='} ${fmt(g.limit)} ${g.unit}`,
			result: g.pass ? 'pass' : 'FAIL',
		})),
	);
	console.table(rows);
}

export function printScenario(result: ScenarioResult): void {
	console.log(`\n${result.title}\n  ${result.method}`);
	console.table(result.rows);
}
