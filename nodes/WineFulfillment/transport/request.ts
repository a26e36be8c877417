// The one function that sends a request: credentials via n8n's auth layer, retries, error mapping, JSON parsing, scrubbing.
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
import { NodeOperationError } from 'n8n-workflow';
import { DateTime } from 'luxon';
import isPlainObject from 'lodash/isPlainObject';
import mapValues from 'lodash/mapValues';

import type { Endpoint, WriteDeed } from '../wire/endpoints';
import { inInterfaceCase, inSpelling } from '../wire/spellings';
import { checkBaseUrl } from './baseUrl';
import { readDocument, type DocumentType, type WireDocument } from './document';
import {
	connectionError,
	connectionFailure,
	documentError,
	malformedResponseError,
	notFoundFailure,
	providerMessage,
	readRefusal,
	redirectError,
	failedAnswerError,
	saysFailed,
	statusError,
	tooDeepError,
	webPageError,
	type ConnectionFailure,
	type NotFoundMeaning,
} from './errors';
import { transactionReferenceOf } from './reference';
import { Secrets, sentCredentials } from './secrets';
import { answerText, headerText } from './text';
import { pause, stopSignal, stoppedError } from './stop';

export const CREDENTIAL_TYPE = 'wineFulfillmentApi';

export type TransportContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface RetryPolicy {
	/** retries after failures (5xx, connection failures, unreadable answers), 429s not counted */
	maxRetries: number;
	/**
	 * retries after 429s: a 429 was not processed and says when to come back, so a busy limit (many items or executions
	 * sharing it) is waited out for the whole wait budget, not given up after a few refusals
	 */
	maxRateLimitRetries: number;
	/** first backoff step; doubles each retry, with jitter */
	baseDelayMs: number;
	/** one backoff wait is never longer than this (a Retry-After is waited for as asked, within maxTotalWaitMs) */
	maxDelayMs: number;
	/** all waits of one call together are never longer than this */
	maxTotalWaitMs: number;
	/**
	 * The whole call, its attempts and waits together, ends within this. An attempt gets what is left of it when that is
	 * less than its timeout; no wait is taken that would leave the next attempt less than its timeout or MIN_ATTEMPT_MS,
	 * whichever is less (a request cut short would end as a timeout, which for a write means "may have taken effect").
	 */
	maxCallMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
	maxRetries: 8,
	// one a second of the budget; a Retry-After of 0 (or a date already past) gets the backoff, so a call never spins
	maxRateLimitRetries: 120,
	baseDelayMs: 250,
	maxDelayMs: 20_000,
	maxTotalWaitMs: 120_000,
	// the 2 minutes of waiting and 15 s for the requests themselves (how long actions/sentOrders.ts lets a send run):
	// a read that hangs is not sent 9 times at 2 minutes each, but given up on after one timeout
	maxCallMs: 135_000,
};

/** The least time an attempt after a wait is given (see maxCallMs), unless its own timeout is shorter. */
export const MIN_ATTEMPT_MS = 15_000;

/**
 * How deep a provider's JSON answer may nest. The interface's records nest a few levels; an answer nested thousands
 * deep would overflow the stack of whatever walks it (the pager's fingerprint, the scrubbing, n8n's own copies) with a
 * bare "Maximum call stack size exceeded". It is refused, named, before it is parsed.
 */
export const MAX_ANSWER_DEPTH = 1_000;

