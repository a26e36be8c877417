// Every status the interface names becomes a NodeApiError that says what to do; no secret leaks on any path.
import { runWorkflow } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 50 });
const noRetry = { maxRetries: 0 };
const echoSecrets = `UserKey ${SANDBOX_CREDENTIALS.userKey} / Password ${SANDBOX_CREDENTIALS.password} / token ${SANDBOX_CREDENTIALS.token}`;

describe('transport: provider statuses', () => {
	it.each([
		[300, 'updateSalesOrder', { Message: 'Multiple orders' }, 'Several sales orders match', 'Transaction Reference Number'],
		[400, 'getStatus', 'Warehouse XYZ is unknown', 'rejected the request as invalid: Warehouse XYZ is unknown', 'Correct the field'],
		[400, 'getStatus', { Message: 'Top must be an integer' }, 'invalid: Top must be an integer', 'Correct the field'],
		[400, 'getStatus', { error: { message: 'Nested reason' } }, 'invalid: Nested reason', 'Correct the field'],
		[400, 'getStatus', { errors: { OrderNo: ['OrderNo is required'] } }, 'invalid: OrderNo is required', 'Correct the field'],
		// a message list left null (no message): the answer is shown as it came, not a bare TypeError
		[400, 'getStatus', { Success: false, Messages: null, Code: 'E1' }, 'invalid: {"Success":false,"Messages":null,"Code":"E1"}', 'Correct the field'],
		[400, 'getStatus', { Success: false, errors: null, Message: 'Top is too large' }, 'invalid: Top is too large', 'Correct the field'],
		[401, 'getStatus', { Message: 'Unauthorized' }, 'The credentials were refused', 'User Key, Password, Customer No and Access Token'],
		[403, 'cancelSalesOrder', { Message: 'Order shipped' }, "state has changed", 'shipped'],
		[404, 'cancelSalesOrder', { Message: 'Not found' }, 'order number was not found', 'Check the number'],
		[404, 'getStatus', { Message: 'Nothing' }, 'Not found (404)', 'found nothing'],
		[413, 'batchSalesOrder', { Message: 'Too large' }, 'too large', 'fewer records'],
		[500, 'createSalesOrder', { Message: 'Boom' }, 'internal error (500)', 'was not resent'],
	])('%i on %s', async (status, endpoint, body, message, description) => {
		await fx.control.fault({ kind: 'status', status, body, path: '/api/' });
		const result = await fx.run(probe({ endpoint, retry: noRetry }));
		expect(result.error?.message).toContain(message);
		expect(result.error?.description).toContain(description);
		expect(result.error?.httpCode).toBe(String(status));
		expectNoSecrets(result.run);
	});

	it('keeps a 429 that outlasts the retries as a clear error', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0', path: 'GetStatus' });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRateLimitRetries: 3 } }));
		expect(result.error?.message).toContain('rate limit');
		expect(result.error?.description).toContain('Concurrency');
		expect(await fx.control.requests('GetStatus')).toHaveLength(4);
	});

	it('scrubs secrets the provider echoes back in an error body', async () => {
		await fx.control.fault({ kind: 'status', status: 400, body: { Message: echoSecrets }, path: 'GetStatus' });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: noRetry }));
		expect(result.error?.message).toContain('UserKey *** / Password *** / token ***');
		expectNoSecrets(result.run);
	});

	it('turns failures into error items with Continue On Fail, in input order, secrets scrubbed', async () => {
		await fx.control.fault({ kind: 'status', status: 400, body: { Message: echoSecrets }, path: 'GetStatus', every: 2 });
		const result = await fx.run(
			probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: noRetry }, { items: [{}, {}, {}, {}], continueOnFail: true }),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(PROBE_NODE);
		expect(out.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3]);
		expect(out.filter((i) => i.json.error)).toHaveLength(2);
		expect(out.find((i) => i.json.error)?.json.details).toMatchObject({ httpCode: '400' });
		expectNoSecrets(out);
	});

	it('sends failed items to the error output with "Continue (using error output)"', async () => {
		await fx.control.fault({ kind: 'status', status: 400, body: { Message: echoSecrets }, path: 'GetStatus', every: 2 });
		const result = await fx.run(
			probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: noRetry }, { items: [{}, {}, {}, {}], errorOutput: true }),
		);
		expect(result.error).toBeUndefined();
		const paired = (items: typeof ok) => items.map((i) => (i.pairedItem as { item: number }).item);
		const ok = result.output(PROBE_NODE, 0);
		const failed = result.output(PROBE_NODE, 1);
		expect(paired(ok)).toEqual([0, 2]);
		expect(paired(failed)).toEqual([1, 3]);
		expect(failed[0].json.error).toContain('rejected the request as invalid');
		expectNoSecrets(result.run);
	});

	it('names the failing item and keeps secrets out when an item fails without Continue On Fail', async () => {
		// the second item's request is the one refused
		await fx.control.fault({ kind: 'status', status: 401, body: { Message: echoSecrets }, path: 'GetStatus', after: 1 });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getStatus', returnAll: false, limit: 1, options: { concurrency: 1 } },
				{ items: [{}, {}, {}], typeVersion: 2 },
			),
		);
		expect(result.error?.message).toBe('The credentials were refused');
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(result.error?.description).toContain('User Key, Password, Customer No and Access Token');
		expect(result.error?.description).toMatch(/\bItem 2\b/);
		// the run stopped there: the third item was never sent
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
		expectNoSecrets(result.run);
	});

	it('refuses wrong credentials with the plain 401 message (real sandbox authentication)', async () => {
		const result = await runWorkflow(
			probe({ endpoint: 'getStatus', retry: noRetry }),
			fx.credential({ password: 'not-the-password' }),
		);
		expect(result.error?.message).toBe('The credentials were refused');
		expect(JSON.stringify(result.run)).not.toContain('not-the-password');
		const [logged] = await fx.control.requests('GetStatus');
		expect(logged.status).toBe(401);
	});
});
