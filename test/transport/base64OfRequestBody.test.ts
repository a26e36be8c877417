// A provider echoing the request body as base64: a password with a quote or backslash travels JSON-escaped, and the
// base64 of that wire form is masked too (was: only base64 of the password as typed was sought).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from '../transport/misbehavingServer';
import { expectNoSecrets, probe } from '../transport/helpers';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** Every request refused with `status`, the answer carrying the request body it received, base64-encoded. */
async function echoingBodyAsBase64(password: string, status = 400) {
	const srv = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			const received = srv.requests[srv.requests.length - 1].body;
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ Message: 'The request is invalid', Request: Buffer.from(received, 'utf8').toString('base64') }));
		},
	}));
	server = srv;
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(srv.baseUrl, { password }) };
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
	return { result, sent: srv.requests[0].body };
}

/** Every run of base64 letters in the text (of 16 or more), decoded. */
const decodedBase64In = (text: string) =>
	(text.match(/[A-Za-z0-9+/]{16,}={0,2}/g) ?? []).map((run) => Buffer.from(run, 'base64').toString('latin1'));

describe('an error answer echoing the request body as base64', () => {
	it('sanity: a password without characters JSON escapes is masked in it', async () => {
		const password = 'plain-password-7731';
		const { result, sent } = await echoingBodyAsBase64(password);
		expect(sent).toContain(password);
		expect(result.error?.message).toBe('The provider rejected the request as invalid: The request is invalid');
		expect(result.error?.description).toContain('***');
		expect(decodedBase64In(result.error?.description ?? '').join('\n')).not.toContain(password);
		expectNoSecrets(result.run, [password]);
	});

	it.each([
		['a quote', 'pa"ss-word-7731'],
		['a backslash', 'pass\\word-7731'],
		['a quote and a backslash', 'pa"ss\\word'],
	])('a password with %s: no form of it is in the error', async (_name, password) => {
		const wire = JSON.stringify(password).slice(1, -1);
		const { result, sent } = await echoingBodyAsBase64(password);
		// the password travelled in its JSON form, and the echo reached the node
		expect(sent).toContain(`"Password":"${wire}"`);
		expect(result.error?.message).toBe('The provider rejected the request as invalid: The request is invalid');
		const description = result.error?.description ?? '';
		expect(description).toContain("The provider's answer (400)");
		// what a reader of the error gets by decoding the base64 it shows
		const decoded = decodedBase64In(description).join('\n');
		expect(decoded).not.toContain(wire);
		expectNoSecrets(result.run, [password]);
	});
});
