// Label (document) answers are decoded as other answers are (answerText): a refusal in ISO-8859-1 echoing a password
// with umlauts is masked, and a label in JSON declared UTF-16 is read (were: decoded as UTF-8 whatever they declared).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';
import { PROBE_NODE, probe } from './helpers';
import { minimalPdf } from '../sandbox/salesOrder/label';

const PASSWORD = 'Grüße-Käse-2024';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function labelAnswer(type: string, text: string, charset = 'iso-8859-1', encoding: BufferEncoding = 'latin1') {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(200, { 'content-type': `${type}; charset=${charset}` });
			res.end(Buffer.from(text, encoding));
		},
	}));
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }) };
	return await runWorkflow(probe({ endpoint: 'generateJitLabel', body: { OrderNo: 'JIT-1' }, document: 'application/pdf' }), credentials);
}

const shown = (result: Awaited<ReturnType<typeof labelAnswer>>) =>
	`${result.error?.message ?? ''}\n${result.error?.description ?? ''}\n${JSON.stringify(result.run)}`;

describe('a document answer in ISO-8859-1 echoing a password with umlauts', () => {
	it('JSON refusal: the password is masked in the error', async () => {
		const result = await labelAnswer('application/json', JSON.stringify({ Message: `Login failed for password ${PASSWORD}` }));
		expect(result.error).toBeDefined();
		expect(shown(result)).not.toContain('se-2024');
	});

	it('text refusal: the password is masked in the error', async () => {
		const result = await labelAnswer('text/plain', `Login failed for password ${PASSWORD}`);
		expect(result.error).toBeDefined();
		expect(shown(result)).not.toContain('se-2024');
	});
});

it('a label answered as JSON in UTF-16LE, declared charset=utf-16, is read', async () => {
	const pdf = minimalPdf(['LABEL']);
	const result = await labelAnswer('application/json', JSON.stringify({ LabelData: pdf.toString('base64') }), 'utf-16', 'utf16le');
	expect(result.error?.message).toBeUndefined();
	expect(result.output(PROBE_NODE)[0].json).toMatchObject({ mimeType: 'application/pdf', size: pdf.length });
});