export interface RequestOptions {
	qs?: IDataObject;
	/**
	 * statuses handed back to the caller instead of thrown (e.g. 413 meaning "split the batch"), whatever their body: JSON
	 * parsed, anything else (a proxy's web page) as its text, scrubbed; never retried
	 */
	acceptStatuses?: number[];
	/**
	 * A document of this type is asked for (Accept: the type, then a JSON answer carrying it, see documentAccept) and
	 * returned as a WireDocument; any other answer is an error naming what came back. Default: a JSON answer, parsed.
	 */
	document?: DocumentType;
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
	/** the input item this request serves, for the error's context */
	itemIndex?: number;
	/** the operation's wire path → panel name, to word the provider's refusals as the panel does */
	labels?: Record<string, string>;
	/**
	 * A write answering one status per record in this member (BatchSalesOrder's CreateSalesOrderStatuses): an answer
	 * listing them is returned whatever failure flag or error status it carries (each status says its record's outcome:
	 * a batch partly taken and answered 400 has created some, bug hunt 43), and a 2xx saying it failed without them has
	 * an unknown outcome (some records may have been taken), never "refused". A 429 was not processed: it is waited out.
	 */
	statusesIn?: string;
	/** what this write does, where it is not what its endpoint does (UpdateSalesOrder with IsCancelOnly cancels) */
	does?: WriteDeed;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

interface CallContext {
	baseUrl: string;
	secrets: Secrets;
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
			// as stored and as sent (the credential sends them without what pasting adds around them): a provider echoes
			// back what it received
			const sent = sentCredentials(credentials);
			const secrets = new Secrets(
				[credentials.userKey, credentials.password, credentials.accessToken, sent.userKey, sent.password, sent.accessToken],
				sent.accessToken,
			);
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

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. `now`: the time the
 * date is measured from (the answer's own Date, see askedWait).
 */
export function retryAfterMs(value: unknown, now: DateTime = DateTime.utc()): number | undefined {
	const first: unknown = Array.isArray(value) ? value[0] : value;
	if (typeof first !== 'string') return undefined;
	const text = first.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = httpDate(text);
	return date.isValid ? Math.max(0, date.diff(now).as('milliseconds')) : undefined;
}

/**
 * An HTTP date as servers write it: HTTP's own forms, and RFC 2822's ("+0000", a named US zone such as "EST"), also
 * with "UTC" for GMT and in any letter case ("sun, 29 nov 2026 01:40:02 gmt"), or ISO 8601 with its zone (a gateway
 * that writes its Date so). Invalid when it is none of them.
 */
function httpDate(text: string): DateTime {
	// Stryker disable next-line ObjectLiteral: an HTTP date carries its zone; the option sets only how it is shown, not the instant
	const date = DateTime.fromHTTP(text, { zone: 'utc' });
	if (date.isValid) return date;
	// RFC 2822 reads the names of days and months capitalised, its zone names (EST, PDT) in capitals
	const trimmed = text.trim();
	const cased = trimmed.replace(/[a-z]+/gi, (word) => {
		if (/^(gmt|utc|ut)$/i.test(word)) return 'GMT';
		return /^[ecmp][sd]t$/i.test(word) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1).toLowerCase();
	});
	// Stryker disable next-line ObjectLiteral: as above
	const rfc2822 = DateTime.fromRFC2822(cased, { zone: 'utc' });
	// ISO 8601 only with its zone (Z or an offset): a time without one is of no known zone
	if (rfc2822.isValid || !/(z|[+-]\d\d:?\d\d)$/i.test(trimmed)) return rfc2822;
	return DateTime.fromISO(trimmed, { zone: 'utc' });
}

/**
 * The wait a Retry-After asks for, when it asks for one: absent, unreadable, 0, a date already past, or less than the
 * backoff's first step (`floorMs`: "0.001", a fraction HTTP's whole seconds do not have) ask for none, so get the
 * backoff: a wait of 1 ms would resend at once, spending a 429's retries within a second.
 * A date is measured against the answer's own Date header, when it has a readable one: a provider whose clock is
 * ahead of n8n's would otherwise ask for minutes more than it means (ending the request), one behind for less (an
 * early resend). Without a Date, against n8n's clock.
 */
function askedWait(headers: ApiResponse['headers'], floorMs: number): number | undefined {
	const asked = retryAfterMs(headerOf(headers, 'retry-after'), answerDate(headers));
	return asked === undefined || asked <= 0 || asked < floorMs ? undefined : asked;
}

/**
 * The answering server's clock: its Date header as epoch ms (an HTTP date in any form httpDate reads); undefined
 * without a readable one.
 */
export const answerClock = (headers: ApiResponse['headers']): number | undefined => answerDate(headers)?.toMillis();

/** An answer's Date header as a time, when it has a readable one. */
function answerDate(headers: ApiResponse['headers']): DateTime | undefined {
	const date = httpDate(headerOf(headers, 'date'));
	return date.isValid ? date : undefined;
}

/** A web page rather than an API answer: declared as HTML, or markup whatever it is declared as. */
function isWebPage(headers: ApiResponse['headers'], text: string): boolean {
	return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(headerOf(headers, 'content-type')) || text.trimStart().startsWith('<');
}

/** A page's title, to name the page in the error (at most 120 characters); '' when it has none. */
function pageTitle(page: string): string {
	// Stryker disable next-line OptionalChaining: the group ([^<]*) takes part in every match, so a match's [1] is always text
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(page)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
	return title.length > 120 ? `${title.slice(0, 120)}…` : title;
}

/** Text that set out to be JSON (an object, a list, a string) and was cut short or garbled. */
const looksLikeJson = (text: string): boolean => /^\s*[[{"]/.test(text);

/** What jsonScan finds: levels nested past the limit, a whole number of LONG_DIGITS digits or more. */
const TOO_DEEP = 1;
const LONG_NUMBER = 2;

/** The digits from which a whole number may lie past 2^53 (9,007,199,254,740,992 has 16). */
const LONG_DIGITS = 16;

/**
 * Whether JSON nests deeper than `limit` (objects and lists, outside strings), read without recursion: as text, or as
 * its UTF-8 bytes, which read alike (every byte of a character beyond ASCII is above 0x7f) and need no decoding.
 */
export function nestsDeeperThan(json: string | Uint8Array, limit: number): boolean {
	// one character a level at least (a few milliseconds a megabyte otherwise, a fraction of JSON.parse's time)
	// Stryker disable next-line ConditionalExpression: a fast path; the scan below finds no deeper nesting in so short a text
	if (json.length <= limit) return false;
	return (jsonScan(json, limit) & TOO_DEEP) !== 0;
}

/**
 * Whether parseBody would read a JSON text otherwise than JSON.parse does: it nests deeper than MAX_ANSWER_DEPTH, or
 * holds a whole number of 16 digits or more (one scan, no parse: for a body another parser read already).
 */
export function readsOtherwise(text: string): boolean {
	return jsonScan(text, MAX_ANSWER_DEPTH) !== 0;
}

/**
 * One scan of JSON outside its strings (TOO_DEEP, LONG_NUMBER; it stops at TOO_DEEP): a string is passed over to its
 * closing quote by indexOf, since the scan runs over every answer and most of an answer's text is in its strings (a
 * third of JSON.parse's time, where a look at every character took as long as JSON.parse). A run of digits counts from
 * a number's start, not after its point or exponent's letter (0.30000000000000004 is no long number). A string is left
 * at its first quote after an even run of backslashes; one never closed ends the scan (JSON.parse refuses the text).
 */
function jsonScan(json: string | Uint8Array, limit: number): number {
	const [at, quote]: [(i: number) => number, (from: number) => number] =
		typeof json === 'string' ? [(i) => json.charCodeAt(i), (from) => json.indexOf('"', from)] : [(i) => json[i], (from) => json.indexOf(0x22, from)];
	let found = 0;
	let depth = 0;
	// digits in a row of a number's whole part; -1 after its point or exponent's letter
	let digits = 0;
	// Stryker disable next-line EqualityOperator: one step past the end reads no bracket
	for (let i = 0; i < json.length; i++) {
		const c = at(i);
		if (c >= 0x30 && c <= 0x39) {
			if (digits >= 0 && ++digits >= LONG_DIGITS) found |= LONG_NUMBER;
			continue;
		}
		digits = c === 0x2e || c === 0x45 || c === 0x65 ? -1 : 0;
		if (c === 0x22) {
			let end = quote(i + 1);
			for (;;) {
				if (end === -1) return found;
				let backslash = end - 1;
				while (at(backslash) === 0x5c) backslash--;
				if ((end - 1 - backslash) % 2 === 0) break;
				end = quote(end + 1);
			}
			i = end;
		} else if (c === 0x5b || c === 0x7b) {
			if (++depth > limit) return found | TOO_DEEP;
		} else if (c === 0x5d || c === 0x7d) depth--;
	}
	return found;
}

/** Whether the bytes start, after white space, with `{` or `[`. */
function startsAsJsonStructure(bytes: Uint8Array): boolean {
	for (const c of bytes) {
		if (c === 0x7b || c === 0x5b) return true;
		if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
	}
	// Stryker disable next-line BooleanLiteral: bytes empty or only white space hold no bracket, so nestsDeeperThan finds no level either way
	return false;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; text: string; tooDeep?: true };

/** A JSON answer's text read: whole numbers past 2^53 as their digits, JSON nested past MAX_ANSWER_DEPTH kept as text (tooDeep). */
export function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { ok: true, value: raw };
	if (raw.trim() === '') return { ok: true, value: undefined };
	const found = jsonScan(raw, MAX_ANSWER_DEPTH);
	// kept as text: nothing walks it, and every error path reads a text answer as text
	if (found & TOO_DEEP) return { ok: false, text: raw, tooDeep: true };
	try {
		return { ok: true, value: (found & LONG_NUMBER ? JSON.parse(raw, exactWholeNumber) : JSON.parse(raw)) as unknown };
	} catch {
		return { ok: false, text: raw };
	}
}

/**
 * A whole number past 2^53 as its digits: JSON.parse would round it to another number (a 22-digit tracking number sent
 * as a JSON number became 9.26129010083e+21, a link to no parcel). The reviver's third argument holds the number's text
 * (Node.js 22 and later); without it the number stays as JSON.parse reads it.
 */
function exactWholeNumber(_key: string, value: unknown, context?: { source?: string }): unknown {
	if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
	const source = context?.source;
	return source !== undefined && /^-?\d+$/.test(source) ? source : value;
}

/** Header value by name, whatever case the helper keeps it in, as text (headerText: raw UTF-8 read back). */
function headerOf(headers: ApiResponse['headers'], name: string): string {
	const found = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
	const value = found === undefined ? undefined : headers[found];
	return headerText(String((Array.isArray(value) ? value[0] : value) ?? ''));
}

/** Every header value as text (headerText), for the headers an answer hands on. */
const headersAsText = (headers: ApiResponse['headers']): ApiResponse['headers'] =>
	mapValues(headers ?? {}, (value) => (Array.isArray(value) ? value.map(headerText) : typeof value === 'string' ? headerText(value) : value));

/** The answer's body as text (answerText: by its byte order mark, UTF-8, or its charset); the helper returns bytes (wireRequest's `encoding`). */
function textOf(body: unknown, headers: ApiResponse['headers']): unknown {
	if (!Buffer.isBuffer(body) && !(body instanceof ArrayBuffer)) return body;
	return answerText(bytesOf(body), headerOf(headers, 'content-type'));
}

/** The answer's body as bytes, without a copy (the helper returns a Buffer or an ArrayBuffer for documents). */
function bytesOf(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	// Stryker disable next-line StringLiteral: not reached in n8n: a document is asked for as an arraybuffer, which n8n's helper (axios) always gives as a Buffer, empty or not
	return Buffer.from(typeof body === 'string' ? body : '', 'utf8');
}

/** A redirect: any 3xx but the interface's own 300 (several sales orders match). */
const isRedirect = (status: number) => status > 300 && status < 400;

/**
 * The Accept of a document request: the document type first, a JSON answer second. The interface calls the label's answer
 * a "label result" record (its fields not shown) and the node reads a JSON answer carrying the document as well, so a
 * provider that negotiates content must not answer 406 for want of the raw type.
 */
export const documentAccept = (type: DocumentType): string => `${type}, application/json;q=0.9`;

/** The request sent for one call, before n8n's auth layer adds the credentials (the benchmark sends it as well). */
export function wireRequest(
	baseUrl: string,
	endpoint: Pick<Endpoint, 'method' | 'path'>,
	body: IDataObject,
	options: Pick<RequestOptions, 'qs' | 'document' | 'timeoutMs'> = {},
): IHttpRequestOptions {
	const wanted = options.document;
	return {
		method: endpoint.method,
		baseURL: baseUrl,
		url: endpoint.path,
		qs: options.qs,
		body,
		headers: { Accept: wanted ? documentAccept(wanted) : 'application/json', 'Content-Type': 'application/json' },
		// bytes, decoded by the answer's own charset (textOf)
		encoding: 'arraybuffer',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// a redirect would carry the credentials to wherever it points, unchecked
		disableFollowRedirect: true,
		timeout: options.timeoutMs ?? 120_000,
	};
}

/**
 * Sends one operation to the provider and returns its parsed answer.
 *
 * Retries: a 429 is always retried (a positive Retry-After honoured, else exponential backoff with jitter),
 * within its own bounded count and the total wait. Reads are also retried on 5xx and 408 (Retry-After honoured too),
 * connection failures and unreadable answers, but not on a web page. A write (create, update, cancel) is never
 * resent once it may have reached the provider; it is resent only after a 429 or when the connection was never
 * made. A write's success answered as text (not JSON) is that text.
 *
 * Time: each attempt gets the request's timeout for its whole answer, body included (a provider trickling its answer is
 * cut off as one that does not answer); the call, attempts and waits together, ends within maxCallMs.
 *
 * Redirects are never followed (a 3xx other than 300 is an error saying where it pointed).
 * Secrets: whatever leaves here, answer, error or log line, holds no form of UserKey, Password or
 * the token, and an answer holds no credential members (Authentication, UserKey, Password...).
 */
export async function apiRequest<T = unknown>(
	this: TransportContext,
	endpoint: Endpoint,
	body: IDataObject,
	options: RequestOptions = {},
): Promise<ApiResponse<T>> {
	const call = await callContext(this);
	try {
		return (await send(this, call, endpoint, body, options)) as ApiResponse<T>;
	} catch (error) {
		throw scrubbed(this, call.secrets, error, options.itemIndex);
	}
}

/**
 * apiRequest for an operation whose 404 means "none" (GetOrdersOnHold: no orders on hold; GetDetails: no tracking yet):
 * undefined for the provider's own 404. A 404 of no interface (a wrong Base URL) is the error saying so (notFoundFailure),
 * never "none"; any other failure is apiRequest's.
 */
export async function apiRequestOrNone<T = unknown>(
	this: TransportContext,
	endpoint: Endpoint,
	body: IDataObject,
	meaning: NotFoundMeaning,
	options: RequestOptions = {},
): Promise<ApiResponse<T> | undefined> {
	try {
		// the 404 is not accepted: whatever its body, the transport's 404 error carries the provider's message, read once
		return (await apiRequest.call(this, endpoint, body, options)) as ApiResponse<T>;
	} catch (error) {
		const failure = notFoundFailure(this.getNode(), error, meaning, options.itemIndex);
		if (failure === undefined) return undefined;
		throw failure;
	}
}

/** The one object a list of one holds; any other value as it is. */
const onlyEntry = (value: unknown): unknown => (Array.isArray(value) && value.length === 1 && isPlainObject(value[0]) ? value[0] : value);

/** Whether an answer lists per-record statuses in `member` (in any letter case): a non-empty list. */
function listsStatuses(value: unknown, member: string | undefined): boolean {
	if (member === undefined || !isPlainObject(value)) return false;
	const statuses = (inSpelling(value as IDataObject, [member]) as IDataObject)[member];
	// one status object in the list's place is a list of one
	return Array.isArray(statuses) ? statuses.length > 0 : isPlainObject(statuses);
}

/** The error with every secret masked; should masking itself fail, an error that holds nothing of what it failed on. */
function scrubbed(ctx: TransportContext, secrets: Secrets, error: unknown, itemIndex?: number): unknown {
	try {
		return secrets.error(error);
	} catch {
		return new NodeOperationError(
			ctx.getNode(),
			"The provider's answer could not be checked for credentials, so it was not passed on",
			{ itemIndex },
		);
	}
}

/** An attempt that ran out of its time: read as the timeout it is (connectionFailure: ETIMEDOUT, may have reached). */
class AttemptTimedOut extends Error {
	readonly code = 'ETIMEDOUT';

	constructor(ms: number) {
		// Stryker disable next-line StringLiteral: never read: connectionFailure takes the code ETIMEDOUT first, and the errors word the code, not the message
		super(`The whole answer did not come within ${ms} ms`);
	}
}

/**
 * One request through n8n's helper, given `ms` for its whole answer, body included. The helper's own timeout (axios's)
 * runs only until the headers; after them only the socket's idle timer is left, which every byte restarts, so a
 * provider trickling its answer would hold the request for ever. At `ms` the attempt ends as a timeout.
 *
 * Where n8n keeps the signal it is given (polls, webhooks, the editor's lookups) the socket is closed then as well. A
 * node run's request cannot be: n8n-core's httpRequestWithAuthentication replaces the signal of an execute context with
 * the execution's cancel signal, so the abandoned request goes on until the provider stops, its idle timer or Stop;
 * nothing waits for it. The credential Test's legacy `request` helper takes no signal at all (methods/credentialTest.ts).
 */
async function sendWithin(
	ctx: TransportContext,
	request: IHttpRequestOptions,
	credentials: ICredentialsDecrypted,
	ms: number,
	stop: AbortSignal | undefined,
): Promise<ApiResponse<unknown>> {
	// the platform's timer signal (nodes set no timers of their own on n8n Cloud): it closes the socket where n8n keeps it
	const expiry = AbortSignal.timeout(ms);
	let expire = () => {};
	// rejected by the first listener of the expiry, before the helper's own (added with the request) fails the request
	const timedOut = new Promise<never>((_resolve, reject) => {
		expire = () => reject(new AttemptTimedOut(ms));
		// Stryker disable next-line ObjectLiteral,BooleanLiteral: an AbortSignal fires 'abort' at most once, and the listener is removed when the attempt ends
		expiry.addEventListener('abort', expire, { once: true });
	});
	const sent = (async () =>
		(await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			// with a stop signal (an execute context) n8n puts that signal in place of whatever is given: it is given
			{ ...request, timeout: ms, abortSignal: stop ?? expiry },
			{ credentialsDecrypted: credentials },
		)) as ApiResponse<unknown>)();
	// once the attempt has timed out nothing waits for the helper: its late failure is no unhandled rejection
	// Stryker disable next-line CallExpression: Promise.race below already handles a rejection of `sent`; the catch only says so
	sent.catch(() => undefined);
	try {
		return await Promise.race([sent, timedOut]);
	} catch (error) {
		// the helper's own failure on the expiry is the timeout, never a Stop or a reset
		throw expiry.aborted ? new AttemptTimedOut(ms) : error;
	} finally {
		// Stryker disable next-line StringLiteral,BlockStatement: a listener left on fires only after the attempt ended, rejecting a promise the race already handles: a cost, not a behaviour
		expiry.removeEventListener('abort', expire);
	}
}

async function send(
	ctx: TransportContext,
	{ baseUrl, secrets, credentials }: CallContext,
	endpoint: Endpoint,
	body: IDataObject,
	options: RequestOptions,
): Promise<ApiResponse<unknown>> {
	const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
	// only an error needs the node: n8n hands out a deep copy of it on every call
	const node = () => ctx.getNode();
	const wanted = options.document;
	const request = wireRequest(baseUrl, endpoint, body, options);
	const log = (text: string) => ctx.logger?.debug(secrets.text(`Wine Fulfillment: ${text}`));
	// n8n's Stop: no attempt starts, and no wait goes on, once the execution is canceled
	const signal = stopSignal(ctx);
	const timeoutMs = request.timeout ?? 120_000;
	// the call's end (maxCallMs): attempts are cut to it, and no wait is taken that leaves the next one too little
	const deadline = Date.now() + policy.maxCallMs;
	const nextAttemptNeeds = Math.min(timeoutMs, MIN_ATTEMPT_MS);
	/** a batch's failure flag without per-record statuses: some records may have been taken */
	const batchUnknown = options.statusesIn === undefined ? undefined : 'batch';
	/** the endpoint as this call uses it: what it does (an answer saying it did not is a refusal) */
	// a write that does more than its endpoint does (an update that cancels) says so with either deed's flags (bug hunt 35:
	// {"IsUpdated": false} to the cancel through UpdateSalesOrder was read as done)
	const deed: Endpoint = options.does ? { ...endpoint, does: endpoint.does === undefined ? options.does : [options.does, endpoint.does].flat() } : endpoint;

	let waited = 0;
	let failed = 0;
	let limited = 0;
	for (let attempt = 0; ; attempt++) {
		/** why the last wait refused was not taken: its retries spent, or more than the call had left to wait */
		let refused: 'retries' | 'time' | undefined;
		/** waits before the next attempt when the bounds allow: a 429 counts against its own bound, any other failure against maxRetries */
		const wait = async (ms: number, why: string, rateLimited = false): Promise<boolean> => {
			const canRetry = rateLimited ? limited < policy.maxRateLimitRetries : failed < policy.maxRetries;
			if (!canRetry) refused = 'retries';
			else if (waited + ms > policy.maxTotalWaitMs || Date.now() + ms + nextAttemptNeeds > deadline) refused = 'time';
			if (refused) return false;
			if (rateLimited) limited++;
			else failed++;
			waited += ms;
			log(`${endpoint.path} ${why}; retrying in ${ms} ms (attempt ${attempt + 2})`);
			await pause(ms, signal);
			return true;
		};

		// nothing of this attempt left yet: after a 429 (not processed) or a connection never made, a write is not sent
		if (signal?.aborted) throw stoppedError(node(), `before the request to ${endpoint.path} was sent`, options.itemIndex);
		let response: ApiResponse<unknown>;
		try {
			// Copies: n8n's auth layer adds the credentials to what it is given. The credential read for this run
			// goes with it: without it, n8n reads (in n8n: loads and decrypts) the credential again for every request.
			const ms = Math.max(1, Math.round(Math.min(timeoutMs, deadline - Date.now())));
			response = await sendWithin(ctx, { ...request, headers: { ...request.headers }, body: { ...body } }, credentials, ms, signal);
		} catch (error) {
			const failure: ConnectionFailure = connectionFailure(error);
			// stopped while the request was on its way: a read ends; a write may have reached the provider (as a timeout)
			if (signal?.aborted && endpoint.kind === 'read') throw stoppedError(node(), `while reading ${endpoint.path}`, options.itemIndex);
			// a failed TLS handshake sent nothing, and is not retried either: the next attempt meets the same certificate
			const resendable = !failure.handshake && (endpoint.kind === 'read' || !failure.mayHaveReached);
			if (resendable && (await wait(backoffMs(failed, policy), `failed (${failure.code})`))) continue;
			throw connectionError(node(), endpoint, failure, attempt + 1, options.itemIndex);
		}

		const status = response.statusCode;
		// scrubbed when first read: no operation outputs them, so most answers never need it
		let scrubbedHeaders: ApiResponse['headers'] | undefined;
		const answer = (answered: unknown): ApiResponse<unknown> => ({
			statusCode: status,
			get headers() {
				return (scrubbedHeaders ??= secrets.value(headersAsText(response.headers)));
			},
			body: answered,
		});
		if (wanted && status >= 200 && status < 300) {
			const bytes = bytesOf(response.body);
			// a JSON answer carrying the document is walked too (its members, what it says): refused first when too deep,
			// read as bytes (a large label is decoded once, by readDocument); only JSON: a raw document's bytes are any bytes
			if (startsAsJsonStructure(bytes) && nestsDeeperThan(bytes, MAX_ANSWER_DEPTH)) {
				// all of it scrubbed, then cut: a secret cut in two would not be found
				// Stryker disable next-line MethodExpression: tooDeepError shows at most the first 120 characters itself; the cut only spares carrying the whole text
				throw tooDeepError(node(), endpoint, MAX_ANSWER_DEPTH, secrets.text(answerText(bytes, headerOf(response.headers, 'content-type'))).slice(0, 200), options.itemIndex);
			}
			// read by readDocument alone, before (and instead of) the text and JSON below: a raw document is never decoded as text
			const read = readDocument(response.headers, bytes, wanted, (t) => secrets.text(t));
			if (!read.ok) throw documentError(node(), endpoint, wanted, read.what, secrets, options.itemIndex);
			// a write's answer that says it failed is the provider's refusal, whatever document it carries beside (a label voided)
			if (endpoint.kind === 'write' && saysFailed(read.document.meta, deed.does)) {
				const unknown = transactionReferenceOf(read.document.meta) !== undefined ? 'referenced' : undefined;
				throw failedAnswerError(node(), deed, status, read.document.meta, secrets, unknown, options.itemIndex, options.labels);
			}
			const document: WireDocument = {
				...read.document,
				fileName: read.document.fileName === undefined ? undefined : secrets.text(read.document.fileName),
				meta: secrets.answer(read.document.meta),
				...(read.document.member === undefined ? {} : { member: secrets.text(read.document.member) }),
				...(read.document.others ? { others: read.document.others.map((o) => ({ ...o, member: secrets.text(o.member) })) } : {}),
			};
			return answer(document);
		}
		const raw = textOf(response.body, response.headers);
		const parsed = parseBody(raw);
		const said = () =>
			parsed.ok ? providerMessage(secrets.value(parsed.value)) : secrets.text(parsed.text).slice(0, 300);
		if (status === 429 || ((status >= 500 || status === 408) && endpoint.kind === 'read')) {
			// A 429 was not processed: it is always waited out, against its own bound. A read's 5xx, or 408 (a server or a
			// proxy on the way timed out waiting for the request: a timeout), is retried within maxRetries. A Retry-After on
			// any is honoured (a 503 for maintenance says when to come back); none, 0, a date already past or one under the
			// backoff's first step gets the backoff, so that a call never spins; a wait past the call's budget ends it.
			const rateLimited = status === 429;
			const asked = askedWait(response.headers, policy.baseDelayMs);
			const backoff = backoffMs(rateLimited ? limited : failed, policy);
			if (await wait(asked ?? backoff, rateLimited ? 'answered 429' : `answered ${status}: ${said()}`, rateLimited)) continue;
			// the error says what was done (bug hunt 39): retried only when it was, and a wait asked for past what the call
			// had left to wait, with when it ends
			const seconds = asked === undefined ? undefined : Math.ceil(asked / 1000);
			const waitEnds = asked !== undefined && refused === 'time' ? `${DateTime.utc().plus({ milliseconds: asked }).toFormat('yyyy-LL-dd HH:mm:ss')} UTC` : undefined;
			const tries = { requests: attempt + 1, waitAsked: seconds, waitEnds };
			const error = statusError(node(), endpoint, status, parsed.ok ? parsed.value : raw, secrets, options.itemIndex, options.labels, body, tries);
			// the wait is also kept for callers (the editor's lookups)
			if (seconds !== undefined) error.context.retryAfterSeconds = seconds;
			throw error;
		}
		if (isRedirect(status)) {
			throw redirectError(node(), endpoint, status, headerOf(response.headers, 'location'), secrets, options.itemIndex);
		}

		const success = status >= 200 && status < 300;
		// An accepted status (BatchSalesOrder's 413: split the batch) is the caller's to read, whatever its body: a proxy's
		// 413 page refused the body before the provider saw it, as the provider's own 413 does. Its text comes back scrubbed.
		// So is an error answer listing per-record statuses (statusesIn): they say which records were taken.
		if (!success && (options.acceptStatuses?.includes(status) || (parsed.ok && listsStatuses(parsed.value, options.statusesIn)))) {
			return answer(parsed.ok ? secrets.answer(parsed.value, typeof raw === 'string' ? raw : undefined) : secrets.text(parsed.text));
		}
		if (success) {
			if (!parsed.ok) {
				// not retried: asking again brings the same answer
				// Stryker disable next-line MethodExpression: tooDeepError shows at most the first 120 characters itself; the cut only spares carrying the whole text
				if (parsed.tooDeep) throw tooDeepError(node(), endpoint, MAX_ANSWER_DEPTH, secrets.text(parsed.text).slice(0, 200), options.itemIndex);
				// a web page (a sign-in or portal page at the Base URL) does not go away by asking again
				if (isWebPage(response.headers, parsed.text)) {
					throw webPageError(node(), endpoint, pageTitle(secrets.text(parsed.text)), options.itemIndex);
				}
				// a write's success answered as text ("OK", the reference as a bare word): the interface shows no answer format
				// for most writes, and 2xx is success; only JSON cut short is unreadable
				if (endpoint.kind === 'write' && !looksLikeJson(parsed.text)) {
					// bool.ToString() of a .NET action: "False" is its refusal
					if (saysFailed(parsed.text, deed.does)) throw failedAnswerError(node(), endpoint, status, parsed.text, secrets, batchUnknown, options.itemIndex);
					return answer(secrets.text(parsed.text.trim()));
				}
				if (endpoint.kind === 'read' && (await wait(backoffMs(failed, policy), 'answered with unreadable JSON'))) continue;
				throw malformedResponseError(node(), endpoint, options.itemIndex);
			}
			// a write's success answer that says it failed is the provider's refusal, unless it says so per record; a
			// one-record write's result wrapped in a list of one ([{"IsSuccess": false, …}]: a .NET action returning a list,
			// a gateway wrapping every answer) is that result
			const result = options.statusesIn === undefined ? onlyEntry(parsed.value) : parsed.value;
			if (endpoint.kind === 'write' && saysFailed(result, deed.does) && !listsStatuses(result, options.statusesIn)) {
				const unknown = transactionReferenceOf(result) !== undefined ? 'referenced' : batchUnknown;
				throw failedAnswerError(node(), deed, status, result, secrets, unknown, options.itemIndex, options.labels);
			}
			// a read's answer that says it failed is no answer of "no records"
			const refused = endpoint.kind === 'read' ? readRefusal(node, endpoint, status, parsed.value, secrets, options.itemIndex) : undefined;
			if (refused) throw refused;
			return answer(inInterfaceCase(secrets.answer(parsed.value, typeof raw === 'string' ? raw : undefined)));
		}
		throw statusError(node(), endpoint, status, parsed.ok ? parsed.value : raw, secrets, options.itemIndex, options.labels, body, { requests: attempt + 1 });
	}
}
