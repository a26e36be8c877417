/* eslint-disable n8n-nodes-base/node-filename-against-convention */
// The Wine Fulfillment node's description (version 1), beside the router, as n8n's versioned nodes keep theirs:
// a breaking change to the parameters ships as a new version's description without changing saved workflows.
// The icons and usableAsTool stay in WineFulfillment.node.ts (n8n Cloud's lint reads them there).
import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as address from './address/Address.resource';
import * as inventory from './inventory/Inventory.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as salesOrder from './salesOrder/SalesOrder.resource';
import * as sku from './sku/Sku.resource';
import * as tracking from './tracking/Tracking.resource';
import * as transferOrder from './transferOrder/TransferOrder.resource';
import { requestOptionsProperty } from './operation';

export const versionDescription: INodeTypeDescription = {
	displayName: 'Wine Fulfillment',
	name: 'wineFulfillment',
	group: ['output'],
	version: 1,
	subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
	description:
		'Send sales orders, move and query inventory, manage SKUs, track packages and validate addresses with a wine-fulfillment provider',
	defaults: { name: 'Wine Fulfillment' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'wineFulfillmentApi', required: true }],
	properties: [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Address', value: 'address', description: 'Validate recipient addresses and find carrier pickup locations' },
				{ name: 'Inventory', value: 'inventory', description: 'Query inventory status, transactions and sellable quantities' },
				{ name: 'Purchase Order', value: 'purchaseOrder', description: 'Inbound inventory: a pickup or a drop-off at a warehouse' },
				{ name: 'Sales Order', value: 'salesOrder', description: 'Orders to fulfil and ship to consumers or the trade' },
				{ name: 'SKU', value: 'sku', description: 'Item records: create, update, retire' },
				{ name: 'Tracking', value: 'tracking', description: 'Packages, tracking details and delivery estimates' },
				{ name: 'Transfer Order', value: 'transferOrder', description: 'Move stock between two warehouses' },
			],
			default: 'salesOrder',
		},
		...salesOrder.description,
		...purchaseOrder.description,
		...transferOrder.description,
		...inventory.description,
		...sku.description,
		...tracking.description,
		...address.description,
		requestOptionsProperty,
	],
};
