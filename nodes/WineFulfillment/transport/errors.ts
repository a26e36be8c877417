// Turns provider statuses, redirects, odd answers and connection failures into NodeApiErrors that say what to do.
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import castArray from 'lodash/castArray';
import isPlainObject from 'lodash/isPlainObject';

import type { Endpoint, WriteDeed, WriteDeeds } from '../wire/endpoints';
import { inPanelWords } from '../wire/paths';
import { flagValue } from '../wire/values';
import { documentName, type DocumentType } from './document';
import type { Secrets } from './secrets';

/** The provider's own message, whatever shape its body has (a string, or an object with a message member). */
export function providerMessage(body: unknown): string {
	return messageIn(body, true);
}

/** Whether a value holds no text, number or boolean at any depth: `{}`, `[]`, `{ message: ' ' }`, null. */
function holdsNothing(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return !value.trim();
	if (typeof value === 'object') return Object.values(value).every(holdsNothing);
	return false;
}

/**
 * `answer`: the body is the whole answer, shown as JSON when nothing in it names a message. Inside it (a member,
 * a list entry) an object that names no message is shown as JSON only when it holds something: `{}` says nothing.
 */
function messageIn(body: unknown, answer: boolean): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body.trim().slice(0, 2000);
	if (Array.isArray(body)) return body.map((entry) => messageIn(entry, false)).filter(Boolean).join('; ');
	if (typeof body === 'object') {
		const o = body as Record<string, unknown>;
		const named = namedMessage(o);
		if (named) return named;
		for (const key of ['Messages', 'messages', 'errors', 'Errors']) {
			const v = o[key];
			// null: the list left empty, as absent (Object.values(null) would throw)
			// Stryker disable next-line ConditionalExpression: undefined goes through messageIn as no message all the same
			if (v !== undefined && v !== null) {
				const inner = typeof v === 'object' && !Array.isArray(v) ? Object.values(v as object) : v;
				// Stryker disable next-line BooleanLiteral: `inner` is a list or a plain value here, which `answer` does not change
				const text = messageIn(inner, false);
				if (text) return text;
			}
		}
		if (!answer && holdsNothing(body)) return '';
		return JSON.stringify(body).slice(0, 2000);
	}
	return String(body);
}

/** The first message an object names in a member of its own (message, Message, …, title, detail); '' for none. */
function namedMessage(o: Record<string, unknown>): string {
	// responseException / exceptionMessage: AutoWrapper's envelope of an ASP.NET error
	for (const key of ['message', 'Message', 'error', 'Error', 'errorMessage', 'ErrorMessage', 'responseException', 'exceptionMessage', 'title', 'detail']) {
		const v = o[key];
		if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 2000);
		if (v && typeof v === 'object') {
			const inner = messageIn(v, false);
			if (inner) return inner;
		}
	}
	return '';
}

/**
 * Where ASP.NET puts the members a refusal names: ASP.NET Core's ProblemDetails `errors` and Web API 2's `ModelState`,
 * each a map of member path → its messages.
 */
const FIELD_ERRORS = ['errors', 'Errors', 'ModelState', 'modelState'];
/** At most this many members, and this many characters of them, in an error's message: the details hold the rest. */
const MAX_FIELDS = 10;
const MAX_FIELDS_TEXT = 1000;

/**
 * A member path as the provider quoted it, as the interface spells it: without System.Text.Json's "$." and Web API 2's
 * action parameter ("request."; the interface's own members are PascalCase), and in the labels' letter case (a JSON
 * naming policy writes "orderInfo.requestedDate") so that inPanelWords knows it.
 */
function memberPath(key: string, labels?: Record<string, string>): string {
	const path = key
		.trim()
		.replace(/^\$(\.|(?=\[)|$)/, '')
		.replace(/^request\./i, '')
		.replace(/^[a-z][A-Za-z0-9]*\.(?=[A-Z])/, '');
	if (!labels) return path;
	// every leading part of a labelled path ("OrderInfo" of "OrderInfo.RequestedDate"), lower-cased → as spelled
	const spelled = new Map(
		Object.keys(labels).flatMap((k) => k.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))).map((k) => [k.toLowerCase(), k]),
	);
	const names: string[] = [];
	return path.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => {
		names.push(name);
		const known = spelled.get(names.join('.').toLowerCase());
		if (known) names[names.length - 1] = known.slice(known.lastIndexOf('.') + 1);
		return names[names.length - 1];
	});
}

/**
 * The members an ASP.NET refusal names, each with its messages ("SKUInfo.UPCCode: The field UPCCode must be …"; the path
 * left out when the message already quotes it, or names none), joined and bounded; '' when the answer names none.
 */
function fieldErrors(body: unknown, labels?: Record<string, string>): string {
	// Stryker disable next-line ConditionalExpression: text or a number holds no member either
	if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
	const o = body as Record<string, unknown>;
	const map = FIELD_ERRORS.map((key) => o[key]).find((v) => v && typeof v === 'object' && !Array.isArray(v));
	// an `errors` object that names a message is one error ({ Code, Message }), not members with their messages
	if (!map || namedMessage(map as Record<string, unknown>)) return '';
	const entries: string[] = [];
	for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
		// one member's messages are sentences of their own: joined by a space, the members by "; "
		const said = (Array.isArray(value) ? value : [value]).map((entry) => messageIn(entry, false)).filter(Boolean).join(' ');
		if (!said) continue;
		// a list's index as a key ({ "0": [...] }) names no member
		const path = /^\d*$/.test(key.trim()) ? '' : memberPath(key, labels);
		entries.push(!path || said.toLowerCase().includes(path.toLowerCase()) ? said : `${path}: ${said}`);
	}
	let text = '';
	let shown = 0;
	for (const entry of entries.slice(0, MAX_FIELDS)) {
		const next = text ? `${text}; ${entry}` : entry;
		if (next.length > MAX_FIELDS_TEXT) {
			// the first entry is cut rather than left out: the message names at least one member
			if (!text) [text, shown] = [`${entry.slice(0, MAX_FIELDS_TEXT)}…`, 1];
			break;
		}
		[text, shown] = [next, shown + 1];
	}
	return shown < entries.length ? `${text}; and ${entries.length - shown} more.` : text;
}

/**
 * What a refusal says: the provider's message, and the members an ASP.NET refusal names after its general words ("One or
 * more validation errors occurred."), which alone name no field.
 */
