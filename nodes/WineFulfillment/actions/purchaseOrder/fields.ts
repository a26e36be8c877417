// Parameter groups of purchase orders (and the item row transfer orders build on).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { itemNumberLocator, locatorValue } from '../../methods/itemNumber';

/** Editor names are the wire names with a lower-case first letter: firstName → FirstName. */
export function wireNames(values: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(values).map(([k, v]) => [k.charAt(0).toUpperCase() + k.slice(1), v]));
}

const text = (displayName: string, name: string, description: string, extra: Partial<INodeProperties> = {}) =>
	({ displayName, name, type: 'string', default: '', description, ...extra }) as INodeProperties;

/** Optional contact and note members of a purchase order's OrderInfo (alphabetical). */
export const contactFields: INodeProperties[] = [
	text('Address', 'address', 'Street address of the sender (where a pickup collects the stock)'),
	text('Address 2', 'address2', 'Second line of the street address'),
	text('City', 'city', 'City of the street address'),
	text('Company', 'company', 'Company sending the stock'),
	text('Email Address', 'emailAddress', 'E-mail address of the contact', { placeholder: 'name@email.com' }),
	text('First Name', 'firstName', 'First name of the contact'),
	text('Last Name', 'lastName', 'Last name of the contact'),
	text('Phone Number', 'phoneNumber', 'Phone number of the contact'),
	text('Reference No', 'referenceNo', 'A further reference, e.g. your purchase order number'),
	text('Special Instruction', 'specialInstruction', 'Notes for the warehouse', { typeOptions: { rows: 2 } }),
	text('State', 'state', 'State of the street address, e.g. CA'),
	text('ZIP Code', 'zipCode', 'ZIP code of the street address'),
];

/** One row of the items table: item number, description, quantity. */
export const itemRow: INodeProperties[] = [
	itemNumberLocator({ displayName: 'Item No', name: 'itemNo', description: 'Item number (SKU)' }),
	{
		displayName: 'Item Description',
		name: 'itemDescription',
		type: 'string',
		default: '',
		description: 'Description of the item (optional)',
	},
	{
		displayName: 'Quantity',
		name: 'itemQuantity',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'Number of units, a whole number of at least 1',
	},
];

export const PURCHASE_ITEMS_EXAMPLE = '[{"ItemNo": "CAB-2019", "ItemDescription": "Cabernet 2019", "ItemQuantity": 12}]';

export function purchaseItemToWire(row: IDataObject): IDataObject {
	return { ItemNo: locatorValue(row.itemNo), ItemDescription: row.itemDescription, ItemQuantity: row.itemQuantity };
}

/** Wire paths of the purchase order operations as the editor names them, for validation messages. */
export const purchaseOrderLabels: Record<string, string> = {
	'OrderInfo.CustomerReferenceNo': 'Customer Reference No',
	'OrderInfo.TransportMethod': 'Transport Method',
	'OrderInfo.RequestedDate': 'Requested Date',
	'OrderInfo.ReceiveToLocation': 'Receive To Location',
	'OrderInfo.InventoryStatusCode': 'Inventory Status',
	'OrderInfo.EmailAddress': 'Email Address',
	ItemsInfo: 'Items',
	'ItemsInfo.ItemNo': 'Items → Item No',
	'ItemsInfo.ItemQuantity': 'Items → Quantity',
};
