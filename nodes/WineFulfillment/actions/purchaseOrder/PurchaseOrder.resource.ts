import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as cancel from './cancel.operation';
import * as create from './create.operation';
import * as update from './update.operation';

export const operations: Record<string, OperationModule> = { cancel, create, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['purchaseOrder'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel an inbound request while work on it has not started',
				action: 'Cancel a purchase order',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Request a pickup or a drop-off of stock at a warehouse',
				action: 'Create a purchase order',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change an open inbound request; only the fields set are sent',
				action: 'Update a purchase order',
			},
		],
		default: 'create',
	},
	...create.description,
	...update.description,
	...cancel.description,
];
