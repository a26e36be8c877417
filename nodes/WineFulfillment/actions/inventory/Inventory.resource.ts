import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as getSellable from './getSellable.operation';
import * as getStatus from './getStatus.operation';
import * as getTransactions from './getTransactions.operation';

export const operations: Record<string, OperationModule> = { getSellable, getStatus, getTransactions };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['inventory'] } },
		options: [
			{
				name: 'Get Sellable',
				value: 'getSellable',
				description:
					'Get the sellable quantity of each SKU, totalled across warehouses, to push to a store or point of sale',
				action: 'Get sellable quantities per SKU',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description:
					'Get on-hand, reserved, backordered, available and inbound quantities per warehouse and inventory status',
				action: 'Get inventory status per SKU and warehouse',
			},
			{
				name: 'Get Transactions',
				value: 'getTransactions',
				description: 'Get inventory movements (sales, receipts, transfers, adjustments) of a day or a time range',
				action: 'Get inventory transactions for a time range',
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
	...getTransactions.description,
	...getSellable.description,
];
