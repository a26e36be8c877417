// Secrets in a 2xx answer whose JSON escapes a character ("+" as \u002B, as .NET's System.Text.Json writes it; "/" as
// \/, as PHP's json_encode does): base64 and form-encoded forms of a password are masked in the output item (was: the raw
// text was searched for them as written, and the answer handed on unwalked).
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from '../transport/misbehavingServer';
import { PROBE_NODE, expectNoSecrets, probe } from '../transport/helpers';

// base64 of this password is "cHc/Pn4+P3gh": it holds a "/" and a "+"
const PASSWORD = 'pw?>~>?x!';
const USER_KEY = 'uk-hunt13-base64';
const TOKEN = 'tok-hunt13-base64';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function runWith(note: string, password = PASSWORD) {
	const body = `{"WarehouseInventoryStatuses":[{"ItemNo":"A-1","Warehouse":"NAPA","QuantityAvailable":1}],"MoreRecords":false,"TotalRecordCount":1,"Note":"${note}"}`;
	server = await misbehavingServer(() => ({ kind: 'answer', status: 200, body }));
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { userKey: USER_KEY, password, accessToken: TOKEN }) };
	return await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
}

describe('base64 of a secret in a 200 answer, a base64 character JSON-escaped', () => {
	it('sanity: the same base64 written plainly is masked in the output', async () => {
		const b64 = Buffer.from(PASSWORD).toString('base64');
		const result = await runWith(`Basic ${b64}`);
		expect(result.error).toBeUndefined();
		expect(JSON.stringify(result.output(PROBE_NODE)[0].json)).toContain('***');
		expectNoSecrets(result.output(PROBE_NODE), [PASSWORD]);
	});

	it('base64 of the password, "+" written \\u002B (.NET System.Text.Json) is masked in the output item', async () => {
		const b64 = Buffer.from(PASSWORD).toString('base64');
		expect(b64).toBe('cHc/Pn4+P3gh');
		const result = await runWith(`Basic ${b64.replace(/\+/g, '\\u002B')}`);
		expect(result.error).toBeUndefined();
		const out = result.output(PROBE_NODE);
		expect(out).toHaveLength(1);
		expectNoSecrets(out, [PASSWORD]);
	});

	it('base64 of the password, "/" written \\/ (PHP json_encode) is masked in the output item', async () => {
		const b64 = Buffer.from(PASSWORD).toString('base64');
		const result = await runWith(`Basic ${b64.replace(/\//g, '\\/')}`);
		expect(result.error).toBeUndefined();
		const out = result.output(PROBE_NODE);
		expect(out).toHaveLength(1);
		expectNoSecrets(out, [PASSWORD]);
	});

	it('a password with a space, URL form-encoded ("+" for the space) and the "+" written \\u002B, is masked in the output item', async () => {
		const password = 'my wine pass';
		const form = new URLSearchParams({ p: password }).toString().slice(2);
		expect(form).toBe('my+wine+pass');
		const result = await runWith(`password=${form.replace(/\+/g, '\\u002B')}`, password);
		expect(result.error).toBeUndefined();
		const out = result.output(PROBE_NODE);
		expect(out).toHaveLength(1);
		expectNoSecrets(out, [password]);
	});
});
