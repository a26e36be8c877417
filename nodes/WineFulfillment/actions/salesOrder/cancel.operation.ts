import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { cancelSalesOrderRequest, updateSalesOrderRequest } from '../../wire/salesOrder';
import { apiRequest, type ApiResponse } from '../../transport/request';
import { additionalJsonProperty, validateBody, withAdditionalJson, withAnswer } from '../common';
import { readBoolean } from '../parameters';
import { settingPath } from '../versions';
import { ORDER_LABELS } from './fields';
import { checkLocator, locateProperties, locatorMembers, locatorOutput, readLocator, type Locator } from './locate';
import { keyed, withOptions, type Send } from '../operation';

const properties: INodeProperties[] = [
	...locateProperties,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Use Deprecated Cancel Path',
				name: 'deprecatedPath',
				type: 'boolean',
				default: false,
				description:
					'Whether to cancel through Update Sales Order with IsCancelOnly=true. Deprecated by the provider in favor of Cancel Sales Order; use only if your account still needs it.',
			},
		],
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['cancel'] } }, withOptions(properties));

/** CancelSalesOrder: `OrderNumber` or `TransactionReferenceNumber` (field notes). Checked at once; what it returns sends it. */
function cancel(ctx: IExecuteFunctions, locator: Locator, itemIndex: number): () => Promise<ApiResponse> {
	const body = withAdditionalJson(ctx, locatorMembers(locator, 'OrderNumber'), itemIndex);
	checkLocator(ctx, locator, body, itemIndex);
	const valid = validateBody(ctx, cancelSalesOrderRequest, body, ORDER_LABELS, itemIndex);
	return async () => await apiRequest.call(ctx, ENDPOINTS.cancelSalesOrder, valid as IDataObject, { itemIndex, labels: ORDER_LABELS });
}

/** The deprecated path: UpdateSalesOrder?IsCancelOnly=true, the order located as an update locates it. */
function cancelThroughUpdate(ctx: IExecuteFunctions, locator: Locator, itemIndex: number): () => Promise<ApiResponse> {
	const located =
		locator.by === 'orderNo'
			? { OrderInfo: { OrderNo: locator.value } }
			: // Stryker disable next-line StringLiteral: only a locator by transaction reference number gets here, which locatorMembers sends without the member name
				locatorMembers(locator, 'OrderNo');
	const body = withAdditionalJson(ctx, located, itemIndex);
	checkLocator(ctx, locator, body, itemIndex);
	const valid = validateBody(ctx, updateSalesOrderRequest, body, ORDER_LABELS, itemIndex);
	return async () =>
		await apiRequest.call(ctx, ENDPOINTS.updateSalesOrder, valid as IDataObject, {
			itemIndex,
			qs: { IsCancelOnly: true },
			// it cancels: an answer saying it did not ({"Cancelled": false}) is the provider's refusal
			does: 'cancelled',
			// a refusal quotes wire paths: worded as the panel names them, as every other write's
			labels: ORDER_LABELS,
		});
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const locator = readLocator(this, itemIndex);
	const deprecatedPath = readBoolean(this, settingPath(this, 'options', 'deprecatedPath'), itemIndex, 'Use Deprecated Cancel Path');
	const send = deprecatedPath ? cancelThroughUpdate(this, locator, itemIndex) : cancel(this, locator, itemIndex);
	// bug hunt 44: the writes to one order are sent one after another, in input order
	return keyed(async () => {
		const response = await send();
		return [
			{
				json: withAnswer(
					{ ...locatorOutput(locator), Cancelled: true, ...(deprecatedPath ? { UsedDeprecatedPath: true } : {}) },
					response.body,
				),
				pairedItem: { item: itemIndex },
			},
		];
	}, `${locator.by} ${locator.value}`);
}
