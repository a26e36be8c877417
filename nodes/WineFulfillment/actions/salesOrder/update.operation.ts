import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateSalesOrderRequest } from '../../wire/salesOrder';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, hintOnce, hintUnknownWarehouses, validateBody, withAdditionalJson, withAnswer } from '../common';
import {
	ORDER_LABELS,
	billingProperty,
	deliveryContactProperty,
	itemsProperties,
	orderInfoFields,
	readOrderInfoFields,
	readOrderMembers,
	recipientProperty,
	shipmentProperty,
} from './fields';
import { groupPaths, groupedFromVersion2 } from '../versions';
import { readChoice } from '../parameters';
import { checkLocator, locateProperties, locatorOutput, readLocator } from './locate';
import { keyed, withOptions, type Send } from '../operation';

/** Shown in the panel and as a hint when Update is asked to put an order on hold. */
const HOLD_NOTICE =
	'The interface documents putting an order on hold only at Create (Hold Order) and releasing it through Update. Update sends HoldOrder true as asked, but the provider may ignore it: check with Sales Order → Get Orders On Hold.';

/** The groups version 2 keeps in Update Fields (see groupedFromVersion2). */
const GROUPS_IN_UPDATE_FIELDS = ['recipientContactInfo', 'billingContactInfo', 'shipmentInfo', 'deliveryContactInfo', 'additionalJson'];

const { collection: updateFields, groups } = groupedFromVersion2(
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: orderInfoFields(true),
	},
	{ groups: [recipientProperty, billingProperty, shipmentProperty, deliveryContactProperty, additionalJsonProperty()] },
);
const json = groups.pop()!;

const properties: INodeProperties[] = [
	...locateProperties,
	...updateFields,
	...groups,
	...itemsProperties(true),
	{
		displayName: 'Fulfillment Hold',
		name: 'hold',
		type: 'options',
		default: 'unchanged',
		options: [
			{
				name: 'Hold (Not Documented for Update)',
				value: 'hold',
				description:
					'Send HoldOrder true. The interface documents HoldOrder for Create, and only releasing a hold through Update.',
			},
			{ name: 'Leave Unchanged', value: 'unchanged', description: 'Do not send HoldOrder' },
			{
				name: 'Release',
				value: 'release',
				description: 'Release a held order so automatic fulfillment applies again (HoldOrder false)',
			},
		],
		description: 'Whether to hold or release the order',
	},
	{
		displayName: HOLD_NOTICE,
		name: 'holdNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { hold: ['hold'] } },
	},
	json,
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['update'] } }, withOptions(properties));

const HOLD: Record<string, boolean | undefined> = { hold: true, release: false, unchanged: undefined };

/** Fulfillment Hold as HoldOrder: true, false, or undefined (not sent); a hint when it asks for the undocumented hold. */
function readHold(ctx: IExecuteFunctions, itemIndex: number): boolean | undefined {
	const choice = readChoice(ctx, 'hold', itemIndex, 'Fulfillment Hold', Object.keys(HOLD), 'unchanged');
	if (choice === 'hold') hintOnce(ctx, HOLD_NOTICE);
	return HOLD[choice];
}

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

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const locator = readLocator(this, itemIndex);
	const at = groupPaths(this, 'updateFields', GROUPS_IN_UPDATE_FIELDS);
	// an update: the text fields added and left empty (or blank) are kept as '' (cleared), so the OrderInfo read is not compacted again
	const orderInfo = {
		...(locator.by === 'orderNo' ? { OrderNo: locator.value } : {}),
		...readOrderInfoFields(this, 'updateFields', itemIndex, GROUPS_IN_UPDATE_FIELDS, true),
	};
	const body = withAdditionalJson(
		this,
		compact({
			...(locator.by === 'transactionReferenceNumber' ? { TransactionReferenceNumber: locator.value } : {}),
			...(Object.keys(orderInfo).length ? { OrderInfo: orderInfo } : {}),
			...readOrderMembers(this, itemIndex, at, true),
			HoldOrder: readHold(this, itemIndex),
		}),
		itemIndex,
		at('additionalJson'),
	);
	checkLocator(this, locator, body, itemIndex);
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

	// bug hunt 44: the updates of one order are sent one after another, in input order (the last one wins)
	return keyed(async () => {
		const response = await apiRequest.call(this, ENDPOINTS.updateSalesOrder, valid as IDataObject, { itemIndex, labels: ORDER_LABELS });
		return [
			{
				json: withAnswer({ ...locatorOutput(locator), Updated: true, UpdatedMembers: changed }, response.body),
				pairedItem: { item: itemIndex },
			},
		];
	}, `${locator.by} ${locator.value}`);
}
