// `npm run start:queue`: the demo of `npm start` in n8n's queue mode: PostgreSQL, Redis, a main, two workers and a webhook
// processor with this package, the sandbox credential, the example workflows and a store-orders webhook; prints the topology.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { seedDemo } from './lib/demo';
import { exampleWorkflows, SANDBOX_CREDENTIAL } from './lib/examples';
import { ensureN8n, importInto, packPackage, ROOT } from './lib/n8n';
import { activate, describeTopology, startQueue, type Topology } from './lib/queue';
import { ordersWorkflow, ORDERS_PATH, queueSandboxCredential, QUEUE_WORKFLOWS } from './lib/queueWorkflows';
import { ensureOwner, login, OWNER, portTaken } from './lib/server';

const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8787);
const SANDBOX_RECORDS = Number(process.env.SANDBOX_RECORDS ?? 5000);
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const WORKERS = Number(process.env.QUEUE_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.QUEUE_CONCURRENCY ?? 10);
/** the queue demo's data (PostgreSQL, user folders, logs), git-ignored and kept between runs */
const DIR = process.env.QUEUE_DIR ?? join(ROOT, '.work', 'queue', 'main');

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
	say('Wine Fulfillment: starting the demo in queue mode (sandbox, PostgreSQL, Redis, n8n main, workers, webhook processor)');
	for (const [port, variable] of [
		[SANDBOX_PORT, 'SANDBOX_PORT'],
		[N8N_PORT, 'N8N_PORT'],
	] as const) {
		if (await portTaken(port)) throw new Error(`port ${port} on 127.0.0.1 is in use (another npm start?); set ${variable} to a free port`);
	}
	ensureN8n();
	const sandbox = await startSandbox({ port: SANDBOX_PORT, inventoryRecords: SANDBOX_RECORDS, seed: 1 });
	await seedDemo(sandbox);
	say(`  sandbox: ${sandbox.baseUrl} (${SANDBOX_RECORDS} inventory records, demo packages, orders and a return)`);

	const firstRun = !existsSync(join(DIR, 'pg', 'PG_VERSION'));
	let topology: Topology;
	try {
		topology = await startQueue({
			dir: DIR,
			tarball: packPackage(),
			workers: WORKERS,
			concurrency: CONCURRENCY,
			webhook: true,
			fresh: false,
			durable: true,
			mainPort: N8N_PORT,
			beforeMain: (env) => {
				// the credential always (it points at this run's sandbox); the workflows on the first run, so edits are kept
				importInto('credentials', [queueSandboxCredential(sandbox.baseUrl)], env);
				if (firstRun) importInto('workflow', [...exampleWorkflows().map(({ workflow }) => workflow), ordersWorkflow()], env);
				say(`  credential "${SANDBOX_CREDENTIAL.name}" → ${sandbox.baseUrl}; workflows ${firstRun ? 'imported' : 'kept from the last run'}`);
			},
		});
	} catch (error) {
		await sandbox.close();
		throw error;
	}

	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\nStopping n8n, Redis, PostgreSQL and the sandbox...');
		await topology.stop();
		await sandbox.close();
		say('Stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	for (const service of topology.services()) {
		void service.exited.then((code) => {
			if (stopping) return;
			say(`${service.name} exited unexpectedly (code ${code}); see ${relative(ROOT, service.logFile)}`);
			void stop(1);
		});
	}

	const owner = await ensureOwner(topology.mainUrl);
	const session = await login(topology.mainUrl).catch(() => undefined);
	const loginWorks = session !== undefined;
	// the store-orders webhook is published on the first run; later runs keep what the user set
	if (firstRun && session) await activate(session, QUEUE_WORKFLOWS.orders);
	say(
		[
			'',
			'Ready (queue mode).',
			`  n8n editor:  ${topology.mainUrl}/home/workflows`,
			loginWorks
				? `  login:       ${OWNER.email} / ${OWNER.password}${owner === 'created' ? ' (owner account just created)' : ''}`
				: `  login:       the owner account set up earlier (its password was changed from ${OWNER.password})`,
			`  store orders webhook: POST ${topology.webhookUrl}/webhook/${ORDERS_PATH}  {"OrderNo": "...", "items": [{"ItemNo": "WINE-000001", "ItemQuantity": 1}]}`,
			`  sandbox:     ${sandbox.baseUrl}   control API: ${sandbox.controlUrl}`,
			'  processes:',
			...describeTopology(topology).map((line) => `    ${line}`),
			`  logs and data: ${relative(ROOT, DIR)}/ (workers: ${WORKERS}, ${CONCURRENCY} jobs each; QUEUE_WORKERS, QUEUE_CONCURRENCY)`,
			'Press Ctrl+C to stop.',
		].join('\n'),
	);
}

main().catch((error: Error) => {
	process.stderr.write(`npm run start:queue failed: ${error.message}\n`);
	process.exit(1);
});
