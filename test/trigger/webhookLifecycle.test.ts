// The tracking webhook trigger around its deliveries: the URL it records on activation (n8n's webhook lifecycle, through
// n8n-core's HookContext), how long this process holds an event id, a delivery without the secret header, a minimal
// update, and the credential's test when n8n hands it no data.
import { randomUUID } from 'node:crypto';
import { HookContext } from 'n8n-core';
import { Workflow, type ICredentialsDecrypted, type ICredentialTestFunctions, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { additionalData, NodeTypes, runWebhook, type WorkflowJson } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_STATIC_KEY as STATIC_KEY, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const MINUTE = 60_000;


function update(eventId: string = randomUUID(), msg: IDataObject = { tag: 'InTransit', tracking_number: '1ZSBX0000000042', checkpoints: [] }): IDataObject {
	return { event: 'tracking_update', event_id: eventId, msg };
}

describe("tracking webhook trigger: n8n's webhook lifecycle (checkExists, create, delete)", () => {
	// the node is built inside each test: a node whose webhookMethods were lost then fails that test, not the whole file
	const methods = () => new WineFulfillmentWebhookTrigger().webhookMethods.default;
	const WEBHOOK_ID = '5b0c7a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
	const productionUrl = `http://127.0.0.1:5678/webhook/${WEBHOOK_ID}/tracking`;

	/** n8n's HookContext for the trigger on activation (or deactivation) of a workflow with this static data. */
	function hook(staticData: IDataObject, webhookBaseUrl = 'http://127.0.0.1:5678/webhook') {
		const json = workflowJson({}, { webhookId: WEBHOOK_ID });
		const workflow = new Workflow({ id: 'hook-workflow', nodes: json.nodes, connections: {}, active: true, nodeTypes: new NodeTypes(), staticData });
		const data = Object.assign(additionalData({}), { webhookBaseUrl });
		return { workflow, ctx: new HookContext(workflow, json.nodes[0], data, 'trigger', 'activate') };
	}

	/** What n8n's webhook service does on activation: create unless checkExists says it is there. */
	async function activate(ctx: HookContext) {
		if (!(await methods().checkExists.call(ctx))) expect(await methods().create.call(ctx)).toBe(true);
	}

	it("records the node's Production URL on activation, finds it after a restart, and forgets only it on deactivation", async () => {
		const first = hook({});
		expect(await methods().checkExists.call(first.ctx)).toBe(false);
		expect(await methods().create.call(first.ctx)).toBe(true);
		expect(first.workflow.staticData[STATIC_KEY]).toEqual({ webhookUrl: productionUrl });
		expect(await methods().checkExists.call(first.ctx)).toBe(true);

		// n8n stores static data as JSON; after a restart the URL is still the one recorded
		const stored = JSON.parse(JSON.stringify(first.workflow.staticData)) as IDataObject;
		(stored[STATIC_KEY] as IDataObject).recentEventIds = ['0f8fad5b-d9cb-469f-a165-70867728950e'];
		const restarted = hook(stored);
		expect(await methods().checkExists.call(restarted.ctx)).toBe(true);

		// deactivation forgets the URL, not the event ids that recognise a redelivery
		expect(await methods().delete.call(restarted.ctx)).toBe(true);
		expect(restarted.workflow.staticData[STATIC_KEY]).toEqual({ recentEventIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'] });
		expect(await methods().checkExists.call(restarted.ctx)).toBe(false);
	});

	it("records the new URL when n8n's webhook address changed (WEBHOOK_URL) since the last activation", async () => {
		const before = hook({});
		await activate(before.ctx);
		const moved = hook(JSON.parse(JSON.stringify(before.workflow.staticData)) as IDataObject, 'https://n8n.example.com/webhook');
		expect(await methods().checkExists.call(moved.ctx)).toBe(false);
		await activate(moved.ctx);
		expect(moved.workflow.staticData[STATIC_KEY]).toEqual({ webhookUrl: `https://n8n.example.com/webhook/${WEBHOOK_ID}/tracking` });
		expect(await methods().checkExists.call(moved.ctx)).toBe(true);
	});
});

describe('tracking webhook trigger: event ids this process holds', () => {
	let now = Date.parse('2026-03-02T09:00:00Z');
	let clock: jest.SpiedFunction<typeof Date.now> | undefined;
	beforeEach(() => {
		clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => clock?.mockRestore());

	const deliver = (json: WorkflowJson, body: IDataObject, staticData: IDataObject = {}) => runWebhook(json, NODE, { body }, { [AUTH_ID]: secret }, staticData);

	it('holds a taken event id for 15 minutes (a redelivery without the stored ids is dropped), then leaves it to the stored ids', async () => {
		const json = workflowJson();
		const event = update();
		const first = await deliver(json, event);
		expect(first.items).toHaveLength(1);

		// a delivery that ran with a copy of the static data taken before the first one stored its id
		now += 14 * MINUTE;
		expect((await deliver(json, event)).response).toEqual({ received: true, duplicate: true });

		// past 15 minutes the process no longer holds it: the stored ids decide; an id never seen stored (n8n did not save
		// the delivery: it failed to start the execution) is emitted when the provider retries
		now += 2 * MINUTE;
		const unknown = await deliver(json, event);
		expect(unknown.status).toBe(200);
		expect(unknown.items).toHaveLength(1);
		expect(unknown.items[0].json.eventId).toBe(String(event.event_id));
		expect((await deliver(json, event, JSON.parse(JSON.stringify(first.staticData)) as IDataObject)).response).toEqual({ received: true, duplicate: true });
	});

	it('an id once seen stored stays known in this process: a later copy loaded without it (another process saved over it) drops the redelivery', async () => {
		const json = workflowJson();
		const event = update();
		const first = await deliver(json, event);
		expect(first.items).toHaveLength(1);
		now += 16 * MINUTE;
		// a delivery whose copy holds the id (as saved): seen stored
		expect((await deliver(json, update(), JSON.parse(JSON.stringify(first.staticData)) as IDataObject)).items).toHaveLength(1);
		// a copy saved over by another process, without the id
		expect((await deliver(json, event, {})).response).toEqual({ received: true, duplicate: true });
	});
});

describe('tracking webhook trigger: deliveries', () => {
	const deliver = (body: unknown, parameters: INodeParameters = {}, headers: Record<string, string> = {}) =>
		runWebhook(workflowJson(parameters), NODE, { body, headers }, { [AUTH_ID]: secret }, {});

	it('refuses a delivery that lacks the secret header (Header Auth), emitting nothing', async () => {
		const missing = await deliver(update(), { authentication: 'headerAuth' });
		expect(missing.status).toBe(401);
		expect(missing.response).toEqual({ message: 'Authorization is required' });
		expect(missing.items).toHaveLength(0);
		const other = await deliver(update(), { authentication: 'headerAuth' }, { 'X-Other-Header': secret.headerSecret });
		expect(other.status).toBe(401);
	});

	it('emits an update that carries only its tag: no checkpoints is an empty list, absent fields are null', async () => {
		const eventId = randomUUID();
		const result = await deliver(update(eventId, { tag: 'InfoReceived' }));
		expect(result.status).toBe(200);
		expect(result.items.map((i) => i.json)).toEqual([
			{ eventId, tag: 'InfoReceived', isFirstTag: false, trackingNumber: null, carrier: null, orderNumber: null, checkpoints: [], msg: { tag: 'InfoReceived' } },
		]);
	});
});

describe("the webhook credential's test when n8n hands it no fields", () => {
	// built inside each test: a node whose credential test was lost then fails the test, not the whole file
	const run = (data: ICredentialsDecrypted['data']) =>
		new WineFulfillmentWebhookTrigger().methods.credentialTest.wineFulfillmentWebhookApiTest.call({} as ICredentialTestFunctions, { id: 'c1', name: 'Webhook secret', type: 'wineFulfillmentWebhookApi', data });

	it('says no secret is set, for a credential with no data or none of its fields', async () => {
		for (const data of [undefined, {}]) {
			const result = await run(data);
			expect(result).toEqual({
				status: 'Error',
				message:
					'No secret is set: enter a Header Value (Header Auth) or a User and Password (Basic Auth); until then a trigger using this credential refuses every delivery (401)',
			});
		}
	});

	it('takes a field that is not text as empty', async () => {
		const result = await run({ headerName: 42, headerSecret: { value: 'x' }, user: null, password: ['pw'] } as unknown as ICredentialsDecrypted['data']);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^No secret is set/);
	});
});
