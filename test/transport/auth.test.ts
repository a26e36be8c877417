// The three credential shapes, the Authorization header, the Base URL rule, and the credential's authenticate by hand.
import { request } from 'undici';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { runWorkflow, sandboxCredential, type CredentialData } from '../harness/harness';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 20 });

describe('transport: credentials on the wire', () => {
	it.each([
		['getStatus', 'Authentication'],
		['createSalesOrder', 'Authentication'],
		['getTrackingDetails', 'AuthenticationDetails'],
		['getOrdersOnHold', 'flat'],
	])('%s carries its credentials as %s', async (endpoint, shape) => {
		await fx.run(probe({ endpoint, body: { OrderNo: 'SO-12345' }, acceptStatuses: [404], retry: { maxRetries: 0 } }));
		const [logged] = await fx.control.requests();
		expect(logged.authShape).toBe(shape);
		// the sandbox strips the credentials from its log; what is left is the operation's own body
		expect(logged.body).toEqual({ OrderNo: 'SO-12345' });
	});

	it('authenticates for real with the token header and body credentials (sandbox checks both)', async () => {
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 } }));
		expect(result.error).toBeUndefined();
		const [logged] = await fx.control.requests('GetStatus');
		expect(logged.status).toBe(200);
	});

	it.each([
		['User Key with a line break after it (pasted from a file)', 'userKey', `${SANDBOX_CREDENTIALS.userKey}\n`],
		['User Key with spaces around it', 'userKey', ` ${SANDBOX_CREDENTIALS.userKey}  `],
		['Customer Number with a line break after it', 'customerNo', `${SANDBOX_CREDENTIALS.customerNo}\r\n`],
		['Access Token with a line break after it', 'accessToken', `${SANDBOX_CREDENTIALS.token}\n`],
		['Access Token with a space before it', 'accessToken', ` ${SANDBOX_CREDENTIALS.token}`],
		['Password with a line break after it', 'password', `${SANDBOX_CREDENTIALS.password}\r\n`],
	])('%s is sent without it: the provider accepts the request', async (_name, field, value) => {
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 } }), { [field]: value });
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([200]);
	});

	it('a Password with a space at its end keeps it (a space can be part of a password)', async () => {
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 } }), { password: `${SANDBOX_CREDENTIALS.password} ` });
		expect(result.error?.message).toBe('The credentials were refused');
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([401]);
	});

	it('reads the credential once per node run, not once per request', async () => {
		const getStatus = (items: number) =>
			fx.run(
				actionWorkflow(
					{ resource: 'inventory', operation: 'getStatus', returnAll: false, limit: 1, options: { concurrency: 1 } },
					{ items: Array.from({ length: items }, () => ({})), typeVersion: 2 },
				),
			);
		const one = await getStatus(1);
		const twenty = await getStatus(20);
		expect([one.error, twenty.error]).toEqual([undefined, undefined]);
		expect(await fx.control.requests('GetStatus')).toHaveLength(21);
		expect(twenty.credentialReads).toBe(one.credentialReads);
		expect(one.credentialReads).toBeLessThanOrEqual(2);
	});

	it('keeps the user from overriding the credentials through body members', async () => {
		const result = await fx.run(
			probe({ endpoint: 'getStatus', body: { Authentication: { UserKey: 'x', Password: 'y', CustomerNo: 'z' }, Top: 1 } }),
		);
		expect(result.error).toBeUndefined();
	});

	it.each([
		['authentication', { authentication: { customerNo: '999', userKey: 'other' } }],
		['AUTHENTICATION', { AUTHENTICATION: { CustomerNo: '999' } }],
		['userKey beside it', { userKey: 'other', password: 'x', customerno: '999' }],
	])('a body member %s (another letter case, which a .NET provider reads as the credential\'s) is not sent', async (_name, members) => {
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { ...members, Top: 1 } }));
		expect(result.error).toBeUndefined();
		const [logged] = await fx.control.requests('GetStatus');
		// the sandbox logs the body without the credential's own members: what is left is the operation's
		expect(logged.body).toEqual({ Top: 1 });
	});

	it('refuses a token the provider does not know', async () => {
		const result = await runWorkflow(
			probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }),
			fx.credential({ accessToken: 'stale-token-000' }),
		);
		expect(result.error?.message).toBe('The credentials were refused');
	});

	it.each([
		['http://example.com/v3', 'must use https'],
		['ftp://127.0.0.1/v3', 'must use https'],
		['not a url', 'is not a full address'],
	])('refuses the Base URL %s before sending anything', async (baseUrl, rule) => {
		const result = await runWorkflow(probe({ endpoint: 'getStatus' }), fx.credential({ baseUrl }));
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
		expectNoSecrets(result.run);
	});

	// Without /v3, Cancel used to reach the host's root and report a misleading "order not found".
	it.each([
		['without /v3', (base: string) => base.replace(/\/v3$/, ''), 'must end in /v3'],
		['with another path after /v3', (base: string) => `${base}/api`, 'must end in /v3'],
		['with a query', (base: string) => `${base}?env=test`, 'must not have a query'],
		['with an empty query', (base: string) => `${base}?`, 'must not have a query'],
		['with a fragment', (base: string) => `${base}#test`, 'must not have a fragment'],
		['with user:password@', (base: string) => base.replace('http://', 'http://someone:hunter22@'), 'must not contain a user name or password'],
	])('refuses a Base URL %s in Cancel, naming the rule, before sending anything', async (_name, make, rule) => {
		const result = await runWorkflow(
			actionWorkflow({ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: 'SO-12345' }),
			fx.credential({ baseUrl: make(fx.sandbox.baseUrl) }),
		);
		expect(result.error?.message).toContain(rule);
		expect(result.error?.message).toContain('ending in /v3');
		expect(result.error?.message).not.toContain('not found');
		expect(JSON.stringify(result.run)).not.toContain('hunter22');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('accepts a loopback http Base URL with a trailing slash', async () => {
		const result = await runWorkflow(
			probe({ endpoint: 'getStatus', body: { Top: 1 } }),
			fx.credential({ baseUrl: `${fx.sandbox.baseUrl}/` }),
		);
		expect(result.error).toBeUndefined();
	});
});

