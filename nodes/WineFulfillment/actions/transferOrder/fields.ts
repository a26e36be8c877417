// Parameter groups of transfer orders: the item row with unit, tax status and price, and the contact.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { INVENTORY_TAX_STATUS } from '../../wire/common';
import { QUANTITY_UNIT_LABELS, codeOptions, inventoryStatusOptions } from '../../wire/labels';
import { locatorValue } from '../../methods/itemNumber';
import { itemRow } from '../purchaseOrder/fields';

export const transferItemRow: INodeProperties[] = [
	...itemRow,
	{
		displayName: 'Quantity Unit',
		name: 'quantityUnit',
		type: 'options',
		default: '',
		options: [
			...codeOptions(['AUTO', 'RETAIL', 'WHOLESALE'], QUANTITY_UNIT_LABELS),
			{ name: 'Default (Not Sent)', value: '' },
		].sort((a, b) => (a.name < b.name ? -1 : 1)),
		description: 'Whether the quantity counts bottles or cases',
	},
	{
		displayName: 'Inventory Tax Status',
		name: 'inventoryTaxStatus',
		type: 'options',
		default: '',
		options: [
			{ name: 'Default (Not Sent)', value: '' },
			...inventoryStatusOptions(INVENTORY_TAX_STATUS),
		],
		description: 'Tax status of the stock; relevant to wholesale, DTT or DTW orders, not to consumer-direct ones',
	},
	{
		displayName: 'Unit Price',
		name: 'unitPrice',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: 'Unit sale price charged to the consumer; 0 means not sent',
	},
];

export const TRANSFER_ITEMS_EXAMPLE =
	'[{"ItemNo": "CAB-2019", "ItemQuantity": 12, "QuantityUnit": "RETAIL", "InventoryTaxStatus": "GOOD-NO-TX", "UnitPrice": 24.5}]';

export function transferItemToWire(row: IDataObject): IDataObject {
	return {
		ItemNo: locatorValue(row.itemNo),
		ItemDescription: row.itemDescription,
		ItemQuantity: row.itemQuantity,
		QuantityUnit: row.quantityUnit,
		InventoryTaxStatus: row.inventoryTaxStatus,
		UnitPrice: typeof row.unitPrice === 'number' && row.unitPrice > 0 ? row.unitPrice : undefined,
	};
}

/** Contact members create requires and update may change: name, phone, e-mail. */
export function contactProperties(required: boolean): INodeProperties[] {
	const field = (displayName: string, name: string, description: string, extra: Partial<INodeProperties> = {}) =>
		({ displayName, name, type: 'string', default: '', required, description, ...extra }) as INodeProperties;
	return [
		field('First Name', 'firstName', 'First name of the contact for this transfer'),
		field('Last Name', 'lastName', 'Last name of the contact for this transfer'),
		field('Phone Number', 'phoneNumber', 'Phone number of the contact'),
		field('Email Address', 'emailAddress', 'E-mail address of the contact; must be a valid address', {
			placeholder: 'name@email.com',
		}),
	];
}

/** Wire paths of the transfer order operations as the editor names them, for validation messages. */
export const transferOrderLabels: Record<string, string> = {
	'TransferInfo.CustomerReferenceNo': 'Customer Reference No',
	'TransferInfo.TransferOrderNumber': 'Transfer Order Number',
	'TransferInfo.RequestedDate': 'Requested Date',
	'TransferInfo.TransferFromWarehouse': 'From Warehouse',
	'TransferInfo.TransferToWarehouse': 'To Warehouse',
	'TransferInfo.InventoryStatusCode': 'Inventory Status',
	'TransferInfo.TransferToInventoryStatusCode': 'To Inventory Status',
	'TransferInfo.FirstName': 'First Name',
	'TransferInfo.LastName': 'Last Name',
	'TransferInfo.PhoneNumber': 'Phone Number',
	'TransferInfo.EmailAddress': 'Email Address',
	ItemsInfo: 'Items',
	'ItemsInfo.ItemNo': 'Items → Item No',
	'ItemsInfo.ItemQuantity': 'Items → Quantity',
	'ItemsInfo.QuantityUnit': 'Items → Quantity Unit',
	'ItemsInfo.InventoryTaxStatus': 'Items → Inventory Tax Status',
	'ItemsInfo.UnitPrice': 'Items → Unit Price',
};