function refusalText(body: unknown, said: string, labels?: Record<string, string>): { text: string; fields: boolean } {
	const fields = fieldErrors(body, labels);
	if (!fields) return { text: said, fields: false };
	const general = namedMessage(body as Record<string, unknown>);
	return { text: general ? `${general}${/[.!?:;]$/.test(general) ? '' : '.'} ${fields}` : fields, fields: true };
}

/**
 * What became of a call before its error, for the error's words (bug hunt 39: an error after a single request said it
 * had been retried): the requests sent in all, and the Retry-After of the last answer.
 */
export interface Tries {
	/** the requests sent, this one included */
	requests: number;
	/** the wait the last answer's Retry-After asked for, in whole seconds */
	waitAsked?: number;
	/**
	 * when that wait ends (UTC, as shown), given when the wait is why no further request was sent: it was more than the
	 * node had left to wait (RetryPolicy's maxTotalWaitMs, maxCallMs)
	 */
	waitEnds?: string;
}

/** A write answered with a status that may have come after it took effect (a 5xx, a 408) is not resent. */
const NOT_RESENT = 'The request was not resent, because it may have taken effect: check with the provider before running it again, or it could be duplicated.';

/**
 * What the message of a write's error says when the write may have taken effect at the provider (bug hunt 47): the
 * message is all that some paths show (n8n 2.x's AI Agent gives its model `{"error": message}`, an alert its subject),
 * and a bare "internal error (500)" reads as a failure to send again: a second label, a second cancel. The description
 * keeps the full guidance.
 */
export const UNKNOWN_OUTCOME = 'the request may have taken effect, check before sending it again';

/** A message with UNKNOWN_OUTCOME after it, once: after ": ", or "; " when the message already has a colon. */
export function unknownOutcomeMessage(message: string): string {
	if (message.includes(UNKNOWN_OUTCOME)) return message;
	const said = message.trimEnd().replace(/[.;:,]+$/, '');
	return `${said}${said.includes(':') ? ';' : ':'} ${UNKNOWN_OUTCOME}`;
}

/**
 * An error, its message saying that the request may have taken effect (UNKNOWN_OUTCOME) when it may have: a write's
 * error that may have reached the provider (`endpoint`: mayHaveReached, the rule Retry On Fail withholds an item by), or
 * one an answer left with an unknown outcome (`outcome: 'unknown'`: a create answered without its reference). A read's,
 * and a write's refused (a 4xx other than 408, a 300, a connection never made, a 2xx saying it failed), as it is. Every
 * error of a request the transport throws comes here, and the runner's errors (runPerItem) do too.
 */
export function outcomeWorded<E>(error: E, endpoint?: Pick<Endpoint, 'kind'>): E {
	const unknown = error instanceof NodeApiError && (error.errorResponse as JsonObject | undefined)?.outcome === 'unknown';
	if (error instanceof Error && (unknown || (endpoint?.kind === 'write' && mayHaveReached(error)))) error.message = unknownOutcomeMessage(error.message);
	return error;
}

/** Why a call that ended after a single request made no other (its RetryPolicy: no retries, or no time left for one). */
const NO_FURTHER_ATTEMPT = "the node's limits on attempts and waiting allowed no further one.";

/** What a call says of the Retry-After it was answered with; '' without one. */
function waitWords(tries: Tries): string {
	if (tries.waitAsked === undefined) return '';
	const asked = `The provider asked to wait ${tries.waitAsked} s before the next request (Retry-After).`;
	if (tries.waitEnds === undefined) return asked;
	return `${asked} That is more than the node had left to wait, so no further request was sent: run the workflow again after ${tries.waitEnds}, or schedule it to run after the wait.`;
}

/**
 * What a read that ended on a status it retries (a 5xx, a 408) says: retried and still failing only when it was sent
 * again; else that it was not, and why.
 */
function readGaveUp(tries: Tries): string {
	const wait = waitWords(tries);
	if (tries.requests > 1) return `The query was retried and still failed; try again later.${wait ? ` ${wait}` : ''}`;
	if (tries.waitEnds !== undefined) return wait;
	return `The query was not sent again: ${NO_FURTHER_ATTEMPT} Try again later.${wait ? ` ${wait}` : ''}`;
}

/**
 * The message and guidance for a provider status. `byReference`: the request located a sales order by its transaction
 * reference number (a 404 then names that number, not an order number the user never gave). `tries`: what became of the
 * call (a 429's and a read's 5xx words say whether it was sent again).
 */
function messageFor(status: number, endpoint: Endpoint, provider: string, fields: boolean, byReference = false, tries: Tries = { requests: 1 }): [string, string] {
	const said = provider ? ` The provider said: ${provider}` : '';
	switch (status) {
		case 300:
			// the interface's 300 is the sales orders' (an order number several orders share); other orders go by reference
			if (endpoint.changes === 'purchase order' || endpoint.changes === 'transfer order') {
				return [
					`Several ${endpoint.changes}s match this Customer Reference No`,
					`The provider could not tell which ${endpoint.changes} is meant. Check the ${endpoint.changes}s with this reference with the provider before running it again.${said}`,
				];
			}
			return [
				'Several sales orders match this order number',
				`Locate the order by its Transaction Reference Number (returned when it was created) instead of the order number.${said}`,
			];
		// 422 (Unprocessable Entity): ASP.NET's refusal of a request whose members fail validation, as a 400 is
		case 400:
		case 422:
			return [
				`The provider rejected the request as invalid${provider ? `: ${provider}` : ''}`,
				'Correct the field the message names and run the node again.',
			];
		case 401:
			return [
				'The credentials were refused',
				'Check User Key, Password, Customer No and Access Token in the Wine Fulfillment API credential, and that its Base URL is the environment they were issued for.',
			];
		case 403:
			if (endpoint.changes === 'sales order') {
				return [
					"The sales order's state has changed, so it cannot be updated or cancelled",
					`The order has moved on (for example it shipped or was already cancelled). Check its state with the provider before changing it.${said}`,
				];
			}
			// a SKU has no state that work moves on: its 403 is the generic one
			if (endpoint.changes && endpoint.changes !== 'SKU') {
				return [
					`The ${endpoint.changes} can no longer be changed or cancelled`,
					`Work on it has started, or it is already cancelled or complete. Check its state with the provider.${said}`,
				];
			}
			return ['The provider refused this operation (403)', `Check that your account may use it.${said}`];
		case 404:
			if (endpoint.changes === 'sales order' && byReference) {
				return [
					'The transaction reference number was not found',
					`No sales order has this transaction reference number (the one Create returned) for your customer number. Check the number, and the environment in the credential's Base URL.${said}`,
				];
			}
			if (endpoint.changes === 'sales order') {
				return [
					'The order number was not found',
					`No sales order has this order number (or transaction reference number) for your customer number. Check the number, and the environment in the credential's Base URL.${said}`,
				];
			}
			if (endpoint.changes === 'SKU') {
				return ['No SKU has this Item Number', `Check the Item Number, and the environment in the credential's Base URL.${said}`];
			}
			if (endpoint.changes) {
				return [
					`No ${endpoint.changes} has this Customer Reference No`,
					`Check the number, and the environment in the credential's Base URL.${said}`,
				];
			}
			return ['Not found (404)', `The provider found nothing for this request.${said}`];
		case 413:
			return [
				'The request is too large for the provider',
				`Send fewer records in one request (for batches, lower the batch size).${said}`,
			];
		case 429: {
			const wait = waitWords(tries);
			// Concurrency is advice only once retries were spent on the limit: a single request was no burst of the node's
			if (tries.requests > 1) {
				return [
					"The provider's rate limit was exceeded and retries did not get through",
					`Lower the node's Concurrency, or run again later.${wait ? ` ${wait}` : ''}${said}`,
				];
			}
			return [
				"The provider's rate limit was exceeded",
				`${tries.waitEnds !== undefined ? wait : `The request was not sent again: ${NO_FURTHER_ATTEMPT} Run again later.${wait ? ` ${wait}` : ''}`}${said}`,
			];
		}
		// 408 Request Timeout: a server or a proxy on the way gave up waiting for the request, as a timeout (a read is
		// retried, a write not resent: it may have reached the provider)
		case 408:
			return [
				'The provider, or a proxy on the way, timed out waiting for the request (408)',
				`${endpoint.kind === 'write' ? NOT_RESENT : readGaveUp(tries)}${said}`,
			];
		default:
			if (status >= 500) {
				return [`The provider had an internal error (${status})`, `${endpoint.kind === 'write' ? NOT_RESENT : readGaveUp(tries)}${said}`];
			}
			// a refusal naming members names them in the message, where an error item and an alert show it
			return [`The provider answered with status ${status}${fields ? `: ${provider}` : ''}`, said.trim() || 'Unexpected status.'];
	}
}

