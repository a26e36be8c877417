// Bug hunt 45, fixed (every delivery refused for a common kind of sender): with Authentication = Basic Auth, a delivery without (or
// with wrong) credentials is answered 401 with no `WWW-Authenticate` header. RFC 9110 11.6.1: "A server generating a 401
// (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge." HTTP clients that
// are given a user and password but send them only when challenged (.NET's HttpClient with a NetworkCredential, as a
// provider on .NET configures its webhook sender; curl --anyauth; Java's Authenticator) read a 401 without a Basic
// challenge as final: they never send the credentials, every delivery is refused, and after the provider's 14 retries
// (field notes, "Errors and events") every tracking update is lost. n8n's own Webhook node answers its Basic Auth 401 with
// `WWW-Authenticate: Basic realm="Webhook"` (n8n-nodes-base Webhook.node.js).
// Where: nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node.ts, webhook(): `res.status(401).json({ message:
// 'Authorization is required' })` sets no header (authorized() knows the method is basicAuth).
// Right behaviour: a Basic Auth refusal carries `WWW-Authenticate: Basic realm="…"` (charset="UTF-8" optional), so a
// sender that authenticates on challenge sends its credentials and the delivery is emitted once.
import { randomUUID } from 'node:crypto';
import { Workflow, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import { WebhookContext } from 'n8n-core';

import { additionalData, NodeTypes } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, webhookWorkflow } from '../harness/webhook';

interface Answer {
	status: number;
	headers: Record<string, string>;
	items: INodeExecutionData[];
}

/** One POST to the trigger as n8n's webhook service hands it on, with a response that keeps the headers the node sets. */
async function post(workflow: Workflow, body: IDataObject, headers: Record<string, string>): Promise<Answer> {
	const node = workflow.getNode(WEBHOOK_NODE)!;
	const answer: Answer = { status: 200, headers: {}, items: [] };
	const setHeaders = (h: Record<string, unknown> = {}) => {
		for (const [name, value] of Object.entries(h)) answer.headers[name.toLowerCase()] = String(value);
	};
	const res = {
		headersSent: false,
		status(code: number) {
			answer.status = code;
			return res;
		},
		setHeader(name: string, value: unknown) {
			setHeaders({ [name]: value });
			return res;
		},
		set(name: string | Record<string, unknown>, value?: unknown) {
			setHeaders(typeof name === 'string' ? { [name]: value } : name);
			return res;
		},
		header(name: string | Record<string, unknown>, value?: unknown) {
			return res.set(name, value);
		},
		append(name: string, value: unknown) {
			return res.set(name, value);
		},
		writeHead(code: number, h?: Record<string, unknown>) {
			answer.status = code;
			setHeaders(h);
			return res;
		},
		json: () => res,
		send: () => res,
		end: () => res,
	};
	const data = additionalData({ [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET });
	Object.assign(data, {
		httpRequest: { body, headers: { 'content-type': 'application/json', ...headers }, query: {}, params: {}, method: 'POST' },
		httpResponse: res,
	});
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: 'tracking',
		webhookDescription: { name: 'default', httpMethod: 'POST', path: 'tracking', responseMode: 'onReceived' },
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
	};
	const context = new WebhookContext(workflow, node, data, 'webhook', webhookData as never, [], null);
	const result = await workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).webhook!.call(context);
	answer.items = (result.workflowData?.[0] ?? []) as INodeExecutionData[];
	return answer;
}

/**
 * A sender given a user and password that sends them when challenged (.NET HttpClient + NetworkCredential): first without
 * an Authorization header; on a 401 carrying a Basic challenge, once more with `Authorization: Basic …`.
 */
async function senderAuthenticatingOnChallenge(workflow: Workflow, body: IDataObject): Promise<Answer[]> {
	const first = await post(workflow, body, {});
	const challenge = first.headers['www-authenticate'] ?? '';
	if (first.status !== 401 || !/^\s*basic\b/i.test(challenge)) return [first];
	const basic = Buffer.from(`${WEBHOOK_SECRET.user}:${WEBHOOK_SECRET.password}`).toString('base64');
	return [first, await post(workflow, body, { authorization: `Basic ${basic}` })];
}

it('Basic Auth: a 401 carries a Basic challenge, so a sender that authenticates on challenge gets its tracking update emitted', async () => {
	const json = webhookWorkflow({ authentication: 'basicAuth' });
	const workflow = new Workflow({ id: 'webhook-workflow', name: 'webhook', nodes: json.nodes, connections: json.connections, active: true, nodeTypes: new NodeTypes(), staticData: {} });
	const eventId = randomUUID();
	const answers = await senderAuthenticatingOnChallenge(workflow, {
		event: 'tracking_update',
		event_id: eventId,
		msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [] },
	});
	expect({
		status: answers[0].status,
		challenge: answers[0].headers['www-authenticate'] ?? null,
		emitted: answers.flatMap((a) => a.items.map((i) => i.json.eventId)),
	}).toEqual({ status: 401, challenge: expect.stringMatching(/^Basic realm="[^"]*"/i), emitted: [eventId] });
});
