// A measurement task in a fresh process (started by bench/lib/child.ts): `node --expose-gc worker.js <task> <json args>`.
import './lib/env';

import { WORKER_TASKS as overheadTasks } from './scenarios/overhead';
import { WORKER_TASKS as returnAllTasks } from './scenarios/returnAll';

const TASKS: Record<string, (args: never) => Promise<unknown>> = { ...returnAllTasks, ...overheadTasks };

async function main() {
	const [task, raw] = process.argv.slice(2);
	const run = TASKS[task];
	if (!run) throw new Error(`unknown bench task ${task}`);
	const result = await run(JSON.parse(raw ?? '{}') as never);
	process.stdout.write(`${JSON.stringify(result)}\n`);
	// n8n-core may leave timers behind; the answer is written (pipes are synchronous on Linux)
	process.exit(0);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