/** The provider's whole answer, scrubbed, as shown in an error's details (at most 1,000 characters). */
function shownAnswer(body: unknown, secrets: Secrets): string {
	// empty text needs no check of its own: trimmed, it gives ''
	if (body === undefined || body === null) return '';
	const scrubbed = secrets.value(body);
	const text = typeof scrubbed === 'string' ? scrubbed.trim() : JSON.stringify(scrubbed);
	return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

/**
 * A provider status as a NodeApiError that says what to do. `labels` (the operation's wire path → panel name) put
 * the wire paths a refusal quotes in the panel's words; the details end with the provider's answer, scrubbed. `sent`:
 * the request's body (a sales order located by its TransactionReferenceNumber is named so). `tries`: what became of
 * the call, so that the error says it was retried only when it was.
 */
export function statusError(
	node: INode,
	endpoint: Endpoint,
	status: number,
	body: unknown,
	secrets: Secrets,
	itemIndex?: number,
	labels?: Record<string, string>,
	sent?: IDataObject,
	tries: Tries = { requests: 1 },
): NodeApiError {
	// scrubbed before it is cut to length: a cut must not leave part of a secret
	const scrubbed = secrets.value(body);
	const said = providerMessage(scrubbed);
	const refusal = refusalText(scrubbed, said, labels);
	const provider = labels && status >= 400 && status < 500 ? inPanelWords(refusal.text, labels) : refusal.text;
	// the members a refusal names go in the message where messageFor has no words of its own for the status (below 500)
	const byReference = typeof sent?.TransactionReferenceNumber === 'string' && sent.TransactionReferenceNumber !== '';
	const [message, guidance] = messageFor(status, endpoint, provider, refusal.fields, byReference, tries);
	return answerError(node, endpoint, { httpCode: String(status), message, providerMessage: said }, guidance, status, body, secrets, itemIndex);
}

/** A NodeApiError of `response` (its message) and `guidance`, the details ending with the provider's answer, scrubbed. */
function answerError(
	node: INode,
	endpoint: Endpoint,
	response: JsonObject,
	guidance: string,
	status: number,
	body: unknown,
	secrets: Secrets,
	itemIndex?: number,
): NodeApiError {
	const answer = shownAnswer(body, secrets);
	const description = answer ? `${guidance}\n\nThe provider's answer (${status}): ${answer}` : guidance;
	const error = new NodeApiError(node, response, {
		message: secrets.text(response.message as string),
		description: secrets.text(description),
		httpCode: String(status),
		itemIndex,
	});
	return outcomeWorded(error, endpoint);
}

/** The members a result envelope says success with ({"IsSuccess": false, "Messages": [...]}), lower-cased. */
const SUCCESS_FLAGS = new Set(['issuccess', 'success', 'succeeded', 'issuccessful', 'successful']);
/** The members an envelope says failure with (AutoWrapper's isError, FluentResults' HasErrors / IsFailed), lower-cased. */
const FAILURE_FLAGS = new Set(['iserror', 'haserror', 'haserrors', 'isfailed', 'isfailure', 'failed']);

/**
 * The words a `Status` member, or a whole answer as text, says failure with ({"Status": "Failed"}, "Error"), trimmed and
 * lower-cased; "false" is a .NET bool written as text ({"Status": "False"}, bool.ToString() of an action).
 */
const FAILED_STATUSES = new Set(['false', 'fail', 'failed', 'failure', 'error', 'unsuccessful']);

/** A `Status` member saying failure: one of FAILED_STATUSES, or false; an order state, a code or "N" says nothing. */
const failedStatus = (value: unknown) => value === false || (typeof value === 'string' && FAILED_STATUSES.has(value.trim().toLowerCase()));

/** The members a write's answer may say it did what it does with ({"Cancelled": false}), lower-cased. */
const DEED_FLAGS: Record<WriteDeed, readonly string[]> = {
	created: ['created', 'iscreated'],
	updated: ['updated', 'isupdated'],
	cancelled: ['cancelled', 'canceled', 'iscancelled', 'iscanceled'],
	retired: ['retired', 'isretired'],
};

/** Whether a member (lower-cased) says the write did one of its deeds. */
const saysDeed = (name: string, does?: WriteDeeds) => castArray(does ?? []).some((deed) => DEED_FLAGS[deed].includes(name));

/** Whether a member is a success or failure flag of an envelope, or says the write did its deed. */
function isFlag(member: string, does?: WriteDeeds): boolean {
	const name = member.toLowerCase();
	return SUCCESS_FLAGS.has(name) || FAILURE_FLAGS.has(name) || saysDeed(name, does);
}

/** Whether an object's own members say failure, by saysFailed's member rules (not looking into any member's value). */
function membersSayFailed(o: Record<string, unknown>, does?: WriteDeeds): boolean {
	return Object.entries(o).some(([member, value]) => {
		const name = member.toLowerCase();
		if (SUCCESS_FLAGS.has(name) || saysDeed(name, does)) return flagValue(value) === false;
		if (name === 'status') return failedStatus(value);
		return FAILURE_FLAGS.has(name) && flagValue(value) === true;
	});
}

/** The members that hold the provider's words, not records (an Errors, Messages or Warnings list), in any letter case. */
export const WORD_LISTS = /^(?:errors?|messages?|warnings?)$/i;

/**
 * Whether an object's own flags say it succeeded: a success flag, or one saying the write did its deed, reading true; a
 * failure flag reading false.
 */
function flagsSaySuccess(o: Record<string, unknown>, does?: WriteDeeds): boolean {
	return Object.entries(o).some(([member, value]) => {
		const name = member.toLowerCase();
		if (SUCCESS_FLAGS.has(name) || saysDeed(name, does)) return flagValue(value) === true;
		return FAILURE_FLAGS.has(name) && flagValue(value) === false;
	});
}

/**
 * Whether an object says by a list of errors that the request failed (bug hunt 46: {"Errors": ["Order already shipped"]}
 * to a cancel came out Cancelled: true, and an empty page beside {"Errors": ["Warehouse COB09 is not valid"]} as "no
 * returns"): a member `Errors` (any letter case) listing an entry that says something (text, or an object such as
 * {"Code": "E1", "Message": …}; not '', null or {}). Never where a flag of its own says success ({"IsSuccess": true}
 * beside it): the flag is the answer's word on the outcome, the list what came with it (warnings). A read's answer
 * (`read`) only when it holds no records: a non-empty list beside, other than the provider's words (Messages,
 * Warnings), is records with per-record remarks. A write's only when it updates, cancels or retires: a create's outcome
 * is its transaction reference (with none it is unknown, never a refusal whose record the next run sends: it may have
 * been created all the same), a label's the label, a batch's its per-order statuses.
 */
function errorsSayFailed(o: Record<string, unknown>, does: WriteDeeds | undefined, read: boolean): boolean {
	const errors = Object.entries(o).some(
		([member, value]) => member.toLowerCase() === 'errors' && Array.isArray(value) && value.some((entry) => messageIn(entry, false) !== ''),
	);
	if (!errors || flagsSaySuccess(o, does)) return false;
	if (read) return !Object.entries(o).some(([member, value]) => !WORD_LISTS.test(member) && Array.isArray(value) && value.length > 0);
	const deeds = castArray(does ?? []);
	return deeds.length > 0 && !deeds.includes('created');
}

/**
 * The object of a 2xx answer whose own members say it failed: the answer itself, else the first member that is an object
 * saying so (a gateway's {"Result": {"Status": "Failed", "Message": …}}); one level only: a record deeper down, or in a
 * list, is data, not the answer's envelope. A flag says so, or a list of errors (errorsSayFailed; a read's, `nested`
 * false, by the read's rule). Undefined when none says so.
 */
function failingEnvelope(body: unknown, does?: WriteDeeds, nested = true): Record<string, unknown> | undefined {
	// a JSON object, not a list, is what an envelope is
	// Stryker disable next-line ConditionalExpression: a number has no member either
	if (!isPlainObject(body)) return undefined;
	const answer = body as Record<string, unknown>;
	if (membersSayFailed(answer, does) || errorsSayFailed(answer, does, !nested)) return answer;
	if (!nested) return undefined;
	// a list of errors one level down, as a flag there, unless the answer's own flag says success
	const errorsCount = !flagsSaySuccess(answer, does);
	return Object.values(answer).find((value) => {
		if (!isPlainObject(value)) return false;
		const inner = value as Record<string, unknown>;
		return membersSayFailed(inner, does) || (errorsCount && errorsSayFailed(inner, does, false));
	}) as Record<string, unknown> | undefined;
}

/**
 * Whether a 2xx answer says itself that the request failed. It reads the answer's own members, and those of a member that
 * is an object (one level down: a gateway's {"Result": {…}}; never a list, never deeper): a success flag (any letter
 * case) that reads false (false, 0, "N", "False"), a failure flag that reads true, a Status that says failure ("Failed",
 * "Error", "False"); or, no flag saying success, a list of errors ({"Errors": ["Order already shipped"]}, errorsSayFailed:
 * to an update, cancel or retire; a read's when it holds no records; bug hunt 46). A whole answer that is false, or text
 * (or a JSON string) saying "False" or, but to a create, a failure word ("Failed", "Error"), says failure too: a .NET
 * action returning bool, or its error as bare text; a bare 0 or "no" does not.
 * `does`: what the write does; a member saying it did not ({"Cancelled": false} to a cancel, {"IsCreated": false} to a
 * create) is a success flag too (the node's output would otherwise say Cancelled: true). `nested`: false for a read's
 * answer, whose objects one level down are records (an order whose Status is "Error" is data, not a refusal).
 */
export function saysFailed(body: unknown, does?: WriteDeeds, nested = true): boolean {
	if (typeof body === 'boolean' || typeof body === 'string') {
		// a bare 0 or "no" is no .NET bool: only false and the failure words are read so, a full stop or "!" after them too
		const said = String(body).trim().replace(/[.!]+$/, '').toLowerCase();
		// a create's bare failure word has an unknown outcome (no reference: reference.ts), never a refusal whose order the
		// next run sends: it may have been created all the same
		return said === 'false' || (!castArray(does ?? []).includes('created') && FAILED_STATUSES.has(said));
	}
	return failingEnvelope(body, does, nested) !== undefined;
}

/** A provider message that says the sign-in failed: its words for an authentication failure, not "no records". */
const AUTHENTICATION_FAILED =
	/\b(?:authenticat\w*|unauthori[sz]ed|not authori[sz]ed|access denied|credentials?|invalid (?:user ?key|password|access ?token|token|customer(?: ?no| number)?|login))\b/i;

/** At most this many characters of a refused sign-in's message are shown (the details hold the whole answer). */
const SIGN_IN_SHOWN = 300;

/**
 * The message of a read's 2xx answer that holds no records when it says authentication failed, else ''. Some providers
 * answer a refused sign-in with 200, a message and an empty page: read as the answer, a query would report "no
 * records" (an inventory report with nothing in stock). An answer with records was read with the credentials, and an
 * account with no records answers without such words. The message is whole (providerMessage's): give it a body masked
 * of the credentials before it is shown or cut, since a cut secret is no longer found by the mask (bug hunt 39).
 */
export function signInRefusal(body: unknown): string {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
	if (Object.values(body).some((value) => Array.isArray(value) && value.length > 0)) return '';
	const said = providerMessage(body);
	// providerMessage shows an object that names no message as its JSON: only a message is read here
	return said && !said.startsWith('{') && AUTHENTICATION_FAILED.test(said) ? said : '';
}

/**
 * A read answered 2xx whose body says it failed: a sign-in refused beside no records (`signInRefusal`), or its own flag
 * (`saysFailed`: {"IsSuccess": false, "Message": "Customer account suspended"}) or list of errors beside no records
 * ({"ReturnSalesOrderHeaders": [], "Errors": ["Warehouse COB09 is not valid"]}, bug hunt 46) unless its message says
 * nothing was found; undefined for any other answer. Read as the answer, the query would report "no records" where the
 * provider refused it. Not retried: asking again brings the same answer. `node` is called only for an error: n8n hands
 * out a deep copy of the node on every getNode (a copy per read cost about 15 µs of a request).
 */
export function readRefusal(node: () => INode, endpoint: Endpoint, status: number, body: unknown, secrets: Secrets, itemIndex?: number): NodeApiError | undefined {
	if (signInRefusal(body)) {
		// masked whole, then cut (as statusError): a password straddling the cut would leave its first characters unmasked
		// (bug hunt 39); the masked body is read, since providerMessage itself cuts a long message
		const whole = providerMessage(secrets.value(body));
		const said = whole.length > SIGN_IN_SHOWN ? `${whole.slice(0, SIGN_IN_SHOWN)}…` : whole;
		const response: JsonObject = { httpCode: String(status), message: `The credentials were refused: ${said}`, providerMessage: said, credentialsRefused: true };
		const guidance = `The provider answered ${status} without records, saying the sign-in failed. Check User Key, Password, Customer No and Access Token in the Wine Fulfillment API credential, and that its Base URL is the environment they were issued for.`;
		return answerError(node(), endpoint, response, guidance, status, body, secrets, itemIndex);
	}
	// a flag false beside a message that nothing was found ("No records") is how some providers answer an empty query
	if (!saysFailed(body, undefined, false) || NOTHING_FOUND.test(providerMessage(body))) return undefined;
	return failedAnswerError(node(), endpoint, status, body, secrets, undefined, itemIndex);
}

/** A provider message saying a query found nothing, which a success flag false may come with. */
const NOTHING_FOUND = /\b(?:no (?:records?|results?|data|items?|orders?|returns?|packages?|matches|inventory)|(?:nothing|none|not) found)\b/i;

/**
 * A write answered 2xx whose body says it failed (`saysFailed`: {"IsSuccess": false, "Messages": ["Order already
 * shipped"]}): the provider's refusal, worded as a 400's (its messages, wire paths in the panel's words). The interface
 * shows no answer body for most writes: a 2xx is taken as success unless the answer says otherwise. Nothing changed,
 * so the error is marked refused (mayHaveTakenEffect: a create's claim is released, Retry On Fail may send it again),
 * unless `unknown` says why the outcome is unknown all the same: the answer names a transaction reference
 * ('referenced'), or it answers a batch of records, some of which may have been taken ('batch').
 */
export function failedAnswerError(
	node: INode,
	endpoint: Endpoint,
	status: number,
	body: unknown,
	secrets: Secrets,
	unknown: 'referenced' | 'batch' | undefined,
	itemIndex?: number,
	labels?: Record<string, string>,
): NodeApiError {
	const scrubbed = secrets.value(body);
	// what it says beside its flags (a bare false says nothing more): the members of the object that says it failed, one
	// level down when that is where it says so ({"Result": {"Status": "Failed", "Message": …}})
	const envelope = failingEnvelope(scrubbed, endpoint.does) ?? scrubbed;
	const rest =
		envelope && typeof envelope === 'object' ? Object.fromEntries(Object.entries(envelope).filter(([member]) => !isFlag(member, endpoint.does))) : {};
	const said = Object.keys(rest).length ? providerMessage(rest) : '';
	const text = refusalText(rest, said, labels).text;
	const provider = labels ? inPanelWords(text, labels) : text;
	const message = `The provider refused the request${provider ? `: ${provider}` : ''}`;
	const what = endpoint.changes ?? 'record';
	const guidance =
		unknown === 'referenced'
			? 'The provider said the request failed, yet answered with a transaction reference: check with the provider whether it took effect (for an order, by its order number) before sending it again. It was not resent.'
			: unknown === 'batch'
				? 'The provider said the batch had errors but gave no status per order, so some may have been created: check each order with the provider (Tracking → Get Details by its order number) before sending it again. None was resent.'
				: `The provider answered ${status} but said the request failed, so nothing was changed. Correct what its message names (or check the ${what}'s state with the provider) and run the node again.`;
	const response: JsonObject = { httpCode: String(status), message, providerMessage: said, outcome: unknown ? 'unknown' : 'refused' };
	return answerError(node, endpoint, response, guidance, status, body, secrets, itemIndex);
}

/** Where a redirect pointed, for the message: without any user:password@ and at most 300 characters. */
function shownLocation(location: string): string {
	let shown = location.trim();
	try {
		const url = new URL(shown);
		url.username = '';
		url.password = '';
		shown = url.toString();
	} catch {
		shown = shown.replace(/\/\/[^/@]*@/, '//');
	}
	return shown.length > 300 ? `${shown.slice(0, 300)}…` : shown;
}

/**
 * A 3xx other than the interface's own 300: never followed, since the credentials (header and body)
 * would go with the request to wherever it points, and a create could come back as a query.
 */
export function redirectError(
	node: INode,
	endpoint: Endpoint,
	status: number,
	location: string,
	secrets: Secrets,
	itemIndex?: number,
): NodeApiError {
	// Stryker disable next-line MethodExpression: white space alone is trimmed to '' by shownLocation: the message without a location all the same
	const where = location.trim() ? shownLocation(secrets.text(location)) : '';
	const message = where
		? `The provider redirected the request to ${where} (${status}); redirects are not followed`
		: `The provider answered with redirect status ${status} and no location; redirects are not followed`;
	const description =
		'Nothing was sent to another address: a redirect would carry the credentials there, and could turn a create into a query. ' +
		"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's current https address ending in /v3" +
		(where ? ' (if the provider has moved, enter the new address there)' : '') +
		'.' +
		(endpoint.kind === 'write'
			? ' The provider answered with a redirect instead of processing the request; if in doubt, check with the provider before running it again.'
			: '');
	const error = new NodeApiError(node, { message, location: where } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex,
	});
	return outcomeWorded(error, endpoint);
}

