// The queue-mode topology: PostgreSQL and Redis on loopback ports (data under .work/queue), and the pinned n8n as one main,
// workers and a webhook processor sharing one encryption key, each with our package in its own user folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { N8N_BIN, N8N_DIR, n8nEnv, prepareUserFolder, ROOT } from './n8n';
import { freePort, serverEnv, type Session } from './server';

/** The encryption key every process of the topology shares (n8n encrypts credentials with it). */
export const QUEUE_ENCRYPTION_KEY = 'wine-fulfillment-queue-local-only-key';
const DATABASE = 'n8n';
const DB_USER = 'n8n';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Role = 'postgres' | 'redis' | 'main' | 'worker' | 'webhook';

/** One process of the topology. */
export interface Service {
	name: string;
	role: Role;
	port: number;
	child: ChildProcess;
	logFile: string;
	/** resolves with the exit code once it has exited */
	exited: Promise<number | null>;
	/** SIGTERM (PostgreSQL: SIGINT, its fast shutdown), SIGKILL after a grace period */
	stop(): Promise<void>;
	/** the last lines it printed */
	tail(): string;
}

/** Every child started here, killed when this process exits or is interrupted (no stray servers). */
const running = new Set<ChildProcess>();
const killRunning = () => {
	for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.on('exit', killRunning);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.on(signal, () => {
		// a main job that handles the signal itself stops its processes in order
		if (process.listenerCount(signal) > 1) return;
		killRunning();
		process.exit(130);
	});
}

function launch(
	name: string,
	role: Role,
	port: number,
	command: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; logFile: string; uid?: number; gid?: number; stopSignal?: NodeJS.Signals; graceMs?: number },
): Service {
	const log = createWriteStream(options.logFile, { flags: 'a' });
	const child = spawn(command, args, {
		cwd: ROOT,
		env: options.env ?? process.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
	});
	running.add(child);
	let tail = '';
	const keep = (chunk: Buffer) => {
		log.write(chunk);
		tail = (tail + chunk.toString('utf8')).slice(-4000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const exited = new Promise<number | null>((resolve) => {
		child.on('error', (error) => {
			keep(Buffer.from(`\n${String(error)}\n`));
			resolve(null);
		});
		child.on('close', (code) => resolve(code));
	});
	void exited.then(() => {
		running.delete(child);
		log.end();
	});
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
		child.kill(options.stopSignal ?? 'SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? 20_000);
		await exited;
		clearTimeout(timer);
	};
	return { name, role, port, child, logFile: options.logFile, exited, stop, tail: () => tail };
}

async function waitFor(service: Service, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let gone = false;
	void service.exited.then(() => (gone = true));
	for (;;) {
		if (gone) throw new Error(`${service.name} exited while starting; the end of its log (${service.logFile}):\n${service.tail()}`);
		if (await ready().catch(() => false)) return;
		if (Date.now() > deadline) {
			await service.stop();
			throw new Error(`${service.name} was not ready in ${timeoutMs / 1000} s; the end of its log (${service.logFile}):\n${service.tail()}`);
		}
		await sleep(250);
	}
}

const httpOk = (url: string) => async () => (await fetch(url)).ok;

// ---------------------------------------------------------------- PostgreSQL and Redis from Debian's packages

/** The directory of PostgreSQL's server programs (initdb, postgres), or undefined when not installed. */
function postgresBin(): string | undefined {
	const base = '/usr/lib/postgresql';
	const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))) : [];
	const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
	return newest ? join(base, newest, 'bin') : undefined;
}

const redisBin = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

/**
 * PostgreSQL and Redis from Debian's packages: installed with apt-get when missing (as root; otherwise
 * an error saying what to install). Returns the PostgreSQL bin directory and the redis-server path.
 */
export function ensureDatabaseServers(): { pgBin: string; redis: string } {
	if (!postgresBin() || !redisBin()) {
		if (process.getuid?.() !== 0) {
			throw new Error('queue mode needs PostgreSQL and Redis: run `apt-get install -y postgresql redis-server` as root');
		}
		process.stderr.write('queue mode: installing PostgreSQL and Redis with apt-get (once)\n');
		for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'postgresql', 'redis-server']]) {
			const result = spawnSync('apt-get', args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
			if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
		}
	}
	return { pgBin: postgresBin() as string, redis: redisBin() as string };
}

/** PostgreSQL refuses to run as root: as root it runs as the package's `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	const gid = id('-g');
	if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as');
	return { uid, gid };
}

/** A pg (node-postgres) client from n8n's own dependencies. */
export interface Sql {
	query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
	end(): Promise<void>;
}

interface PgModule {
	Client: new (options: Record<string, unknown>) => {
		connect(): Promise<void>;
		query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
		end(): Promise<void>;
	};
}

