// Bug hunt 39: a read answered 200 whose message says the sign-in failed (transport/errors.ts readRefusal) shows the
// provider's message cut to 300 characters, and the cut comes after the credentials are masked in the whole answer (as
// statusError does): a Password that straddles the 300th character is masked whole, so no part of it shows in the
// error's message, description or context, in a node run and in the credential's Test alike.
import { testCredential } from '../harness/credentialTest';
import { sandboxCredential } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';

const fx = useSandbox({ inventoryRecords: 3 });

const lead = 'Authentication failed for this request; the account is locked after repeated failures. ';
/** a sign-in refusal whose password starts before the 300th character and ends after it */
const message = `${lead.padEnd(280, '.')} password ${SANDBOX_CREDENTIALS.password} was not accepted for customer ${SANDBOX_CREDENTIALS.customerNo}.`;
/** the first 10 characters of the 19-character password */
const start = SANDBOX_CREDENTIALS.password.slice(0, 10);

describe('a sign-in refused with 200 and a message that echoes the password across its 300th character', () => {
	beforeEach(async () => {
		expect(message.indexOf(SANDBOX_CREDENTIALS.password)).toBeLessThan(300);
		expect(message.indexOf(SANDBOX_CREDENTIALS.password) + SANDBOX_CREDENTIALS.password.length).toBeGreaterThan(300);
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: { Message: message, WarehouseInventoryStatuses: [] } });
	});

	it('Inventory → Get Status: the error holds no part of the Password, and the message is cut after the mask', async () => {
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 }));
		expect(result.error?.message).toMatch(/^The credentials were refused: Authentication failed/);
		expect(result.error?.message).toContain('password ***');
		const shown = JSON.stringify({ message: result.error?.message, description: result.error?.description, context: result.error?.context });
		expect(shown).not.toContain(start);
	});

	it("the credential's Test: its message holds no part of the Password either", async () => {
		const result = await testCredential('wineFulfillmentApi', sandboxCredential(fx.sandbox.baseUrl));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The credentials were refused: .*The provider said: Authentication failed/);
		expect(result.message).not.toContain(start);
	});
});

describe("a sign-in refusal's message is shown whole up to 300 characters, and cut after them", () => {
	const refusal = (length: number) => 'Authentication failed for this customer account. '.padEnd(length, 'x');
	const getStatus = () => actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 });

	it('a message of exactly 300 characters is shown whole, without an ellipsis', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: { Message: refusal(300), WarehouseInventoryStatuses: [] } });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe(`The credentials were refused: ${refusal(300)}`);
	});

	it('a message of 301 characters shows its first 300 and an ellipsis', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: { Message: refusal(301), WarehouseInventoryStatuses: [] } });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe(`The credentials were refused: ${refusal(300)}…`);
	});
});