// The Test button itself (the nodes' credentialTest, run as n8n runs it) is test/node/credentialTest.test.ts.
describe("the credential's authenticate, sent by hand to the sandbox", () => {
	const type = new WineFulfillmentApi();
	const data = (overrides: Record<string, string> = {}) => sandboxCredential(fx.sandbox.baseUrl, overrides);

	/** Sends one Get Status for one record signed by the type's own authenticate, as n8n's helper signs a request. */
	async function send(credentials: CredentialData) {
		const prepared = await type.authenticate(credentials, {
			method: 'POST',
			url: '/api/Inventory/GetStatus',
			baseURL: String(credentials.baseUrl).trim().replace(/\/+$/, ''),
			body: { Skip: 0, Top: 1, IncludeTotalRecordCount: false },
		});
		const res = await request(`${prepared.baseURL}${prepared.url}`, {
			method: 'POST',
			headers: { ...(prepared.headers as Record<string, string>), 'content-type': 'application/json' },
			body: JSON.stringify(prepared.body),
		});
		await res.body.dump();
		return res.statusCode;
	}

	it('signs a request the provider accepts with good credentials', async () => {
		expect(await send(data())).toBe(200);
	});

	it('signs a request the provider refuses (401) with a wrong password', async () => {
		expect(await send(data({ password: 'wrong' }))).toBe(401);
	});

	it('refuses a non-https Base URL in its authenticate', async () => {
		await expect(send(data({ baseUrl: 'http://example.com/v3' }))).rejects.toThrow('must use https');
	});

	it.each([
		['no /v3', (base: string) => base.replace(/\/v3$/, ''), 'must end in /v3'],
		['a query', (base: string) => `${base}?env=test`, 'must not have a query'],
		['a fragment', (base: string) => `${base}#x`, 'must not have a fragment'],
		['user:password@', (base: string) => base.replace('http://', 'http://a:b@'), 'must not contain a user name or password'],
	])('refuses a Base URL with %s in its authenticate, whoever sends the request', async (_name, make, rule) => {
		await expect(send(data({ baseUrl: make(fx.sandbox.baseUrl) }))).rejects.toThrow(rule);
	});

	it('states the Base URL rule in the field description', () => {
		const field = type.properties.find((p) => p.name === 'baseUrl');
		for (const words of ['ending in /v3', 'https', 'no query', 'fragment', 'user:password@']) {
			expect(field?.description).toContain(words);
		}
	});
});
