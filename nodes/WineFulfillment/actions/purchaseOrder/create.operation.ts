import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { INVENTORY_STATUS_3_1_3, WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { TRANSPORT_METHODS, createPurchaseOrderRequest } from '../../wire/inventoryMovement';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, hintUnknownWarehouses, itemsFor, validateBody, withAdditionalJson } from '../common';
import { NAMES } from '../panel';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { PURCHASE_ITEMS_EXAMPLE, additionalFields, itemRow, purchaseItemToWire, purchaseOrderLabels } from './fields';
import { toWire } from '../wireNames';
import { itemsProperties, readItems, writeResult } from './shared';
import { withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['purchaseOrder'], operation: ['create'] };

const properties: INodeProperties[] = [
	{
		displayName: NAMES.customerReferenceNumber,
		name: 'customerReferenceNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. PO-2026-0042',
		description: 'Your reference for this inbound request; Update and Cancel find the purchase order by it',
	},
	{
		displayName: 'Transport Method',
		name: 'transportMethod',
		type: 'options',
		required: true,
		default: 'Pickup',
		options: TRANSPORT_METHODS.map((m) => ({
			name: m,
			value: m,
			description: m === 'Pickup' ? 'The provider picks the stock up at your address' : 'You drop the stock off at the warehouse',
		})),
		description:
			'Pickup from your address or drop-off at the warehouse. The interface does not list the allowed values, so an expression may send any other text your provider expects.',
	},
	{
		displayName: 'Requested Date',
		name: 'requestedDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Day of the pickup or drop-off (sent as MM/DD/YYYY)',
	},
	{
		displayName: 'Receive To Location',
		name: 'receiveToLocation',
		type: 'options',
		required: true,
		default: 'APC01',
		options: warehouseOptions(WAREHOUSES),
		description: 'Warehouse that receives the stock',
	},
	{
		displayName: 'Inventory Status',
		name: 'inventoryStatusCode',
		type: 'options',
		required: true,
		default: 'GOOD-NO-TX',
		options: inventoryStatusOptions(INVENTORY_STATUS_3_1_3),
		description:
			'Inventory status the received stock is booked in. A custom code from your provider can be given with an expression.',
	},
	...itemsProperties(itemRow, PURCHASE_ITEMS_EXAMPLE),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: additionalFields,
	},
	additionalJsonProperty('{"OrderInfo": {"SomeMember": "value"}}'),
	...sendOnceProperties('purchaseOrder', false),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));


export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const extra = nodeParameter(this, 'additionalFields', itemIndex, {}) as IDataObject;
	const orderInfo = compact({
		CustomerReferenceNo: nodeParameter(this, 'customerReferenceNo', itemIndex) as string,
		TransportMethod: nodeParameter(this, 'transportMethod', itemIndex) as string,
		RequestedDate: nodeParameter(this, 'requestedDate', itemIndex, '') as string,
		ReceiveToLocation: nodeParameter(this, 'receiveToLocation', itemIndex) as string,
		InventoryStatusCode: nodeParameter(this, 'inventoryStatusCode', itemIndex) as string,
		...toWire(extra),
	});
	const body = validateBody(
		this,
		createPurchaseOrderRequest,
		withAdditionalJson(this, { OrderInfo: orderInfo, ItemsInfo: readItems(this, itemIndex, purchaseItemToWire) }, itemIndex),
		purchaseOrderLabels,
		itemIndex,
	);
	hintUnknownWarehouses(this, 'Receive To Location', [body.OrderInfo.ReceiveToLocation]);
	const ref = body.OrderInfo.CustomerReferenceNo;
	return sendOnce(
		this,
		itemIndex,
		{ kind: 'purchaseOrder', identity: ref, onByDefault: false },
		async () => {
			const response = await apiRequest.call(this, ENDPOINTS.createPurchaseOrder, body as IDataObject, { itemIndex, labels: purchaseOrderLabels });
			const reference = requireReference(this, ENDPOINTS.createPurchaseOrder, response, itemIndex);
			return { reference, output: itemsFor([writeResult(response.body, ref, 'created', reference)], itemIndex) };
		},
		(reference) => itemsFor([{ CustomerReferenceNo: ref, Outcome: 'created', TransactionReferenceNumber: reference }], itemIndex),
	);
}
