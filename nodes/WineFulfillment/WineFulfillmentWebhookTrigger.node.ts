import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IHookFunctions,
	INodeCredentialTestResult,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { createHash, timingSafeEqual } from 'crypto';
import trim from 'lodash/trim';
import isPlainObject from 'lodash/isPlainObject';
import type { ZodError } from 'zod';

import { MAX_ANSWER_DEPTH, parseBody, readsOtherwise } from './transport/request';
import { answerText } from './transport/text';
import { trackingTagOptions } from './wire/labels';
import { WEBHOOK_TAGS, checkpointList, inEventSpelling, onlyTheseTags, trackingUpdate, webhookEvent, webhookTag } from './wire/webhook';

/** Redelivered events are recognised among this many most recent event_ids. */
const RECENT_EVENT_IDS = 2000;

/** How long this n8n process holds an event_id it has taken, and how many per node at most. */
const CLAIM_MS = 15 * 60 * 1000;
const MAX_CLAIMS = RECENT_EVENT_IDS;

/**
 * What this n8n process knows of one node's deliveries (per workflow and node).
 *
 * n8n runs webhook() once per delivery, concurrently, each run with its own copy of the workflow's static data
 * loaded from the database, and after starting the execution saves that whole copy (serialized at save time, last
 * save wins). So:
 * - `claims`: the event ids taken here in the last 15 minutes. Taking one is synchronous (no await between the check
 *   and the record), so within one process only the first delivery of an event is emitted, even when both copies
 *   lack the id. Past 15 minutes the stored ids decide: an id n8n never saved (it failed to start the execution and
 *   answered an error) is then emitted when the provider retries.
 * - `list`: one array of recent ids, shared by the static data of every delivery taken here. Each such delivery
 *   assigns it to its copy (n8n saves a copy only when a member was assigned), and every later id is pushed into it
 *   in place: a copy not yet saved holds every id taken before its save, and a copy already saved is not marked
 *   changed again (a long execution's own save at its end writes the list as it is then, never one as it was when
 *   the execution started). Ids a delivery's copy brings from the database (saved by another process, or before a
 *   restart) join it, and count as stored (`saved`): a delivery whose own copy was loaded before they were saved
 *   still finds them.
 * Deliveries that land on two n8n processes at the same moment are not covered: see the README.
 */
interface Memory {
	/** event id → when it was taken (oldest first) */
	claims: Map<string, number>;
	/** the recent ids, oldest first, at most RECENT_EVENT_IDS */
	list: string[];
	/** the ids of `list` that a delivery's copy brought from the database */
	saved: Set<string>;
	/**
	 * the ids pushed out of `list` last (at most RECENT_EVENT_IDS): a copy loaded before they went still holds them, and
	 * must not bring them back as the newest (each would push out an id taken since)
	 */
	dropped: Set<string>;
}
const memories = new Map<string, Memory>();

function memoryOf(scope: string, now: number): Memory {
	let memory = memories.get(scope);
	if (!memory) {
		memory = { claims: new Map(), list: [], saved: new Set(), dropped: new Set() };
		memories.set(scope, memory);
	}
	for (const [taken, at] of memory.claims) {
		if (at > now - CLAIM_MS && memory.claims.size <= MAX_CLAIMS) break;
		memory.claims.delete(taken);
	}
	return memory;
}

/** The event ids in a stored `recentEventIds`, in lower case (ids stored by older versions may be in upper case). */
const idsIn = (list: unknown): string[] => (Array.isArray(list) ? list.map((id) => String(id).toLowerCase()) : []);

/**
 * Takes `eventId` for this delivery; false when it was taken before: stored (in `data`, the delivery's node static
 * data as loaded, or in any copy loaded here before), or taken by this process in the last 15 minutes. The ids `data`
 * brought join the shared list first (in place, whether or not the id is taken); taken, the id joins it too and the
 * list is assigned to `data`.
 */
