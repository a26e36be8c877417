import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as getStatus from './getStatus.operation';

export const operations: Record<string, OperationModule> = { getStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['inventory'] } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				description:
					'Get on-hand, reserved, backordered, available and inbound quantities per warehouse and inventory status',
				action: 'Get inventory status',
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
];
