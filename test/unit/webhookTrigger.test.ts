// The tracking webhook trigger's webhook() and credential test, called directly with a small fake of n8n's webhook
// context: how long and how many event ids this process holds, per workflow and node; what a delivery stores and
// answers; which Authorization and header names pass; the warning while the credential's secret is empty.
import { randomUUID } from 'node:crypto';
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';

const NODE = 'Tracking Webhook';
const secret = { headerName: 'X-Webhook-Secret', headerSecret: 's3cret-value-42', user: 'provider', password: 'pw-7781' };
const MINUTE = 60_000;

interface Delivery {
	body?: unknown;
	/** as n8n hands them to the node: names in lower case */
	headers?: Record<string, string>;
	parameters?: IDataObject;
	credential?: IDataObject;
	/** the node's static data as n8n loaded it for this delivery (it is changed in place) */
	staticData?: IDataObject;
	/** the body's bytes as they came, which a real n8n keeps beside the body it parsed (rawBody) */
	rawBody?: Buffer;
	workflowId?: string;
	nodeId?: string;
}

/** One delivery through webhook(), with a fake of n8n's webhook context; what the provider gets back and what the workflow gets. */
async function deliver({
	body = update(),
	headers = {},
	parameters = {},
	credential = secret,
	staticData = {},
	workflowId = 'wf-1',
	nodeId = 'node-1',
	rawBody,
}: Delivery) {
	let status = 200;
	let sent: unknown;
	const res = {
		status(code: number) {
			status = code;
			return res;
		},
		json(value: unknown) {
			sent = value;
			return res;
		},
		setHeader() {
			return res;
		},
	};
	const warnings: string[] = [];
	const ctx = {
		getResponseObject: () => res,
		getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		getCredentials: async (type: string) => {
			if (type !== 'wineFulfillmentWebhookApi') throw new Error(`no credential of type ${type}`);
			return credential;
		},
		getHeaderData: () => headers,
		getBodyData: () => body,
		getRequestObject: () => ({ headers, body, rawBody }),
		getWorkflowStaticData: (type: string) => {
			if (type !== 'node') throw new Error(`static data of type ${type}`);
			return staticData;
		},
		getNode: () => ({ id: nodeId, name: NODE }),
		getWorkflow: () => ({ id: workflowId }),
		// a Production URL delivery (a test delivery, mode 'manual', neither checks nor records event ids)
		getMode: () => 'webhook',
		logger: { warn: (message: string) => warnings.push(message) },
		helpers: { returnJsonArray: (items: IDataObject[]) => items.map((json) => ({ json })) },
	} as unknown as IWebhookFunctions;
	// the node is built inside each test, as n8n builds it from its type
	const result = await new WineFulfillmentWebhookTrigger().webhook.call(ctx);
	return {
		status,
		response: result.noWebhookResponse ? sent : result.webhookResponse,
		items: (result.workflowData?.[0] ?? []).map((item) => item.json),
		staticData,
		warnings,
	};
}

function update(eventId: string = randomUUID(), tag = 'InTransit'): IDataObject {
	return { event: 'tracking_update', event_id: eventId, msg: { tag, tracking_number: '1ZSBX0000000042', checkpoints: [] } };
}

const DUPLICATE = { received: true, duplicate: true };
const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');

