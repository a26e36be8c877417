// A password holding a character beyond Latin-1 ("€", common in European passwords; ’ – … ™) leaked when the provider's
// error page echoed it HTML-escaped by name, as PHP's htmlentities writes it ("Vin&euro;-Keller"): only the five markup
// signs and U+00A0-U+00FF had names (transport/secrets.ts htmlName). HTML 4.01's other names are known now. Not sought:
// HTML5's names of ASCII signs (&excl;, &num;), which htmlentities writes only with ENT_HTML5.
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { probe } from './helpers';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const PASSWORD = 'Vin€-Keller-Passwort-2026';
const ECHOED = 'Vin&euro;-Keller-Passwort-2026';

it('a password echoed in an HTML error page with &euro; is masked in the error', async () => {
	const page = `<html><head><title>Bad Request</title></head><body><p>Login failed for password ${ECHOED}</p></body></html>`;
	server = await misbehavingServer(() => ({ kind: 'answer', status: 400, body: page, headers: { 'content-type': 'text/html; charset=utf-8' } }));
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: {}, retry: { maxRetries: 0 } }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl, { password: PASSWORD }),
	});
	expect(result.error).toBeDefined();
	// the password really was sent (so the echo is of the secret), and the run failed on the provider's 400
	expect(server.requests[0].body).toContain(PASSWORD);
	const shown = JSON.stringify({ message: result.error?.message, description: result.error?.description, context: result.error?.context, error: result.error });
	expect(shown).not.toContain(ECHOED);
	expect(shown).not.toContain('Keller-Passwort-2026');
});