function take(scope: string, data: IDataObject, eventId: string, now: number): boolean {
	const memory = memoryOf(scope, now);
	const { list, saved, dropped } = memory;
	const known = new Set(list);
	const join = (id: string) => {
		if (known.has(id)) return;
		known.add(id);
		list.push(id);
	};
	for (const id of idsIn(data.recentEventIds)) {
		if (dropped.has(id)) continue;
		join(id);
		saved.add(id);
	}
	const taken = !saved.has(eventId) && !memory.claims.has(eventId);
	if (taken) {
		memory.claims.set(eventId, now);
		dropped.delete(eventId);
		join(eventId);
	}
	// Stryker disable next-line EqualityOperator: at exactly RECENT_EVENT_IDS the splice removes nothing
	if (list.length > RECENT_EVENT_IDS) {
		for (const id of list.splice(0, list.length - RECENT_EVENT_IDS)) {
			saved.delete(id);
			dropped.add(id);
		}
		// a bound on what is kept: which ids it forgets matters only to a copy loaded 4,000 events before
		// Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator,CallExpression: see above
		for (const id of dropped) {
			// Stryker disable next-line ConditionalExpression,EqualityOperator: see above
			if (dropped.size <= RECENT_EVENT_IDS) break;
			// Stryker disable next-line CallExpression: see above
			dropped.delete(id);
		}
	}
	if (taken) data.recentEventIds = list;
	return taken;
}

/** A text's SHA-256 digest: 32 bytes whatever its length. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Compares in constant time, the SHA-256 digests of both sides: one compare of 32 bytes whatever the lengths, so neither
 * an early answer for another length nor the compare itself tells the secret's length. `expected` is never empty:
 * `authorized` answers 'no-secret' for an empty secret first.
 */
function sameSecret(given: string, expected: string): boolean {
	return timingSafeEqual(digest(given), digest(expected));
}

type Verdict = 'allowed' | 'denied' | 'no-secret';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An HTTP header name (RFC 9110 token): what a provider can send and n8n can receive. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A header's name or value as HTTP carries it: without the spaces, tabs and line breaks around it (RFC 9110 5.5), and
 * with every other character (a no-break space or byte order mark pasted with it cannot be sent, and fails HEADER_VALUE).
 */
const httpTrim = (value: string) => trim(value, ' \t\r\n');

/**
 * A Header Value a delivery can match: visible ASCII, and spaces or tabs inside (as in `Bearer <token>`), which HTTP
 * carries unchanged (RFC 9110 field-value). Node reads header bytes as latin1, so a character outside ASCII sent as
 * UTF-8 arrives as other characters and never equals the secret; control characters cannot be sent at all.
 */
const HEADER_VALUE = /^[\t\x20-\x7E]+$/;

/**
 * The webhook credential's test (n8n runs it from the credential's Test button and on save). The
 * provider has no call to test against, so it checks what a delivery would be checked against: a
 * complete Header Auth pair (a valid header name and a value) or Basic Auth pair (user and password).
 * Its message never contains a secret.
 */
export function checkWebhookCredential(data: ICredentialDataDecryptedObject = {}): INodeCredentialTestResult {
	const [headerName, headerSecret] = [httpTrim(text(data.headerName)), httpTrim(text(data.headerSecret))];
	const [user, password] = [text(data.user), text(data.password)];
	const problems: string[] = [];
	const ready: string[] = [];
	if (headerSecret) {
		if (!headerName) problems.push('Header Auth has a Header Value but no Header Name');
		else if (!HEADER_NAME.test(headerName)) {
			// not quoted: a whole header line pasted here ("X-Webhook-Secret: s3cret") holds the secret
			problems.push(
				`Header Auth: the Header Name is not an HTTP header name (letters, digits and ! # $ % & ' * + - . ^ _ \` | ~, no spaces${headerName.includes(':') ? "; the name alone, without a colon and its value, which goes in Header Value" : ''})`,
			);
		} else if (!HEADER_VALUE.test(headerSecret)) {
			// never the value itself: it is the secret
			problems.push('Header Auth: the Header Value has characters a delivery cannot match (use ASCII letters, digits and symbols)');
		} else ready.push(`Header Auth (header ${headerName})`);
	}
	if (user || password) {
		if (!password) problems.push('Basic Auth has a User but no Password');
		else if (!user) problems.push('Basic Auth has a Password but no User');
		else ready.push('Basic Auth');
	}
	if (problems.length) {
		return { status: 'Error', message: `${problems.join('; ')}: a trigger using it refuses every delivery (401)` };
	}
	if (!ready.length) {
		return {
			status: 'Error',
			message:
				'No secret is set: enter a Header Value (Header Auth) or a User and Password (Basic Auth); until then a trigger using this credential refuses every delivery (401)',
		};
	}
	return { status: 'OK', message: `Ready for ${ready.join(' and ')}; enter the same in the provider's webhook settings` };
}

