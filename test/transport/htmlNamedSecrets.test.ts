// A password with letters beyond ASCII echoed HTML-escaped with named character references (&uuml; &szlig;, as PHP's
// htmlentities writes them) is masked (was: only numeric references and the five markup signs were known).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';
import { probe } from './helpers';

const PASSWORD = 'Grüße-Käse-2024';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

it('a 401 HTML page quoting the password with named character references: the password is masked', async () => {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
			res.end('<html><body>Login failed: password Gr&uuml;&szlig;e-K&auml;se-2024 is wrong</body></html>');
		},
	}));
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }) };
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
	expect(result.error?.message).toBe('The credentials were refused');
	const shown = `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`;
	expect(shown).toContain('Login failed');
	expect(shown.includes('se-2024')).toBe(false);
});