const requireFromN8n = () => createRequire(join(N8N_DIR, 'node_modules', 'n8n', 'package.json'));

export async function sqlClient(port: number, database = DATABASE): Promise<Sql> {
	const { Client } = requireFromN8n()('pg') as PgModule;
	const client = new Client({ host: '127.0.0.1', port, user: DB_USER, database });
	await client.connect();
	return {
		query: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
		end: () => client.end(),
	};
}

/**
 * Starts PostgreSQL on 127.0.0.1:port with its data in `dir` (initdb on first use; trust
 * authentication for the loopback only) and creates the n8n database when it is missing.
 * `durable: false` turns fsync off (test data).
 */
export async function startPostgres(dir: string, port: number, options: { durable?: boolean } = {}): Promise<Service> {
	const { pgBin } = ensureDatabaseServers();
	const user = postgresUser();
	const data = join(dir, 'pg');
	const socketDir = join(dir, 'pg-socket');
	mkdirSync(dir, { recursive: true });
	for (const d of [data, socketDir]) mkdirSync(d, { recursive: true, mode: 0o700 });
	if (user) {
		for (const d of [data, socketDir]) chownSync(d, user.uid, user.gid);
		// the postgres user must be able to reach its directories
		for (let d = dir; d.startsWith(ROOT) && d !== ROOT; d = dirname(d)) chmodSync(d, statSync(d).mode | 0o011);
	}
	const logFile = join(dir, 'postgres.log');
	if (!existsSync(join(data, 'PG_VERSION'))) {
		const init = spawnSync(
			join(pgBin, 'initdb'),
			['-D', data, '-U', DB_USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
			{ encoding: 'utf8', cwd: '/', ...(user ?? {}) },
		);
		if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
	}
	const settings = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
	const service = launch(
		'postgres',
		'postgres',
		port,
		join(pgBin, 'postgres'),
		['-D', data, '-k', socketDir, '-h', '127.0.0.1', '-p', String(port), '-c', 'max_connections=200', ...settings],
		{ logFile, ...(user ?? {}), stopSignal: 'SIGINT' },
	);
	await waitFor(
		service,
		async () => {
			const sql = await sqlClient(port, 'postgres');
			try {
				const found = await sql.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
				if (!found.length) await sql.query(`CREATE DATABASE ${DATABASE}`);
				return true;
			} finally {
				await sql.end();
			}
		},
		60_000,
	);
	return service;
}

/** Starts redis-server on 127.0.0.1:port, its working directory `dir`, nothing saved to disk. */
export async function startRedis(dir: string, port: number): Promise<Service> {
	const { redis } = ensureDatabaseServers();
	const dataDir = join(dir, 'redis');
	mkdirSync(dataDir, { recursive: true });
	const service = launch(
		'redis',
		'redis',
		port,
		redis,
		['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
		{ logFile: join(dir, 'redis.log') },
	);
	await waitFor(
		service,
		async () => {
			const { Socket } = await import('node:net');
			return new Promise<boolean>((resolve) => {
				const socket = new Socket();
				socket.once('error', () => resolve(false));
				socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
				socket.once('data', (chunk) => {
					socket.destroy();
					resolve(chunk.toString().startsWith('+PONG'));
				});
			});
		},
		30_000,
	);
	return service;
}

// ---------------------------------------------------------------- n8n in queue mode

export interface QueueOptions {
	/** where the topology keeps its data, logs and user folders (under .work) */
	dir: string;
	/** our packed package */
	tarball: string;
	workers: number;
	/** jobs each worker runs at once (`n8n worker --concurrency`) */
	concurrency: number;
	/** start a webhook processor (`n8n webhook`) */
	webhook: boolean;
	/** remove the previous data first */
	fresh: boolean;
	/** PostgreSQL with fsync (false for tests) */
	durable?: boolean;
	/** the main's port (a free one when not given) */
	mainPort?: number;
	/** n8n's log level in every process (workers log each job they run at info) */
	logLevel?: string;
	/** more n8n settings, the same in every process (e.g. N8N_EXPRESSION_ENGINE) */
	settings?: NodeJS.ProcessEnv;
	/** run with the database ready and no n8n process up yet: import credentials and workflows here */
	beforeMain?: (env: NodeJS.ProcessEnv) => Promise<void> | void;
}

export interface Topology {
	dir: string;
	postgres: Service;
	redis: Service;
	main: Service;
	workers: Service[];
	webhook?: Service;
	/** the main's URL (editor, REST API, production webhooks) */
	mainUrl: string;
	/** the webhook processor's URL */
	webhookUrl?: string;
	/** the environment a process of the given name runs with (also for n8n CLI commands on the same database) */
	env(name: string): NodeJS.ProcessEnv;
	/** every process now up, in start order */
	services(): Service[];
	/** stops the main and starts it again on the same port and database */
	restartMain(): Promise<Service>;
	sql: Sql;
	stop(): Promise<void>;
}

/**
 * The environment of one n8n process: its own user folder with our package, the shared encryption
 * key, PostgreSQL, Redis and queue mode. Workers also get their health server (for readiness).
 */
function queueEnv(
	userFolder: string,
	ports: { http: number; broker: number; postgres: number; redis: number },
	role: 'main' | 'worker' | 'webhook',
	logLevel: string,
	settings: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
	return n8nEnv(userFolder, {
		...serverEnv(ports.http, ports.broker),
		N8N_ENCRYPTION_KEY: QUEUE_ENCRYPTION_KEY,
		N8N_LOG_LEVEL: logLevel,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(ports.postgres),
		DB_POSTGRESDB_DATABASE: DATABASE,
		DB_POSTGRESDB_USER: DB_USER,
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(ports.redis),
		// the health server answers /healthz/readiness once the worker reaches the database and Redis
		...(role === 'worker' ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(ports.http), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' } : {}),
		...settings,
	});
}

/** n8n's command for each role. */
const n8nArgs = (role: 'main' | 'worker' | 'webhook', concurrency: number) =>
	role === 'main' ? ['start'] : role === 'worker' ? ['worker', `--concurrency=${concurrency}`] : ['webhook'];

/**
 * Starts the topology: PostgreSQL, Redis, then the main (which migrates the database and activates
 * the active workflows), then the workers and the webhook processor. Any failure stops what started.
 */
export async function startQueue(options: QueueOptions): Promise<Topology> {
	const { dir } = options;
	if (options.fresh) rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	const started: Service[] = [];
	const stopAll = async () => {
		const n8n = started.filter((s) => !['postgres', 'redis'].includes(s.role));
		await Promise.all(n8n.map((s) => s.stop()));
		for (const s of started.filter((x) => x.role === 'redis' || x.role === 'postgres')) await s.stop();
	};
	try {
		const postgres = await startPostgres(dir, await freePort(), { durable: options.durable });
		started.push(postgres);
		const redis = await startRedis(dir, await freePort());
		started.push(redis);

		// one user folder per process, as on separate machines: our package installed in the first, copied to the others
		const names = ['main', ...Array.from({ length: options.workers }, (_, i) => `worker-${i + 1}`), ...(options.webhook ? ['webhook'] : [])];
		const folder = (name: string) => join(dir, name);
		prepareUserFolder(folder('main'), options.tarball);
		for (const name of names.slice(1)) {
			rmSync(join(folder(name), '.n8n', 'nodes'), { recursive: true, force: true });
			cpSync(join(folder('main'), '.n8n', 'nodes'), join(folder(name), '.n8n', 'nodes'), { recursive: true });
		}
		const envs = new Map<string, NodeJS.ProcessEnv>();
		const logLevel = options.logLevel ?? 'info';
		for (const name of names) {
			const role = name === 'main' ? 'main' : name === 'webhook' ? 'webhook' : 'worker';
			const http = name === 'main' && options.mainPort ? options.mainPort : await freePort();
			envs.set(name, queueEnv(folder(name), { http, broker: await freePort(), postgres: postgres.port, redis: redis.port }, role, logLevel, options.settings));
		}
		const envOf = (name: string) => {
			const env = envs.get(name);
			if (!env) throw new Error(`no process ${name} in the topology`);
			return env;
		};

		await options.beforeMain?.(envOf('main'));

		const startN8nProcess = async (name: string): Promise<Service> => {
			const env = envOf(name);
			const role = name === 'main' ? 'main' : name === 'webhook' ? 'webhook' : 'worker';
			const port = Number(role === 'worker' ? env.QUEUE_HEALTH_CHECK_PORT : env.N8N_PORT);
			const service = launch(name, role, port, N8N_BIN, n8nArgs(role, options.concurrency), {
				env,
				logFile: join(dir, `${name}.log`),
				graceMs: 40_000,
			});
			started.push(service);
			await waitFor(service, httpOk(`http://127.0.0.1:${port}/healthz/readiness`), 180_000);
			return service;
		};

		let main = await startN8nProcess('main');
		const others = await Promise.all(names.slice(1).map(startN8nProcess));
		const workers = others.filter((s) => s.role === 'worker');
		const webhook = others.find((s) => s.role === 'webhook');
		const sql = await sqlClient(postgres.port);
		let stopped: Promise<void> | undefined;
		const topology: Topology = {
			dir,
			postgres,
			redis,
			get main() {
				return main;
			},
			workers,
			webhook,
			mainUrl: `http://127.0.0.1:${main.port}`,
			webhookUrl: webhook ? `http://127.0.0.1:${webhook.port}` : undefined,
			env: envOf,
			services: () => [...started].filter((s) => s.child.exitCode === null && s.child.signalCode === null),
			restartMain: async () => {
				await main.stop();
				started.splice(started.indexOf(main), 1);
				main = await startN8nProcess('main');
				return main;
			},
			sql,
			stop: () =>
				(stopped ??= (async () => {
					await sql.end().catch(() => undefined);
					await stopAll();
				})()),
		};
		return topology;
	} catch (error) {
		await stopAll();
		throw error;
	}
}

/**
 * Publishes (activates) a saved workflow as the editor's Publish button does (n8n 2.x: the current
 * version). The main registers its webhooks in the database, where the webhook processor finds
 * them, and starts its pollers.
 */
export async function activate(session: Session, workflowId: string): Promise<void> {
	const { versionId } = await session.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`);
	await session.rest('POST', `/workflows/${workflowId}/activate`, { versionId });
}

export async function deactivate(session: Session, workflowId: string): Promise<void> {
	await session.rest('POST', `/workflows/${workflowId}/deactivate`, {});
}

/**
 * POSTs a JSON body to a production webhook and returns the status. A 404 (n8n has not yet loaded
 * the webhook of a workflow just published) started nothing, so it is sent again, for up to 30 s.
 */
export async function deliver(url: string, body: unknown): Promise<number> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		await response.arrayBuffer();
		if (response.status !== 404 || Date.now() > deadline) return response.status;
		await sleep(500);
	}
}

/** The topology as a table: process, role, port, pid. */
export function describeTopology(topology: Topology): string[] {
	return topology.services().map((s) => {
		const what =
			s.role === 'main'
				? `editor, REST API, triggers and pollers: ${topology.mainUrl}`
				: s.role === 'webhook'
					? `production webhooks: ${topology.webhookUrl}/webhook/...`
					: s.role === 'worker'
						? `executes queued executions (health: http://127.0.0.1:${s.port}/healthz)`
						: s.role === 'postgres'
							? `n8n's database: postgresql://n8n@127.0.0.1:${s.port}/${DATABASE}`
							: `the execution queue: redis://127.0.0.1:${s.port}`;
		return `${s.name.padEnd(9)} pid ${String(s.child.pid).padEnd(7)} 127.0.0.1:${String(s.port).padEnd(6)} ${what}`;
	});
}

/** user + system CPU seconds a process has used so far (/proc/<pid>/stat: utime and stime, in clock ticks). */
export function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	// the fields after the command name (which may hold spaces) start after the last ')'
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]);
	return ticks / CLOCK_TICKS;
}

