// The sandbox in its own child process (its CPU and memory are not the client's), and a client for its control API.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Agent, request } from 'undici';

import type { LoggedRequest } from '../../test/sandbox/server';

/** No keep-alive for control calls: the bench may block its event loop (n8n's CLI) past the server's idle timeout. */
const CONTROL = new Agent({ pipelining: 0 });

export class SandboxProcess {
	private constructor(
		private readonly child: ChildProcess,
		/** http://127.0.0.1:<port>/v3 */
		readonly baseUrl: string,
		/** http://127.0.0.1:<port>/__control */
		readonly controlUrl: string,
	) {}

	/** Starts test/sandbox/cli.js (compiled) on a free port with the given number of inventory records. */
	static async start(records: number): Promise<SandboxProcess> {
		const cli = join(__dirname, '..', '..', 'test', 'sandbox', 'cli.js');
		const child = spawn(process.execPath, [cli], {
			env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_RECORDS: String(records) },
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		const baseUrl = await new Promise<string>((resolve, reject) => {
			let out = '';
			child.stdout?.on('data', (chunk: Buffer) => {
				out += chunk.toString('utf8');
				const match = /Base URL: (\S+)/.exec(out);
				if (match) resolve(match[1]);
			});
			child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening:\n${out}`)));
		});
		return new SandboxProcess(child, baseUrl, baseUrl.replace(/\/v3$/, '/__control'));
	}

	async control<T = unknown>(method: 'GET' | 'POST' | 'DELETE', name: string, body?: unknown): Promise<T> {
		const res = await request(`${this.controlUrl}/${name}`, {
			method,
			dispatcher: CONTROL,
			body: body === undefined ? undefined : JSON.stringify(body),
			headers: { 'content-type': 'application/json' },
		});
		const json = (await res.body.json()) as T;
		if (res.statusCode >= 400) throw new Error(`sandbox control ${name}: ${JSON.stringify(json)}`);
		return json;
	}

	/** Fresh state, no faults, empty request log (inventory re-seeded with the process's record count). */
	reset(): Promise<unknown> {
		return this.control('POST', 'reset', {});
	}

	requests(path: string): Promise<LoggedRequest[]> {
		return this.control('GET', `requests?path=${encodeURIComponent(path)}`);
	}

	stop(): Promise<void> {
		return new Promise((resolve) => {
			if (this.child.exitCode !== null) return resolve();
			this.child.once('exit', () => resolve());
			this.child.kill('SIGTERM');
		});
	}
}
