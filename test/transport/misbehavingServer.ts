// A provider on 127.0.0.1 that misbehaves in time, per request: answers that trickle (headers at once, then a byte now
// and then, never the end), requests never answered, or any handler. Used by the transport's and the editor's hang tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How one request is answered. */
export type Behaviour =
	/** 200 and JSON headers at once, then a space every `everyMs`, for ever */
	| { kind: 'trickle'; everyMs: number }
	/** the connection is accepted and the request read, never answered */
	| { kind: 'silent' }
	/** an answer of this status, body and headers */
	| { kind: 'answer'; status?: number; body: string; headers?: Record<string, string> }
	| { kind: 'handle'; handle: (req: IncomingMessage, res: ServerResponse) => void };

export interface ReceivedRequest {
	path: string;
	body: string;
	/** when it arrived, by this process's clock */
	at: number;
	/** settles when the client closed (or the server ended) the connection it came on */
	closed: Promise<void>;
}

export interface MisbehavingServer {
	/** the Base URL to give the credential */
	baseUrl: string;
	requests: ReceivedRequest[];
	/** settles when the n-th request (1 = the first) has arrived */
	arrived(n: number): Promise<ReceivedRequest>;
	close(): Promise<void>;
}

/** `behaviour(n)`: how the n-th request (0 = the first) is answered. */
export async function misbehavingServer(behaviour: (n: number) => Behaviour): Promise<MisbehavingServer> {
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	const requests: ReceivedRequest[] = [];
	const waiting: { n: number; resolve: (r: ReceivedRequest) => void }[] = [];
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
			const received: ReceivedRequest = { path: req.url ?? '', body, at: Date.now(), closed };
			const how = behaviour(requests.length);
			requests.push(received);
			for (const w of waiting.filter((x) => x.n <= requests.length)) {
				waiting.splice(waiting.indexOf(w), 1);
				w.resolve(requests[w.n - 1]);
			}
			if (how.kind === 'silent') return;
			if (how.kind === 'handle') return how.handle(req, res);
			if (how.kind === 'answer') {
				res.writeHead(how.status ?? 200, { 'content-type': 'application/json', ...(how.headers ?? {}) });
				res.end(how.body);
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write(' ');
			const timer = setInterval(() => res.write(' '), how.everyMs);
			timers.add(timer);
			res.on('close', () => {
				clearInterval(timer);
				timers.delete(timer);
			});
		});
	});
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
		requests,
		arrived: async (n) =>
			requests.length >= n ? requests[n - 1] : await new Promise<ReceivedRequest>((resolve) => waiting.push({ n, resolve })),
		close: async () => {
			for (const timer of timers) clearInterval(timer);
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A page of Get Status as the provider answers it: one record. */
export const STATUS_PAGE = JSON.stringify({
	WarehouseInventoryStatuses: [{ ItemNo: 'A-1', Warehouse: 'NAPA', InventoryStatus: 'GOOD', QuantityAvailable: 1 }],
	MoreRecords: false,
	TotalRecordCount: 1,
});
