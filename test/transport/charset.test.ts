// An answer in a charset other than UTF-8 (declared in its Content-Type) is decoded by it: the provider's message as it
// wrote it, and a password with letters beyond ASCII echoed in it is masked (was: read as UTF-8, garbled, and the
// password shown but for its umlauts).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from '../transport/misbehavingServer';
import { PROBE_NODE, expectNoSecrets, probe } from '../transport/helpers';

const PASSWORD = 'Grüße-Käse-2024';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** Every request answered with `status` and `text` in ISO-8859-1, declared so. */
async function latin1(status: number, text: string, type = 'text/plain') {
	server = await misbehavingServer(() => ({
		kind: 'handle',
		handle: (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(status, { 'content-type': `${type}; charset=iso-8859-1` });
			res.end(Buffer.from(text, 'latin1'));
		},
	}));
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }) };
	return await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
}

describe('an answer in ISO-8859-1', () => {
	it("a 400's message is shown as the provider wrote it", async () => {
		const result = await latin1(400, 'Ungültiges Lager für Artikel A-1');
		expect(result.error?.message).toBe('The provider rejected the request as invalid: Ungültiges Lager für Artikel A-1');
	});

	it('a 401 echoing a password with letters beyond ASCII: the password is masked, no part of it shown', async () => {
		const result = await latin1(401, `Anmeldung fehlgeschlagen: Passwort ${PASSWORD} ist ungültig`);
		expect(result.error?.message).toBe('The credentials were refused');
		const shown = `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`;
		// the echo reached the node: its surroundings are shown
		expect(shown).toContain('Anmeldung fehlgeschlagen');
		expect(shown).toContain('Passwort *** ist');
		expect(shown).not.toContain('se-2024');
		expectNoSecrets(result.run, [PASSWORD]);
	});
});

describe('a 2xx answer in a declared charset', () => {
	async function answered(charset: string, bytes: Buffer) {
		server = await misbehavingServer(() => ({
			kind: 'handle',
			handle: (_req: IncomingMessage, res: ServerResponse) => {
				res.writeHead(200, { 'content-type': `application/json; charset=${charset}` });
				res.end(bytes);
			},
		}));
		const credentials = { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }) };
		const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 } }), credentials);
		expect(result.error).toBeUndefined();
		return result.output(PROBE_NODE)[0].json.body;
	}
	const json = (text: string) => JSON.stringify({ Description: text });

	it('windows-1252 (quoted label), UTF-8 with a byte order mark, and a label the platform does not know read as UTF-8', async () => {
		expect(await answered('"windows-1252"', Buffer.from(json('Weißwein, trocken'), 'latin1'))).toMatchObject({ Description: 'Weißwein, trocken' });
		await server?.close();
		expect(await answered('utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json('Grüner Veltliner'))]))).toMatchObject({
			Description: 'Grüner Veltliner',
		});
		await server?.close();
		expect(await answered('x-no-such-charset', Buffer.from(json('Grüner Veltliner')))).toMatchObject({ Description: 'Grüner Veltliner' });
	});

	it('ISO-8859-2, where the declared charset and windows-1252 read the same bytes differently', async () => {
		// "Łódź" in ISO-8859-2: A3 F3 64 BC (windows-1252 would read "£ód¼")
		const bytes = Buffer.concat([Buffer.from('{"Description":"'), Buffer.from([0xa3, 0xf3, 0x64, 0xbc]), Buffer.from('"}')]);
		expect(await answered('iso-8859-2', bytes)).toMatchObject({ Description: 'Łódź' });
	});
});