/** A document operation's answer that is not the document asked for. */
export function documentError(
	node: INode,
	endpoint: Endpoint,
	wanted: DocumentType,
	what: string,
	secrets: Secrets,
	itemIndex?: number,
): NodeApiError {
	const message = `The provider did not answer with ${documentName(wanted)}: it sent ${secrets.text(what)}`;
	const description =
		`The document was asked for as ${wanted}, and nothing else is put out as a file. The label may not be available for this order yet; ` +
		'check the order with the provider, then run again.' +
		(endpoint.kind === 'write' ? ' The request was not resent.' : '');
	return outcomeWorded(new NodeApiError(node, { message } as JsonObject, { message, description, itemIndex }), endpoint);
}

/** Connection codes that mean the request never left this machine: safe to send again. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a failed write may still have taken effect at the provider: false only when the provider refused it
 * (a 4xx other than 408, after the retries), when the connection was never made (nor its TLS handshake completed), or when the node stopped
 * before sending (a NodeOperationError). A timeout, a reset, a 5xx, a redirect or a success answer without a
 * transaction reference may all have taken effect.
 */
export function mayHaveTakenEffect(error: unknown): boolean {
	if (error instanceof NodeOperationError) return false;
	if (error instanceof NodeApiError) {
		const status = Number(error.httpCode);
		if (status >= 400 && status < 500 && status !== 408) return false;
		const response = error.errorResponse as Record<string, unknown> | undefined;
		const code = response?.connectionCode;
		if (typeof code === 'string' && NEVER_SENT.has(code)) return false;
		// the TLS handshake failed: nothing of the request left n8n (connectionError)
		if (response?.tlsHandshake === true) return false;
		// a 2xx answer saying the request failed (failedAnswerError)
		if (response?.outcome === 'refused') return false;
	}
	return true;
}

