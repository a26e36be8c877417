// What the SKU operations share: the requestor parameters and the write output.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { writeResult } from '../../wire/product';
import { compact } from '../common';

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

export const requestorLabels: Record<string, string> = {
	RequestorInfo: 'Requestor',
	'RequestorInfo.FirstName': 'Requestor First Name',
	'RequestorInfo.LastName': 'Requestor Last Name',
	'RequestorInfo.EmailAddress': 'Requestor Email',
	'RequestorInfo.PhoneNumber': 'Requestor Phone Number',
};

export function readRequestor(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const text = (name: string) => ctx.getNodeParameter(name, itemIndex, '') as string;
	return compact({
		FirstName: text('requestorFirstName'),
		LastName: text('requestorLastName'),
		EmailAddress: text('requestorEmail'),
		PhoneNumber: text('requestorPhone'),
	});
}

/** One output item for a write: the item number, success, and what the provider returned (the transaction reference). */
export function writeOutput(itemNo: string, body: unknown, itemIndex: number): INodeExecutionData[] {
	return [{ json: { ItemNo: itemNo, success: true, ...writeResult(body) }, pairedItem: { item: itemIndex } }];
}

/** Wire paths of the SKU operations as the editor names them, for validation messages. */
export const skuLabels: Record<string, string> = {
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
};
