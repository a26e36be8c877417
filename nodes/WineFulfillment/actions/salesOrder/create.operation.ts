import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { createSalesOrderRequest, type CreateSalesOrderRequest } from '../../wire/salesOrder';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { nodeParameter, readBoolean } from '../parameters';
import { NAMES } from '../panel';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { additionalJsonProperty, compact, hintUnknownWarehouses, validateBody, withAdditionalJson, withAnswer } from '../common';
import {
	ORDER_LABELS,
	billingProperty,
	deliveryContactProperty,
	itemsProperties,
	orderInfoFields,
	orderTypeOptions,
	readOrderInfoFields,
	readOrderMembers,
	recipientProperty,
	shipmentProperty,
} from './fields';
import { groupPaths, groupedFromVersion2 } from '../versions';
import { withOptions, type Send } from '../operation';

const holdOrderProperty: INodeProperties = {
	displayName: 'Hold Order',
	name: 'holdOrder',
	type: 'boolean',
	default: false,
	description:
		'Whether to put the order on fulfillment hold: it is not fulfilled until released (Update with Fulfillment Hold set to Release, or the provider portal)',
};

/** The groups version 2 keeps in Additional Fields (see groupedFromVersion2). */
export const GROUPS_IN_ADDITIONAL_FIELDS = ['billingContactInfo', 'shipmentInfo', 'deliveryContactInfo', 'holdOrder', 'additionalJson'];

/**
 * The order parameters Create and Batch Create share: Create adds Hold Order; each operation words its
 * Additional Fields (JSON) (`json`).
 */
export function orderProperties(withHold: boolean, json: INodeProperties): INodeProperties[] {
	const { collection, groups } = groupedFromVersion2(
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: orderInfoFields(false),
		},
		{ groups: [billingProperty, shipmentProperty, deliveryContactProperty, ...(withHold ? [holdOrderProperty] : []), json] },
	);
	const [billing, shipment, delivery, ...holdAndJson] = groups;
	return [
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
		billing,
		shipment,
		delivery,
		...collection,
		...holdAndJson,
	];
}

const properties: INodeProperties[] = [...orderProperties(true, additionalJsonProperty()), ...sendOnceProperties('salesOrder', true)];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['create'] } }, withOptions(properties));

/** The CreateSalesOrder body of one input item, validated; Batch Create uses it for each entry. */
export function buildOrder(ctx: IExecuteFunctions, itemIndex: number, withHold: boolean): CreateSalesOrderRequest {
	const at = groupPaths(ctx, 'additionalFields', GROUPS_IN_ADDITIONAL_FIELDS);
	const hold = withHold && readBoolean(ctx, at('holdOrder'), itemIndex, 'Hold Order');
	const body = compact({
		// an Order Number or Order Type of blanks reads as empty, so it is refused as an empty one is
		OrderInfo: compact({
			OrderNo: nodeParameter(ctx, 'orderNo', itemIndex, ''),
			OrderType: nodeParameter(ctx, 'orderType', itemIndex, '') as string,
			...readOrderInfoFields(ctx, 'additionalFields', itemIndex, GROUPS_IN_ADDITIONAL_FIELDS),
		}),
		...readOrderMembers(ctx, itemIndex, at),
		HoldOrder: hold ? true : undefined,
	});
	const valid = validateBody(ctx, createSalesOrderRequest, withAdditionalJson(ctx, body, itemIndex, at('additionalJson')), ORDER_LABELS, itemIndex);
	hintUnknownWarehouses(ctx, 'Warehouse', [valid.ShipmentInfo?.ServiceWarehouseLocation]);
	return valid;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const order = buildOrder(this, itemIndex, true);
	/** The node's own members; after a send, the provider's other answer members beside them (its Messages, warnings) */
	const output = (reference: string | null, answer?: unknown): INodeExecutionData[] => {
		const own: IDataObject = {
			TransactionReferenceNumber: reference,
			OrderNo: order.OrderInfo.OrderNo,
			OrderType: order.OrderInfo.OrderType,
			OnHold: order.HoldOrder === true,
			ItemCount: order.ItemsInfo?.length ?? 0,
		};
		return [{ json: answer === undefined || reference === null ? own : withAnswer(own, answer, reference), pairedItem: { item: itemIndex } }];
	};
	return sendOnce(
		this,
		itemIndex,
		{ kind: 'salesOrder', identity: order.OrderInfo.OrderNo, onByDefault: true },
		async () => {
			const response = await apiRequest.call(this, ENDPOINTS.createSalesOrder, order as IDataObject, { itemIndex, labels: ORDER_LABELS });
			const reference = requireReference(this, ENDPOINTS.createSalesOrder, response, itemIndex);
			return { reference, output: output(reference, response.body) };
		},
		output,
	);
}
