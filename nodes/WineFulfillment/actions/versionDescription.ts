/* eslint-disable n8n-nodes-base/node-filename-against-convention */
// The Wine Fulfillment node's description, beside the router, as n8n's versioned nodes keep theirs: a breaking change
// to the parameters ships as a new version without changing saved workflows. Version 2 opens on a read (Inventory →
// Get Status), so a node dropped in, or handed to an AI agent as a tool, does nothing until a write is chosen;
// version 1 nodes keep Sales Order → Create, which they saved by leaving the default.
// The icons and usableAsTool stay in WineFulfillment.node.ts (n8n Cloud's lint reads them there).
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as address from './address/Address.resource';
import * as inventory from './inventory/Inventory.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as salesOrder from './salesOrder/SalesOrder.resource';
import * as sku from './sku/Sku.resource';
import * as tracking from './tracking/Tracking.resource';
import * as transferOrder from './transferOrder/TransferOrder.resource';
import { requestOptionsProperty } from './operation';

/** The first version whose Resource opens on Inventory (a read). */
export const READ_FIRST_VERSION = 2;

/** The Resource selector of the versions from `version` on (or of version 1), opening on `resource`. */
function resourceProperty(resource: string, version: 1 | typeof READ_FIRST_VERSION): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { '@version': version === 1 ? [1] : [{ _cnd: { gte: version } }] } },
		options: [
			{ name: 'Address', value: 'address', description: 'Validate recipient addresses and find carrier pickup locations' },
			{ name: 'Inventory', value: 'inventory', description: 'Query inventory status, transactions and sellable quantities' },
			{ name: 'Purchase Order', value: 'purchaseOrder', description: 'Inbound inventory: a pickup or a drop-off at a warehouse' },
			{ name: 'Sales Order', value: 'salesOrder', description: 'Orders to fulfill and ship to consumers or the trade' },
			{ name: 'SKU', value: 'sku', description: 'Item records: create, update, retire' },
			{ name: 'Tracking', value: 'tracking', description: 'Packages, tracking details and delivery estimates' },
			{ name: 'Transfer Order', value: 'transferOrder', description: 'Move stock between two warehouses' },
		],
		default: resource,
	};
}

export const versionDescription: INodeTypeDescription = {
	displayName: 'Wine Fulfillment',
	name: 'wineFulfillment',
	group: ['output'],
	version: [1, 2],
	defaultVersion: 2,
	subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
	description:
		'Send sales orders, move and query inventory, manage SKUs, track packages and validate addresses with a wine-fulfillment provider',
	defaults: { name: 'Wine Fulfillment' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	// the credential's Test button: n8n runs methods.credentialTest[testedBy] (methods/credentialTest.ts)
	credentials: [{ name: 'wineFulfillmentApi', required: true, testedBy: 'wineFulfillmentApiTest' }],
	properties: [
		resourceProperty('salesOrder', 1),
		resourceProperty('inventory', 2),
		...salesOrder.description,
		...purchaseOrder.description,
		...transferOrder.description,
		...inventory.description,
		...sku.description,
		...tracking.description,
		...address.description,
		// version 1 only: from version 2 on Concurrency is in each operation's Options (operation.ts withOptions)
		requestOptionsProperty,
	],
};
