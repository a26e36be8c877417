// The workflows the queue-mode tests, the queue bench and `npm run start:queue` import (inactive, published through the REST API):
// store orders by webhook, New Package polled, tracking updates behind the webhook processor (with n8n's Remove Duplicates on event_id, and with an atomic Redis counter).
import { SANDBOX_CREDENTIALS } from '../../test/sandbox/server';
import { SANDBOX_CREDENTIAL, type WorkflowFile } from './examples';

export const QUEUE_WORKFLOWS = {
	orders: 'wineQueueOrders1',
	packages: 'wineQueuePackage',
	tracking: 'wineQueueTrack01',
	trackingRedis: 'wineQueueTrackRd',
} as const;

export const ORDERS_PATH = 'wine-queue-orders';
/** the Tracking Webhook Trigger's webhook ids: n8n serves the trigger at /webhook/<webhookId>/tracking */
const TRACKING_WEBHOOK_IDS = { removeDuplicates: '9a3e6c10-2b4f-4d8a-a1c7-5e9b0d4f6e03', redis: '0b7c2a44-5a8e-4c61-8f0e-3c2f8e5b9d02' } as const;
export const trackingPath = (remedy: 'removeDuplicates' | 'redis') => `${TRACKING_WEBHOOK_IDS[remedy]}/tracking`;
/** the node that acts on a tracking event (one run with an item = acted on) */
export const ACT_NODE = 'Act On Event';
export const CREATE_NODE = 'Create Sales Order';
export const POLL_NODE = 'New Package';
export const REDIS_CREDENTIAL = { id: 'wineQueueRedis01', name: 'Queue Redis (dedup counter)' } as const;

const cred = { wineFulfillmentApi: { id: SANDBOX_CREDENTIAL.id, name: SANDBOX_CREDENTIAL.name } };

/** The sandbox credential for import:credentials, pointing at `baseUrl`. */
export function queueSandboxCredential(baseUrl: string) {
	const c = SANDBOX_CREDENTIALS;
	return {
		...SANDBOX_CREDENTIAL,
		type: 'wineFulfillmentApi',
		data: { userKey: c.userKey, password: c.password, customerNo: c.customerNo, accessToken: c.token, baseUrl },
	};
}

/** n8n's Redis credential for the topology's Redis (the atomic counter behind the second tracking workflow). */
export function redisCredential(port: number) {
	return { ...REDIS_CREDENTIAL, type: 'redis', data: { host: '127.0.0.1', port, database: 0, password: '' } };
}

/** Webhook (POST, answered on receipt) → Sales Order → Create, one execution per store order. */
export function ordersWorkflow(): WorkflowFile {
	return {
		id: QUEUE_WORKFLOWS.orders,
		name: 'Queue mode: store orders by webhook → sales orders',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'q1',
				name: 'Store Order',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '6f0f8a52-4a51-4c1e-9d43-7d9b1b7c0a01',
				parameters: { httpMethod: 'POST', path: ORDERS_PATH, responseMode: 'onReceived', options: {} },
			},
			{
				id: 'q2',
				name: CREATE_NODE,
				type: 'n8n-nodes-wine-fulfillment.wineFulfillment',
				typeVersion: 1,
				position: [240, 0],
				credentials: cred,
				parameters: {
					resource: 'salesOrder',
					operation: 'create',
					orderNo: '={{ $json.body.OrderNo }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: '={{ $json.body.items }}',
				},
			},
		],
		connections: { 'Store Order': { main: [[{ node: CREATE_NODE, type: 'main', index: 0 }]] } },
	} as WorkflowFile;
}

/**
 * Wine Fulfillment Trigger (New Package) polled several times a minute, evenly apart: n8n refuses a
 * poll interval under a minute, not several poll times (each its own schedule). Nothing follows the
 * trigger: each poll's items are in the execution it starts.
 */
