// A byte order mark decides how an answer is read (UTF-16LE without a declared charset): a JSON answer is read, and a
// user key echoed in a 401 is masked (were: read as UTF-8, "not valid JSON", the key shown with NULs between letters).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';
import { PROBE_NODE, probe } from './helpers';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

async function answered(status: number, type: string, bytes: Buffer) {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(status, { 'content-type': type });
			res.end(bytes);
		},
	}));
	return await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 1, maxDelayMs: 2, maxRetries: 1 } }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl),
	});
}

it('a 200 JSON answer in UTF-16LE with its BOM and no charset is read', async () => {
	const result = await answered(200, 'application/json', utf16le(JSON.stringify({ Description: 'Grüner Veltliner' })));
	expect(result.error?.message).toBeUndefined();
	expect(result.output(PROBE_NODE)[0].json.body).toMatchObject({ Description: 'Grüner Veltliner' });
});

it('a 401 in UTF-16LE with its BOM and no charset echoing the user key: the key is masked', async () => {
	const key = SANDBOX_CREDENTIALS.userKey;
	const result = await answered(401, 'text/plain', utf16le(`Invalid user key ${key}`));
	expect(result.error?.message).toBe('The credentials were refused');
	const shown = `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`.replace(/\0/g, '');
	expect(shown).toContain('Invalid user key');
	expect(shown.includes(key)).toBe(false);
});
