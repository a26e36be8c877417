// An answer nested thousands of levels deep is refused by name before anything walks it (the pager, the scrubbing, n8n's
// copies would overflow the stack with a bare "Maximum call stack size exceeded"); one nested as deep as allowed is read.
import { MAX_ANSWER_DEPTH } from '../../nodes/WineFulfillment/transport/request';
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { ACTION_NODE, CREDENTIAL_ID, actionWorkflow } from '../harness/workflows';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** A list nested `depth` levels deep, as JSON text: [[[…]]]. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A Get Status page whose record has a member `depth` lists deep (the page and its record add 3 levels). */
const pageWith = (depth: number) =>
	`{"WarehouseInventoryStatuses":[{"ItemNo":"A-1","Warehouse":"NAPA","InventoryStatus":"GOOD","Deep":${nested(depth)}}],"MoreRecords":false,"TotalRecordCount":1}`;

async function provider(status: number, body: string): Promise<MisbehavingServer> {
	server = await misbehavingServer(() => ({ kind: 'answer', status, body }));
	return server;
}

const credentials = (baseUrl: string) => ({ [CREDENTIAL_ID]: sandboxCredential(baseUrl) });
const getStatus = { resource: 'inventory', operation: 'getStatus', returnAll: true };
const TOO_DEEP = 'The provider answered with JSON nested more than 1,000 levels deep';
/** a write's (createSalesOrder, generateJitLabel): it may have taken effect, and says so (bug hunt 47) */
const TOO_DEEP_WRITE = `${TOO_DEEP}: the request may have taken effect, check before sending it again`;

describe('transport: an answer nested too deep', () => {
	it('Get Status: a record member 5,000 levels deep fails the item by name, with Continue On Fail as an error item', async () => {
		const srv = await provider(200, pageWith(5_000));
		const result = await runWorkflow(actionWorkflow(getStatus, { typeVersion: 2, continueOnFail: true }), credentials(srv.baseUrl));
		const items = result.output(ACTION_NODE);
		expect(items).toHaveLength(1);
		expect(items[0].json.error).toBe(TOO_DEEP);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		// not retried: the same answer would come back
		expect(srv.requests).toHaveLength(1);
	});

	it('Get Status without Continue On Fail: the run fails with the named error, saying the query was not retried', async () => {
		const srv = await provider(200, pageWith(5_000));
		const result = await runWorkflow(actionWorkflow(getStatus, { typeVersion: 2 }), credentials(srv.baseUrl));
		expect(result.error?.message).toBe(TOO_DEEP);
		expect(result.error?.description).toContain('The query was not retried');
		expect(result.error?.description).toContain('The answer starts: {"WarehouseInventoryStatuses":[{"ItemNo":"A-1"');
	});

	it('a write answered so: not resent, and the error says it may have taken effect', async () => {
		const srv = await provider(200, `{"TransactionReferenceNumber":"T-1","Deep":${nested(5_000)}}`);
		const result = await runWorkflow(probe({ endpoint: 'createSalesOrder', retry: { baseDelayMs: 1, maxDelayMs: 2 } }), credentials(srv.baseUrl));
		expect(result.error?.message).toBe(TOO_DEEP_WRITE);
		expect(result.error?.description).toContain('may have taken effect');
		expect(srv.requests).toHaveLength(1);
	});

	it('a label answered as JSON that nests so deep is refused by name too, not read for the document', async () => {
		const srv = await provider(200, `{"LabelData":"JVBERi0xLjcKeAolJUVPRgo=","Deep":${nested(5_000)}}`);
		const result = await runWorkflow(
			probe({ endpoint: 'generateJitLabel', document: 'application/pdf', retry: { baseDelayMs: 1, maxDelayMs: 2 } }),
			credentials(srv.baseUrl),
		);
		expect(result.error?.message).toBe(TOO_DEEP_WRITE);
		expect(srv.requests).toHaveLength(1);
	});

	it("the label's refusal shows the answer's start with a secret in it masked", async () => {
		// the user key from character 100 on, inside the 120 characters shown
		const lead = `{"Note":"${'x'.repeat(90)}`;
		const srv = await provider(200, `${lead}${SANDBOX_CREDENTIALS.userKey}","LabelData":"JVBERi0xLjcKeAolJUVPRgo=","Deep":${nested(5_000)}}`);
		const result = await runWorkflow(probe({ endpoint: 'generateJitLabel', document: 'application/pdf', retry: { maxRetries: 0 } }), credentials(srv.baseUrl));
		expect(result.error?.message).toBe(TOO_DEEP_WRITE);
		expect(result.error?.description).toContain(`The answer starts: ${lead}***`);
		expectNoSecrets(result.run);
	});

	it('a raw PDF is not read as JSON: 5,000 "[" among its bytes are no levels', async () => {
		server = await misbehavingServer(() => ({
			kind: 'answer',
			body: `%PDF-1.7\n${'['.repeat(5_000)}\n%%EOF\n`,
			headers: { 'content-type': 'application/pdf' },
		}));
		const result = await runWorkflow(probe({ endpoint: 'generateJitLabel', document: 'application/pdf' }), credentials(server.baseUrl));
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json).toMatchObject({ mimeType: 'application/pdf', size: 5_016 });
	});

	it('a refusal (400) whose body nests so deep is still the refusal, its body shown as text', async () => {
		const srv = await provider(400, `{"Message":"bad","Deep":${nested(50_000)}}`);
		const result = await runWorkflow(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }), credentials(srv.baseUrl));
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toContain('The provider rejected the request as invalid');
		expectNoSecrets(result.run);
	});

	it('a member nested as deep as allowed is read and output, a secret at its bottom masked', async () => {
		// the page, its list and the record are 3 levels; the secret makes the scrubbing walk every level
		const depth = MAX_ANSWER_DEPTH - 3;
		const body = pageWith(depth).replace('[]', JSON.stringify([SANDBOX_CREDENTIALS.userKey]));
		const srv = await provider(200, body);
		const result = await runWorkflow(actionWorkflow(getStatus, { typeVersion: 2 }), credentials(srv.baseUrl));
		expect(result.error).toBeUndefined();
		let member: unknown = result.output(ACTION_NODE)[0].json.Deep;
		for (let level = 1; level < depth; level++) member = (member as unknown[])[0];
		expect(member).toEqual(['***']);
		expectNoSecrets(result.run);
	});

	it('brackets inside strings are not levels: a text of 5,000 "[" is read', async () => {
		const srv = await provider(200, pageWith(1).replace('"GOOD"', JSON.stringify(`GOOD${'['.repeat(5_000)}\\"{`)));
		const result = await runWorkflow(actionWorkflow(getStatus, { typeVersion: 2 }), credentials(srv.baseUrl));
		expect(result.error).toBeUndefined();
		expect(String(result.output(ACTION_NODE)[0].json.InventoryStatus)).toMatch(/^GOOD\[{5000}\\"\{$/);
	});
});
