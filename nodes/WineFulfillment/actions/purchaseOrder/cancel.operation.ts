import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { cancelMovementRequest } from '../../wire/inventoryMovement';
import { itemsFor, validateBody } from '../common';
import { sendMovement, writeResult } from './shared';

const show = { resource: ['purchaseOrder'], operation: ['cancel'] };

const properties: INodeProperties[] = [
	{
		displayName: 'Customer Reference No',
		name: 'customerReferenceNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. PO-2026-0042',
		description:
			'The reference the purchase order was created with. It can be cancelled only while work on it has not started.',
	},
];

export const description = updateDisplayOptions({ show }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = validateBody(
		this,
		cancelMovementRequest,
		{ CustomerReferenceNo: this.getNodeParameter('customerReferenceNo', itemIndex) as string },
		{ CustomerReferenceNo: 'Customer Reference No' },
		itemIndex,
	);
	const response = await sendMovement(this, ENDPOINTS.cancelPurchaseOrder, body, itemIndex);
	return itemsFor([writeResult(response, body.CustomerReferenceNo, 'cancelled')], itemIndex);
}