/** Whether a failed write may have taken effect (mayHaveTakenEffect); a 300 (several sales orders match) was not processed either. */
export function mayHaveReached(error: unknown): boolean {
	return mayHaveTakenEffect(error) && !(error instanceof NodeApiError && error.httpCode === '300');
}

/**
 * How a TLS handshake failed (connectionFailure): the server's certificate was not accepted ('certificate'), the address
 * does not speak TLS ('not https': https to a port that speaks http), or the two sides agreed on no secure connection
 * ('agreement': no common version or cipher, the server refused this client).
 */
export type HandshakeFailure = 'certificate' | 'not https' | 'agreement';

export interface ConnectionFailure {
	code: string;
	/** false only when the request certainly did not reach the provider */
	mayHaveReached: boolean;
	/**
	 * The TLS handshake failed, so nothing of the request was sent (bug hunt 39): not retried either, since the next attempt
	 * meets the same certificate, the same address, the same server.
	 */
	handshake?: HandshakeFailure;
}

/**
 * Node's codes for a server certificate that failed verification in the TLS handshake (OpenSSL's X509_V_ERR_… names,
 * and Node's own for a certificate of another host), with what each says of the certificate.
 */
const CERTIFICATE_CODES: Record<string, string> = Object.fromEntries(
	Object.entries({
		'its certificate is self-signed': ['DEPTH_ZERO_SELF_SIGNED_CERT'],
		'its certificate is signed by an authority this machine does not trust (a self-signed root)': ['SELF_SIGNED_CERT_IN_CHAIN'],
		'its certificate is not signed by an authority this machine trusts': ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_UNTRUSTED'],
		'its certificate is signed by an authority that is no valid CA': ['INVALID_CA'],
		'its certificate has expired': ['CERT_HAS_EXPIRED'],
		'its certificate is not valid yet': ['CERT_NOT_YET_VALID'],
		'its certificate has been revoked': ['CERT_REVOKED'],
		'its certificate is for another host name': ['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH'],
		'its certificate could not be verified': ['UNABLE_TO_GET_CRL', 'UNABLE_TO_DECRYPT_CERT_SIGNATURE', 'UNABLE_TO_DECRYPT_CRL_SIGNATURE', 'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY', 'CERT_SIGNATURE_FAILURE', 'CRL_SIGNATURE_FAILURE', 'CRL_NOT_YET_VALID', 'CRL_HAS_EXPIRED', 'ERROR_IN_CERT_NOT_BEFORE_FIELD', 'ERROR_IN_CERT_NOT_AFTER_FIELD', 'ERROR_IN_CRL_LAST_UPDATE_FIELD', 'ERROR_IN_CRL_NEXT_UPDATE_FIELD', 'CERT_CHAIN_TOO_LONG', 'PATH_LENGTH_EXCEEDED'],
		'its certificate is not for a server': ['INVALID_PURPOSE'],
		'its certificate was rejected': ['CERT_REJECTED'],
	}).flatMap(([words, codes]) => codes.map((code) => [code, words])),
);

