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
import { NodeConnectionTypes } from 'n8n-workflow';
import { timingSafeEqual } from 'crypto';

import { trackingTagOptions } from './wire/labels';
import { WEBHOOK_TAGS, trackingUpdate } from './wire/webhook';

/** Redelivered events are recognised among this many most recent event_ids. */
const RECENT_EVENT_IDS = 2000;

/** How long this n8n process holds an event_id it has taken, and how many per node at most. */
const CLAIM_MS = 15 * 60 * 1000;
const MAX_CLAIMS = RECENT_EVENT_IDS;

/**
 * Event ids taken by this n8n process, per workflow and node. n8n runs webhook() once per delivery,
 * concurrently, each run with its own copy of the workflow's static data: two deliveries of one event
 * arriving together both find the id absent there. Taking the id here is synchronous (no await
 * between the check and the record), so within one process only the first delivery is emitted; the
 * static data keeps the ids across restarts. Deliveries that land on two n8n processes at the same
 * moment are not covered: see the README (Remove Duplicates on eventId).
 */
const claims = new Map<string, Map<string, number>>();

/** Takes `id` for this process; false when it was already taken within CLAIM_MS. */
function claim(scope: string, id: string, now: number): boolean {
	let ids = claims.get(scope);
	if (!ids) {
		ids = new Map();
		claims.set(scope, ids);
	}
	for (const [taken, at] of ids) {
		if (at > now - CLAIM_MS && ids.size <= MAX_CLAIMS) break;
		ids.delete(taken);
	}
	if (ids.has(id)) return false;
	ids.set(id, now);
	return true;
}

/** Compares in constant time. `expected` is never empty: `authorized` answers 'no-secret' for an empty secret first. */
function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

type Verdict = 'allowed' | 'denied' | 'no-secret';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An HTTP header name (RFC 9110 token): what a provider can send and n8n can receive. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The webhook credential's test (n8n runs it from the credential's Test button and on save). The
 * provider has no call to test against, so it checks what a delivery would be checked against: a
 * complete Header Auth pair (a valid header name and a value) or Basic Auth pair (user and password).
 * Its message never contains a secret.
 */
export function checkWebhookCredential(data: ICredentialDataDecryptedObject = {}): INodeCredentialTestResult {
	const [headerName, headerSecret] = [text(data.headerName).trim(), text(data.headerSecret).trim()];
	const [user, password] = [text(data.user), text(data.password)];
	const problems: string[] = [];
	const ready: string[] = [];
	if (headerSecret) {
		if (!headerName) problems.push('Header Auth has a Header Value but no Header Name');
		else if (!HEADER_NAME.test(headerName)) {
			problems.push(`Header Auth: "${headerName}" is not an HTTP header name (letters, digits and ! # $ % & ' * + - . ^ _ \` | ~, no spaces)`);
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
		const [name, secret] = [text(credential.headerName).trim().toLowerCase(), text(credential.headerSecret).trim()];
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

export class WineFulfillmentWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Wine Fulfillment Tracking Webhook Trigger',
		name: 'wineFulfillmentWebhookTrigger',
		icon: { light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'tracking_update',
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
					"Give this node's Production URL to the provider as your tracking webhook (in its portal). Deliveries are answered at once; a redelivered event is dropped. When n8n runs several webhook processes, add n8n's Remove Duplicates node on eventId after this one.",
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
				description: 'Emit only updates with these tags, e.g. Delivered or Exception. None selected emits every update.',
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
			res.status(401).json({ message: 'Authorization is required' });
			return { noWebhookResponse: true };
		}
		const parsed = trackingUpdate.safeParse(this.getBodyData());
		if (!parsed.success) {
			res.status(400).json({ message: `Not a tracking update: ${parsed.error.issues[0].message}` });
			return { noWebhookResponse: true };
		}
		const update = parsed.data;
		// event_id is a UUID: the same event in another letter case is the same event
		const eventId = update.event_id.toLowerCase();
		const data = this.getWorkflowStaticData('node');
		const recent = Array.isArray(data.recentEventIds) ? (data.recentEventIds as string[]).map((id) => String(id).toLowerCase()) : [];
		const node = this.getNode();
		if (recent.includes(eventId) || !claim(JSON.stringify([this.getWorkflow().id, node.id]), eventId, Date.now())) {
			return { webhookResponse: { received: true, duplicate: true } };
		}
		data.recentEventIds = [...recent, eventId].slice(-RECENT_EVENT_IDS);

		const tags = this.getNodeParameter('tags', []) as string[];
		if (tags.length && !tags.includes(update.msg.tag)) {
			return { webhookResponse: { received: true, emitted: false } };
		}
		const msg = update.msg as IDataObject;
		return {
			workflowData: [
				this.helpers.returnJsonArray([
					{
						eventId,
						tag: update.msg.tag,
						isFirstTag: update.is_tracking_first_tag ?? false,
						trackingNumber: msg.tracking_number ?? null,
						carrier: msg.slug ?? null,
						orderNumber: msg.order_id ?? msg.order_number ?? null,
						checkpoints: update.msg.checkpoints ?? [],
						msg,
					},
				]),
			],
		};
	}
}
