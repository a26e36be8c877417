// The sandbox provider's HTTP server on 127.0.0.1: authentication, routing, faults, request log, control API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Faults, inCamelCase, type EchoForm, type FaultRuleInput } from './faults';
import { SandboxError, type Json, type JsonObject, type Reply, type Route } from './frame';
import { RESOURCES } from './resources';
import type { SeedOptions } from './seed';
import { SandboxState, type Credentials } from './state';
import { providerNow } from './tracking';

export const SANDBOX_CREDENTIALS: Credentials = {
	userKey: 'sbx-userkey-7f3a9c',
	password: 'sbx-password-91c2e4',
	customerNo: 'C10042',
	token: 'sbx-token-4be8d1f0',
};

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	status: number;
	/** what happened beyond the handler: a fault, the rate limit */
	outcome: 'processed' | 'rejected' | 'rate-limited' | 'fault-before' | 'fault-after';
	/** the body as received, with the credential members removed */
	body: JsonObject;
	authShape?: string;
	/** when the request arrived (ms since the epoch), for measuring the gaps between retries */
	at: number;
	/** the Accept header it was sent with */
	accept?: string;
}

export interface SandboxOptions extends SeedOptions {
	port?: number;
	/** the credentials it accepts; a test can change them until the next reset (control `credentials`) */
	credentials?: Credentials;
	/** largest request body accepted (413 beyond it) */
	maxBodyBytes?: number;
}

export interface Sandbox {
	/** the base URL to put in the credential: http://127.0.0.1:<port>/v3 */
	baseUrl: string;
	/** the control API's root: http://127.0.0.1:<port>/__control */
	controlUrl: string;
	readonly state: SandboxState;
	faults: Faults;
	requests: LoggedRequest[];
	reset(options?: SeedOptions): void;
	close(): Promise<void>;
}

const ROUTES = new Map<string, Route>();
for (const resource of RESOURCES) {
	for (const route of resource.routes) ROUTES.set(`${route.method} ${route.path.toLowerCase()}`, route);
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer | 'too-large'> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > max) tooLarge = true;
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function send(res: ServerResponse, reply: Reply): void {
	const headers: Record<string, string> = { ...reply.headers };
	let payload: Buffer | string = '';
	if (Buffer.isBuffer(reply.body)) {
		payload = reply.body;
		headers['content-type'] ??= 'application/octet-stream';
	} else if (reply.body !== undefined) {
		payload = JSON.stringify(reply.body);
		headers['content-type'] ??= 'application/json; charset=utf-8';
	}
	headers['content-length'] = String(Buffer.byteLength(payload));
	res.writeHead(reply.status, headers);
	res.end(payload);
}

type AuthShape = Route['auth'];

/** Where the request put its credentials: the shape the sandbox sees, whatever the route expects. */
function detectShape(body: JsonObject): AuthShape | undefined {
	if (body.Authentication && typeof body.Authentication === 'object') return 'Authentication';
	if (body.AuthenticationDetails && typeof body.AuthenticationDetails === 'object') return 'AuthenticationDetails';
	if ('UserKey' in body || 'Password' in body || 'CustomerNo' in body) return 'flat';
	return undefined;
}

/** Checks the token header and the body credentials in the route's shape; strips them from the body. */
function authenticate(route: Route, headers: IncomingMessage['headers'], body: JsonObject, creds: Credentials): boolean {
	if (headers.authorization !== `ServiceAuth ${creds.token}`) return false;
	const holder = (route.auth === 'flat' ? body : body[route.auth]) as JsonObject | undefined;
	if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return false;
	return holder.UserKey === creds.userKey && holder.Password === creds.password && holder.CustomerNo === creds.customerNo;
}

/** The body without any credential members, as the request log keeps it. */
function withoutCredentials(body: JsonObject): JsonObject {
	const { Authentication, AuthenticationDetails, UserKey, Password, CustomerNo, ...rest } = body;
	return rest;
}

/** Dotted member paths and their string values, e.g. Authentication.Password. */
function flatten(value: Json, prefix = ''): [string, string][] {
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
	}
	if (Array.isArray(value)) return value.flatMap((v, i) => flatten(v, `${prefix}[${i}]`));
	return [[prefix, value === null ? '' : String(value)]];
}

function parseObject(raw: Buffer): JsonObject {
	try {
		const parsed = JSON.parse(raw.toString('utf8') || 'null') as Json;
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
	} catch {
		return {};
	}
}

