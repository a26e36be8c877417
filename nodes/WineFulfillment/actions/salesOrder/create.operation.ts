import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { createSalesOrderRequest, type CreateSalesOrderRequest } from '../../wire/salesOrder';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { readBoolean } from '../parameters';
import { NAMES } from '../panel';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { additionalJsonProperty, compact, hintUnknownWarehouses, validateBody, withAdditionalJson } from '../common';
import { ORDER_LABELS, billingProperty, deliveryContactProperty, itemsProperties, orderInfoFields, orderTypeOptions, readOrderInfoFields, readOrderMembers, recipientProperty, shipmentProperty } from './fields';

/** The order parameters Create and Batch Create share (Batch Create has no Hold Order). */
export const orderProperties: INodeProperties[] = [
	{
		displayName: NAMES.orderNumber,
		name: 'orderNo',
		type: 'string',
		default: '',
		required: true,
		description: "The order's number, usually the one in your point-of-sale or store system (OrderNo)",
	},
	{
		displayName: 'Order Type',
		name: 'orderType',
		type: 'options',
		default: 'RETAIL',
		required: true,
		options: orderTypeOptions,
		description: 'What kind of order this is',
	},
	...itemsProperties(false),
	recipientProperty,
	billingProperty,
	shipmentProperty,
	deliveryContactProperty,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: orderInfoFields(false),
	},
];

const properties: INodeProperties[] = [
	...orderProperties,
	{
		displayName: 'Hold Order',
		name: 'holdOrder',
		type: 'boolean',
		default: false,
		description:
			'Whether to put the order on fulfillment hold: it is not fulfilled until released (Update with Hold Order set to Release, or the provider portal)',
	},
	additionalJsonProperty(),
	...sendOnceProperties('salesOrder', true),
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['create'] } }, properties);

/** The CreateSalesOrder body of one input item, validated; Batch Create uses it for each entry. */
export function buildOrder(ctx: IExecuteFunctions, itemIndex: number, withHold: boolean): CreateSalesOrderRequest {
	const hold = withHold && readBoolean(ctx, 'holdOrder', itemIndex, 'Hold Order');
	const body = compact({
		OrderInfo: compact({
			OrderNo: ctx.getNodeParameter('orderNo', itemIndex, ''),
			OrderType: ctx.getNodeParameter('orderType', itemIndex, '') as string,
			...readOrderInfoFields(ctx, 'additionalFields', itemIndex),
		}),
		...readOrderMembers(ctx, itemIndex),
		HoldOrder: hold ? true : undefined,
	});
	const valid = validateBody(ctx, createSalesOrderRequest, withAdditionalJson(ctx, body, itemIndex), ORDER_LABELS, itemIndex);
	hintUnknownWarehouses(ctx, 'Warehouse', [valid.ShipmentInfo?.ServiceWarehouseLocation]);
	return valid;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const order = buildOrder(this, itemIndex, true);
	const output = (reference: string | null): INodeExecutionData[] => [
		{
			json: {
				TransactionReferenceNumber: reference,
				OrderNo: order.OrderInfo.OrderNo,
				OrderType: order.OrderInfo.OrderType,
				OnHold: order.HoldOrder === true,
				ItemCount: order.ItemsInfo?.length ?? 0,
			},
			pairedItem: { item: itemIndex },
		},
	];
	return await sendOnce(
		this,
		itemIndex,
		{ kind: 'salesOrder', identity: order.OrderInfo.OrderNo, onByDefault: true },
		async () => {
			const response = await apiRequest.call(this, ENDPOINTS.createSalesOrder, order as IDataObject, { itemIndex, labels: ORDER_LABELS });
			const reference = requireReference(this, ENDPOINTS.createSalesOrder, response, itemIndex);
			return { reference, output: output(reference) };
		},
		output,
	);
}
