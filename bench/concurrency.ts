// Measures per-item throughput of the action node at several Concurrency settings, to choose the default.
// Sandbox (own process): 20 ms latency and a 50 requests/s limit answered by 429 + Retry-After (as scenario 2).
// `node .work/tsc/bench/concurrency.js [items] [settings]`, e.g. `300 1,2,4,5,8,16`.
import './lib/env';

import { runWorkflow, sandboxCredential } from '../test/harness/harness';
import { actionWorkflow, CREDENTIAL_ID } from '../test/harness/workflows';
import { SandboxProcess } from './lib/sandbox';

async function main() {
	const items = Number(process.argv[2] ?? 300);
	const settings = (process.argv[3] ?? '1,2,4,5,8,16').split(',').map(Number);
	const sandbox = await SandboxProcess.start(100);
	const rows: Array<Record<string, unknown>> = [];
	for (const concurrency of settings) {
		await sandbox.reset();
		await sandbox.control('POST', 'latency', { ms: 20 });
		await sandbox.control('POST', 'rate-limit', { perSecond: 50 });
		const workflow = actionWorkflow(
			{ resource: 'inventory', operation: 'getStatus', limit: 1, options: { concurrency } },
			{ items: Array.from({ length: items }, () => ({})), typeVersion: 2 },
		);
		const started = performance.now();
		const result = await runWorkflow(workflow, { [CREDENTIAL_ID]: sandboxCredential(sandbox.baseUrl) });
		const seconds = (performance.now() - started) / 1000;
		const log = await sandbox.requests('GetStatus');
		rows.push({
			concurrency,
			ok: log.filter((r) => r.status === 200).length,
			'429s': log.filter((r) => r.status === 429).length,
			error: result.error?.message ?? '',
			seconds: Number(seconds.toFixed(2)),
			'items/s': Number((items / seconds).toFixed(1)),
			'% of limit': Number(((items / seconds / 50) * 100).toFixed(0)),
		});
	}
	console.table(rows);
	await sandbox.stop();
}

void main();