/** OpenSSL's error codes as Node gives them (ERR_SSL_WRONG_VERSION_NUMBER, ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE). */
const OPENSSL_CODE = /^ERR_SSL_[A-Z0-9_]+$/;

/**
 * The reasons OpenSSL gives (in an ERR_SSL_… code, or in the message of an EPROTO: "…:SSL routines:…:wrong version
 * number:…") for a failure of the handshake itself, before the request is sent. Others (a bad record MAC, decryption
 * failed, an unexpected end) may come after the request went out: they stay "may have reached".
 */
const NOT_TLS_REASON = /wrong version number|packet length too long|unknown protocol|http request/;
const HANDSHAKE_REASON =
	/handshake failure|protocol version|unsupported protocol|no protocols available|no shared cipher|no ciphers available|no cipher match|insufficient security|inappropriate fallback|unknown ca|certificate|unrecognized name|no application protocol|unsafe legacy renegotiation disabled|(?:dh|ee) key too small|ca (?:md too weak|key too small)/;

/** Whether a code is one connectionFailure reads: a system error's (E…), a certificate's, or OpenSSL's. */
const isConnectionCode = (code: string) => /^E[A-Z_]+$/.test(code) || Object.hasOwn(CERTIFICATE_CODES, code) || OPENSSL_CODE.test(code);

