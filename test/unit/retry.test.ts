// The transport's retry arithmetic called directly: exponential backoff with jitter, and Retry-After read both ways.
import { DateTime } from 'luxon';

import { DEFAULT_RETRY, answerClock, backoffMs, retryAfterMs, type RetryPolicy } from '../../nodes/WineFulfillment/transport/request';

const policy: RetryPolicy = { maxRetries: 8, maxRateLimitRetries: 120, baseDelayMs: 100, maxDelayMs: 1000, maxTotalWaitMs: 5000, maxCallMs: 20_000 };

describe('backoffMs', () => {
	afterEach(() => jest.restoreAllMocks());

	const withRandom = (value: number, attempt: number, p = policy) => {
		jest.spyOn(Math, 'random').mockReturnValue(value);
		return backoffMs(attempt, p);
	};

	it('waits between half and all of base × 2^attempt', () => {
		expect([0, 1, 2, 3].map((attempt) => withRandom(0, attempt))).toEqual([50, 100, 200, 400]);
		expect([0, 1, 2, 3].map((attempt) => withRandom(0.999999, attempt))).toEqual([100, 200, 400, 800]);
		expect(withRandom(0.5, 2)).toBe(300);
	});

	it('never waits longer than maxDelayMs, and jitters below the cap too', () => {
		expect(withRandom(0.999999, 4)).toBe(1000);
		expect(withRandom(0.999999, 30)).toBe(1000);
		expect(withRandom(0, 30)).toBe(500);
	});

	it('rounds to whole milliseconds', () => {
		expect(withRandom(0.3333, 0, { ...policy, baseDelayMs: 7 })).toBe(Math.round(3.5 + 0.3333 * 3.5));
		expect(Number.isInteger(withRandom(0.123456, 3))).toBe(true);
	});

	it('the default policy: 8 retries after failures, 120 after 429s, 250 ms first step, 20 s per wait, 2 minutes in all, the call within 2 min 15 s', () => {
		expect(DEFAULT_RETRY).toEqual({
			maxRetries: 8,
			maxRateLimitRetries: 120,
			baseDelayMs: 250,
			maxDelayMs: 20_000,
			maxTotalWaitMs: 120_000,
			maxCallMs: 135_000,
		});
	});
});

describe('retryAfterMs', () => {
	const now = DateTime.fromISO('2026-03-01T12:00:00Z', { zone: 'utc' });

	it('reads delta-seconds, whole or fractional, as milliseconds', () => {
		expect(retryAfterMs('3', now)).toBe(3000);
		expect(retryAfterMs('0', now)).toBe(0);
		expect(retryAfterMs(' 2 ', now)).toBe(2000);
		expect(retryAfterMs('1.5', now)).toBe(1500);
		expect(retryAfterMs('0.0004', now)).toBe(0);
	});

	it('reads an HTTP date as the time left until then', () => {
		expect(retryAfterMs('Sun, 01 Mar 2026 12:00:07 GMT', now)).toBe(7000);
		expect(retryAfterMs('Sun, 01 Mar 2026 12:01:00 GMT', now)).toBe(60_000);
	});

	it('an HTTP date already past means no wait, not a negative one', () => {
		expect(retryAfterMs('Sun, 01 Mar 2026 11:59:00 GMT', now)).toBe(0);
	});

	it('takes the first value of a repeated header', () => {
		expect(retryAfterMs(['4', '9'], now)).toBe(4000);
		expect(retryAfterMs(['Sun, 01 Mar 2026 12:00:02 GMT'], now)).toBe(2000);
	});

	it('is undefined when absent or unreadable, so the caller backs off instead', () => {
		for (const value of [undefined, null, '', '   ', 'soon', '-3', '3s', '1e3', 'Sun, 32 Mar 2026 12:00:00 GMT', 42, {}]) {
			expect([value, retryAfterMs(value, now)]).toEqual([value, undefined]);
		}
	});

	it('measures an HTTP date from the current time when no `now` is given', () => {
		const inTenSeconds = DateTime.utc().plus({ seconds: 10 }).toHTTP();
		const wait = retryAfterMs(inTenSeconds);
		expect(wait).toBeGreaterThan(8000);
		expect(wait).toBeLessThanOrEqual(10_000);
	});
});

describe('answerClock: the Date of an answer', () => {
	const at = Date.parse('2026-11-29T16:39:08Z');
	it.each([
		['Sun, 29 Nov 2026 16:39:08 GMT'],
		['sun, 29 nov 2026 16:39:08 gmt'],
		['Sun, 29 Nov 2026 16:39:08 UTC'],
		['Sun, 29 Nov 2026 16:39:08 +0000'],
		['Sun, 29 Nov 2026 11:39:08 EST'],
		['sun, 29 nov 2026 08:39:08 pst'],
		['Sun, 29 Nov 2026 10:39:08 CST'],
		['Sun, 29 Nov 2026 12:39:08 EDT'],
		['Sunday, 29-Nov-26 16:39:08 GMT'],
		['2026-11-29T16:39:08Z'],
		['2026-11-29T17:39:08+01:00'],
		['2026-11-29T17:39:08+0100'],
	])('%s', (date) => {
		expect(answerClock({ Date: date })).toBe(at);
	});

	it.each([[undefined], [''], ['yesterday'], ['2026-11-29T16:39:08'], ['Sun, 29 Nov 2026 16:39:08 XST']])('none from %p', (date) => {
		expect(answerClock(date === undefined ? {} : { date })).toBeUndefined();
	});
});
