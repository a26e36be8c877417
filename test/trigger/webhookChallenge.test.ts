// The tracking webhook trigger's 401 (bug hunt 45): a Basic Auth refusal carries a Basic challenge (RFC 9110 11.6.1),
// so a sender that sends its user and password only when challenged sends them; Header Auth has no HTTP challenge
// scheme, and its refusal carries none.
import { randomUUID } from 'node:crypto';
import { Workflow, type INodeParameters } from 'n8n-workflow';
import { WebhookContext } from 'n8n-core';

import { additionalData, NodeTypes } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, webhookWorkflow } from '../harness/webhook';

/** One POST to the trigger: the status and the headers the node set on n8n's response. */
async function post(parameters: INodeParameters, headers: Record<string, string>, credential: object = WEBHOOK_SECRET) {
	const json = webhookWorkflow(parameters);
	const workflow = new Workflow({ id: 'webhook-workflow', name: 'webhook', nodes: json.nodes, connections: json.connections, active: true, nodeTypes: new NodeTypes(), staticData: {} });
	const node = workflow.getNode(WEBHOOK_NODE)!;
	const answer = { status: 200, headers: {} as Record<string, string> };
	const res = {
		status(code: number) {
			answer.status = code;
			return res;
		},
		setHeader(name: string, value: string) {
			answer.headers[name.toLowerCase()] = value;
			return res;
		},
		json: () => res,
	};
	const data = additionalData({ [WEBHOOK_AUTH_ID]: credential as never });
	const body = { event: 'tracking_update', event_id: randomUUID(), msg: { tag: 'Delivered', checkpoints: [] } };
	Object.assign(data, { httpRequest: { body, headers: { 'content-type': 'application/json', ...headers }, query: {}, params: {}, method: 'POST' }, httpResponse: res });
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: 'tracking',
		webhookDescription: { name: 'default', httpMethod: 'POST', path: 'tracking', responseMode: 'onReceived' },
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
	};
	const context = new WebhookContext(workflow, node, data, 'webhook', webhookData as never, [], null);
	await workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).webhook!.call(context);
	return answer;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

it.each([
	['no Authorization header', {}],
	['a wrong password', { authorization: basic(WEBHOOK_SECRET.user, 'wrong') }],
])('Basic Auth refusing %s: 401 with a Basic challenge in UTF-8', async (_label, headers) => {
	expect(await post({ authentication: 'basicAuth' }, headers)).toEqual({
		status: 401,
		headers: { 'www-authenticate': 'Basic realm="Webhook", charset="UTF-8"' },
	});
});

it('Basic Auth with an empty secret: 401 with the challenge too (the sender cannot tell, and n8n logs why)', async () => {
	expect(await post({ authentication: 'basicAuth' }, {}, { ...WEBHOOK_SECRET, password: '' })).toMatchObject({ status: 401, headers: { 'www-authenticate': expect.stringMatching(/^Basic /) } });
});

it('Header Auth refusing a delivery: 401 without a challenge (no HTTP scheme to offer)', async () => {
	expect(await post({ authentication: 'headerAuth' }, { 'x-webhook-secret': 'wrong' })).toEqual({ status: 401, headers: {} });
});

it('Basic Auth accepting a delivery: no challenge header', async () => {
	expect(await post({ authentication: 'basicAuth' }, { authorization: basic(WEBHOOK_SECRET.user, WEBHOOK_SECRET.password) })).toEqual({ status: 200, headers: {} });
});
