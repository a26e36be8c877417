// The tracking webhook trigger's tests: one workflow holding the trigger, its credential's secrets and where it keeps its state.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import type { INode, INodeParameters } from 'n8n-workflow';

import { WEBHOOK_TYPE, type WebhookDelivery, type WorkflowJson } from './harness';

export const WEBHOOK_NODE = 'Tracking Webhook';
/** The trigger's node static data in the workflow's static data. */
export const WEBHOOK_STATIC_KEY = `node:${WEBHOOK_NODE}`;
export const WEBHOOK_AUTH_ID = 'webhook-auth-1';
/** The webhook credential's data: a Header Auth pair and a Basic Auth pair. */
export const WEBHOOK_SECRET = { headerName: 'X-Webhook-Secret', headerSecret: 's3cret-value-42', user: 'provider', password: 'pw-7781' };

/** A workflow holding one webhook trigger; a node id of its own keeps each test's held event ids apart. */
export function webhookWorkflow(parameters: INodeParameters = {}, node: Partial<INode> = {}): WorkflowJson {
	return {
		nodes: [
			{
				id: randomUUID(),
				name: WEBHOOK_NODE,
				type: WEBHOOK_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { wineFulfillmentWebhookApi: { id: WEBHOOK_AUTH_ID, name: 'Webhook secret' } },
				...node,
			},
		],
		connections: {},
	};
}

/**
 * The headers as n8n's HTTP server (Node) receives them when a sender writes `name: value` as UTF-8 bytes (as curl,
 * browsers' fetch of UTF-8 text and most HTTP libraries write it), through a loopback HTTP server.
 */
export async function headersAsReceived(name: string, value: string): Promise<IncomingHttpHeaders> {
	let received: IncomingHttpHeaders = {};
	const server = createServer((req, res) => {
		received = req.headers;
		res.end('ok');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	try {
		await new Promise<void>((resolve, reject) => {
			const socket = connect(port, '127.0.0.1', () => {
				socket.write(Buffer.from(`POST /webhook/x/tracking HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n${name}: ${value}\r\n\r\n`, 'utf8'));
			});
			socket.on('data', () => undefined);
			socket.on('end', resolve);
			socket.on('error', reject);
		});
	} finally {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
	return received;
}

/**
 * A delivery of `raw` bytes declared as `contentType`, as n8n 2.41's webhook service hands it on: the body its parser
 * makes of them (packages/cli/src/middlewares/body-parser.ts: JSON, text and forms in the declared charset; nothing for
 * any other type, or `parsed.body` where a test gives another) beside the raw bytes it keeps (req.rawBody).
 */
export function asN8nReceives(raw: Buffer, contentType?: string, parsed?: { body: unknown }): WebhookDelivery {
	const [type, ...params] = (contentType ?? '').split(';').map((p) => p.trim());
	const charset = params.find((p) => p.toLowerCase().startsWith('charset='))?.slice(8).toLowerCase() ?? 'utf-8';
	const text = () => raw.toString(charset as BufferEncoding);
	const parse = (): unknown => {
		switch (type.toLowerCase()) {
			case 'application/json':
				return JSON.parse(text());
			case 'text/plain':
				return text();
			case 'application/x-www-form-urlencoded':
				return { ...parseQueryString(text(), undefined, undefined, { maxKeys: 1000 }) };
			default:
				return undefined;
		}
	};
	return { body: parsed ? parsed.body : parse(), rawBody: raw, headers: contentType ? { 'content-type': contentType } : {} };
}
