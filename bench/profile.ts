// Scenario 3's timing for the variants named, in this process, to run under the V8 profiler:
//   npx tsc -p tsconfig.json && node --expose-gc --cpu-prof --cpu-prof-dir .work/profiles .work/tsc/bench/profile.js ours httpNode
// prints CPU µs per request of each run; the profile (.cpuprofile) opens in Chrome DevTools or VS Code.
import './lib/env';

import { SandboxProcess } from './lib/sandbox';
import { VARIANTS, WORKER_TASKS, type Variant } from './scenarios/overhead';

async function main() {
	const named = process.argv.slice(2);
	const unknown = named.filter((v) => !(VARIANTS as string[]).includes(v));
	if (named.length === 0 || unknown.length > 0) {
		throw new Error(`name one or more variants of scenario 3: ${VARIANTS.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
	}
	const sandbox = await SandboxProcess.start(1_000);
	try {
		await sandbox.reset();
		const requests = 2_000;
		const runs = await WORKER_TASKS.overheadTiming({ baseUrl: sandbox.baseUrl, requests, repetitions: 3, variants: named as Variant[] });
		for (const variant of named) {
			const us = runs.filter((r) => r.variant === variant).map((r) => Math.round((r.cpuMs / requests) * 1000));
			console.log(`${variant}: CPU µs per request, each run: ${us.join(', ')}`);
		}
	} finally {
		await sandbox.stop();
	}
}

main().then(
	// n8n-core may leave timers behind
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