/** The request as a careless provider puts it back into an answer (see EchoForm). */
function echoText(form: Exclude<EchoForm, 'object'>, raw: Buffer, headers: IncomingMessage['headers']): string {
	const received = parseObject(raw);
	const authorization = String(headers.authorization ?? '');
	const entries = [...flatten(received), ['Authorization', authorization] as [string, string]];
	const holder = (received.Authentication ?? received.AuthenticationDetails ?? received) as JsonObject;
	const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
	switch (form) {
		case 'raw':
			return `UserKey ${String(holder.UserKey)} / Password ${String(holder.Password)} / ${authorization}`;
		case 'json':
			return `Request received: ${raw.toString('utf8')}`;
		case 'form':
			return `Request received: ${new URLSearchParams(entries).toString()}`;
		case 'uri':
			return `Request received: ${entries.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
		case 'header':
			return `Authorization ${base64(authorization)} / Basic ${base64(`${String(holder.UserKey)}:${String(holder.Password)}`)} / body ${base64(raw.toString('utf8'))}`;
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const initialCredentials = options.credentials ?? SANDBOX_CREDENTIALS;
	let credentials: Credentials = { ...initialCredentials };
	const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
	let state = new SandboxState(credentials, options);
	const faults = new Faults();
	const requests: LoggedRequest[] = [];
	let seq = 0;

	const log = (entry: Omit<LoggedRequest, 'seq'>) => {
		requests.push({ ...entry, seq: ++seq });
		if (requests.length > 200_000) requests.splice(0, requests.length - 100_000);
	};

	const control = async (req: IncomingMessage, res: ServerResponse, name: string, raw: Buffer) => {
		let input: JsonObject = {};
		try {
			input = raw.length ? (JSON.parse(raw.toString('utf8')) as JsonObject) : {};
		} catch {
			return send(res, { status: 400, body: { Message: 'control body is not JSON' } });
		}
		const url = new URL(req.url ?? '/', 'http://sandbox');
		switch (`${req.method} ${name}`) {
			case 'POST reset':
				sandbox.reset(input as SeedOptions);
				return send(res, { status: 200, body: { ok: true } });
			case 'POST faults':
				return send(res, { status: 200, body: faults.add(input as unknown as FaultRuleInput) });
			case 'GET faults':
				return send(res, { status: 200, body: faults.list() });
			case 'DELETE faults':
				faults.clear();
				return send(res, { status: 200, body: { ok: true } });
			case 'POST rate-limit':
				faults.setRateLimit(Number(input.perSecond ?? 0), input.retryAfterSeconds as number | undefined);
				return send(res, { status: 200, body: { ok: true } });
			case 'POST latency':
				faults.latencyMs = Number(input.ms ?? 0);
				return send(res, { status: 200, body: { ok: true } });
			case 'POST clock':
				state.advance(Number(input.advanceMs ?? 0));
				return send(res, { status: 200, body: { now: new Date(state.now()).toISOString() } });
			case 'GET clock':
				return send(res, { status: 200, body: { now: new Date(state.now()).toISOString() } });
			case 'GET requests': {
				const path = url.searchParams.get('path')?.toLowerCase();
				return send(res, {
					status: 200,
					body: path ? requests.filter((r) => r.path.toLowerCase().includes(path)) : requests,
				});
			}
			case 'POST credentials':
				// until the next reset; the state keeps the customer number it was seeded with
				credentials = { ...credentials, ...(input as Partial<Credentials>) };
				return send(res, { status: 200, body: { ok: true } });
			case 'DELETE requests':
				requests.length = 0;
				return send(res, { status: 200, body: { ok: true } });
			case 'GET inventory':
				return send(res, { status: 200, body: state.inventory as unknown as Json });
		}
		for (const resource of RESOURCES) {
			const action = resource.controls?.[name];
			if (action && req.method === 'POST') {
				try {
					return send(res, { status: 200, body: action(state, input) });
				} catch (error) {
					const e = error as SandboxError;
					return send(res, { status: e.status ?? 500, body: { Message: e.message } });
				}
			}
		}
		return send(res, { status: 404, body: { Message: `no control ${req.method} ${name}` } });
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const raw = await readBody(req, maxBody);
		if (url.pathname.startsWith('/__control/')) {
			return control(req, res, url.pathname.slice('/__control/'.length), raw === 'too-large' ? Buffer.alloc(0) : raw);
		}
		const method = req.method ?? 'GET';
		const path = url.pathname.replace(/^\/v3(?=\/)/, '');
		const accept = typeof req.headers.accept === 'string' ? req.headers.accept : undefined;
		const entry = { method, path, body: {} as JsonObject, at: Date.now(), ...(accept ? { accept } : {}) };
		const echoed = { raw: raw === 'too-large' ? Buffer.alloc(0) : raw, headers: req.headers };

		if (faults.latencyMs > 0) await delay(faults.latencyMs);
		const retryAfter = faults.rateLimited();
		if (retryAfter !== undefined) {
			log({ ...entry, status: 429, outcome: 'rate-limited' });
			return send(res, { status: 429, body: { Message: 'Too many requests' }, headers: { 'retry-after': retryAfter } });
		}
		for (const rule of faults.match(path, 'before')) {
			if (rule.kind === 'latency') await delay(rule.ms ?? 0);
			else {
				log({ ...entry, status: rule.kind === 'status' ? (rule.status ?? 500) : 0, outcome: 'fault-before' });
				return applyFault(res, rule, echoed);
			}
		}

		if (raw === 'too-large') {
			log({ ...entry, status: 413, outcome: 'rejected' });
			return send(res, { status: 413, body: { Message: 'Request payload too large' } });
		}
		let received: JsonObject;
		try {
			const parsed = JSON.parse(raw.toString('utf8') || 'null') as Json;
			if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
			received = parsed;
		} catch {
			log({ ...entry, status: 400, outcome: 'rejected' });
			return send(res, { status: 400, body: { Message: 'The request body must be a JSON object' } });
		}
		const authShape = detectShape(received);
		const body = withoutCredentials(received);
		const route = url.pathname.startsWith('/v3/') ? ROUTES.get(`${method} ${path.toLowerCase()}`) : undefined;
		if (!route) {
			log({ ...entry, body, status: 404, outcome: 'rejected', authShape });
			return send(res, { status: 404, body: { Message: `No operation ${method} ${url.pathname}` } });
		}
		if (!authenticate(route, req.headers, received, credentials)) {
			log({ ...entry, body, status: 401, outcome: 'rejected', authShape });
			return send(res, { status: 401, body: { Message: 'Unauthorized' } });
		}

		// the answer's Date is the provider's clock (the one its stamps are written in), as the answer was made (a GetPackages
		// answer may move the clock on after it: provider-clock stepMs)
		const date = new Date(providerNow(state)).toUTCString();
		let reply: Reply;
		try {
			reply = route.handler({ method, path, query: url.searchParams, headers: req.headers, body, state });
		} catch (error) {
			if (!(error instanceof SandboxError)) throw error;
			reply = { status: error.status, body: error.body };
		}
		for (const rule of faults.match(path, 'after')) {
			if (rule.kind === 'latency') await delay(rule.ms ?? 0);
			else if (rule.kind === 'rewrite') reply = rewrite(reply, rule, received);
			else {
				log({ ...entry, body, status: rule.kind === 'status' ? (rule.status ?? 500) : 0, outcome: 'fault-after', authShape });
				return applyFault(res, rule, echoed);
			}
		}
		log({ ...entry, body, status: reply.status, outcome: 'processed', authShape });
		send(res, { ...reply, headers: { date, ...reply.headers } });
	};

	const applyFault = (
		res: ServerResponse,
		rule: FaultRuleInput,
		request: { raw: Buffer; headers: IncomingMessage['headers'] },
	) => {
		if (rule.kind === 'reset') {
			res.socket?.resetAndDestroy();
			return;
		}
		const echo = rule.echo && rule.echo !== 'object' ? echoText(rule.echo, request.raw, request.headers) : undefined;
		if (rule.kind === 'malformed') {
			res.writeHead(rule.status ?? 200, { 'content-type': 'application/json' });
			res.end(
				echo === undefined
					? '{"TotalRecordCount": 3, "WarehouseInventoryStatuses": [{"ItemNo": '
					: `{"Message": ${JSON.stringify(echo)}, "WarehouseInventoryStatuses": [{"ItemNo": `,
			);
			return;
		}
		const headers: Record<string, string> = {
			...(rule.retryAfter !== undefined ? { 'retry-after': rule.retryAfter } : {}),
			...rule.headers,
		};
		const given = rule.body && typeof rule.body === 'object' && !Array.isArray(rule.body) ? (rule.body as JsonObject) : {};
		let body: unknown = rule.body ?? { Message: 'Injected fault' };
		if (echo !== undefined) body = { ...given, Message: `Invalid request. ${echo}` };
		if (rule.echo === 'object') body = { ...given, Message: 'Invalid request', Request: parseObject(request.raw) };
		if (rule.as === 'text') {
			const text = typeof body === 'string' ? body : echo ?? JSON.stringify(body);
			return send(res, { status: rule.status ?? 500, body: Buffer.from(text, 'utf8'), headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
		}
		send(res, { status: rule.status ?? 500, body, headers });
	};

	/** A rewrite fault: the processed answer renamed, with members set, dropped, or the whole request merged in. */
	const rewrite = (reply: Reply, rule: FaultRuleInput, received: JsonObject): Reply => {
		if (rule.naming === 'camelCase') reply = { ...reply, body: inCamelCase(reply.body) };
		const answer = reply.body ?? {};
		if (typeof answer !== 'object' || Array.isArray(answer) || Buffer.isBuffer(answer)) return reply;
		const body: JsonObject = { ...(answer as JsonObject), ...(rule.set as JsonObject | undefined) };
		for (const key of rule.drop ?? []) delete body[key];
		return { ...reply, headers: { ...reply.headers, ...rule.headers }, body: rule.echo === 'object' ? { ...body, ...received } : body };
	};

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: Error) => {
			if (!res.headersSent) send(res, { status: 500, body: { Message: `Sandbox error: ${error.message}` } });
		});
	});
	server.keepAliveTimeout = 30_000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;

	const sandbox: Sandbox = {
		baseUrl: `http://127.0.0.1:${port}/v3`,
		controlUrl: `http://127.0.0.1:${port}/__control`,
		get state() {
			return state;
		},
		faults,
		requests,
		reset(seed: SeedOptions = {}) {
			credentials = { ...initialCredentials };
			state = new SandboxState(credentials, { ...options, ...seed });
			faults.clear();
			requests.length = 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
	return sandbox;
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
