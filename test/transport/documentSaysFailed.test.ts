// A document answered as JSON that says the request failed: a write (Generate JIT Label) is refused, its guidance by whether a transaction reference came beside; a read's document is put out; a too-deep one is quoted in its declared charset.
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { PROBE_NODE, probe } from './helpers';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const PDF = 'JVBERi0xLjcKeAolJUVPRgo=';
const credentials = (baseUrl: string) => ({ [CREDENTIAL_ID]: sandboxCredential(baseUrl) });

async function ask(endpoint: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req, res) => {
			res.writeHead(200, headers);
			res.end(body);
		},
	}));
	return await runWorkflow(probe({ endpoint, document: 'application/pdf', retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } }), credentials(server.baseUrl));
}

describe('a label answered as JSON that says it failed', () => {
	it('with a transaction reference beside: the outcome is unknown, the guidance says to check before sending again', async () => {
		const result = await ask('generateJitLabel', JSON.stringify({ IsSuccess: false, TransactionReferenceNumber: 'T-77', Message: 'Label voided', LabelData: PDF }));
		expect(result.error?.message).toBe('The provider refused the request: Label voided; the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain('yet answered with a transaction reference');
		expect(result.error?.description).not.toContain('so nothing was changed');
		expect(server?.requests).toHaveLength(1);
	});

	it('without a transaction reference: refused, nothing was changed', async () => {
		const result = await ask('generateJitLabel', JSON.stringify({ IsSuccess: false, Message: 'Label voided', LabelData: PDF }));
		expect(result.error?.message).toBe('The provider refused the request: Label voided');
		expect(result.error?.description).toContain('The provider answered 200 but said the request failed, so nothing was changed');
		expect(result.error?.description).not.toContain('transaction reference');
	});
});

describe('a read answering a document beside a failure flag', () => {
	it('is not refused as a write would be: the document comes out', async () => {
		const result = await ask('getStatus', JSON.stringify({ IsSuccess: false, TransactionReferenceNumber: 'T-78', LabelData: PDF }));
		expect(result.error).toBeUndefined();
		const [item] = result.output(PROBE_NODE);
		expect(item.json.mimeType).toBe('application/pdf');
		expect(item.json.size).toBe(Buffer.from(PDF, 'base64').length);
	});
});

describe('a document answer nested too deep', () => {
	it("is quoted in the charset its Content-Type declares (ISO-8859-5 here), not read as windows-1252", async () => {
		const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
		// "Привет" in ISO-8859-5
		const word = Buffer.from([0xbf, 0xe0, 0xd8, 0xd2, 0xd5, 0xe2]);
		const body = Buffer.concat([Buffer.from('{"Note":"'), word, Buffer.from(`","LabelData":"${PDF}","Deep":${deep}}`)]);
		const result = await ask('generateJitLabel', body, { 'content-type': 'application/json; charset=iso-8859-5' });
		expect(result.error?.message).toBe('The provider answered with JSON nested more than 1,000 levels deep: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain('The answer starts: {"Note":"Привет","LabelData"');
	});
});
