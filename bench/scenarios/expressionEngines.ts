// Scenario 7 (a reference, no goal): what n8n 2.41's expression engines cost per execution, alone: a scope acquired, the
// queue workflow's two expressions evaluated, the scope released and the pool refilled, through n8n's own ExpressionEvaluator.
import { join } from 'node:path';

import { ensureN8n, N8N_DIR } from '../../e2e/lib/n8n';
import { median, round } from '../lib/measure';
import type { ScenarioResult } from '../lib/report';

/** The two expressions of the queue orders workflow (e2e/lib/queueWorkflows.ts), and a store order as the webhook hands it on. */
const EXPRESSIONS = ['{{ $json.body.OrderNo }}', '{{ $json.body.items }}'];
const DATA = { $json: { body: { OrderNo: 'B-00001', items: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] } } };

interface Engine {
	label: string;
	/** N8N_EXPRESSION_ENGINE */
	engine: 'vm' | 'quickjs';
	poolSize: number;
	compileCache: boolean;
}

const ENGINES: Engine[] = [
	{ label: "vm (n8n's default): isolated-vm, pool 1", engine: 'vm', poolSize: 1, compileCache: false },
	{ label: 'vm, N8N_EXPRESSION_ENGINE_POOL_SIZE=4, N8N_EXPRESSION_ENGINE_COMPILE_CACHE=true', engine: 'vm', poolSize: 4, compileCache: true },
	{ label: 'quickjs (N8N_EXPRESSION_ENGINE=quickjs)', engine: 'quickjs', poolSize: 1, compileCache: false },
];

/** The part of @n8n/expression-runtime used here (loaded from the pinned n8n: it is no dependency of the package). */
interface Evaluator {
	initialize(): Promise<void>;
	acquire(caller: object): Promise<boolean>;
	evaluate(expression: string, data: object, caller: object): unknown;
	release(caller: object): Promise<void>;
	waitForReplenishment(): Promise<void>;
	dispose(): Promise<void>;
}
interface Runtime {
	ExpressionEvaluator: new (config: object) => Evaluator;
	IsolatedVmBridge: new (config: object) => object;
	QuickJsBridge: new (config: object) => object;
}

/** As n8n's base command builds it (bridge timeout and memory limit at n8n's defaults). */
function evaluator(runtime: Runtime, engine: Engine): Evaluator {
	const bridge = { timeout: 5000, memoryLimit: 128 };
	return new runtime.ExpressionEvaluator({
		createBridge: () =>
			engine.engine === 'quickjs' ? new runtime.QuickJsBridge(bridge) : new runtime.IsolatedVmBridge({ ...bridge, compileCache: engine.compileCache }),
		maxCodeCacheSize: 1024,
		poolSize: engine.poolSize,
	});
}

/** One execution's expression work: acquire, both expressions, release, and the pool refilled before the next. */
async function execution(engine: Evaluator): Promise<void> {
	const caller = {};
	await engine.acquire(caller);
	for (const expression of EXPRESSIONS) {
		if (engine.evaluate(expression, DATA, caller) === undefined) throw new Error(`${expression} evaluated to nothing`);
	}
	await engine.release(caller);
	await engine.waitForReplenishment();
}

export async function expressionEngines(executions: number, repetitions: number): Promise<ScenarioResult> {
	ensureN8n();
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const runtime = require(join(N8N_DIR, 'node_modules', '@n8n', 'expression-runtime')) as Runtime;
	const rows = [];
	const runs: Record<string, number[]> = {};
	for (const engine of ENGINES) {
		const instance = evaluator(runtime, engine);
		await instance.initialize();
		try {
			for (let i = 0; i < 20; i++) await execution(instance);
			const cpu: number[] = [];
			const wall: number[] = [];
			for (let r = 0; r < repetitions; r++) {
				const cpuBefore = process.cpuUsage();
				const started = performance.now();
				for (let i = 0; i < executions; i++) await execution(instance);
				const used = process.cpuUsage(cpuBefore);
				cpu.push((used.user + used.system) / 1000 / executions);
				wall.push((performance.now() - started) / executions);
			}
			runs[engine.label] = cpu;
			rows.push({ engine: engine.label, 'cpu ms per execution': round(median(cpu), 1), 'wall ms per execution': round(median(wall), 1) });
		} finally {
			await instance.dispose();
		}
	}
	return {
		id: 'expressionEngines',
		title: `7. n8n's expression engines: CPU per execution of the queue workflow's two expressions (reference, no goal)`,
		method:
			"n8n 2.41.1's ExpressionEvaluator (@n8n/expression-runtime from the pinned n8n) built as n8n's base command builds it, " +
			'in this process: per execution a scope acquired, the orders workflow\'s two expressions evaluated, the scope released and ' +
			`the pool refilled (a used isolate is not reused). process.cpuUsage() per execution, medians of ${repetitions} runs of ` +
			`${executions} executions after 20 warm-ups. Scenario 5 measures the same cost inside the workers; the legacy engine ` +
			'(expressions in the process, no isolation) is its third row.',
		rows,
		goals: [],
		runs,
	};
}