/** CPU seconds of a process and its descendants still running (n8n may start helper processes). */
export function treeCpuSeconds(pid: number): number {
	let total = 0;
	for (const p of [pid, ...descendants(pid)]) {
		try {
			total += cpuSeconds(p);
		} catch {
			// exited meanwhile
		}
	}
	return total;
}

function descendants(pid: number): number[] {
	const children: number[] = [];
	try {
		for (const task of readdirSync(`/proc/${pid}/task`)) {
			const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
			for (const child of listed ? listed.split(' ').map(Number) : []) children.push(child, ...descendants(child));
		}
	} catch {
		// exited meanwhile
	}
	return children;
}

/** USER_HZ: 100 on Linux unless `getconf CLK_TCK` says otherwise. */
const CLOCK_TICKS = (() => {
	const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
	return Number(out.stdout.trim()) || 100;
})();

/**
 * The pid of the process that owns the client end of a loopback TCP connection (the remote port a
 * server saw, and the server's own port), among `pids`: /proc/net/tcp gives the socket's inode,
 * /proc/<pid>/fd who holds it. Both ports are matched: Linux gives one local port to several
 * connections that go to different places (a worker's connection to Redis may have the same one).
 */
export function pidOfClientPort(port: number, serverPort: number, pids: number[]): number | undefined {
	const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, '0');
	let inode: string | undefined;
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		if (!existsSync(table)) continue;
		for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
			const cols = line.trim().split(/\s+/);
			if (cols[1]?.endsWith(`:${hex(port)}`) && cols[2]?.endsWith(`:${hex(serverPort)}`) && cols[9] && cols[9] !== '0')
				inode = cols[9];
		}
	}
	if (!inode) return undefined;
	const target = `socket:[${inode}]`;
	for (const pid of pids) {
		try {
			for (const fd of readdirSync(`/proc/${pid}/fd`)) {
				try {
					if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return pid;
				} catch {
					// closed meanwhile
				}
			}
		} catch {
			// exited
		}
	}
	return undefined;
}
