// What the SKU operations share: the requestor parameters, sending SKU info with its requestor, the write output.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod';

import { ENDPOINTS, type Endpoint } from '../../wire/endpoints';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { compact, validateBody, withAdditionalJson, withAnswer } from '../common';
import { nodeParameter } from '../parameters';

export const requestorProperties: INodeProperties[] = [
	{
		displayName: 'Requestor First Name',
		name: 'requestorFirstName',
		type: 'string',
		required: true,
		default: '',
		description: 'First name of the person asking for the change',
	},
	{
		displayName: 'Requestor Last Name',
		name: 'requestorLastName',
		type: 'string',
		required: true,
		default: '',
		description: 'Last name of the person asking for the change',
	},
	{
		displayName: 'Requestor Email',
		name: 'requestorEmail',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: 'A valid email address of the person asking for the change',
	},
	{
		displayName: 'Requestor Phone Number',
		name: 'requestorPhone',
		type: 'string',
		default: '',
		description: 'Phone number of the person asking for the change (optional)',
	},
];

const requestorLabels: Record<string, string> = {
	RequestorInfo: 'Requestor',
	'RequestorInfo.FirstName': 'Requestor First Name',
	'RequestorInfo.LastName': 'Requestor Last Name',
	'RequestorInfo.EmailAddress': 'Requestor Email',
	'RequestorInfo.PhoneNumber': 'Requestor Phone Number',
};

function readRequestor(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const text = (name: string) => nodeParameter(ctx, name, itemIndex, '') as string;
	return compact({
		FirstName: text('requestorFirstName'),
		LastName: text('requestorLastName'),
		EmailAddress: text('requestorEmail'),
		PhoneNumber: text('requestorPhone'),
	});
}

/**
 * One output item for a write: the item number, success, and what the provider returned (the transaction reference; for
 * a create, `reference`, which requireReference read). A text answer that is no reference is ProviderAnswer; the node's
 * own fields win over provider members of the same name.
 */
export function writeOutput(itemNo: string, body: unknown, itemIndex: number, reference?: string): INodeExecutionData[] {
	const json = withAnswer({ ItemNo: itemNo, success: true }, body, reference);
	return [{ json, pairedItem: { item: itemIndex } }];
}

/** Wire paths of the SKU operations as the editor names them, for validation messages. */
const skuLabels: Record<string, string> = {
	...requestorLabels,
	SKUInfo: 'SKU',
	'SKUInfo.ItemNo': 'Item Number',
	'SKUInfo.ItemDescription': 'Item Description',
	'SKUInfo.ItemCategory': 'Item Category',
	'SKUInfo.Varietal': 'Varietal',
	'SKUInfo.AlcoholByVolume': 'Alcohol by Volume',
	'SKUInfo.NumBottleInEachCase': 'Bottles per Case',
	'SKUInfo.InventoryManagementType': 'Inventory Management Type',
	'SKUInfo.UOM': 'Unit of Measure',
	'SKUInfo.UPCCode': 'UPC Code',
	'SKUInfo.Value': 'Value',
	'SKUInfo.Vintage': 'Vintage',
	'SKUInfo.Appellation': 'Appellation',
	'SKUInfo.Classification': 'Classification',
	'SKUInfo.Comments': 'Comments',
};

/** Create and Update: the requestor and the SKU info (plus the JSON escape hatch) validated against the operation's schema. */
export function skuBody<T extends { SKUInfo: { ItemNo: string } }>(
	ctx: IExecuteFunctions,
	schema: ZodType<T, ZodTypeDef, unknown>,
	skuInfo: IDataObject,
	itemIndex: number,
): T {
	return validateBody(
		ctx,
		schema,
		withAdditionalJson(ctx, { RequestorInfo: readRequestor(ctx, itemIndex), SKUInfo: skuInfo }, itemIndex),
		skuLabels,
		itemIndex,
	);
}

/** Sends a validated body and answers with one output item; a create without a transaction reference is an error. */
export async function sendSkuBody(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	body: { SKUInfo: { ItemNo: string } },
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const response = await apiRequest.call(ctx, endpoint, body as unknown as IDataObject, { itemIndex, labels: skuLabels });
	// a create answered without a transaction reference has an unknown outcome: an error, not a success
	const reference = endpoint === ENDPOINTS.createSku ? requireReference(ctx, endpoint, response, itemIndex) : undefined;
	return writeOutput(body.SKUInfo.ItemNo, response.body, itemIndex, reference);
}
