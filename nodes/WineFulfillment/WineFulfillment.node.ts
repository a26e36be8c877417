import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as inventory from './actions/inventory/Inventory.resource';
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
				options: [{ name: 'Inventory', value: 'inventory' }],
				default: 'inventory',
			},
			...inventory.description,
			requestOptionsProperty,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
