// Jest helper: one sandbox per test file, reset before each test, and a control client over undici.
import { request } from 'undici';

import type { FaultRuleInput } from '../sandbox/faults';
import type { LoggedRequest } from '../sandbox/server';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import type { SeedOptions } from '../sandbox/seed';
import { runWorkflow, sandboxCredential, type CredentialData, type RunResult, type WorkflowJson } from './harness';
import { CREDENTIAL_ID } from './workflows';

export class SandboxControl {
	constructor(private readonly controlUrl: string) {}

	async call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', name: string, body?: unknown): Promise<T> {
		const res = await request(`${this.controlUrl}/${name}`, {
			method,
			body: body === undefined ? undefined : JSON.stringify(body),
			headers: { 'content-type': 'application/json' },
		});
		const json = (await res.body.json()) as T;
		if (res.statusCode >= 400) throw new Error(`control ${name}: ${JSON.stringify(json)}`);
		return json;
	}

	reset(seed: SeedOptions = {}) {
		return this.call('POST', 'reset', seed);
	}

	fault(rule: FaultRuleInput) {
		return this.call('POST', 'faults', rule);
	}

	rateLimit(perSecond: number, retryAfterSeconds?: number) {
		return this.call('POST', 'rate-limit', { perSecond, retryAfterSeconds });
	}

	requests(path?: string): Promise<LoggedRequest[]> {
		return this.call('GET', path ? `requests?path=${encodeURIComponent(path)}` : 'requests');
	}
}

export interface SandboxFixture {
	readonly sandbox: Sandbox;
	readonly control: SandboxControl;
	credential(overrides?: Partial<CredentialData>): Record<string, CredentialData>;
	run(json: WorkflowJson, overrides?: Partial<CredentialData>): Promise<RunResult>;
}

/** Starts a sandbox for the test file; each test begins from the given seed with no faults. */
export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
	let sandbox: Sandbox | undefined;
	let control: SandboxControl | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox(options);
		control = new SandboxControl(sandbox.controlUrl);
	});
	beforeEach(() => sandbox?.reset({}));
	afterAll(async () => await sandbox?.close());
	const fixture: SandboxFixture = {
		get sandbox() {
			if (!sandbox) throw new Error('sandbox not started');
			return sandbox;
		},
		get control() {
			if (!control) throw new Error('sandbox not started');
			return control;
		},
		credential: (overrides = {}) => ({ [CREDENTIAL_ID]: sandboxCredential(fixture.sandbox.baseUrl, overrides) }),
		run: (json, overrides) => runWorkflow(json, fixture.credential(overrides)),
	};
	return fixture;
}

/**
 * The paths of the requests the sandbox has reached `stage` with, as they do ('before': arrived; 'after': processed, the
 * answer not yet sent), for each test: the sandbox logs a request only when it answers it.
 */
export function watchRequests(fx: SandboxFixture, stage: 'before' | 'after'): () => string[] {
	let seen: string[] = [];
	beforeEach(() => {
		seen = [];
		const match = fx.sandbox.faults.match.bind(fx.sandbox.faults);
		jest.spyOn(fx.sandbox.faults, 'match').mockImplementation((path, at) => {
			if (at === stage) seen.push(path);
			return match(path, at);
		});
	});
	afterEach(() => jest.restoreAllMocks());
	return () => seen;
}

/**
 * Runs `change` on the sandbox just before the nth (1-based) request whose path holds `path` is answered, and again
 * every `every` after it. The test restores the spy (jest.restoreAllMocks) after itself.
 */
export function beforeRequest(fx: SandboxFixture, path: string, nth: number, change: () => void, every?: number): void {
	const faults = fx.sandbox.faults;
	const original = faults.match.bind(faults);
	let seen = 0;
	jest.spyOn(faults, 'match').mockImplementation((p: string, stage: 'before' | 'after') => {
		if (stage === 'before' && p.toLowerCase().includes(path.toLowerCase())) {
			seen += 1;
			if (seen === nth || (every !== undefined && seen > nth && (seen - nth) % every === 0)) change();
		}
		return original(p, stage);
	});
}

/** Resolves once `count` requests to `path` are among `seen` (a watchRequests list); fails after `timeoutMs`. */
export async function untilRequest(seen: () => string[], path: string, count = 1, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (seen().filter((p) => p.endsWith(path)).length < count) {
		if (Date.now() > deadline) throw new Error(`${path}: fewer than ${count} requests in ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}
