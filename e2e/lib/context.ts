// What every end-to-end test shares, prepared once: the sandbox with demo data, a fresh n8n user folder with our package,
// the credential and the workflows imported with n8n's CLI, their headless runs, the exported node types, and a running n8n.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';

import { startSandbox, type Sandbox } from '../../test/sandbox/server';
import { seedDemo, type DemoData } from './demo';
import { EXAMPLES, exampleWorkflows, sandboxCredential, testWorkflows } from './examples';
import { ensureN8nIn, executeWorkflows, importInto, N8N_DIR, n8nCliAsync, n8nEnv, packPackage, prepareUserFolder, readJson, ROOT } from './n8n';
import { ensureOwner, freePort, login, serverEnv, startN8n, type N8nServer, type Session } from './server';

export const ALL_OPERATIONS = 'wineE2eAllOps001';
/** the workflows the CLI executes headless (the tracking example starts from polling triggers: see the server) */
const HEADLESS = [EXAMPLES.sync, EXAMPLES.report, ALL_OPERATIONS];

/** An n8n item as run data holds it. */
export interface Item {
	json: Record<string, unknown>;
	binary?: Record<string, { data: string; id?: string; mimeType: string; fileName?: string; fileExtension?: string }>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}

export interface TaskData {
	executionStatus?: string;
	error?: { message: string };
	data?: { main: Array<Item[] | null> };
}

export interface RunData {
	data: { resultData: { runData: Record<string, TaskData[]>; error?: { message: string } } };
}

export interface NodeTypeDescription {
	name: string;
	displayName: string;
	version: number | number[];
	credentials?: Array<{ name: string }>;
	properties: Array<{ name: string; options?: Array<{ value: unknown }>; displayOptions?: { show?: Record<string, unknown[]> } }>;
	iconUrl?: string | { light: string; dark: string };
	usableAsTool?: boolean;
	polling?: boolean;
}

export interface E2E {
	/** the n8n version under test */
	version: string;
	sandbox: Sandbox;
	demo: DemoData;
	userFolder: string;
	env: NodeJS.ProcessEnv;
	/** run data of the headless executions, by workflow id */
	runs: Record<string, RunData>;
	failures: Record<string, string>;
	/** `n8n export:nodes` */
	nodeTypes: NodeTypeDescription[];
	/** seconds each step took */
	timings: Record<string, number>;
}

/** n8n 1.x for the smoke test (its own folder, package.json and lockfile); E2E_N8N_1X=skip leaves it out. */
export const N8N_1X_DIR = join(ROOT, 'e2e', 'n8n-1x');
export const skip1x = () => process.env.E2E_N8N_1X === 'skip';

async function timed<T>(timings: Record<string, number>, step: string, work: () => T | Promise<T>): Promise<T> {
	const start = Date.now();
	try {
		return await work();
	} finally {
		timings[step] = Math.round((Date.now() - start) / 100) / 10;
	}
}

let tarball: string | undefined;
/** Our package, built and packed once per run. */
const packed = () => (tarball ??= packPackage());

interface Target {
	label: string;
	/** the folder with the pinned n8n's package.json and lockfile */
	n8nDir: string;
	userFolder: string;
	/** environment additions for this n8n version */
	extraEnv: NodeJS.ProcessEnv;
}

/**
 * A fresh sandbox with demo data and a fresh user folder for one pinned n8n: our package installed
 * as a community package, the credential and the workflows imported with the CLI, the headless
 * workflows executed in one `execute-batch`, and the node types exported.
 */
async function prepareOn(target: Target): Promise<E2E> {
	const timings: Record<string, number> = {};
	const t = (step: string) => `${target.label}: ${step}`;
	const bin = await timed(timings, t('install check'), () => ensureN8nIn(target.n8nDir));
	const version = readJson<{ version: string }>(join(target.n8nDir, 'node_modules', 'n8n', 'package.json')).version;
	const sandbox = await startSandbox({ port: 0, inventoryRecords: 4000, seed: 1 });
	const demo = await seedDemo(sandbox);

	rmSync(target.userFolder, { recursive: true, force: true });
	mkdirSync(target.userFolder, { recursive: true });
	await timed(timings, t('build, pack, install into nodes folder'), () => prepareUserFolder(target.userFolder, packed()));
	// binary data inline in the run data (a CLI execution's files are removed when it ends)
	const env = n8nEnv(target.userFolder, { ...target.extraEnv, N8N_DEFAULT_BINARY_DATA_MODE: 'default' });

	await timed(timings, t('import:credentials'), () => importInto('credentials', [sandboxCredential(sandbox.baseUrl)], env, bin));
	const workflows = [...exampleWorkflows(), ...testWorkflows()].map(({ workflow }) => workflow);
	await timed(timings, t('import:workflow'), () => importInto('workflow', workflows, env, bin));
	const { runs, failures } = await timed(timings, t('execute-batch'), () => executeWorkflows(HEADLESS, env, bin));

	const nodesFile = join(target.userFolder, 'nodes.json');
	await timed(timings, t('export:nodes'), () => n8nCliAsync(['export:nodes', `--output=${nodesFile}`], env, bin));
	const nodeTypes = readJson<NodeTypeDescription[]>(nodesFile);
	return { version, sandbox, demo, userFolder: target.userFolder, env, runs: runs as unknown as Record<string, RunData>, failures, nodeTypes, timings };
}