describe('tracking webhook trigger: event ids this process holds', () => {
	let now = Date.parse('2026-03-02T09:00:00Z');
	let clock: jest.SpiedFunction<typeof Date.now> | undefined;
	beforeEach(() => {
		clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => clock?.mockRestore());

	it('holds a taken event id for 15 minutes: a delivery that ran with static data without it is dropped until then, not at 15 minutes', async () => {
		const nodeId = randomUUID();
		const event = update();
		// each delivery runs with a copy of the static data taken before the first one stored the id
		expect((await deliver({ nodeId, body: event })).items).toHaveLength(1);
		now += 14 * MINUTE;
		expect((await deliver({ nodeId, body: event })).response).toEqual(DUPLICATE);
		now += MINUTE - 1;
		expect((await deliver({ nodeId, body: event })).response).toEqual(DUPLICATE);
		now += 1;
		const released = await deliver({ nodeId, body: event });
		expect(released.items.map((item) => item.eventId)).toEqual([event.event_id]);
	});

	it('holds the 2000 event ids it took last: the 2000th last is still held, the 2001st last no longer', async () => {
		const nodeId = randomUUID();
		const ids = Array.from({ length: 2000 }, () => randomUUID());
		for (const id of ids) expect((await deliver({ nodeId, body: update(id) })).items).toHaveLength(1);
		expect((await deliver({ nodeId, body: update(ids[0]) })).response).toEqual(DUPLICATE);
		expect((await deliver({ nodeId, body: update() })).items).toHaveLength(1);
		expect((await deliver({ nodeId, body: update(ids[0]) })).items.map((item) => item.eventId)).toEqual([ids[0]]);
		// the newer ones are still held
		expect((await deliver({ nodeId, body: update(ids[2]) })).response).toEqual(DUPLICATE);
	});

	it('holds an event id per workflow and node: the same event delivered to another trigger is emitted there', async () => {
		const event = update();
		const targets = [
			{ workflowId: 'a:b', nodeId: 'c' },
			// the same text joined with ':'
			{ workflowId: 'a', nodeId: 'b:c' },
			{ workflowId: 'a', nodeId: 'd' },
			{ workflowId: 'e', nodeId: 'd' },
		];
		for (const target of targets) {
			const result = await deliver({ ...target, body: event });
			expect({ target, items: result.items.length }).toEqual({ target, items: 1 });
		}
		expect((await deliver({ ...targets[0], body: event })).response).toEqual(DUPLICATE);
	});
});

describe('tracking webhook trigger: what a delivery stores and answers', () => {
	it('stores only the event id of a first delivery, for the deliveries after a restart', async () => {
		const eventId = randomUUID();
		const first = await deliver({ nodeId: randomUUID(), body: update(eventId.toUpperCase()) });
		expect(first.staticData).toEqual({ recentEventIds: [eventId] });
		const stored = JSON.parse(JSON.stringify(first.staticData)) as IDataObject;
		expect((await deliver({ nodeId: randomUUID(), body: update(eventId), staticData: stored })).response).toEqual(DUPLICATE);
	});

	it('answers an update the tag filter leaves out with received, not emitted', async () => {
		const result = await deliver({ nodeId: randomUUID(), body: update(randomUUID(), 'InTransit'), parameters: { tags: ['Delivered'] } });
		expect(result.status).toBe(200);
		expect(result.response).toEqual({ received: true, emitted: false });
		expect(result.items).toEqual([]);
	});
});

describe('tracking webhook trigger: a JSON body n8n parsed, with its raw body', () => {
	const TRACKING = '9261290100830000000042';
	const text = (eventId: string) => `{"event":"tracking_update","event_id":"${eventId}","msg":{"tag":"Delivered","tracking_number":${TRACKING},"order_id":1234567890123456789,"checkpoints":[]}}`;

	it('reads a number past 2^53 from the raw body: its exact digits, not n8n\'s rounded number', async () => {
		const eventId = randomUUID();
		const { items } = await deliver({ body: JSON.parse(text(eventId)), rawBody: Buffer.from(text(eventId)) });
		expect(items.map((item) => [item.trackingNumber, item.orderNumber])).toEqual([[TRACKING, '1234567890123456789']]);
	});

	it('a text body: a byte order mark before it is dropped, one inside a value kept', async () => {
		const body = `\uFEFF${JSON.stringify({ ...update(), msg: { tag: 'Delivered', tracking_number: '1Z\uFEFF42', checkpoints: [] } })}`;
		const { status, items } = await deliver({ body });
		expect(status).toBe(200);
		expect(items.map((item) => item.trackingNumber)).toEqual(['1Z\uFEFF42']);
	});

	it('without a raw body, a rounded number past 2^53 comes out as null, a safe one as its digits', async () => {
		const { items } = await deliver({ body: JSON.parse(text(randomUUID()).replace('1234567890123456789', '12345')) });
		expect(items.map((item) => [item.trackingNumber, item.orderNumber])).toEqual([[null, '12345']]);
	});
});

describe('tracking webhook trigger: authentication', () => {
	const EMPTY_SECRET =
		"Tracking Webhook: a delivery was refused because the webhook credential's secret is empty; set it, in n8n and in the provider's webhook settings";
	const REFUSED = { status: 401, response: { message: 'Authorization is required' }, items: [] };
	const outcome = async (delivery: Delivery) => {
		const { status, response, items, warnings } = await deliver({ nodeId: randomUUID(), ...delivery });
		return { status, response, items, warnings };
	};

	it('warns once in the log for a delivery refused because the secret is empty, and only then', async () => {
		const headerAuth = { authentication: 'headerAuth' };
		const basicAuth = { authentication: 'basicAuth' };
		const emptySecret: Delivery[] = [
			{ parameters: headerAuth, credential: { ...secret, headerSecret: '' }, headers: { 'x-webhook-secret': '' } },
			{ parameters: basicAuth, credential: { ...secret, password: '' }, headers: { authorization: `Basic ${basic(secret.user, '')}` } },
		];
		for (const refused of emptySecret) {
			expect(await outcome(refused)).toEqual({ ...REFUSED, warnings: [EMPTY_SECRET] });
		}
		// a wrong secret is refused without a word in the log (anyone can post to the URL)
		const wrongSecret: Delivery[] = [
			{ parameters: headerAuth, headers: { 'x-webhook-secret': 'wrong' } },
			// as long as the secret, one character off
			{ parameters: headerAuth, headers: { 'x-webhook-secret': 's3cret-value-43' } },
			{ parameters: basicAuth, headers: { authorization: `Basic ${basic(secret.user, 'wrong')}` } },
		];
		for (const denied of wrongSecret) {
			expect(await outcome(denied)).toEqual({ ...REFUSED, warnings: [] });
		}
		const allowed = await outcome({ parameters: headerAuth, headers: { 'x-webhook-secret': secret.headerSecret } });
		expect([allowed.status, allowed.items.length, allowed.warnings]).toEqual([200, 1, []]);
	});

	it('takes Basic credentials only from an Authorization header that starts with the Basic scheme (in any letter case)', async () => {
		const parameters = { authentication: 'basicAuth' };
		const token = basic(secret.user, secret.password);
		for (const authorization of [`xBasic ${token}`, `Bearer ${token}`, `Basic${token}`, token]) {
			expect({ authorization, ...(await outcome({ parameters, headers: { authorization } })) }).toEqual({ authorization, ...REFUSED, warnings: [] });
		}
		for (const authorization of [`Basic ${token}`, `basic ${token}`, `BASIC \t${token}`]) {
			const result = await outcome({ parameters, headers: { authorization } });
			expect({ authorization, status: result.status, items: result.items.length }).toEqual({ authorization, status: 200, items: 1 });
		}
	});
});

describe("the webhook credential's test", () => {
	const run = (data: IDataObject) =>
		new WineFulfillmentWebhookTrigger().methods.credentialTest.wineFulfillmentWebhookApiTest.call({} as ICredentialTestFunctions, {
			id: 'c1',
			name: 'Webhook secret',
			type: 'wineFulfillmentWebhookApi',
			data,
		} as ICredentialsDecrypted);

	it('takes a header name only when all of it is an HTTP header name (letters, digits and ! # $ % & \' * + - . ^ _ ` | ~)', async () => {
		for (const headerName of ['X-Webhook-Secret', 'x', "!#$%&'*+-.^_`|~09azAZ", ' X-Trimmed ']) {
			const result = await run({ headerName, headerSecret: secret.headerSecret });
			expect({ headerName, status: result.status }).toEqual({ headerName, status: 'OK' });
		}
		for (const headerName of ['X Bad', 'Bad X:', ':X-Secret', 'X-Secret:', 'Über', 'X-Secret\t1', '(X)']) {
			const result = await run({ headerName, headerSecret: secret.headerSecret });
			expect({ headerName, ...result }).toEqual({
				headerName,
				status: 'Error',
				// the name is not quoted: a whole header line pasted in ("X-Secret: s3cret") holds the secret
				message: `Header Auth: the Header Name is not an HTTP header name (letters, digits and ! # $ % & ' * + - . ^ _ \` | ~, no spaces${headerName.includes(':') ? '; the name alone, without a colon and its value, which goes in Header Value' : ''}): a trigger using it refuses every delivery (401)`,
			});
		}
	});

	it('names every problem at once, one after the other', async () => {
		const result = await run({ headerName: '', headerSecret: secret.headerSecret, user: secret.user });
		expect(result).toEqual({
			status: 'Error',
			message: 'Header Auth has a Header Value but no Header Name; Basic Auth has a User but no Password: a trigger using it refuses every delivery (401)',
		});
	});
});
