// What an error says of the retries a call made and the Retry-After it was answered with (transport/request.ts send()'s
// Tries, errors.ts waitWords, readGaveUp and the 429's words): retried only when it was; the wait asked for, beside
// whichever; "more than the node had left to wait" only when the wait was longer than the call had left.
import type { NodeApiError } from 'n8n-workflow';

import { apiRequest, type RequestOptions } from '../../nodes/WineFulfillment/transport/request';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { fakeContext, type FakeAnswer } from './fakeContext';

const read = ENDPOINTS.getStatus;
const fast = { baseDelayMs: 1, maxDelayMs: 4 };

/** answers in turn (the last one repeats) */
function scripted(...answers: FakeAnswer[]) {
	return fakeContext((_request, n) => answers[Math.min(n, answers.length - 1)]);
}
const answered = (statusCode: number, retryAfter?: string): FakeAnswer => ({
	statusCode,
	body: { Message: 'Busy' },
	headers: retryAfter === undefined ? undefined : { 'retry-after': retryAfter },
});
const ok: FakeAnswer = { statusCode: 200, body: { WarehouseInventoryStatuses: [{ ItemNo: 'W-1' }] } };

async function failure(c: ReturnType<typeof scripted>, options: RequestOptions): Promise<NodeApiError> {
	try {
		await apiRequest.call(c.ctx, read, { Top: 1 }, options);
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('no error');
}
/** the advice of the error, without the provider's answer its details end with */
const guidance = (e: NodeApiError) => (e.description ?? '').split('\n\n')[0];

describe('a Retry-After the node could have waited, but its retries were spent', () => {
	it('a read answered 503 with no retries allowed: not sent again, the wait asked for named, no "more than the node had left"', async () => {
		const c = scripted(answered(503, '2'), ok);
		const e = await failure(c, { retry: { ...fast, maxRetries: 0 } });
		expect(c.sent).toHaveLength(1);
		expect(guidance(e)).toBe(
			"The query was not sent again: the node's limits on attempts and waiting allowed no further one. Try again later. " +
				'The provider asked to wait 2 s before the next request (Retry-After). The provider said: Busy',
		);
	});

	it('a 429 with no rate-limit retries allowed: not sent again, the wait asked for named', async () => {
		const c = scripted(answered(429, '2'), ok);
		const e = await failure(c, { retry: { ...fast, maxRateLimitRetries: 0 } });
		expect(c.sent).toHaveLength(1);
		expect(e.message).toBe("The provider's rate limit was exceeded");
		expect(guidance(e)).toBe(
			"The request was not sent again: the node's limits on attempts and waiting allowed no further one. Run again later. " +
				'The provider asked to wait 2 s before the next request (Retry-After). The provider said: Busy',
		);
	});

	it('a read answered 503 with a Retry-After every time, retried within its bound: retried, and the wait asked for named', async () => {
		const c = scripted(answered(503, '0.003'));
		const e = await failure(c, { retry: { ...fast, maxRetries: 2 } });
		expect(c.sent).toHaveLength(3);
		expect(guidance(e)).toBe(
			'The query was retried and still failed; try again later. The provider asked to wait 1 s before the next request (Retry-After). The provider said: Busy',
		);
	});
});

describe("a Retry-After longer than the call's own time left (maxCallMs), within its total wait", () => {
	it('is not waited for: one request, and the error says when the wait ends', async () => {
		const c = scripted(answered(503, '0.045'), ok);
		const e = await failure(c, { retry: { ...fast, maxCallMs: 50, maxTotalWaitMs: 60_000 }, timeoutMs: 10 });
		expect(c.sent).toHaveLength(1);
		expect(guidance(e)).toMatch(
			/^The provider asked to wait 1 s before the next request \(Retry-After\)\. That is more than the node had left to wait, so no further request was sent: run the workflow again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, or schedule it to run after the wait\. The provider said: Busy$/,
		);
	});
});
