// A 429 whose Retry-After is a tiny fraction of a second ("0.001") gets the backoff, as Retry-After: 0 does (was: resent
// about every millisecond, the 120 rate-limit retries spent within a second, the item failed).
import { useSandbox } from '../harness/sandbox';
import { expectNoSecrets, probe } from '../transport/helpers';

const fx = useSandbox({ inventoryRecords: 20 });

/** The gaps between consecutive requests to this path, as the sandbox measured their arrival. */
async function gaps(path: string): Promise<number[]> {
	const sent = await fx.control.requests(path);
	return sent.slice(1).map((r, i) => r.at - sent[i].at);
}

describe('a 429 whose Retry-After is a tiny fraction of a second', () => {
	// the same policy the tests of Retry-After: 0 use: a backoff from 200 ms doubles, within 2 s a handful of requests
	const policy = { baseDelayMs: 200, maxDelayMs: 5000, maxTotalWaitMs: 2000 };

	it.each([['0.001'], ['0.01'], ['0.0010']])('Retry-After: %s is waited out with the backoff, not resent at once', async (retryAfter) => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter, path: 'GetStatus', body: { Message: 'slow down' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: policy }));
		expect(result.error?.httpCode).toBe('429');
		const sent = await fx.control.requests('GetStatus');
		// as for Retry-After: 0, a handful of requests spaced by the backoff, not a burst
		expect(sent.length).toBeLessThanOrEqual(6);
		for (const gap of await gaps('GetStatus')) expect(gap).toBeGreaterThanOrEqual(90);
		expectNoSecrets(result.run);
	});

	it('with the default policy a limit that clears after 1.5 s is waited out, not given up on', async () => {
		// the provider refuses for 1.5 s, answering Retry-After: 0.001 each time, then lets requests through
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0.001', path: 'GetStatus' });
		const timer = setTimeout(() => fx.sandbox.faults.clear(), 1500);
		try {
			const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 } }));
			expect(result.error?.message).toBeUndefined();
		} finally {
			clearTimeout(timer);
		}
	});
});
