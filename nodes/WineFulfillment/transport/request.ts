// The one function that sends a request: credentials via n8n's auth layer, retries, error mapping, JSON parsing.
import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { DateTime } from 'luxon';

import type { Endpoint } from '../wire/endpoints';
import { checkBaseUrl } from './baseUrl';
import {
	connectionError,
	connectionFailure,
	malformedResponseError,
	statusError,
	type ConnectionFailure,
} from './errors';

export const CREDENTIAL_TYPE = 'wineFulfillmentApi';

export type TransportContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface RetryPolicy {
	/** retries after the first attempt */
	maxRetries: number;
	/** first backoff step; doubles each retry, with jitter */
	baseDelayMs: number;
	/** one wait is never longer than this */
	maxDelayMs: number;
	/** all waits of one call together are never longer than this */
	maxTotalWaitMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
	maxRetries: 8,
	baseDelayMs: 250,
	maxDelayMs: 20_000,
	maxTotalWaitMs: 120_000,
};

export interface RequestOptions {
	qs?: IDataObject;
	/** statuses handed back to the caller instead of thrown (e.g. 404 meaning "none") */
	acceptStatuses?: number[];
	/** 'buffer' returns the body as a Buffer (documents); default parses JSON */
	responseType?: 'json' | 'buffer';
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
	/** the input item this request serves, for the error's context */
	itemIndex?: number;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

interface CallContext {
	baseUrl: string;
	secrets: string[];
	/** handed to n8n's auth layer with every request, so it does not look the credential up again each time */
	credentials: ICredentialsDecrypted;
}

const callContexts = new WeakMap<object, Promise<CallContext>>();

/** The credential, its base URL and the secret values to scrub, read once per node run. */
async function callContext(ctx: TransportContext): Promise<CallContext> {
	let pending = callContexts.get(ctx);
	if (!pending) {
		pending = (async () => {
			const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
			const base = checkBaseUrl(credentials.baseUrl);
			if (!base.ok) {
				throw new NodeOperationError(ctx.getNode(), base.message, {
					description: 'Open the Wine Fulfillment API credential and correct its Base URL.',
				});
			}
			const baseUrl = base.url;
			const secrets = [credentials.userKey, credentials.password, credentials.accessToken]
				.map((v) => (typeof v === 'string' ? v : ''))
				.filter((v) => v.length > 0);
			const { id, name } = ctx.getNode().credentials?.[CREDENTIAL_TYPE] ?? { id: null, name: '' };
			return { baseUrl, secrets, credentials: { id: id ?? '', name, type: CREDENTIAL_TYPE, data: credentials } };
		})();
		callContexts.set(ctx, pending);
		pending.catch(() => callContexts.delete(ctx));
	}
	return await pending;
}

/** Exponential backoff with jitter: between half and all of base * 2^attempt, capped. */
export function backoffMs(attempt: number, policy: RetryPolicy): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now: DateTime = DateTime.utc()): number | undefined {
	const text = Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value.trim() : '';
	if (!text) return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = DateTime.fromHTTP(text, { zone: 'utc' });
	return date.isValid ? Math.max(0, date.diff(now).as('milliseconds')) : undefined;
}

function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
	if (typeof raw !== 'string') return { ok: true, value: raw };
	if (raw.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(raw) as unknown };
	} catch {
		return { ok: false };
	}
}

/**
 * Sends one operation to the provider and returns its parsed answer.
 *
 * Retries: a 429 is always retried (Retry-After honoured, else exponential backoff with jitter),
 * within a bounded count and total wait. Reads are also retried on 5xx, connection failures and
 * unreadable answers. A write (create, update, cancel) is never resent once it may have reached the
 * provider; it is resent only after a 429 or when the connection was never made.
 */
export async function apiRequest<T = unknown>(
	this: TransportContext,
	endpoint: Endpoint,
	body: IDataObject,
	options: RequestOptions = {},
): Promise<ApiResponse<T>> {
	const { baseUrl, secrets, credentials } = await callContext(this);
	const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
	const node = this.getNode();
	const request: IHttpRequestOptions = {
		method: endpoint.method,
		baseURL: baseUrl,
		url: endpoint.path,
		qs: options.qs,
		body,
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		encoding: options.responseType === 'buffer' ? 'arraybuffer' : 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: options.timeoutMs ?? 120_000,
	};

	let waited = 0;
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < policy.maxRetries;
		const wait = async (ms: number): Promise<boolean> => {
			if (!canRetry || waited + ms > policy.maxTotalWaitMs) return false;
			waited += ms;
			this.logger?.debug(`Wine Fulfillment: retrying ${endpoint.path} in ${ms} ms (attempt ${attempt + 2})`);
			await sleep(ms);
			return true;
		};

		let response: ApiResponse<unknown>;
		try {
			// Copies: n8n's auth layer adds the credentials to what it is given. The credential read for this run
			// goes with it: without it, n8n reads (in n8n: loads and decrypts) the credential again for every request.
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				{ ...request, headers: { ...request.headers }, body: { ...body } },
				{ credentialsDecrypted: credentials },
			)) as ApiResponse<unknown>;
		} catch (error) {
			const failure: ConnectionFailure = connectionFailure(error);
			const resendable = endpoint.kind === 'read' || !failure.mayHaveReached;
			if (resendable && (await wait(backoffMs(attempt, policy)))) continue;
			throw connectionError(node, endpoint, failure, attempt + 1, options.itemIndex);
		}

		const status = response.statusCode;
		if (status === 429) {
			const asked = retryAfterMs(response.headers['retry-after']);
			if (await wait(Math.min(asked ?? backoffMs(attempt, policy), policy.maxDelayMs))) continue;
			throw statusError(node, endpoint, status, parseBody(response.body).ok ? response.body : '', secrets, options.itemIndex);
		}
		if (status >= 500 && endpoint.kind === 'read' && (await wait(backoffMs(attempt, policy)))) continue;

		if (options.responseType === 'buffer' && status >= 200 && status < 300) {
			return { ...response, body: Buffer.from(response.body as ArrayBuffer) as T };
		}
		const raw = Buffer.isBuffer(response.body) || response.body instanceof ArrayBuffer
			? Buffer.from(response.body as ArrayBuffer).toString('utf8')
			: response.body;
		const parsed = parseBody(raw);

		if ((status >= 200 && status < 300) || options.acceptStatuses?.includes(status)) {
			if (!parsed.ok) {
				if (endpoint.kind === 'read' && (await wait(backoffMs(attempt, policy)))) continue;
				throw malformedResponseError(node, endpoint, options.itemIndex);
			}
			return { statusCode: status, headers: response.headers, body: parsed.value as T };
		}
		throw statusError(node, endpoint, status, parsed.ok ? parsed.value : raw, secrets, options.itemIndex);
	}
}