/**
 * Checks the delivery against the credential. A secret left empty refuses every delivery: with an
 * empty password, `Basic base64("user:")` (or `Basic Og==` with both empty) would otherwise pass.
 */
async function authorized(ctx: IWebhookFunctions): Promise<Verdict> {
	const method = ctx.getNodeParameter('authentication', 'none') as string;
	if (method === 'none') return 'allowed';
	const credential = await ctx.getCredentials('wineFulfillmentWebhookApi');
	const headers = ctx.getHeaderData() as Record<string, string | undefined>;
	if (method === 'headerAuth') {
		// HTTP drops white space at both ends of a header value (RFC 9110 5.5): a Header Value saved with a trailing space or
		// line break (a paste) is compared as any sender can send it
		const [name, secret] = [httpTrim(text(credential.headerName)).toLowerCase(), httpTrim(text(credential.headerSecret))];
		if (!name || !secret) return 'no-secret';
		// Stryker disable next-line StringLiteral: with the header missing, '' never equals the secret (not empty here); other text would only if it were the secret
		const given = String(headers[name] ?? '');
		return sameSecret(given, secret) ? 'allowed' : 'denied';
	}
	const [user, password] = [text(credential.user), text(credential.password)];
	if (!user || !password) return 'no-secret';
	// Stryker disable next-line StringLiteral,Regex: with the header missing, any text not starting with "Basic " gives no match, as '' does; a header value holds no line break and base64 decoding skips white space, so dropping `$` or `\s+` → `\s` changes no outcome
	const match = /^Basic\s+(.+)$/i.exec(String(headers.authorization ?? ''));
	// Stryker disable next-line StringLiteral: without a Basic header, other text is refused as '' is unless it is `user:password` (it has a colon, Stryker's text none)
	const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
	return sameSecret(decoded, `${user}:${password}`) ? 'allowed' : 'denied';
}

/** A 400 for a body that is not a tracking update, naming its first problem. */
function refuseBody(res: ReturnType<IWebhookFunctions['getResponseObject']>, error: ZodError): IWebhookResponseData {
	res.status(400).json({ message: `Not a tracking update: ${error.issues[0].message}` });
	return { noWebhookResponse: true };
}

/** Text of printable ASCII and JSON's white space only (JSON text holds no other control characters). */
const ASCII = /^[\t\n\r -~]*$/;

/**
 * The delivery's JSON: n8n parses a body declared application/json into an object, and hands a body declared as text
 * (text/plain, as some senders label JSON) on as its text; one declared as anything else (none, octet-stream, a
 * vendor's +json, a form, as `curl -d` declares it) it does not parse as JSON (nothing, {}, or a form's members), and
 * the raw body n8n keeps (rawBody) is read instead, in its charset (transport/text.ts answerText): a refusal would only
 * lose the event after the provider's retries (bug hunt 32). Read as the action reads an answer (transport/request.ts
 * parseBody): a whole number past 2^53 as its digits, JSON nested past MAX_ANSWER_DEPTH refused (`tooDeep`: no item
 * n8n could not copy), a byte order mark dropped. n8n's own parse rounds such a number, and decodes the bytes by the
 * declared charset alone (Latin-1 letters without one became U+FFFD, UTF-8 ones under "charset=latin1" "Ã¼"): a body it
 * parsed as JSON is read again from the raw one where its text is not plain ASCII or holds such a number
 * (readsOtherwise), and one it handed on as text is read from the raw one whenever n8n kept it. Text that is no JSON
 * object leaves the body as n8n handed it on, to be refused as no tracking update.
 */
