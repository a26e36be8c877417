// The tracking webhook trigger's tests: one workflow holding the trigger, its credential's secrets and where it keeps its state.
import { randomUUID } from 'node:crypto';
import type { INode, INodeParameters } from 'n8n-workflow';

import { WEBHOOK_TYPE, type WorkflowJson } from './harness';

export const WEBHOOK_NODE = 'Tracking Webhook';
/** The trigger's node static data in the workflow's static data. */
export const WEBHOOK_STATIC_KEY = `node:${WEBHOOK_NODE}`;
export const WEBHOOK_AUTH_ID = 'webhook-auth-1';
/** The webhook credential's data: a Header Auth pair and a Basic Auth pair. */
export const WEBHOOK_SECRET = { headerName: 'X-Webhook-Secret', headerSecret: 's3cret-value-42', user: 'provider', password: 'pw-7781' };

/** A workflow holding one webhook trigger; a node id of its own keeps each test's held event ids apart. */
export function webhookWorkflow(parameters: INodeParameters = {}, node: Partial<INode> = {}): WorkflowJson {
	return {
		nodes: [
			{
				id: randomUUID(),
				name: WEBHOOK_NODE,
				type: WEBHOOK_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { wineFulfillmentWebhookApi: { id: WEBHOOK_AUTH_ID, name: 'Webhook secret' } },
				...node,
			},
		],
		connections: {},
	};
}
