// An access token longer than the pattern's limit (512) with "/" or "+", echoed with those escaped as serializers write
// them (PHP's "\/", .NET's "\u002B") inside nested JSON: masked (was: shown whole in the error's description).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';
import { probe } from './helpers';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** a 600-character base64 token holding both "/" and "+" */
function longToken(): string {
	for (;;) {
		const token = randomBytes(450).toString('base64');
		if (token.includes('/') && token.includes('+')) return token;
	}
}

it.each([
	['PHP: "/" as "\\/"', (t: string) => t.replace(/\//g, '\\/')],
	['.NET: "+" as "\\u002B"', (t: string) => t.replace(/\+/g, '\\u002B')],
])('a 400 quoting a long token inside nested JSON (%s): the token is masked', async (_name, escape) => {
	const token = longToken();
	// the provider's serializer escaped the inner JSON's token; the outer JSON then escapes the backslashes once more
	const inner = `{"Authorization":"ServiceAuth ${escape(token)}"}`;
	const body = JSON.stringify({ Message: 'Bad request', Request: inner });
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(400, { 'content-type': 'application/json' });
			res.end(body);
		},
	}));
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { accessToken: token }),
	});
	expect(result.error).toBeDefined();
	const shown = `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`;
	expect(shown).toContain('Bad request');
	// no stretch of the token, once the escapes are read, may be shown (a 300-character token escaped alike is masked)
	const plain = (s: string) => s.replace(/\\u002B/g, '+').replace(/\\\//g, '/').replace(/\\/g, '');
	expect(plain(shown).includes(token.slice(100, 300))).toBe(false);
});
