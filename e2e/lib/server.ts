// A running n8n (`n8n start`) on 127.0.0.1: starting and stopping it, its owner account, and its REST API with a session.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';

import type { RunData } from './context';
import { N8N_BIN, N8N_DIR, ROOT } from './n8n';

/** The owner account the main job and the tests set up (a local-only demo login). */
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Wine',
	lastName: 'Demo',
	password: 'WineDemo-2026',
} as const;

export interface N8nServer {
	url: string;
	child: ChildProcess;
	/** resolves when n8n has exited */
	exited: Promise<number | null>;
	stop(): Promise<void>;
}

/**
 * Environment additions for a server on 127.0.0.1 that calls nothing outside: no MCP server registry
 * and no list of verified community nodes (both fetched from api.n8n.io), no banners.
 */
export function serverEnv(port: number, brokerPort: number): NodeJS.ProcessEnv {
	return {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
	};
}

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}

/** Whether something already listens on 127.0.0.1:port. */
export function portTaken(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = createServer();
		probe.once('error', () => resolve(true));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
	});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `n8n start` with `env` (n8nEnv plus serverEnv), its output appended to `logFile`, and
 * waits until it is ready. Throws with the log's end if it exits or is not ready in time.
 */
export async function startN8n(env: NodeJS.ProcessEnv, logFile: string, options: { bin?: string; timeoutMs?: number } = {}): Promise<N8nServer> {
	const url = `http://127.0.0.1:${String(env.N8N_PORT)}`;
	const log = createWriteStream(logFile, { flags: 'a' });
	const child = spawn(options.bin ?? N8N_BIN, ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
	let tail = '';
	const keep = (chunk: Buffer) => {
		log.write(chunk);
		tail = (tail + chunk.toString('utf8')).slice(-4000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
	let gone = false;
	void exited.then(() => {
		gone = true;
		log.end();
	});

	const deadline = Date.now() + (options.timeoutMs ?? 120_000);
	for (;;) {
		if (gone) throw new Error(`n8n exited while starting; the end of its log (${logFile}):\n${tail}`);
		try {
			if ((await fetch(`${url}/healthz/readiness`)).ok) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error(`n8n was not ready at ${url} in time; the end of its log (${logFile}):\n${tail}`);
		}
		await sleep(300);
	}

	const stop = async () => {
		if (gone) return;
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
		await exited;
		clearTimeout(timer);
	};
	return { url, child, exited, stop };
}

/** Answers of n8n's REST API are wrapped in { data }. */
async function restData<T>(response: Response, what: string): Promise<T> {
	const text = await response.text();
	if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 500)}`);
	return (JSON.parse(text) as { data: T }).data;
}

/** Sets up the owner account if n8n has none yet; 'existing' when one was set up before. */
export async function ensureOwner(url: string, owner = OWNER): Promise<'created' | 'existing'> {
	const settings = await restData<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>(
		await fetch(`${url}/rest/settings`),
		'GET /rest/settings',
	);
	if (!settings.userManagement?.showSetupOnFirstLoad) return 'existing';
	await restData(
		await fetch(`${url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(owner),
		}),
		'POST /rest/owner/setup',
	);
	return 'created';
}

export interface Session {
	url: string;
	cookie: string;
	get(path: string): Promise<Response>;
	/** a REST call answering { data }: returns data, throws on an HTTP error */
	rest<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Logs in with the owner's email and password (POST /rest/login) and keeps the session cookie. */
export async function login(url: string, owner: { email: string; password: string } = OWNER): Promise<Session> {
	const response = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	await restData(response, 'POST /rest/login');
	const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
	if (!cookie.startsWith('n8n-auth=')) throw new Error('POST /rest/login set no n8n-auth cookie');
	return {
		url,
		cookie,
		get: (path) => fetch(`${url}${path}`, { headers: { cookie } }),
		rest: async <T>(method: string, path: string, body?: unknown) =>
			restData<T>(
				await fetch(`${url}/rest${path}`, {
					method,
					headers: { cookie, 'content-type': 'application/json' },
					body: body === undefined ? undefined : JSON.stringify(body),
				}),
				`${method} /rest${path}`,
			),
	};
}

/** n8n stores and serves run data in the `flatted` format; its own copy parses it. */
function parseFlatted(text: string): unknown {
	const requireFromN8n = createRequire(join(N8N_DIR, 'node_modules', 'n8n', 'package.json'));
	const flatted = requireFromN8n('flatted') as { parse(text: string): unknown };
	return flatted.parse(text);
}

export interface ExecutionResult {
	status: string;
	/** IRunExecutionData */
	data: RunData['data'];
}

/**
 * Runs a saved workflow as the editor's "Execute workflow" / "Fetch Test Event" does: a manual
 * execution started from the named trigger. Waits for it to finish and returns its run data.
 */
export async function runManually(session: Session, workflowId: string, triggerName: string, timeoutMs = 60_000): Promise<ExecutionResult> {
	const { executionId } = await session.rest<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: triggerName },
	});
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await finishedExecution(session, executionId);
		if (execution) return execution;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} of ${workflowId} did not finish in time`);
		await sleep(250);
	}
}

/** An execution's status and run data once it has finished; undefined while it is new, running or waiting. */
export async function finishedExecution(session: Session, executionId: string): Promise<ExecutionResult | undefined> {
	const execution = await session.rest<{ status: string; data?: string }>('GET', `/executions/${executionId}`);
	if (!execution.data || ['new', 'running', 'waiting'].includes(execution.status)) return undefined;
	return { status: execution.status, data: parseFlatted(execution.data) as ExecutionResult['data'] };
}
