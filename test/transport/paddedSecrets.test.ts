// A credential value pasted with blanks or line breaks around it is sent without them, and masked in the form sent
// when the provider echoes it back (bug hunt 12: the scrubber knew the stored forms only, and the sent one leaked).
import { testCredential } from '../harness/credentialTest';
import { sandboxCredential } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { expectNoSecrets } from '../transport/helpers';

const fx = useSandbox({ inventoryRecords: 5 });

const getStatus = () =>
	actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: false, limit: 1 }, { typeVersion: 2 });

describe('a credential pasted with a line break or spaces around it: its echoed value is still masked', () => {
	it.each([
		['User Key with a line break after it', 'userKey', `${SANDBOX_CREDENTIALS.userKey}\n`],
		['User Key with spaces around it', 'userKey', ` ${SANDBOX_CREDENTIALS.userKey}  `],
		['Access Token with a line break after it', 'accessToken', `${SANDBOX_CREDENTIALS.token}\n`],
		['Password with a line break after it', 'password', `${SANDBOX_CREDENTIALS.password}\r\n`],
	])('%s: a node run\'s error holds no form of it', async (_name, field, value) => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'raw' });
		const result = await fx.run(getStatus(), { [field]: value });
		expect(result.error).toBeDefined();
		// the echo did reach the node: the other secrets are masked in the same message
		expect(result.error?.message).toContain('***');
		expectNoSecrets(result.error);
	});

	it('Access Token with a line break after it: the echoed Authorization header (base64) is masked', async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'header' });
		const result = await fx.run(getStatus(), { accessToken: `${SANDBOX_CREDENTIALS.token}\n` });
		expect(result.error).toBeDefined();
		expectNoSecrets(result.error);
	});

	it("the credential's Test message holds no form of a User Key pasted with a line break", async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'raw' });
		const result = await testCredential(
			'wineFulfillmentApi',
			sandboxCredential(fx.sandbox.baseUrl, { userKey: `${SANDBOX_CREDENTIALS.userKey}\n` }),
		);
		expect(result.status).toBe('Error');
		expectNoSecrets(result.message);
	});
});
