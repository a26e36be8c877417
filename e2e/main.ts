// `npm start`, the main job: the sandbox with demo data, a real n8n with our package, the sandbox credential and the example workflows, ready in the editor.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { seedDemo } from './lib/demo';
import { exampleWorkflows, sandboxCredential, SANDBOX_CREDENTIAL, type WorkflowFile } from './lib/examples';
import { ensureN8n, importInto, n8nEnv, packPackage, prepareUserFolder, readJson, ROOT } from './lib/n8n';
import { ensureOwner, login, OWNER, portTaken, serverEnv, startN8n, type N8nServer } from './lib/server';

const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8787);
const SANDBOX_RECORDS = Number(process.env.SANDBOX_RECORDS ?? 5000);
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const BROKER_PORT = Number(process.env.N8N_RUNNERS_BROKER_PORT ?? N8N_PORT + 1);
/** the main job's n8n user folder (git-ignored), kept between runs; the end-to-end test uses its own */
const USER_FOLDER = process.env.DEMO_USER_FOLDER ?? join(ROOT, '.work', 'n8n-main');
/** what was installed and imported last time, so a second run only redoes what changed */
const STAMP = join(USER_FOLDER, 'main-job.json');

interface Stamp {
	package?: string;
	workflows?: Record<string, string>;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Installs our package into the user folder's nodes folder, again only when the packed tarball changed. */
function installPackage(stamp: Stamp): void {
	const tarball = packPackage();
	const digest = sha(readFileSync(tarball));
	const installed = join(USER_FOLDER, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-wine-fulfillment');
	if (stamp.package === digest && existsSync(installed)) {
		say('  package: unchanged since the last run, kept');
		return;
	}
	prepareUserFolder(USER_FOLDER, tarball);
	stamp.package = digest;
	say(`  package: ${relative(ROOT, tarball)} installed into ${relative(ROOT, installed)}`);
}

/**
 * Imports the credential (always: it points at this run's sandbox port) and the example workflows
 * that are new or changed in examples/. Fixed ids make a repeated import replace, never duplicate;
 * a workflow whose example file is unchanged is left as the user edited it.
 */
function importExamples(stamp: Stamp, env: NodeJS.ProcessEnv, baseUrl: string): WorkflowFile[] {
	importInto('credentials', [sandboxCredential(baseUrl)], env);
	say(`  credential "${SANDBOX_CREDENTIAL.name}" → ${baseUrl}`);
	const examples = exampleWorkflows();
	const seen = stamp.workflows ?? {};
	const changed = examples.filter(({ file }) => seen[file] !== sha(readFileSync(file)));
	if (changed.length) importInto('workflow', changed.map(({ workflow }) => workflow), env);
	for (const { file } of changed) seen[file] = sha(readFileSync(file));
	stamp.workflows = seen;
	say(`  example workflows: ${changed.length} imported, ${examples.length - changed.length} unchanged`);
	return examples.map(({ workflow }) => workflow);
}

async function main(): Promise<void> {
	say('Wine Fulfillment: starting the demo (sandbox provider + n8n with this package)');
	for (const [port, variable] of [
		[SANDBOX_PORT, 'SANDBOX_PORT'],
		[N8N_PORT, 'N8N_PORT'],
		[BROKER_PORT, 'N8N_RUNNERS_BROKER_PORT'],
	] as const) {
		if (await portTaken(port)) throw new Error(`port ${port} on 127.0.0.1 is in use (another npm start?); set ${variable} to a free port`);
	}
	ensureN8n();
	const sandbox = await startSandbox({ port: SANDBOX_PORT, inventoryRecords: SANDBOX_RECORDS, seed: 1 });
	await seedDemo(sandbox);
	say(`  sandbox: ${sandbox.baseUrl} (${SANDBOX_RECORDS} inventory records, demo packages, orders and a return)`);

	mkdirSync(USER_FOLDER, { recursive: true });
	const stamp: Stamp = existsSync(STAMP) ? readJson<Stamp>(STAMP) : {};
	installPackage(stamp);
	const env = n8nEnv(USER_FOLDER, serverEnv(N8N_PORT, BROKER_PORT));
	const workflows = importExamples(stamp, env, sandbox.baseUrl);
	writeFileSync(STAMP, JSON.stringify(stamp, null, 2));

	const logFile = join(USER_FOLDER, 'n8n.log');
	say(`  n8n: starting on 127.0.0.1:${N8N_PORT} (log: ${relative(ROOT, logFile)})`);
	let n8n: N8nServer;
	try {
		n8n = await startN8n(env, logFile);
	} catch (error) {
		await sandbox.close();
		throw error;
	}

	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\nStopping n8n and the sandbox...');
		await n8n.stop();
		await sandbox.close();
		say('Stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	void n8n.exited.then((code) => {
		if (stopping) return;
		say(`n8n exited unexpectedly (code ${code}); see ${relative(ROOT, logFile)}`);
		void stop(1);
	});

	const owner = await ensureOwner(n8n.url);
	const loginWorks = await login(n8n.url).then(
		() => true,
		() => false,
	);
	const lines = [
		'',
		'Ready.',
		`  n8n editor:  ${n8n.url}/home/workflows`,
		loginWorks
			? `  login:       ${OWNER.email} / ${OWNER.password}${owner === 'created' ? ' (owner account just created)' : ''}`
			: `  login:       the owner account set up earlier (its password was changed from ${OWNER.password})`,
		`  credential:  "${SANDBOX_CREDENTIAL.name}" (points at the sandbox)`,
		'  examples:',
		...workflows.map((w) => `    ${w.name.replace(/^Wine Fulfillment example: /, '')}: ${n8n.url}/workflow/${w.id}`),
		`  sandbox:     ${sandbox.baseUrl}   control API: ${sandbox.controlUrl}`,
		'Press Ctrl+C to stop.',
	];
	say(lines.join('\n'));
}

main().catch((error: Error) => {
	process.stderr.write(`npm start failed: ${error.message}\n`);
	process.exit(1);
});
