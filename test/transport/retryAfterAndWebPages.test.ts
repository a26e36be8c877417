// Hunt 6, transport: what a 429 or 5xx asks of the wait (Retry-After 0 or past, Retry-After on a 503), and a web page answered 200.
import { useSandbox } from '../harness/sandbox';
import { NOT_THE_INTERFACE } from '../../nodes/WineFulfillment/methods/credentialTest';
import { testCredential } from '../harness/credentialTest';
import { sandboxCredential } from '../harness/harness';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 20 });

/** The gaps between consecutive requests to this path, as the sandbox measured their arrival. */
async function gaps(path: string): Promise<number[]> {
	const sent = await fx.control.requests(path);
	return sent.slice(1).map((r, i) => r.at - sent[i].at);
}

describe('transport: a 429 whose Retry-After asks for no wait', () => {
	// a backoff from 200 ms doubles: 100-200, 200-400, 400-800 ms... within 2 s a handful of requests, never a spin
	const policy = { baseDelayMs: 200, maxDelayMs: 5000, maxTotalWaitMs: 2000 };

	it.each([
		['Retry-After: 0', () => '0'],
		['an HTTP date already past (a provider clock behind ours)', () => new Date(Date.now() - 8000).toUTCString()],
	])('%s is waited out with the backoff, not resent at once', async (_name, retryAfter) => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: retryAfter(), path: 'GetStatus', body: { Message: 'slow down' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: policy }));
		expect(result.error?.httpCode).toBe('429');
		const sent = await fx.control.requests('GetStatus');
		expect(sent.length).toBeGreaterThanOrEqual(2);
		expect(sent.length).toBeLessThanOrEqual(6);
		for (const gap of await gaps('GetStatus')) expect(gap).toBeGreaterThanOrEqual(90);
		// no wait was asked for: the error names none
		expect(result.error?.description).not.toContain('Retry-After');
		expectNoSecrets(result.run);
	});

	it('then goes through once the provider lets it', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0', path: 'GetStatus', count: 1 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: policy }));
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([429, 200]);
		expect((await gaps('GetStatus'))[0]).toBeGreaterThanOrEqual(90);
	});
});

describe('transport: a 5xx on a read that carries Retry-After', () => {
	const fast = { baseDelayMs: 5, maxDelayMs: 20 };

	it('is sent again after the wait it asks for (503 maintenance), not after the short backoff', async () => {
		await fx.control.fault({ kind: 'status', status: 503, retryAfter: '1', path: 'GetStatus', count: 1, body: { Message: 'maintenance' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: fast }));
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([503, 200]);
		// a backoff here would be at most 20 ms
		expect((await gaps('GetStatus'))[0]).toBeGreaterThanOrEqual(950);
	});

	it("ends the retries with the error when the wait it asks for is past the call's budget, saying how long", async () => {
		await fx.control.fault({ kind: 'status', status: 503, retryAfter: '30', path: 'GetStatus', body: { Message: 'maintenance' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { ...fast, maxTotalWaitMs: 1000 } }));
		expect(result.error?.message).toBe('The provider had an internal error (503)');
		expect(result.error?.description).toContain('The provider asked to wait 30 s before the next request (Retry-After).');
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('a write answered 503 with Retry-After is still never resent', async () => {
		await fx.control.fault({ kind: 'status', status: 503, retryAfter: '1', path: 'UpdateSalesOrder', count: 1 });
		const result = await fx.run(probe({ endpoint: 'updateSalesOrder', retry: fast }));
		expect(result.error?.message).toBe('The provider had an internal error (503): the request may have taken effect, check before sending it again');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(1);
	});
});

describe('transport: a web page answered 200', () => {
	const page = '<!DOCTYPE html>\n<html><head><title>Partner portal: sign in</title></head><body>Sign in</body></html>';

	it.each([
		['as text/html', { as: 'text' as const, headers: { 'content-type': 'text/html; charset=utf-8' } }],
		['as text/plain, starting with <', { as: 'text' as const }],
	])('to a read (%s) is not retried: the error says a web page came and to check the Base URL', async (_name, shape) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: page, ...shape });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 } }));
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
		expect(result.error?.message).toBe("The provider answered with a web page instead of the interface's JSON");
		expect(result.error?.description).toContain('Base URL');
		expect(result.error?.description).toContain('Partner portal: sign in');
		expect(result.error?.description).toContain('not retried');
	});

	it('to a write is an error, not a success, and the write is not resent', async () => {
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateSalesOrder', count: 1, body: '<html><body>OK</body></html>', as: 'text' });
		const result = await fx.run(probe({ endpoint: 'updateSalesOrder' }));
		expect(result.error?.message).toBe("The provider answered with a web page instead of the interface's JSON: the request may have taken effect, check before sending it again");
		expect(result.error?.description).toContain('was not resent');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(1);
	});

	it("keeps the credential Test's sentence for it, after one request", async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body: page, as: 'text' });
		const result = await testCredential('wineFulfillmentApi', sandboxCredential(fx.sandbox.baseUrl));
		expect(result).toEqual({ status: 'Error', message: NOT_THE_INTERFACE });
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('unreadable JSON that is no web page is still retried on a read', async () => {
		await fx.control.fault({ kind: 'malformed', path: 'GetStatus', count: 1 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 5, maxDelayMs: 20 } }));
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.statusCode).toBe(200);
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
	});
});
