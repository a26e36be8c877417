// The tracking webhook trigger: answers at once, one item per event, redeliveries dropped, tag filter, auth, bad bodies.
import { randomUUID } from 'node:crypto';
import { NodeHelpers, type ICredentialDataDecryptedObject, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { testCredential } from '../harness/credentialTest';
import { runWebhook, WEBHOOK_TYPE, type WorkflowJson } from '../harness/harness';

const NODE = 'Tracking Webhook';
const AUTH_ID = 'webhook-auth-1';
const secret = { headerName: 'X-Webhook-Secret', headerSecret: 's3cret-value-42', user: 'provider', password: 'pw-7781' };

function workflow(parameters: INodeParameters = {}): WorkflowJson {
	return {
		nodes: [
			{
				id: 'w1',
				name: NODE,
				type: WEBHOOK_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { wineFulfillmentWebhookApi: { id: AUTH_ID, name: 'Webhook secret' } },
			},
		],
		connections: {},
	};
}

function update(tag = 'InTransit', eventId: string = randomUUID()): IDataObject {
	return {
		event: 'tracking_update',
		event_id: eventId,
		is_tracking_first_tag: tag === 'InfoReceived',
		msg: {
			tag,
			tracking_number: '1ZSBX0000000042',
			slug: 'ups',
			order_id: 'SO-000042',
			checkpoints: [{ checkpoint_time: '2026-01-05T18:00:00Z', message: 'Departed facility', tag }],
		},
	};
}

const deliver = (body: unknown, parameters: INodeParameters = {}, staticData: IDataObject = {}, headers: Record<string, string> = {}) =>
	runWebhook(workflow(parameters), NODE, { body, headers }, { [AUTH_ID]: secret }, staticData);

describe('tracking webhook trigger', () => {
	it('answers 2xx at once and emits one item per event', async () => {
		const result = await deliver(update('Delivered'));
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			tag: 'Delivered',
			trackingNumber: '1ZSBX0000000042',
			carrier: 'ups',
			orderNumber: 'SO-000042',
		});
	});

	it('drops a redelivered event_id, also after a restart (static data stored as JSON)', async () => {
		const event = update('OutForDelivery');
		const first = await deliver(event);
		expect(first.items).toHaveLength(1);
		const again = await deliver(event, {}, JSON.parse(JSON.stringify(first.staticData)) as IDataObject);
		expect(again.status).toBe(200);
		expect(again.items).toHaveLength(0);
		expect(again.response).toMatchObject({ duplicate: true });
	});

	it('keeps the list of recent event ids bounded', async () => {
		let staticData: IDataObject = {};
		for (let i = 0; i < 2100; i += 300) {
			const ids = Array.from({ length: 300 }, () => randomUUID());
			staticData = { 'node:Tracking Webhook': { recentEventIds: [...(((staticData['node:Tracking Webhook'] as IDataObject)?.recentEventIds as string[]) ?? []), ...ids] } };
		}
		const event = update();
		const result = await deliver(event, {}, staticData);
		const stored = (staticData['node:Tracking Webhook'] as IDataObject).recentEventIds as string[];
		expect((result.staticData['node:Tracking Webhook'] as IDataObject).recentEventIds).toEqual([...stored.slice(101), event.event_id]);
		// a stored id pushed out of the 2000 most recent is no longer recognised, the oldest one kept still is
		const saved = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		expect((await deliver(update('InTransit', stored[101]), {}, saved)).response).toMatchObject({ duplicate: true });
		expect((await deliver(update('InTransit', stored[100]), {}, saved)).items.map((item) => item.json.eventId)).toEqual([stored[100]]);
	});

	it('answers 400 to a malformed body and emits nothing', async () => {
		// other bodies the provider may send (another event kind, an undocumented tag, nulls): webhookBodies.test.ts
		for (const body of [{ event: 'tracking_update', event_id: 'not-a-uuid', msg: { tag: 'Delivered' } }, 'plain text', { ...update(), msg: undefined }]) {
			const result = await deliver(body);
			expect(result.status).toBe(400);
			expect(result.items).toHaveLength(0);
			expect(String((result.response as IDataObject).message)).toContain('Not a tracking update');
		}
	});

	it('filters by tag, still answering 2xx', async () => {
		const skipped = await deliver(update('InTransit'), { tags: ['Delivered', 'Exception'] });
		expect(skipped.status).toBe(200);
		expect(skipped.items).toHaveLength(0);
		const kept = await deliver(update('Exception'), { tags: ['Delivered', 'Exception'] });
		expect(kept.items).toHaveLength(1);
	});

	it('checks header auth', async () => {
		const denied = await deliver(update(), { authentication: 'headerAuth' }, {}, { 'X-Webhook-Secret': 'wrong' });
		expect(denied.status).toBe(401);
		expect(denied.items).toHaveLength(0);
		const allowed = await deliver(update(), { authentication: 'headerAuth' }, {}, { 'X-Webhook-Secret': secret.headerSecret });
		expect(allowed.status).toBe(200);
		expect(allowed.items).toHaveLength(1);
	});

	it('a Header Value saved with white space at an end (a paste) matches the header as HTTP carries it; one of spaces only is none', async () => {
		const withCredential = (headerSecret: string, headers: Record<string, string>) =>
			runWebhook(workflow({ authentication: 'headerAuth' }), NODE, { body: update(), headers }, { [AUTH_ID]: { ...secret, headerSecret } }, {});
		for (const saved of [`${secret.headerSecret} `, ` ${secret.headerSecret}`, `${secret.headerSecret}\t`, `${secret.headerSecret}\n`]) {
			// what n8n receives: HTTP drops the ends of a header value
			const delivery = await withCredential(saved, { 'X-Webhook-Secret': secret.headerSecret });
			expect([JSON.stringify(saved), delivery.status, delivery.items.length]).toEqual([JSON.stringify(saved), 200, 1]);
		}
		expect((await withCredential('   ', { 'X-Webhook-Secret': '' })).status).toBe(401);
	});

	it('refuses every delivery while the credential has an empty secret', async () => {
		const basic = (user: string, pw: string) => `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;
		const withCredential = (credential: typeof secret, parameters: INodeParameters, headers: Record<string, string>) =>
			runWebhook(workflow(parameters), NODE, { body: update(), headers }, { [AUTH_ID]: credential }, {});
		// an empty password: "provider:" would match it
		const noPassword = { ...secret, password: '' };
		expect((await withCredential(noPassword, { authentication: 'basicAuth' }, { Authorization: basic('provider', '') })).status).toBe(401);
		// both empty: "Basic Og==" (":") would match them
		const neither = { ...secret, user: '', password: '' };
		const empty = await withCredential(neither, { authentication: 'basicAuth' }, { Authorization: 'Basic Og==' });
		expect(empty.status).toBe(401);
		expect(empty.items).toHaveLength(0);
		expect((await withCredential(neither, { authentication: 'basicAuth' }, {})).status).toBe(401);
		// a header secret left empty, with the header sent empty or not at all
		const noValue = { ...secret, headerSecret: '' };
		expect((await withCredential(noValue, { authentication: 'headerAuth' }, { 'X-Webhook-Secret': '' })).status).toBe(401);
		expect((await withCredential(noValue, { authentication: 'headerAuth' }, {})).status).toBe(401);
		expect((await withCredential({ ...secret, headerName: '' }, { authentication: 'headerAuth' }, { '': secret.headerSecret })).status).toBe(401);
	});

	it('says so in the panel when Basic or Header Auth is chosen', () => {
		const notice = new WineFulfillmentWebhookTrigger().description.properties.find((p) => p.name === 'emptySecretNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain('refused');
		expect(notice?.displayOptions?.show?.authentication).toEqual(['basicAuth', 'headerAuth']);
	});

	it('recommends authentication in the panel while None is chosen (the default), and only then', () => {
		const description = new WineFulfillmentWebhookTrigger().description;
		const shown = (parameters: INodeParameters) =>
			description.properties
				.filter((p) => p.type === 'notice' && NodeHelpers.displayParameter(parameters, p, { typeVersion: 1 }, description))
				.map((p) => p.name);
		const defaults = NodeHelpers.getNodeParameters(description.properties, {}, true, false, { typeVersion: 1 }, description) as INodeParameters;
		expect(defaults.authentication).toBe('none');
		expect(shown(defaults)).toEqual(['notice', 'noAuthNotice']);
		expect(shown({ ...defaults, authentication: 'headerAuth' })).toEqual(['notice', 'emptySecretNotice']);
		expect(shown({ ...defaults, authentication: 'basicAuth' })).toEqual(['notice', 'emptySecretNotice']);
		const text = description.properties.find((p) => p.name === 'noAuthNotice')?.displayName ?? '';
		expect(text).toMatch(/Anyone who has this URL can post fake tracking updates/);
		expect(text).toMatch(/no signature/);
		expect(text).toMatch(/Header Auth.*long random Header Value.*provider's portal/);
	});

	describe("the credential's Test button (n8n runs the trigger's credentialTest: there is no provider call to test)", () => {
		const test = (data: ICredentialDataDecryptedObject) => testCredential('wineFulfillmentWebhookApi', data);

		it('fails while no secret is set (as created: only the default header name)', async () => {
			const result = await test({});
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/No secret is set.*refuses every delivery \(401\)/);
			// a Header Value of white space only is none: HTTP cannot carry it
			expect((await test({ headerSecret: '  \t' })).message).toMatch(/No secret is set/);
		});

		it('passes a complete header pair or basic pair, naming what is ready and never a secret', async () => {
			const header = await test({ headerSecret: secret.headerSecret });
			expect(header).toEqual({ status: 'OK', message: expect.stringContaining('Header Auth (header X-Webhook-Secret)') });
			const basic = await test({ user: secret.user, password: secret.password });
			expect(basic).toEqual({ status: 'OK', message: expect.stringContaining('Basic Auth') });
			const both = await test(secret);
			expect(both.status).toBe('OK');
			expect(both.message).toMatch(/Header Auth .* and Basic Auth/);
			for (const { message } of [header, basic, both]) {
				expect(message).not.toContain(secret.headerSecret);
				expect(message).not.toContain(secret.password);
			}
		});

		it('fails a half-filled pair or a header name no sender can send, saying which', async () => {
			const cases: Array<[ICredentialDataDecryptedObject, RegExp]> = [
				[{ headerName: '', headerSecret: secret.headerSecret }, /Header Value but no Header Name/],
				[{ headerName: '   ', headerSecret: secret.headerSecret }, /Header Value but no Header Name/],
				[{ headerName: 'X Webhook Secret', headerSecret: secret.headerSecret }, /the Header Name is not an HTTP header name \(.*no spaces\)/],
				[{ headerName: 'X-Secret:', headerSecret: secret.headerSecret }, /the Header Name is not an HTTP header name .*the name alone, without a colon and its value/],
				[{ user: secret.user }, /Basic Auth has a User but no Password/],
				[{ password: secret.password }, /Basic Auth has a Password but no User/],
				// a complete basic pair does not hide a broken header pair (a Header Auth trigger would refuse every delivery)
				[{ ...secret, headerName: '' }, /Header Value but no Header Name/],
			];
			for (const [data, message] of cases) {
				const result = await test(data);
				expect({ data, status: result.status }).toEqual({ data, status: 'Error' });
				expect(result.message).toMatch(message);
				expect(result.message).toMatch(/refuses every delivery \(401\)/);
				expect(result.message).not.toContain(secret.headerSecret);
				expect(result.message).not.toContain(secret.password);
			}
		});

		it('agrees with the trigger: what the test passes, a delivery with the same secret passes', async () => {
			const credential = { ...secret, headerName: '  X-Tracking-Key ' };
			expect((await test(credential)).status).toBe('OK');
			const delivery = await runWebhook(workflow({ authentication: 'headerAuth' }), NODE, { body: update(), headers: { 'x-tracking-key': secret.headerSecret } }, { [AUTH_ID]: credential }, {});
			expect(delivery.status).toBe(200);
			expect(delivery.items).toHaveLength(1);
		});
	});

	it('recognises a redelivered event_id in another letter case (UUIDs compare case-insensitively)', async () => {
		const id = randomUUID();
		const first = await deliver(update('InTransit', id));
		expect(first.items).toHaveLength(1);
		const again = await deliver(update('InTransit', id.toUpperCase()), {}, JSON.parse(JSON.stringify(first.staticData)) as IDataObject);
		expect(again.items).toHaveLength(0);
		expect(again.response).toMatchObject({ duplicate: true });
		// ids stored before in upper case are recognised too
		const upper = randomUUID().toUpperCase();
		const stored = { [`node:${NODE}`]: { recentEventIds: [upper] } };
		expect((await deliver(update('InTransit', upper.toLowerCase()), {}, stored)).items).toHaveLength(0);
	});

	it('emits two simultaneous deliveries of one event once (each delivery runs with its own copy of the static data)', async () => {
		const event = update('Delivered');
		const [a, b] = await Promise.all([deliver(event), deliver(event)]);
		expect([a.status, b.status]).toEqual([200, 200]);
		expect(a.items.length + b.items.length).toBe(1);
		expect([a.response, b.response]).toContainEqual({ received: true, duplicate: true });
	});

	it('checks basic auth', async () => {
		const basic = (user: string, pw: string) => `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;
		expect((await deliver(update(), { authentication: 'basicAuth' }, {}, { Authorization: basic('provider', 'nope') })).status).toBe(401);
		expect((await deliver(update(), { authentication: 'basicAuth' }, {})).status).toBe(401);
		const ok = await deliver(update(), { authentication: 'basicAuth' }, {}, { Authorization: basic(secret.user, secret.password) });
		expect(ok.items).toHaveLength(1);
	});
});
