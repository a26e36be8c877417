// Measures per-item throughput of the action node at several Concurrency settings, to choose the default.
// Sandbox: 20 ms latency and a 50 requests/s limit answered by 429 + Retry-After (as the benchmark's scenario 2).
import '../test/harness/env';

import { runWorkflow, sandboxCredential } from '../test/harness/harness';
import { actionWorkflow, CREDENTIAL_ID } from '../test/harness/workflows';
import { startSandbox } from '../test/sandbox/server';

async function main() {
	const items = Number(process.argv[2] ?? 300);
	const settings = (process.argv[3] ?? '1,2,4,5,8,16').split(',').map(Number);
	const sandbox = await startSandbox({ inventoryRecords: 100 });
	const rows: Array<Record<string, unknown>> = [];
	for (const concurrency of settings) {
		sandbox.reset({});
		sandbox.faults.latencyMs = 20;
		sandbox.faults.setRateLimit(50);
		const workflow = actionWorkflow(
			{ resource: 'inventory', operation: 'getStatus', limit: 1, requestOptions: { concurrency } },
			{ items: Array.from({ length: items }, () => ({})) },
		);
		const started = performance.now();
		const result = await runWorkflow(workflow, { [CREDENTIAL_ID]: sandboxCredential(sandbox.baseUrl) });
		const seconds = (performance.now() - started) / 1000;
		const log = sandbox.requests;
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
	await sandbox.close();
}

void main();
