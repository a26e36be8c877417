// Bug hunt 39: when the provider's Retry-After asks for longer than the node waits (a daily quota spent: 429 with
// Retry-After 86400; maintenance: 503 with Retry-After 86400), the node gives up after its one request, and its error
// says what happened: no retry was made, the provider asked to wait 86400 s (until when), and to run the workflow again
// after that or schedule it after the wait. It claims no retries, and gives the Concurrency advice only where retries
// were made and the rate limit still refused them (errors.ts messageFor with the call's Tries from request.ts send()).
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 3 });
const getStatus = () => actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 });

describe('a Retry-After longer than the node waits: no retry is made, and none is claimed', () => {
	it.each([
		[429, "The provider's rate limit was exceeded"],
		[503, 'The provider had an internal error (503)'],
	])('Inventory → Get Status answered %i with Retry-After 86400', async (status, message) => {
		await fx.control.fault({ kind: 'status', status, retryAfter: '86400', path: 'GetStatus', body: { Message: 'Daily quota exceeded' } });
		const result = await fx.run(getStatus());
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(
			/^The provider asked to wait 86400 s before the next request \(Retry-After\)\. That is more than the node had left to wait, so no further request was sent: run the workflow again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, or schedule it to run after the wait\. The provider said: Daily quota exceeded/,
		);
		const words = `${String(result.error?.message)}\n${String(result.error?.description)}`;
		expect(words).not.toMatch(/\bretried\b|\bretries\b/i);
		expect(words).not.toMatch(/Concurrency/);
	});

	it('the wait it ends at is a day after the request', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '86400', path: 'GetStatus', body: { Message: 'Daily quota exceeded' } });
		const before = Date.now();
		const result = await fx.run(getStatus());
		const [, ends] = /after (\S+ \S+) UTC/.exec(String(result.error?.description)) ?? [];
		const at = Date.parse(`${ends.replace(' ', 'T')}Z`);
		expect(at).toBeGreaterThanOrEqual(Math.floor((before + 86_400_000) / 1000) * 1000);
		expect(at).toBeLessThanOrEqual(Date.now() + 86_400_000);
	});

	it('a 429 whose retries were made and refused: retries and Concurrency are named, with the wait asked for', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0.01', path: 'GetStatus', body: { Message: 'Too many requests' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 1, maxDelayMs: 4, maxRateLimitRetries: 2 } }));
		expect(await fx.control.requests('GetStatus')).toHaveLength(3);
		expect(result.error?.message).toBe("The provider's rate limit was exceeded and retries did not get through");
		expect(result.error?.description).toMatch(/^Lower the node's Concurrency, or run again later\. The provider asked to wait 1 s before the next request \(Retry-After\)\. The provider said: Too many requests/);
	});

	it('a read answered 503 with no time left for another attempt says it was not sent again, not that it was retried', async () => {
		await fx.control.fault({ kind: 'status', status: 503, path: 'GetStatus', body: { Message: 'Busy' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { maxRetries: 0 } }));
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
		expect(result.error?.description).toMatch(/^The query was not sent again: the node's limits on attempts and waiting allowed no further one\. Try again later\./);
		expect(result.error?.description).not.toMatch(/\bretried\b/);
	});
});
