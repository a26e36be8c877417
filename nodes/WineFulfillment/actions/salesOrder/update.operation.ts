import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateSalesOrderRequest } from '../../wire/salesOrder';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, hintUnknownWarehouses, validateBody, withAdditionalJson, showOnlyFor } from '../common';
import { ORDER_LABELS, billingProperty, deliveryContactProperty, itemsProperties, orderInfoFields, readOrderInfoFields, readOrderMembers, recipientProperty, shipmentProperty } from './fields';
import { locateProperties, locatorOutput, readLocator } from './locate';

const properties: INodeProperties[] = [
	...locateProperties,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options: orderInfoFields(true),
	},
	recipientProperty,
	billingProperty,
	shipmentProperty,
	deliveryContactProperty,
	...itemsProperties(true),
	{
		displayName: 'Fulfillment Hold',
		name: 'hold',
		type: 'options',
		default: 'unchanged',
		options: [
			{ name: 'Hold', value: 'hold', description: 'Put the order on fulfillment hold (HoldOrder true)' },
			{ name: 'Leave Unchanged', value: 'unchanged', description: 'Do not send HoldOrder' },
			{
				name: 'Release',
				value: 'release',
				description: 'Release a held order so automatic fulfillment applies again (HoldOrder false)',
			},
		],
		description: 'Whether to hold or release the order',
	},
	additionalJsonProperty(),
];

export const description = showOnlyFor({ show: { resource: ['salesOrder'], operation: ['update'] } }, properties);

const HOLD: Record<string, boolean | undefined> = { hold: true, release: false, unchanged: undefined };

/** The wire members an update body changes (everything but the locator). */
function changedMembers(body: IDataObject): string[] {
	const info = (body.OrderInfo ?? {}) as IDataObject;
	return [
		...Object.keys(info)
			.filter((key) => key !== 'OrderNo')
			.map((key) => `OrderInfo.${key}`),
		...Object.keys(body).filter((key) => key !== 'TransactionReferenceNumber' && key !== 'OrderInfo'),
	];
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const locator = readLocator(this, itemIndex);
	const orderInfo = compact({
		...(locator.by === 'orderNo' ? { OrderNo: locator.value } : {}),
		...readOrderInfoFields(this, 'updateFields', itemIndex),
	});
	const body = withAdditionalJson(
		this,
		compact({
			...(locator.by === 'transactionReferenceNumber' ? { TransactionReferenceNumber: locator.value } : {}),
			...(Object.keys(orderInfo).length ? { OrderInfo: orderInfo } : {}),
			...readOrderMembers(this, itemIndex),
			HoldOrder: HOLD[this.getNodeParameter('hold', itemIndex, 'unchanged') as string],
		}),
		itemIndex,
	);
	const valid = validateBody(this, updateSalesOrderRequest, body, ORDER_LABELS, itemIndex);
	const changed = changedMembers(valid as IDataObject);
	if (changed.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: no field was set', {
			itemIndex,
			description:
				'Add at least one field to change (Update Fields, a contact, Shipment, items or Fulfillment Hold). Nothing was sent to the provider.',
		});
	}
	hintUnknownWarehouses(this, 'Warehouse', [valid.ShipmentInfo?.ServiceWarehouseLocation]);

	const response = await apiRequest.call(this, ENDPOINTS.updateSalesOrder, valid as IDataObject, { itemIndex });
	const answer = response.body && typeof response.body === 'object' ? (response.body as IDataObject) : {};
	return [
		{
			json: { ...locatorOutput(locator), Updated: true, UpdatedMembers: changed, ...answer },
			pairedItem: { item: itemIndex },
		},
	];
}
