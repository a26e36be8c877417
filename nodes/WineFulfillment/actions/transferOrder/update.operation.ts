import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { TRANSFER_STATUSES, updateTransferOrderRequest } from '../../wire/inventoryMovement';
import { inventoryStatusOptions } from '../../wire/labels';
import { additionalJsonProperty, compact, itemsFor, updateItems, validateBody, withAdditionalJson } from '../common';
import { PURCHASE_ITEMS_EXAMPLE, itemRow, purchaseItemToWire } from '../purchaseOrder/fields';
import { toWire } from '../wireNames';
import { itemsProperties, keepReference, readItems, sendMovement, writeResult } from '../purchaseOrder/shared';
import { NAMES } from '../panel';
import { contactProperties, transferOrderLabels } from './fields';
import { keyed, withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['transferOrder'], operation: ['update'] };

// The transfer's own fields by name, then its contact in the contact order (panel.ts contactFields), as Create shows them.
const updateFields: INodeProperties[] = [
	{
		displayName: 'Inventory Status',
		name: 'inventoryStatusCode',
		type: 'options',
		default: 'GOOD-NO-TX',
		options: inventoryStatusOptions(TRANSFER_STATUSES),
		description: 'Inventory status of the stock to move',
	},
	{
		displayName: 'Requested Date',
		name: 'requestedDate',
		type: 'dateTime',
		default: '',
		description:
			'When the transfer should happen, as an ISO 8601 date-time in UTC. A day (picked with its time left at 00:00:00, given as 2026-03-12 or 03/12/2026, or any value at 00:00:00 such as $today) is sent as that day: 2026-03-12T00:00:00Z. A time of day is sent as that moment in UTC.',
	},
	{
		displayName: 'Special Instruction',
		name: 'specialInstruction',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'Notes for the warehouses',
	},
	{
		displayName: 'Transfer Order Number',
		name: 'transferOrderNumber',
		type: 'string',
		default: '',
		description: "The provider's number of the transfer order, when you have it",
	},
	...contactProperties(false),
];

const properties: INodeProperties[] = [
	{
		displayName: NAMES.customerReferenceNumber,
		name: 'customerReferenceNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TR-2026-0007',
		description: 'The reference the transfer order was created with. Only open transfer orders can be updated.',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent and changed',
		options: updateFields,
	},
	...itemsProperties(itemRow, PURCHASE_ITEMS_EXAMPLE, true),
	additionalJsonProperty('{"TransferInfo": {"SomeMember": "value"}}'),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

/**
 * The members an update clears when added and left empty or blank (sent as ''): Special Instruction, the one optional text of a
 * transfer. Its contact is required at create, and the transfer order number is the provider's: left out when empty.
 */
const CLEARABLE = ['SpecialInstruction'];

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const changes = compact(toWire(nodeParameter(this, 'updateFields', itemIndex, {}) as IDataObject), CLEARABLE);
	const reference = nodeParameter(this, 'customerReferenceNo', itemIndex) as string;
	const info = { CustomerReferenceNo: reference, ...changes };
	const items = updateItems(this, itemIndex, 'transfer order', () => readItems(this, itemIndex, purchaseItemToWire));
	const merged = withAdditionalJson(this, compact({ TransferInfo: info, ItemsInfo: items }), itemIndex);
	keepReference(this, reference, merged, 'TransferInfo', itemIndex);
	const body = validateBody(this, updateTransferOrderRequest, merged, transferOrderLabels, itemIndex);
	// bug hunt 44: TransferOrderNumber names the order (the provider's number), as CustomerReferenceNo does: it changes nothing
	const identifying = ['CustomerReferenceNo', 'TransferOrderNumber'];
	const changesSomething = Object.keys(body.TransferInfo).some((key) => !identifying.includes(key)) || Object.keys(body).length > 1;
	if (!changesSomething) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add a field under "Update Fields" or give items', {
			itemIndex,
			description: 'Only what you set is sent. Nothing was sent to the provider.',
		});
	}
	// bug hunt 44: the updates of one transfer order are sent one after another, in input order (the last one wins)
	return keyed(async () => {
		const response = await sendMovement(this, ENDPOINTS.updateTransferOrder, body, itemIndex);
		return itemsFor([writeResult(response, body.TransferInfo.CustomerReferenceNo, 'updated')], itemIndex);
	}, String(body.TransferInfo.CustomerReferenceNo));
}
