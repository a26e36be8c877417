// The pinned real n8n (e2e/n8n; 1.x in e2e/n8n-1x): installing it, loading our packed package as users do, and driving its CLI.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root, from the source file or from its compiled copy under .work/tsc. */
function findRoot(from: string): string {
	for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && readJson<{ name?: string }>(manifest).name === 'n8n-nodes-wine-fulfillment') return dir;
	}
	throw new Error(`no n8n-nodes-wine-fulfillment package above ${from}`);
}

export const ROOT = findRoot(__dirname);
export const N8N_DIR = join(ROOT, 'e2e', 'n8n');
export const N8N_BIN = join(N8N_DIR, 'node_modules', '.bin', 'n8n');
const PACK_DIR = join(ROOT, '.work', 'pack');

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
	const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
	if (result.status !== 0) {
		const why = result.error ? String(result.error) : result.stderr || result.stdout;
		throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${why}`);
	}
	return result;
}

/**
 * Installs n8n from e2e/n8n's own package.json and lockfile, once (again only when the lockfile
 * changed). CKJS_LINKING=dynamic keeps its Kafka binding from downloading zlib and openssl; native
 * modules build against the running Node's headers (npm_config_nodedir, set by scripts/toolchain.sh).
 */
export function ensureN8n(): void {
	ensureN8nIn(N8N_DIR);
}

/** ensureN8n for another pinned n8n folder (e2e/n8n-1x); returns its n8n binary. */
export function ensureN8nIn(dir: string): string {
	const bin = join(dir, 'node_modules', '.bin', 'n8n');
	const stamp = join(dir, 'node_modules', '.installed-from');
	const manifests = () =>
		createHash('sha256')
			.update(readFileSync(join(dir, 'package.json')))
			.update(existsSync(join(dir, 'package-lock.json')) ? readFileSync(join(dir, 'package-lock.json')) : '')
			.digest('hex');
	if (existsSync(bin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === manifests()) return bin;
	const version = readJson<{ dependencies: { n8n: string } }>(join(dir, 'package.json')).dependencies.n8n;
	process.stderr.write(`real n8n: installing n8n ${version} into ${dir.slice(ROOT.length + 1)} (a few minutes, once)\n`);
	run('npm', ['install', '--loglevel=error', '--no-audit', '--no-fund'], {
		cwd: dir,
		// native addons build against the running Node's headers (scripts/toolchain.sh sets WF_NPM_NODEDIR)
		env: { ...process.env, CKJS_LINKING: 'dynamic', ...(process.env.WF_NPM_NODEDIR ? { npm_config_nodedir: process.env.WF_NPM_NODEDIR } : {}) },
	});
	// the files as the install left them: were the lockfile rewritten, the next call would otherwise install again
	writeFileSync(stamp, manifests());
	return bin;
}

/** Builds the package and packs it as npm would publish it; returns the tarball's path. */
export function packPackage(): string {
	run('npm', ['run', 'build', '--silent'], { cwd: ROOT });
	mkdirSync(PACK_DIR, { recursive: true });
	const out = run('npm', ['pack', '--silent', '--pack-destination', PACK_DIR], { cwd: ROOT });
	return join(PACK_DIR, out.stdout.trim().split('\n').pop() ?? '');
}

/**
 * An n8n user folder with our package installed in its nodes folder, the way n8n installs a
 * community package: only the package itself; n8n provides n8n-workflow and the allowed modules.
 */
export function prepareUserFolder(userFolder: string, tarball: string): void {
	const nodes = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodes, { recursive: true });
	const manifest = join(nodes, 'package.json');
	if (!existsSync(manifest)) writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true }, null, 2));
	run('npm', ['install', '--loglevel=error', '--no-audit', '--no-fund', '--omit=peer', '--omit=dev', tarball], { cwd: nodes });
}

/** Environment for n8n: everything inside the user folder, quiet, no telemetry, no task runners. */
export function n8nEnv(userFolder: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'wine-fulfillment-local-only-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_RUNNERS_ENABLED: 'false',
		N8N_LOG_LEVEL: 'warn',
		N8N_SECURE_COOKIE: 'false',
		...extra,
	};
}

/** Runs an n8n CLI command (`bin`: another pinned n8n); throws with its output when it fails. */
export function n8nCli(args: string[], env: NodeJS.ProcessEnv, bin = N8N_BIN): string {
	return run(bin, args, { cwd: ROOT, env }).stdout;
}

/** Imports credentials or workflows from objects (written to a file under the user folder first). */
export function importInto(kind: 'credentials' | 'workflow', data: unknown[], env: NodeJS.ProcessEnv, bin = N8N_BIN): void {
	const file = join(String(env.N8N_USER_FOLDER), `import-${kind}-${Date.now()}.json`);
	writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
	try {
		n8nCli([`import:${kind}`, `--input=${file}`], env, bin);
	} finally {
		// a credential import holds the secrets in plain text: never left on disk
		rmSync(file, { force: true });
	}
}

/** Executes an imported workflow headless and returns n8n's run data (IRun). */
export function executeWorkflow(id: string, env: NodeJS.ProcessEnv): Record<string, unknown> {
	// `execute` prints its result through the logger at level info
	const out = n8nCli(['execute', `--id=${id}`, '--rawOutput'], { ...env, N8N_LOG_LEVEL: 'info' });
	const start = out.indexOf('{');
	if (start < 0) throw new Error(`n8n execute printed no JSON:\n${out}`);
	return JSON.parse(out.slice(start)) as Record<string, unknown>;
}

/**
 * n8nCli without blocking this process: needed while this process serves the sandbox the
 * workflows call (a synchronous spawn would stall it). `bin` selects another pinned n8n.
 */
export function n8nCliAsync(args: string[], env: NodeJS.ProcessEnv, bin = N8N_BIN): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(bin, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve(stdout);
			else reject(new Error(`n8n ${args.join(' ')} failed (${code}):\n${stderr || stdout}`));
		});
	});
}

/**
 * Executes imported workflows in one n8n boot (`execute-batch`, each from its Manual Trigger, one
 * after the other) and returns each workflow's run data (IRun) by id. A workflow that failed or
 * timed out is in `failures` with n8n's message instead.
 */
export async function executeWorkflows(
	ids: string[],
	env: NodeJS.ProcessEnv,
	bin = N8N_BIN,
): Promise<{ runs: Record<string, Record<string, unknown>>; failures: Record<string, string> }> {
	const dir = join(String(env.N8N_USER_FOLDER), `batch-${Date.now()}`);
	mkdirSync(dir, { recursive: true });
	const summaryFile = join(dir, 'summary.json');
	await n8nCliAsync(['execute-batch', `--ids=${ids.join(',')}`, `--snapshot=${dir}`, `--output=${summaryFile}`], env, bin);
	const summary = readJson<{ executions: Array<{ workflowId: string; executionStatus: string; error?: string }> }>(summaryFile);
	const runs: Record<string, Record<string, unknown>> = {};
	const failures: Record<string, string> = {};
	for (const id of ids) {
		const execution = summary.executions.find((e) => e.workflowId === id);
		const snapshot = join(dir, `${id}-snapshot.json`);
		if (execution?.executionStatus === 'success' && existsSync(snapshot)) runs[id] = readJson(snapshot);
		else failures[id] = execution?.error ?? 'not executed (no such workflow?)';
	}
	return { runs, failures };
}

export function readJson<T>(path: string): T {
	return JSON.parse(readFileSync(path, 'utf8')) as T;
}