function jsonBody(body: unknown, raw: unknown, contentType: string): { value: unknown } | { tooDeep: true } {
	let text: string;
	// the raw body first, a text/plain one too: n8n decoded its text by the declared charset alone, as it decodes
	// application/json (bug hunt 45: Latin-1 letters without a charset came out as U+FFFD, UTF-8 ones under
	// "charset=latin1" as "Ã¼")
	if (Buffer.isBuffer(raw)) {
		text = answerText(raw, contentType);
		// a body n8n parsed as JSON is read again only where n8n's parse may have lost something: its letters (n8n decodes
		// by the declared charset alone, UTF-8 when none; plain ASCII reads alike in every charset) or a long number
		if (/^\s*application\/json\s*(;|$)/i.test(contentType) && isPlainObject(body) && ASCII.test(text) && !readsOtherwise(text)) {
			return { value: body };
		}
	} else if (typeof body === 'string') text = body;
	else return { value: body };
	const read = parseBody(text.replace(/^\uFEFF/, ''));
	if (!read.ok) return read.tooDeep ? { tooDeep: true } : { value: body };
	return { value: isPlainObject(read.value) ? read.value : body };
}

/**
 * A tracking or order number as text (a number sent as a JSON number too); null when absent or blank, and for a whole
 * number past 2^53 that came rounded (n8n parsed the body and kept no raw one): never another parcel's or order's number.
 */
function identifier(value: unknown): string | null {
	if (typeof value === 'number') return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)) ? String(value) : null;
	return typeof value === 'string' && value.trim() ? value : null;
}