async function prepare(): Promise<E2E> {
	return prepareOn({
		label: 'n8n 2.x',
		n8nDir: N8N_DIR,
		userFolder: join(ROOT, '.work', 'e2e', 'n8n-user'),
		extraEnv: serverEnv(await freePort(), await freePort()),
	});
}

let prepared1x: Promise<E2E> | undefined;
/** The same setup on n8n 1.x (1.123.81), prepared on first use. */
export async function e2e1x(): Promise<E2E> {
	prepared1x ??= (async () =>
		prepareOn({
			label: 'n8n 1.x',
			n8nDir: N8N_1X_DIR,
			userFolder: join(ROOT, '.work', 'e2e', 'n8n1x-user'),
			extraEnv: { N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
		}))();
	return prepared1x;
}

let prepared: Promise<E2E> | undefined;
/** The shared setup, prepared on first use. */
export const e2e = (): Promise<E2E> => (prepared ??= prepare());

/**
 * For a test file, at its top level: prepares the shared setup before its tests, and (a root-level
 * hook, which the runner calls once every file's tests are done) stops n8n and the sandbox.
 */
export function useE2E(setup: () => Promise<E2E> = e2e): () => E2E {
	let ctx: E2E | undefined;
	before(async () => {
		ctx = await setup();
	});
	after(teardown);
	return () => {
		if (!ctx) throw new Error('the end-to-end setup is not prepared');
		return ctx;
	};
}

let server: Promise<{ n8n: N8nServer; session: Session }> | undefined;

/** n8n's server on the same user folder, the owner set up and logged in; started on first use. */
export function n8nServer(): Promise<{ n8n: N8nServer; session: Session }> {
	server ??= (async () => {
		const { env, userFolder, timings } = await e2e();
		const n8n = await timed(timings, 'n8n start', () => startN8n(env, join(userFolder, 'n8n.log')));
		await ensureOwner(n8n.url);
		return { n8n, session: await login(n8n.url) };
	})();
	return server;
}

let tornDown: Promise<void> | undefined;
/** Stops what the tests started (once). */
export function teardown(): Promise<void> {
	tornDown ??= (async () => {
		if (server) await (await server.catch(() => undefined))?.n8n.stop();
		for (const setup of [prepared, prepared1x]) if (setup) await (await setup.catch(() => undefined))?.sandbox.close();
	})();
	return tornDown;
}

/** Timings of every setup that ran. */
export async function timings(): Promise<Record<string, number>> {
	const all: Record<string, number> = {};
	for (const setup of [prepared, prepared1x]) Object.assign(all, (await setup?.catch(() => undefined))?.timings);
	return all;
}

/** The run of a headless workflow; throws with n8n's message if it failed. */
export function runOf(ctx: E2E, workflowId: string): RunData['data']['resultData'] {
	const run = ctx.runs[workflowId];
	if (!run) throw new Error(`workflow ${workflowId} did not run: ${ctx.failures[workflowId] ?? 'unknown'}`);
	return run.data.resultData;
}

/** Items a node put out on an output (0 = main, 1 = error output), from run data. */
export function output(resultData: RunData['data']['resultData'], node: string, index = 0): Item[] {
	const task = resultData.runData[node]?.[0];
	if (!task) throw new Error(`node "${node}" did not run`);
	return task.data?.main[index] ?? [];
}

/** The bytes of a binary property: inline (base64) or in the user folder's binary data store. */
export function binaryBytes(ctx: E2E, binary: { data: string; id?: string }): Buffer {
	if (!binary.id) return Buffer.from(binary.data, 'base64');
	const [mode, path] = binary.id.split(/:(.*)/s);
	if (!mode.startsWith('filesystem')) throw new Error(`binary data in ${mode} mode`);
	return readFileSync(join(ctx.userFolder, '.n8n', 'binaryData', path));
}
