// The Wine Fulfillment API credential's Test button as n8n runs it (testedBy → methods.credentialTest in n8n-core's
// CredentialTestContext), against the sandbox: it passes only for an answer a node run can read, and says what to check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, ICredentialDataDecryptedObject } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { versionDescription } from '../../nodes/WineFulfillment/actions/versionDescription';
import {
	API_CREDENTIAL_TEST,
	CREDENTIAL_REFUSED,
	NOT_THE_INTERFACE,
	NOTHING_AT_BASE_URL,
	credentialTest,
} from '../../nodes/WineFulfillment/methods/credentialTest';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { testCredential } from '../harness/credentialTest';
import { runWorkflow, sandboxCredential, type CredentialData } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { probe } from '../transport/helpers';

const fx = useSandbox({ inventoryRecords: 5 });

const data = (overrides: IDataObject = {}): ICredentialDataDecryptedObject => sandboxCredential(fx.sandbox.baseUrl, overrides as Partial<CredentialData>);

/** Presses Test: the result, how long it took, and what reached the provider. */
async function pressTest(overrides: IDataObject = {}) {
	const started = Date.now();
	const result = await testCredential('wineFulfillmentApi', data(overrides));
	return { result, ms: Date.now() - started, sent: await fx.control.requests('GetStatus') };
}