/** How the TLS handshake failed, by the code and the message that came with it; undefined for no handshake failure. */
function handshakeFailure(code: string, message: string): HandshakeFailure | undefined {
	if (Object.hasOwn(CERTIFICATE_CODES, code)) return 'certificate';
	if (code !== 'EPROTO' && !OPENSSL_CODE.test(code)) return undefined;
	const reason = `${code.replace(/^ERR_SSL_/, '')} ${message}`.replace(/_/g, ' ').toLowerCase();
	if (NOT_TLS_REASON.test(reason)) return 'not https';
	return HANDSHAKE_REASON.test(reason) ? 'agreement' : undefined;
}

/** Reads the low-level cause out of whatever n8n's request helper threw. Never keeps the request. */
export function connectionFailure(error: unknown): ConnectionFailure {
	const seen = new Set<unknown>();
	let current: unknown = error;
	let code = '';
	let said = '';
	while (
		current &&
		// Stryker disable next-line ConditionalExpression: a thrown string or number has no code, cause, reason or errorResponse: the next step ends the loop
		typeof current === 'object' &&
		!seen.has(current)
	) {
		seen.add(current);
		const c = current as { code?: unknown; message?: unknown; cause?: unknown; reason?: unknown; errorResponse?: unknown };
		// axios keeps Node's code on its own error, the cause (n8n's NodeApiError of the helper) holds it one level down
		if (typeof c.code === 'string' && isConnectionCode(c.code)) {
			code = c.code;
			said = typeof c.message === 'string' ? c.message : '';
			break;
		}
		current = c.cause ?? c.reason ?? c.errorResponse;
	}
	if (!code) {
		const text = error instanceof Error ? error.message : String(error);
		code = /timeout|timed out/i.test(text) ? 'ETIMEDOUT' : /socket hang up|reset/i.test(text) ? 'ECONNRESET' : 'EUNKNOWN';
	}
	// a handshake that failed sent nothing of the request: https sends it only once the handshake is done
	const handshake = handshakeFailure(code, said);
	if (handshake) return { code, mayHaveReached: false, handshake };
	return { code, mayHaveReached: !NEVER_SENT.has(code) };
}

const CONNECTION_WORDS: Record<string, string> = {
	ECONNRESET: 'the connection was reset',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
	ESOCKETTIMEDOUT: 'the request timed out',
	EPIPE: 'the connection broke',
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	EHOSTUNREACH: 'the host is unreachable',
	ENETUNREACH: 'the network is unreachable',
	// n8n's Stop aborted the request (axios's code); "canceled" is how n8n tells a stopped run
	ERR_CANCELED: 'the execution was canceled while it was on its way',
};

/** What a failed TLS handshake says of the server at the Base URL, and what to do about it. */
function handshakeWords(failure: ConnectionFailure & { handshake: HandshakeFailure }): [string, string] {
	switch (failure.handshake) {
		case 'certificate':
			return [
				CERTIFICATE_CODES[failure.code],
				"Check the certificate of the server at the credential's Base URL: expired, self-signed, or issued for another host name. " +
					"If a company proxy or firewall inspects https traffic, n8n must trust that proxy's CA certificate: point n8n's " +
					'NODE_EXTRA_CA_CERTS environment variable at the CA certificate file (PEM) and restart n8n. Then run again.',
			];
		case 'not https':
			return [
				'the address did not answer in https (TLS)',
				"Check the Base URL in the credential: https to a port that speaks only http (or to the wrong port) fails so. Enter the address the provider gave for the interface, then run again.",
			];
		default:
			return [
				'the two sides agreed on no secure connection',
				'The server at the Base URL and this machine have no TLS version or cipher in common, or the server refused this connection. ' +
					'Check the Base URL in the credential and any proxy between n8n and the provider, then run again.',
			];
	}
}

export function connectionError(
	node: INode,
	endpoint: Endpoint,
	failure: ConnectionFailure,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	if (failure.handshake) {
		const [what, advice] = handshakeWords({ ...failure, handshake: failure.handshake });
		// the words, not the code, in the message (below); the code in the description
		const message = `Could not set up a secure connection to the provider: ${what}`;
		const description =
			`Nothing was sent: the connection failed in its TLS handshake, before any of the request went out (${failure.code}). ` +
			`It was not retried: the next attempt would meet the same ${failure.handshake === 'certificate' ? 'certificate' : 'server'}. ${advice}`;
		return outcomeWorded(new NodeApiError(node, { message, connectionCode: failure.code, tlsHandshake: true }, { message, description, itemIndex }), endpoint);
	}
	// The words, not the code, go in the message: n8n replaces messages that contain a known code.
	const what = CONNECTION_WORDS[failure.code] ?? 'the connection failed';
	const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
	const [message, description] =
		endpoint.kind === 'write' && failure.mayHaveReached
			? [
					`The request to the provider was sent, then ${what}`,
					`The provider may have processed it (${failure.code}). It was not resent, so nothing is duplicated: check with the provider (for orders, by order number) before running it again.`,
				]
			: [
					`Could not reach the provider: ${what}${tries}`,
					`${failure.code}. Check the Base URL in the credential and this machine's network, then run again.`,
				];
	return outcomeWorded(new NodeApiError(node, { message, connectionCode: failure.code }, { message, description, itemIndex }), endpoint);
}

export function malformedResponseError(node: INode, endpoint: Endpoint, itemIndex?: number): NodeApiError {
	const message = 'The provider answered with a body that is not valid JSON';
	const description =
		endpoint.kind === 'write'
			? 'The request was not resent, because it may have taken effect: check with the provider before running it again.'
			: 'The query was retried and the answer was still unreadable; try again later.';
	return outcomeWorded(new NodeApiError(node, { message }, { message, description, itemIndex }), endpoint);
}

/**
 * A success answer whose JSON nests deeper than the transport reads (`depth` levels): refused before anything walks it,
 * which would overflow the stack. Not retried: the same answer would come back. `start`: the answer's first characters.
 */
export function tooDeepError(node: INode, endpoint: Endpoint, depth: number, start: string, itemIndex?: number): NodeApiError {
	const message = `The provider answered with JSON nested more than ${depth.toLocaleString('en-US')} levels deep`;
	const shown = start.length > 120 ? `${start.slice(0, 120)}…` : start;
	const description =
		'No answer of the interface nests that deep, so it was not read. ' +
		(endpoint.kind === 'write'
			? 'The request was not resent, because it may have taken effect: check with the provider before running it again.'
			: 'The query was not retried: the same answer would come back.') +
		` If it keeps happening, tell the provider.\n\nThe answer starts: ${shown}`;
	return outcomeWorded(new NodeApiError(node, { message }, { message, description, itemIndex }), endpoint);
}