export class WineFulfillmentWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Wine Fulfillment Tracking Webhook Trigger',
		name: 'wineFulfillmentWebhookTrigger',
		icon: { light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Tracking Updates',
		description: 'Starts the workflow when the provider pushes a tracking update, instead of polling',
		defaults: { name: 'Wine Fulfillment Tracking Webhook' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'wineFulfillmentWebhookApi',
				required: true,
				testedBy: 'wineFulfillmentWebhookApiTest',
				displayOptions: { show: { authentication: ['headerAuth', 'basicAuth'] } },
			},
		],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'tracking' }],
		properties: [
			{
				displayName:
					"Give this node's Production URL to the provider as your tracking webhook (in its portal). Deliveries are answered at once; a redelivered event is dropped. When n8n runs several webhook processes (queue mode), act on an event once: after this one, the Redis node's Increment on a key made of eventId (wine-event:<eventId>), then an If on the value 1 (README: Running at scale).",
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'options',
				default: 'none',
				options: [
					{ name: 'Basic Auth', value: 'basicAuth' },
					{ name: 'Header Auth', value: 'headerAuth' },
					{ name: 'None', value: 'none' },
				],
				description:
					"How a delivery shows it comes from the provider: a secret header or basic auth, set in the credential and in the provider's portal",
			},
			{
				displayName:
					"Anyone who has this URL can post fake tracking updates: the provider documents no signature. Choose Header Auth, give the credential a long random Header Value, and set the same header name and value in the provider's portal.",
				name: 'noAuthNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { authentication: ['none'] } },
			},
			{
				displayName:
					"Every delivery is refused (401) while the credential's secret is empty: Header Auth needs a header name and value, Basic Auth a user and a password. The credential's Test button checks them.",
				name: 'emptySecretNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { authentication: ['basicAuth', 'headerAuth'] } },
			},
			{
				displayName: 'Only These Tags',
				name: 'tags',
				type: 'multiOptions',
				default: [],
				options: trackingTagOptions(WEBHOOK_TAGS),
				description:
					'Emit only updates with these tags, e.g. Delivered or Exception. None selected emits every update. An expression may give a list or a comma-separated text of these tags, in any letter case.',
			},
		],
	};

	methods = {
		credentialTest: {
			async wineFulfillmentWebhookApiTest(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				return checkWebhookCredential(credential.data);
			},
		},
	};

	// The provider has no API to register webhooks: the URL is entered in its portal. These methods
	// keep n8n's lifecycle honest by recording which URL this workflow expects deliveries on.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				return data.webhookUrl === this.getNodeWebhookUrl('default');
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				data.webhookUrl = this.getNodeWebhookUrl('default');
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				delete data.webhookUrl;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const res = this.getResponseObject();
		const verdict = await authorized(this);
		if (verdict !== 'allowed') {
			if (verdict === 'no-secret') {
				this.logger.warn(
					`${this.getNode().name}: a delivery was refused because the webhook credential's secret is empty; set it, in n8n and in the provider's webhook settings`,
				);
			}
			// a 401 carries a challenge (RFC 9110 11.6.1; RFC 7617: the user and password are read as UTF-8): a sender that
			// sends its credentials only when challenged (.NET's HttpClient with a NetworkCredential) otherwise never does,
			// and every delivery is lost after the provider's retries (bug hunt 45; n8n's Webhook node sends one too)
			if (this.getNodeParameter('authentication', 'none') === 'basicAuth') {
				res.setHeader('WWW-Authenticate', 'Basic realm="Webhook", charset="UTF-8"');
			}
			res.status(401).json({ message: 'Authorization is required' });
			return { noWebhookResponse: true };
		}
		const contentType = String((this.getHeaderData() as Record<string, unknown>)['content-type'] ?? '');
		const read = jsonBody(this.getBodyData(), (this.getRequestObject() as { rawBody?: unknown }).rawBody, contentType);
		if ('tooDeep' in read) {
			res.status(400).json({ message: `Not a tracking update: JSON nested more than ${MAX_ANSWER_DEPTH.toLocaleString('en-US')} levels deep` });
			return { noWebhookResponse: true };
		}
		const body = inEventSpelling(read.value);
		const event = webhookEvent.safeParse(body);
		if (!event.success) return refuseBody(res, event.error);
		if (event.data.event !== 'tracking_update') {
			// another kind of event: answered 2xx so the provider does not retry it, not emitted, its id not recorded
			this.logger.warn(
				`${this.getNode().name}: ignored a delivery of event ${JSON.stringify(event.data.event.slice(0, 60))}: this trigger handles tracking_update only`,
			);
			return { webhookResponse: { received: true, emitted: false } };
		}
		const parsed = trackingUpdate.safeParse(body);
		if (!parsed.success) return refuseBody(res, parsed.error);
		const update = parsed.data;
		// every parameter is read and checked before the event id is taken: a delivery that fails here is answered
		// with an error, and the provider's retry (after the user fixed the node) is not dropped as a redelivery
		const only = onlyTheseTags.safeParse(this.getNodeParameter('tags', []));
		if (!only.success) {
			const problems = only.error.issues.map((issue) => issue.message).join('; ');
			throw new NodeOperationError(this.getNode(), `Only These Tags: ${problems} (allowed: ${WEBHOOK_TAGS.join(', ')})`, {
				description: 'Choose tags from the list, or give an expression a list or comma-separated text of these tags. Empty emits every tag.',
			});
		}
		// event_id is a UUID: the same event in another letter case is the same event
		const eventId = update.event_id.toLowerCase();
		// a test delivery (the editor's "Listen for test event") neither checks nor records ids: each one starts a test
		// execution, and none makes the Production URL drop the real event
		if (this.getMode() !== 'manual') {
			const scope = JSON.stringify([this.getWorkflow().id, this.getNode().id]);
			if (!take(scope, this.getWorkflowStaticData('node'), eventId, Date.now())) {
				return { webhookResponse: { received: true, duplicate: true } };
			}
		}

		// a tag the provider documents comes out as documented; another one as sent (it matches no tag filter)
		const tag = webhookTag(update.msg.tag) ?? update.msg.tag;
		if (only.data.length && !(only.data as string[]).includes(tag)) {
			return { webhookResponse: { received: true, emitted: false } };
		}
		const msg = update.msg as IDataObject;
		return {
			workflowData: [
				this.helpers.returnJsonArray([
					{
						eventId,
						tag,
						// left out: false; a value that is no yes or no: null (wire/webhook.ts)
						isFirstTag: update.is_tracking_first_tag === undefined ? false : update.is_tracking_first_tag,
						trackingNumber: identifier(msg.tracking_number),
						carrier: identifier(msg.slug),
						orderNumber: identifier(msg.order_id) ?? identifier(msg.order_number),
						// the checkpoints that are objects (msg.checkpoints keeps them as sent)
						checkpoints: checkpointList(update.msg.checkpoints),
						msg,
					},
				]),
			],
		};
	}
}