describe("the API credential's Test button", () => {
	it('is the nodes\' test: the credential has no test request of its own (n8n would run that instead), and both nodes using it name the same function', () => {
		expect(new WineFulfillmentApi()).not.toHaveProperty('test');
		expect(versionDescription.credentials).toEqual([{ name: 'wineFulfillmentApi', required: true, testedBy: API_CREDENTIAL_TEST }]);
		const trigger = new WineFulfillmentTrigger();
		expect(trigger.description.credentials).toEqual([{ name: 'wineFulfillmentApi', required: true, testedBy: API_CREDENTIAL_TEST }]);
		expect(trigger.methods.credentialTest[API_CREDENTIAL_TEST]).toBe(credentialTest[API_CREDENTIAL_TEST]);
	});

	it('passes with good credentials, after one cheap Get Status read carrying them as a node run does', async () => {
		const { result, sent } = await pressTest();
		expect(result).toEqual({ status: 'OK', message: 'Connection successful: the provider accepted the credentials at this Base URL' });
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({ method: 'POST', status: 200, authShape: 'Authentication', accept: 'application/json' });
		expect(sent[0].body).toEqual({ Skip: 0, Top: 1, IncludeTotalRecordCount: false });
	});

	it('passes with padding spaces and trailing slashes on the Base URL, as node runs accept them', async () => {
		const { result, sent } = await pressTest({ baseUrl: `  ${fx.sandbox.baseUrl}/// ` });
		expect(result.status).toBe('OK');
		expect(sent).toHaveLength(1);
	});

	it.each([
		['a web page (a portal or sign-in page answered 200)', { body: '<html>Sign in to the partner portal</html>', as: 'text' as const }],
		['JSON that is not the interface\'s answer (a list)', { body: [{ ok: true }] }],
		['JSON without the inventory records', { body: { Message: 'Welcome to the partner portal' } }],
	])('fails for %s, saying to check the Base URL, within seconds', async (_name, answer) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', ...answer });
		const { result, ms } = await pressTest();
		expect(result).toEqual({ status: 'Error', message: NOT_THE_INTERFACE });
		expect(ms).toBeLessThan(5_000);
	});

	it('reads the answer as it came, as a node run does: JSON that is a bare string is read once, not taken for a web page and read again', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: 'Welcome to the partner portal' });
		const { result, sent } = await pressTest();
		expect(result).toEqual({ status: 'Error', message: NOT_THE_INTERFACE });
		expect(sent).toHaveLength(1);
	});

	it("agrees with a node run: the web page's Base URL fails a run too", async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: '<html>Sign in</html>', as: 'text' });
		const run = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { maxRetries: 0 } }));
		expect(run.error?.message).toBe("The provider answered with a web page instead of the interface's JSON");
	});

	it('keeps its wording for refused credentials (401), without the secret', async () => {
		const { result } = await pressTest({ password: 'not-the-password-991' });
		expect(result).toEqual({ status: 'Error', message: CREDENTIAL_REFUSED });
		expect(CREDENTIAL_REFUSED).toBe(
			'The credentials were refused: check User Key, Password, Customer No and Access Token, and that the Base URL is the environment they were issued for',
		);
	});

	it('keeps its wording when nothing answers at the Base URL (404)', async () => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetStatus', body: { Message: 'No HTTP resource was found' } });
		const { result } = await pressTest();
		expect(result).toEqual({ status: 'Error', message: NOTHING_AT_BASE_URL });
		expect(NOTHING_AT_BASE_URL).toBe('Nothing answers at this Base URL: it must be the environment address ending in /v3');
	});

	it('says the account may not have the interface enabled for a 403', async () => {
		await fx.control.fault({ kind: 'status', status: 403, path: 'GetStatus', body: { Message: 'Forbidden' } });
		const { result } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message: 'The provider refused access (403): the account may not have the interface enabled in this environment; ask the provider',
		});
	});

	it('says the credentials were not checked and when to try again for a 429, at once rather than after the Retry-After', async () => {
		await fx.control.fault({ kind: 'status', status: 429, path: 'GetStatus', retryAfter: '30' });
		const { result, ms, sent } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message: 'The credentials were not checked: the provider is rate limiting requests; try again in 30 s',
		});
		expect(ms).toBeLessThan(3_000);
		expect(sent).toHaveLength(1);
	});

	it('waits out a short Retry-After (within the editor budget) and then passes', async () => {
		await fx.control.fault({ kind: 'status', status: 429, path: 'GetStatus', retryAfter: '1', count: 1 });
		const { result, sent } = await pressTest();
		expect(result.status).toBe('OK');
		expect(sent.map((r) => r.status)).toEqual([429, 200]);
	});

	it.each([500, 503])('says the credentials were not checked when the provider keeps failing (%i), after one resend', async (status) => {
		await fx.control.fault({ kind: 'status', status, path: 'GetStatus', body: { Message: 'Service Unavailable' } });
		const { result, ms, sent } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message: `The credentials were not checked: the provider had an internal error (${status}); try again later`,
		});
		expect(sent).toHaveLength(2);
		expect(ms).toBeLessThan(5_000);
	});

	it('names another refusal and points at the Base URL, with the secrets masked', async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'raw' });
		const { result } = await pressTest();
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The Base URL answered 400 to the interface's test read: .*\*\*\*/);
		expect(result.message).toMatch(/check it is the environment's API address ending in \/v3$/);
		for (const secret of [SANDBOX_CREDENTIALS.userKey, SANDBOX_CREDENTIALS.password, SANDBOX_CREDENTIALS.token]) {
			expect(result.message).not.toContain(secret);
		}
	});

	it("names another refusal without a provider's message when the answer says nothing", async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', body: '', as: 'text' });
		const { result } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message: "The Base URL answered 400 to the interface's test read; check it is the environment's API address ending in /v3",
		});
	});

	it("quotes at most 300 characters of the provider's message", async () => {
		const said = `Invalid request. ${'0123456789'.repeat(100)}`;
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', body: { Message: said } });
		const { result } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL answered 400 to the interface's test read: ${said.slice(0, 300)}; check it is the environment's API address ending in /v3`,
		});
	});

	it('does not follow a redirect: it names where it pointed and the Base URL to check', async () => {
		await fx.control.fault({ kind: 'status', status: 302, path: 'GetStatus', headers: { location: 'https://someone:hunter22@portal.example/login' } });
		const { result, sent } = await pressTest();
		expect(result).toEqual({
			status: 'Error',
			message:
				"The provider redirected the request to https://portal.example/login (302); redirects are not followed: check the Base URL is the environment's current https address ending in /v3",
		});
		expect(sent).toHaveLength(1);
	});

	it('says it could not reach a Base URL where nothing listens, with the code', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise((resolve) => closed.close(resolve));
		const { result } = await pressTest({ baseUrl: `http://127.0.0.1:${port}/v3` });
		expect(result).toEqual({
			status: 'Error',
			message:
				'Could not reach the provider: the connection was refused (2 attempts) (ECONNREFUSED): check the Base URL and that this machine can reach it',
		});
	});

	it.each([
		['http://example.com/v3', 'must use https'],
		['(empty)', 'is not a full address'],
		['no /v3', 'must end in /v3'],
		['?env=test', 'must not have a query'],
		['user:password@', 'must not contain a user name or password'],
	])('refuses the Base URL %s with the rule, as a node run does, sending nothing', async (shape, rule) => {
		const baseUrl =
			shape === 'no /v3'
				? fx.sandbox.baseUrl.replace(/\/v3$/, '')
				: shape === '?env=test'
					? `${fx.sandbox.baseUrl}?env=test`
					: shape === 'user:password@'
						? fx.sandbox.baseUrl.replace('http://', 'http://someone:hunter22@')
						: shape === '(empty)'
							? ''
							: shape;
		const { result } = await pressTest({ baseUrl });
		expect(result.status).toBe('Error');
		expect(result.message).toContain(rule);
		expect(result.message).toContain('set it in the Wine Fulfillment API credential');
		expect(result.message).not.toContain('hunter22');
		const run = await runWorkflow(probe({ endpoint: 'getStatus' }), fx.credential({ baseUrl }));
		expect(run.error?.message).toBe(result.message);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
