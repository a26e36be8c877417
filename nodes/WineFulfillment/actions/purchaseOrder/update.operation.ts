import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { INVENTORY_STATUS_3_1_3, WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { TRANSPORT_METHODS, updatePurchaseOrderRequest } from '../../wire/inventoryMovement';
import { additionalJsonProperty, compact, hintUnknownWarehouses, itemsFor, validateBody, withAdditionalJson } from '../common';
import { purchaseOrderLabels, specialInstructionField } from './fields';
import { toWire } from '../wireNames';
import { keepReference, sendMovement, writeResult } from './shared';
import { NAMES } from '../panel';
import { keyed, withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['purchaseOrder'], operation: ['update'] };

const properties: INodeProperties[] = [
	{
		displayName: NAMES.customerReferenceNumber,
		name: 'customerReferenceNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. PO-2026-0042',
		description: 'The reference the purchase order was created with',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent and changed',
		options: [
			{
				displayName: 'Inventory Status',
				name: 'inventoryStatusCode',
				type: 'options',
				default: 'GOOD-NO-TX',
				options: inventoryStatusOptions(INVENTORY_STATUS_3_1_3),
				description: 'Inventory status the received stock is booked in',
			},
			{
				displayName: 'Receive To Location',
				name: 'receiveToLocation',
				type: 'options',
				default: 'APC01',
				options: warehouseOptions(WAREHOUSES),
				description: 'Warehouse that receives the stock',
			},
			{
				displayName: 'Reference Number',
				name: 'referenceNo',
				type: 'string',
				default: '',
				description: 'A further reference, e.g. your purchase order number',
			},
			{
				displayName: 'Requested Date',
				name: 'requestedDate',
				type: 'dateTime',
				default: '',
				description: 'Day of the pickup or drop-off (sent as MM/DD/YYYY)',
			},
			specialInstructionField,
			{
				displayName: 'Transport Method',
				name: 'transportMethod',
				type: 'options',
				default: 'Pickup',
				options: TRANSPORT_METHODS.map((m) => ({ name: m, value: m })),
				description:
					'Pickup or drop-off. The interface does not list the allowed values, so an expression may send any other text.',
			},
		],
	},
	additionalJsonProperty('{"OrderInfo": {"SomeMember": "value"}}'),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

/** The members an update clears when added and left empty or blank (sent as ''): the optional texts, Reference Number and Special Instruction. */
const CLEARABLE = ['ReferenceNo', 'SpecialInstruction'];

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const changes = compact(toWire(nodeParameter(this, 'updateFields', itemIndex, {}) as IDataObject), CLEARABLE);
	const reference = nodeParameter(this, 'customerReferenceNo', itemIndex) as string;
	const merged = withAdditionalJson(this, { OrderInfo: { CustomerReferenceNo: reference, ...changes } }, itemIndex);
	keepReference(this, reference, merged, 'OrderInfo', itemIndex);
	const body = validateBody(this, updatePurchaseOrderRequest, merged, purchaseOrderLabels, itemIndex);
	const changesSomething = Object.keys(body.OrderInfo).length > 1 || Object.keys(body).length > 1;
	if (!changesSomething) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add at least one field under "Update Fields"', {
			itemIndex,
			description: 'Only the fields you add are sent. Nothing was sent to the provider.',
		});
	}
	hintUnknownWarehouses(this, 'Receive To Location', [body.OrderInfo.ReceiveToLocation]);
	// bug hunt 44: the updates of one purchase order are sent one after another, in input order (the last one wins)
	return keyed(async () => {
		const response = await sendMovement(this, ENDPOINTS.updatePurchaseOrder, body, itemIndex);
		return itemsFor([writeResult(response, body.OrderInfo.CustomerReferenceNo, 'updated')], itemIndex);
	}, String(body.OrderInfo.CustomerReferenceNo));
}
