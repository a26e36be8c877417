import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import * as getDeliveryEstimates from './getDeliveryEstimates.operation';
import * as getDetails from './getDetails.operation';
import * as getPackages from './getPackages.operation';

export const operations: Record<string, OperationModule> = { getDetails, getPackages, getDeliveryEstimates };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tracking'] } },
		options: [
			{
				name: 'Get Delivery Estimates',
				value: 'getDeliveryEstimates',
				description:
					'Estimate delivery dates to a US address for a range of future ship dates: one item per carrier and service',
				action: 'Get delivery date estimates for an address',
			},
			{
				name: 'Get Details',
				value: 'getDetails',
				description: "Get an order's packages with tracking numbers and carrier status: one item per package",
				action: 'Get tracking details for an order',
			},
			{
				name: 'Get Packages',
				value: 'getPackages',
				description:
					'List packages by ship date, last activity, carrier or order numbers: one item per package',
				action: 'Get packages by date or order number',
			},
		],
		default: 'getDetails',
	},
	...getDetails.description,
	...getPackages.description,
	...getDeliveryEstimates.description,
];