/**
 * A success answer that is a web page (a sign-in or portal page): the Base URL does not point at the interface. Not
 * retried, since asking again brings the same page; `title` names the page when it has one.
 */
export function webPageError(node: INode, endpoint: Endpoint, title: string, itemIndex?: number): NodeApiError {
	const message = "The provider answered with a web page instead of the interface's JSON";
	const description =
		`The Base URL answered with a web page${title ? ` ("${title}")` : ''}, such as a sign-in or portal page, not the interface. ` +
		"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's API address ending in /v3, " +
		'the environment the credentials were issued for. ' +
		(endpoint.kind === 'write'
			? 'The request was not resent; if in doubt, check with the provider before running it again.'
			: 'The query was not retried: the same page would come back.');
	return outcomeWorded(new NodeApiError(node, { message }, { message, description, itemIndex }), endpoint);
}

/** What came back where an object was expected, in words (an empty body, a list, text, null). */
export function answerShape(body: unknown): string {
	// the transport reads an empty body as undefined
	if (body === undefined) return 'an empty body';
	if (Array.isArray(body)) return 'a list';
	return body === null ? 'null' : typeof body === 'string' ? 'text' : String(typeof body);
}

/** What a trigger's poll that failed on such an answer says first: its state is not written. */
export const POLL_KEEPS_ITS_PLACE = 'Nothing was emitted and the trigger keeps its place: the next poll reads the same time again.';

/** What an action's item that failed on such an answer says first. */
const NOTHING_OUTPUT = 'Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again.';

/**
 * A successful answer (2xx) that is not what the operation documents (an empty body, an error object answered with
 * 200): an error naming what came back, never read as a result. `hint`: a sentence on what else may help; `lead`: what
 * became of the work (a trigger's poll says it instead of an item).
 */
export function unexpectedAnswerError(node: INode, message: string, itemIndex?: number, hint?: string, lead = NOTHING_OUTPUT): NodeApiError {
	const description = [
		lead,
		hint,
		'If it keeps happening, tell the provider what the message says.',
	]
		.filter(Boolean)
		.join(' ');
	return new NodeApiError(node, { message }, { message, description, itemIndex });
}

/**
 * The error for an answer that is not what the operation documents (`expected`): it names what came back, an error
 * object's message or the shape of anything else.
 */
export function unexpectedAnswer(node: INode, body: unknown, expected: string, itemIndex?: number, hint?: string): NodeApiError {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		// text is the provider's message (a JSON string answered 200): shown, cut, in the description (bug hunt 48)
		const text = typeof body === 'string' ? body.trim() : '';
		const said = text ? `The provider's answer: "${text.length > 300 ? `${text.slice(0, 300)}…` : text}".` : undefined;
		const words = [said, hint].filter(Boolean).join(' ') || undefined;
		return unexpectedAnswerError(node, `The provider answered with ${answerShape(body)} instead of ${expected}`, itemIndex, words);
	}
	// an object's message, or the object as JSON: never empty
	return unexpectedAnswerError(node, `The provider answered without ${expected}: ${providerMessage(body)}`, itemIndex, hint);
}

/**
 * A router's message for a path it does not serve, naming the path or address (ASP.NET's "No HTTP resource was found
 * that matches the request URI", Express's "Cannot POST /…"), as a Base URL with a wrong prefix gets. Every endpoint's
 * path holds /api/, so a router naming the path or the address names that; a link elsewhere in a message, or "Cannot
 * get tracking details" in the provider's words, is no router's (bug hunt 48: read as a wrong Base URL).
 */
const ROUTING_MESSAGE = /\/api\/|no http resource|no operation|cannot (post|get) \/|no route|no endpoint|no (type|controller|action) was found/i;

/**
 * Whether a 404, by its message (providerMessage of its body: '' for an empty body), is the provider's own "not found"
 * (field notes: an error body is a message string or an object with a message). An empty body, a JSON body that holds
 * nothing ({}, [], null), a web page and a router's message are no interface's answer.
 */
export function providerNotFound(said: string): boolean {
	const text = said.trim();
	return !/^(\{\s*\}|\[\s*\]|null)?$/.test(text) && !text.startsWith('<') && !ROUTING_MESSAGE.test(text);
}

/** An operation whose 404 means "none", in the words of the error for a 404 that is not the provider's. */
export interface NotFoundMeaning {
	/** the interface the Base URL must lead to: "the tracking interface" */
	service: string;
	/** what the provider's own 404 is read as: "no tracking yet" */
	none: string;
	/** what became of the work, said first (a trigger's poll keeps its place) */
	lead?: string;
}

/**
 * A failed request of an operation whose 404 means "none" (GetOrdersOnHold, GetDetails), read: undefined for the
 * provider's own 404 (the operation's "none"); else the error to throw. A 404 of no interface (a Base URL with a wrong
 * prefix answers 404 for every path, as a web page, a router's message or an empty body) is an error saying to check the
 * Base URL: read as "none", the action would output nothing and the trigger never fire, without a word.
 */
export function notFoundFailure(node: INode, error: unknown, meaning: NotFoundMeaning, itemIndex?: number): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '404') return error;
	// statusError keeps the provider's message, scrubbed of the credentials
	const said = String((error.errorResponse as JsonObject | undefined)?.providerMessage ?? '');
	if (providerNotFound(said)) return undefined;
	const message = `The Base URL does not lead to ${meaning.service} (404)`;
	const shown = said.length > 300 ? `${said.slice(0, 300)}…` : said;
	const what = !said.trim() ? 'its body is empty' : said.trim().startsWith('<') ? 'it is a web page' : "it is a router's message, or holds no message";
	const description = [
		meaning.lead,
		"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's API address ending in /v3.",
		`This 404 is not the provider's "not found" (${what}), so it is not read as "${meaning.none}".`,
	]
		.filter(Boolean)
		.join(' ') + (shown ? `\n\nThe answer (404): ${shown}` : '');
	// Stryker disable next-line StringLiteral: NodeApiError takes its httpCode from the options (the second '404')
	return new NodeApiError(node, { message, httpCode: '404' }, { message, description, httpCode: '404', itemIndex });
}

/** GetOrdersOnHold's 404 is the provider's "no orders on hold" (interface: Endpoints, Errors). */
export const ON_HOLD_404: NotFoundMeaning = { service: 'the sales order interface', none: 'no orders on hold' };