export function packagesWorkflow(pollsPerMinute = 10): WorkflowFile {
	const step = Math.floor(60 / pollsPerMinute);
	return {
		id: QUEUE_WORKFLOWS.packages,
		name: 'Queue mode: New Package polled',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'p1',
				name: POLL_NODE,
				type: 'n8n-nodes-wine-fulfillment.wineFulfillmentTrigger',
				typeVersion: 1,
				position: [0, 0],
				credentials: cred,
				parameters: {
					event: 'newPackage',
					pollTimes: {
						item: Array.from({ length: pollsPerMinute }, (_, i) => ({ mode: 'custom', cronExpression: `${i * step} * * * * *` })),
					},
					filters: {},
					options: { pageSize: 25 },
				},
			},
		],
		connections: {},
	} as WorkflowFile;
}

/**
 * Tracking Webhook Trigger → the remedy for a delivery that reaches two processes at once →
 * Act On Event. `remedy`: n8n's Remove Duplicates on event_id (its deduplication store), or an
 * atomic Redis INCR of the event id followed by an If (first increment only).
 */
export function trackingWorkflow(remedy: 'removeDuplicates' | 'redis'): WorkflowFile {
	const trigger = {
		id: 't1',
		name: 'Tracking Update',
		type: 'n8n-nodes-wine-fulfillment.wineFulfillmentWebhookTrigger',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		webhookId: TRACKING_WEBHOOK_IDS[remedy],
		parameters: { authentication: 'none', tags: [] },
	};
	const act = { id: 't9', name: ACT_NODE, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [720, 0] as [number, number], parameters: {} };
	if (remedy === 'removeDuplicates') {
		return {
			id: QUEUE_WORKFLOWS.tracking,
			name: 'Queue mode: tracking updates, Remove Duplicates on event_id',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{ ...trigger },
				{
					id: 't2',
					name: 'Remove Duplicates',
					type: 'n8n-nodes-base.removeDuplicates',
					typeVersion: 2,
					position: [240, 0],
					parameters: { operation: 'removeItemsSeenInPreviousExecutions', logic: 'removeItemsWithAlreadySeenKeyValues', dedupeValue: '={{ $json.eventId }}', options: {} },
				},
				act,
			],
			connections: {
				'Tracking Update': { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }]] },
				'Remove Duplicates': { main: [[{ node: ACT_NODE, type: 'main', index: 0 }]] },
			},
		} as unknown as WorkflowFile;
	}
	return {
		id: QUEUE_WORKFLOWS.trackingRedis,
		name: 'Queue mode: tracking updates, Redis INCR on event_id',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ ...trigger },
			{
				id: 't2',
				name: 'Count Delivery',
				type: 'n8n-nodes-base.redis',
				typeVersion: 1,
				position: [240, 0],
				credentials: { redis: { id: REDIS_CREDENTIAL.id, name: REDIS_CREDENTIAL.name } },
				parameters: { operation: 'incr', key: '=wine-event:{{ $json.eventId }}', expire: true, ttl: 86400 },
			},
			{
				id: 't3',
				name: 'First Delivery?',
				type: 'n8n-nodes-base.if',
				typeVersion: 2,
				position: [480, 0],
				parameters: {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose' },
						conditions: [
							{
								id: 'c1',
								leftValue: '={{ Object.values($json)[0] }}',
								rightValue: 1,
								operator: { type: 'number', operation: 'equals' },
							},
						],
						combinator: 'and',
					},
					options: {},
				},
			},
			{ ...act, position: [720, 0] },
		],
		connections: {
			'Tracking Update': { main: [[{ node: 'Count Delivery', type: 'main', index: 0 }]] },
			'Count Delivery': { main: [[{ node: 'First Delivery?', type: 'main', index: 0 }]] },
			'First Delivery?': { main: [[{ node: ACT_NODE, type: 'main', index: 0 }], []] },
		},
	} as unknown as WorkflowFile;
}

/** A tracking_update event as the provider pushes it. */
export function trackingEvent(eventId: string, trackingNumber: string) {
	return {
		event: 'tracking_update',
		event_id: eventId,
		is_tracking_first_tag: false,
		msg: {
			id: `trk-${trackingNumber}`,
			tracking_number: trackingNumber,
			slug: 'ups',
			tag: 'InTransit',
			order_id: `SO-${trackingNumber.slice(-6)}`,
			checkpoints: [{ checkpoint_time: '2026-11-20T10:00:00+00:00', message: 'Departed facility', tag: 'InTransit' }],
		},
	};
}
