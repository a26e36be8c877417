import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as create from './create.operation';
import * as retire from './retire.operation';
import * as update from './update.operation';

export const operations: Record<string, OperationModule> = { create, update, retire };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sku'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a new SKU (item record) and get its transaction reference number',
				action: 'Create a SKU',
			},
			{
				name: 'Retire',
				value: 'retire',
				description: 'Deactivate a SKU so new orders can no longer use it',
				action: 'Retire a SKU',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a SKU's description or value",
				action: 'Update a SKU',
			},
		],
		default: 'create',
	},
	...create.description,
	...update.description,
	...retire.description,
];
