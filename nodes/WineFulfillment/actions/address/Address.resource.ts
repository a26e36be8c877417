import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as getCarrierLocations from './getCarrierLocations.operation';
import * as validate from './validate.operation';

export const operations: Record<string, OperationModule> = { validate, getCarrierLocations };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['address'] } },
		options: [
			{
				name: 'Get Carrier Locations',
				value: 'getCarrierLocations',
				description:
					'List carrier pickup locations near a place, each saying whether it accepts alcohol shipments',
				action: 'Get carrier pickup locations near a place',
			},
			{
				name: 'Validate',
				value: 'validate',
				description:
					'Check and correct a recipient address before sending an order: valid, corrected or invalid; residential or commercial',
				action: 'Validate an address',
			},
		],
		default: 'validate',
	},
	...validate.description,
	...getCarrierLocations.description,
];
