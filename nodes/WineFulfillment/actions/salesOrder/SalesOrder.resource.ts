import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationModule } from '../operation';
import { deprecatedLast } from '../panel';
import * as batchCreate from './batchCreate.operation';
import * as cancel from './cancel.operation';
import * as create from './create.operation';
import * as forgetSent from './forgetSent.operation';
import * as generateJitLabel from './generateJitLabel.operation';
import * as getOrdersOnHold from './getOrdersOnHold.operation';
import * as getReturns from './getReturns.operation';
import * as update from './update.operation';
import * as updateAddresses from './updateAddresses.operation';

export const operations: Record<string, OperationModule> = {
	batchCreate,
	cancel,
	create,
	forgetSent,
	generateJitLabel,
	getOrdersOnHold,
	getReturns,
	update,
	updateAddresses,
};

/**
 * The operations, written by name as n8n's lint asks (node-param-options-type-unsorted-items), and shown with
 * Batch Create, deprecated by the provider, after the operations to use (panel.ts deprecatedLast).
 */
const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['salesOrder'] } },
	options: [
		{
			name: 'Batch Create (Deprecated)',
			value: 'batchCreate',
			description:
				'Deprecated by the provider: many sales orders in one Batch Sales Order request. Use Create instead, which sends one order per input item.',
			action: 'Create sales orders in a deprecated batch',
		},
		{
			name: 'Cancel',
			value: 'cancel',
			description: 'Cancel an open sales order',
			action: 'Cancel a sales order',
		},
		{
			name: 'Create',
			value: 'create',
			description: 'Send a sales order to fulfill; returns its transaction reference number',
			action: 'Create a sales order',
		},
		{
			name: 'Forget Sent Orders',
			value: 'forgetSent',
			description:
				'Forget that orders were sent, so that Create or Batch Create sends them again (for an order cancelled and to be placed again)',
			action: 'Forget sent sales orders so they can be sent again',
		},
		{
			name: 'Generate JIT Label',
			value: 'generateJitLabel',
			description: 'Generate a just-in-time shipping label, or a packing slip with label, as a PDF or PNG file',
			action: 'Generate a shipping label for a sales order',
		},
		{
			name: 'Get Orders On Hold',
			value: 'getOrdersOnHold',
			description: 'List the orders on fulfillment hold, one item per order',
			action: 'Get sales orders on hold',
		},
		{
			name: 'Get Returns',
			value: 'getReturns',
			description: 'List returned sales orders with their lines',
			action: 'Get returned sales orders',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change an open sales order, or hold or release it',
			action: 'Update a sales order or its hold status',
		},
		{
			name: 'Update Addresses',
			value: 'updateAddresses',
			description: "Change an open order's recipient address, delivery location, or both",
			action: 'Update the addresses of a sales order',
		},
	],
	default: 'create',
};

export const description: INodeProperties[] = [
	{ ...operation, options: deprecatedLast(operation.options as INodePropertyOptions[]) },
	...create.description,
	...update.description,
	...cancel.description,
	...getOrdersOnHold.description,
	...getReturns.description,
	...generateJitLabel.description,
	...updateAddresses.description,
	...batchCreate.description,
	...forgetSent.description,
];
