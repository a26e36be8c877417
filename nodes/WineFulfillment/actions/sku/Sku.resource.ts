import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';

export const operations: Record<string, OperationModule> = {};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sku'] } },
		options: [],
		default: '',
	},
];
