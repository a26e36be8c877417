// `npm start`, the main job: the sandbox with demo data, a real n8n with our package, the sandbox credential and the example workflows, ready in the editor.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { startSandbox } from '../test/sandbox/server';
import { seedDemo } from './lib/demo';
import { exampleWorkflows, sandboxCredential, SANDBOX_CREDENTIAL, type WorkflowFile } from './lib/examples';
import { ensureN8n, importInto, N8N_DIR, n8nEnv, packPackage, prepareUserFolder, readJson, ROOT } from './lib/n8n';
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

/** How often the n8n install reports that it is still going. */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_FLAG = '--install-heartbeat';

/** Packages unpacked so far in a node_modules folder (scoped ones counted one by one). */
function packageCount(nodeModules: string): number {
	if (!existsSync(nodeModules)) return 0;
	let count = 0;
	for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
		if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
		count += entry.name.startsWith('@') ? readdirSync(join(nodeModules, entry.name)).length : 1;
	}
	return count;
}

/**
 * The heartbeat process: every 15 s, how long the install has run and how many packages it has
 * unpacked. A separate process, because the install blocks this one (a synchronous spawn).
 */
function heartbeat(dir: string): void {
	const started = Date.now();
	const parent = process.ppid;
	const nodeModules = join(dir, 'node_modules');
	setInterval(() => {
		// the main job is gone (killed before it could stop this process): stop too
		if (process.ppid !== parent) process.exit(0);
		const seconds = Math.round((Date.now() - started) / 1000);
		const packages = packageCount(nodeModules);
		const what = packages ? `${packages} packages unpacked in ${relative(ROOT, nodeModules)}` : 'resolving and downloading';
		say(`  n8n install: still running after ${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s (${what})`);
	}, HEARTBEAT_MS);
}

/** ensureN8n with a heartbeat on the terminal while it installs (nothing is printed when n8n is already there). */
function ensureN8nWithProgress(): void {
	const beat: ChildProcess = spawn(process.execPath, [__filename, HEARTBEAT_FLAG, N8N_DIR], { stdio: ['ignore', 'inherit', 'inherit'] });
	try {
		ensureN8n();
	} finally {
		beat.kill();
	}
}

/** Import files n8n's CLI read: they hold the credential in plain text, so none is left in the user folder. */
function removeImportFiles(): void {
	if (!existsSync(USER_FOLDER)) return;
	for (const name of readdirSync(USER_FOLDER)) {
		if (/^import-(credentials|workflow)-\d+\.json$/.test(name)) rmSync(join(USER_FOLDER, name), { force: true });
	}
}

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
	try {
		importInto('credentials', [sandboxCredential(baseUrl)], env);
	} finally {
		removeImportFiles();
	}
	say(`  credential "${SANDBOX_CREDENTIAL.name}" → ${baseUrl}`);
	const examples = exampleWorkflows();
	const seen = stamp.workflows ?? {};
	const changed = examples.filter(({ file }) => seen[file] !== sha(readFileSync(file)));
	if (changed.length) {
		try {
			importInto('workflow', changed.map(({ workflow }) => workflow), env);
		} finally {
			removeImportFiles();
		}
	}
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
	ensureN8nWithProgress();
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

if (process.argv[2] === HEARTBEAT_FLAG) {
	heartbeat(process.argv[3]);
} else {
	// import files an earlier run left behind hold a credential in plain text
	removeImportFiles();
	main().catch((error: Error) => {
		process.stderr.write(`npm start failed: ${error.message}\n`);
		process.exit(1);
	});
}
