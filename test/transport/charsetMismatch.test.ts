// Answers whose bytes are not in the charset they declare: UTF-8 bytes declared ISO-8859-1 (a gateway's default) are
// read as UTF-8, and Latin-1 bytes declaring none as windows-1252, so a password with umlauts echoed in them is masked
// (was: "GrÃ¼ÃŸe-KÃ¤se-2024" or "Gr\uFFFD\uFFFDe-…" shown; the first a regression of reading answers as bytes).
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

async function refused(contentType: string, bytes: Buffer) {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(401, { 'content-type': contentType });
			res.end(bytes);
		},
	}));
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }) };
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
	expect(result.error?.message).toBe('The credentials were refused');
	return `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`;
}

describe('a 401 echoing a password with umlauts in bytes other than its declared charset', () => {
	it('UTF-8 bytes declared ISO-8859-1: the password is masked', async () => {
		const shown = await refused('text/plain; charset=iso-8859-1', Buffer.from(`Anmeldung fehlgeschlagen: Passwort ${PASSWORD}`, 'utf8'));
		expect(shown).toContain('Anmeldung fehlgeschlagen');
		expect(shown.includes('se-2024')).toBe(false);
	});

	it('Latin-1 bytes with no charset declared: the password is masked', async () => {
		const shown = await refused('text/plain', Buffer.from(`Anmeldung fehlgeschlagen: Passwort ${PASSWORD}`, 'latin1'));
		expect(shown).toContain('Anmeldung fehlgeschlagen');
		expect(shown.includes('se-2024')).toBe(false);
	});
});
