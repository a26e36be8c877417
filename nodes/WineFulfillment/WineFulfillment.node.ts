import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as address from './actions/address/Address.resource';
import * as inventory from './actions/inventory/Inventory.resource';
import * as purchaseOrder from './actions/purchaseOrder/PurchaseOrder.resource';
import * as salesOrder from './actions/salesOrder/SalesOrder.resource';
import * as sku from './actions/sku/Sku.resource';
import * as tracking from './actions/tracking/Tracking.resource';
import * as transferOrder from './actions/transferOrder/TransferOrder.resource';
import { requestOptionsProperty } from './actions/operation';
import { router } from './actions/router';

export class WineFulfillment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Wine Fulfillment',
		name: 'wineFulfillment',
		icon: { light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Send sales orders, move and query inventory, manage SKUs, track packages and validate addresses with a wine-fulfillment provider',
		defaults: { name: 'Wine Fulfillment' },
		usableAsTool: true,
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

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
