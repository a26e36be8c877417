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
		displayOptions: { show: { resource: ['transferOrder'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel a transfer order while work on it has not started',
				action: 'Cancel a transfer order',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Move stock from one warehouse to another',
				action: 'Create a transfer order',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change an open transfer order; only the fields set are sent',
				action: 'Update a transfer order',
			},
		],
		default: 'create',
	},
	...create.description,
	...update.description,
	...cancel.description,
];
