import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { timingSafeEqual } from 'crypto';

import { WEBHOOK_TAGS, trackingUpdate } from './wire/webhook';

/** Redelivered events are recognised among this many most recent event_ids. */
const RECENT_EVENT_IDS = 2000;

function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && expected.length > 0 && timingSafeEqual(a, b);
}

async function authorized(ctx: IWebhookFunctions): Promise<boolean> {
	const method = ctx.getNodeParameter('authentication', 'none') as string;
	if (method === 'none') return true;
	const credential = await ctx.getCredentials('wineFulfillmentWebhookApi');
	const headers = ctx.getHeaderData() as Record<string, string | undefined>;
	if (method === 'headerAuth') {
		const name = String(credential.headerName ?? '').toLowerCase();
		return sameSecret(String(headers[name] ?? ''), String(credential.headerSecret ?? ''));
	}
	const match = /^Basic\s+(.+)$/i.exec(String(headers.authorization ?? ''));
	const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
	const expected = `${String(credential.user ?? '')}:${String(credential.password ?? '')}`;
	return sameSecret(decoded, expected);
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
				displayOptions: { show: { authentication: ['headerAuth', 'basicAuth'] } },
			},
		],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'tracking' }],
		properties: [
			{
				displayName:
					"Give this node's Production URL to the provider as your tracking webhook (in its portal). Deliveries are answered at once; a redelivered event is dropped.",
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
					'The provider documents no signature: protect the URL with a secret header or basic auth set on both sides',
			},
			{
				displayName: 'Only These Tags',
				name: 'tags',
				type: 'multiOptions',
				default: [],
				options: WEBHOOK_TAGS.map((tag) => ({ name: tag, value: tag })),
				description: 'Emit only updates with these tags, e.g. Delivered or Exception. None selected emits every update.',
			},
		],
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
		if (!(await authorized(this))) {
			res.status(401).json({ message: 'Authorization is required' });
			return { noWebhookResponse: true };
		}
		const parsed = trackingUpdate.safeParse(this.getBodyData());
		if (!parsed.success) {
			res.status(400).json({ message: `Not a tracking update: ${parsed.error.issues[0].message}` });
			return { noWebhookResponse: true };
		}
		const update = parsed.data;
		const data = this.getWorkflowStaticData('node');
		const recent = Array.isArray(data.recentEventIds) ? (data.recentEventIds as string[]) : [];
		if (recent.includes(update.event_id)) {
			return { webhookResponse: { received: true, duplicate: true } };
		}
		data.recentEventIds = [...recent, update.event_id].slice(-RECENT_EVENT_IDS);

		const tags = this.getNodeParameter('tags', []) as string[];
		if (tags.length && !tags.includes(update.msg.tag)) {
			return { webhookResponse: { received: true, emitted: false } };
		}
		const msg = update.msg as IDataObject;
		return {
			workflowData: [
				this.helpers.returnJsonArray([
					{
						eventId: update.event_id,
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
