// What the editor's lookups (the Item Number picker, the credential Test button) may spend on the provider, and the 429 they give up on.
import { NodeApiError } from 'n8n-workflow';

import type { RequestOptions } from '../transport/request';

/**
 * The request options of every editor lookup. A workflow run may wait up to 2 minutes per request (DEFAULT_RETRY);
 * the editor may not: someone is watching a spinner, each key typed in the picker's search box starts another
 * search, and those waits would pile up against the rate limit the account's runs share. So, per request:
 * - at most 5 s of waiting in all: a Retry-After of up to 5 s is still waited for as asked (a limit that clears
 *   within seconds should not fail the lookup); a longer one ends the lookup at once, saying when to try again;
 * - at most two resends after 429s (after the Retry-After, or a short backoff without one), within those 5 s;
 * - one resend after a 5xx, a connection failure or an unreadable answer: a passing blip is got past, as in a run,
 *   and a provider that keeps failing is told in about a second, not after 8 backoffs (~36 s);
 * - 15 s for one whole answer, body included (a provider trickling its answer is cut off too): a page of 500 SKUs or
 *   the Test's one-record read normally comes in well under a second, so only a provider that hangs reaches it;
 * - 35 s for the whole request, its attempts and waits together (EDITOR_LOOKUP_MS): a provider that hangs is given up
 *   on after about 30 s (two timeouts), never later than 35 s.
 */
export const EDITOR_LOOKUP_MS = 35_000;

export const EDITOR_REQUEST: Pick<RequestOptions, 'retry' | 'timeoutMs'> = {
	retry: { maxRetries: 1, maxRateLimitRetries: 2, maxDelayMs: 2_000, maxTotalWaitMs: 5_000, maxCallMs: EDITOR_LOOKUP_MS },
	timeoutMs: 15_000,
};

/** Whether the transport's error is the provider's 429 (the rate limit it did not wait out). */
export function isRateLimited(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && String(error.httpCode) === '429';
}

/** "in N s" from the Retry-After the provider sent with a 429 (the transport keeps it on the error); "in a few seconds" without one. */
export function tryAgainIn(error: NodeApiError): string {
	const seconds = error.context.retryAfterSeconds;
	return typeof seconds === 'number' ? `in ${seconds} s` : 'in a few seconds';
}
