// Parameter groups of transfer orders: the item row with unit, tax status and price, and the contact.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { INVENTORY_TAX_STATUS } from '../../wire/common';
import { decimalNumber } from '../../wire/values';
import { QUANTITY_UNIT_LABELS, codeOptions, inventoryStatusOptions } from '../../wire/labels';
import { locatorValue } from '../../methods/itemNumber';
import { itemRow } from '../purchaseOrder/fields';
import { NAMES, NOT_SENT_OPTION, contactFields, contactLabels } from '../panel';

/** One row of a transfer's items table: Item Number, Quantity, Quantity Unit first, then the optional fields by name. */
export const transferItemRow: INodeProperties[] = [
	...itemRow.filter((p) => p.name !== 'itemDescription'),
	{
		displayName: NAMES.quantityUnit,
		name: 'quantityUnit',
		type: 'options',
		default: '',
		// a transfer order has no order type: Auto leaves the unit to the provider
		options: codeOptions(['AUTO', 'RETAIL', 'WHOLESALE'], { ...QUANTITY_UNIT_LABELS, AUTO: { ...QUANTITY_UNIT_LABELS.AUTO, description: 'The provider decides: bottles or cases' } })
			.concat(NOT_SENT_OPTION)
			.sort((a, b) => (a.name < b.name ? -1 : 1)),
		description: 'What the quantity counts: bottles or cases',
	},
	{
		displayName: 'Inventory Tax Status',
		name: 'inventoryTaxStatus',
		type: 'options',
		default: '',
		options: [NOT_SENT_OPTION, ...inventoryStatusOptions(INVENTORY_TAX_STATUS)],
		description: 'Tax status of the stock; relevant to wholesale, DTT or DTW orders, not to consumer-direct ones',
	},
	...itemRow.filter((p) => p.name === 'itemDescription'),
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
		// the field's default (0) means not sent, read as a number: "0" or "0.00" from a sheet too (an empty cell or null
		// is dropped with every empty member); anything else goes to the schema, which reads "24.50" and refuses what is no price
		UnitPrice: decimalNumber.safeParse(row.unitPrice).data === 0 ? undefined : row.unitPrice,
	};
}

/** The transfer's contact: name, phone and e-mail (panel.ts contactFields), required by create, optional in update. */
export function contactProperties(required: boolean): INodeProperties[] {
	const members = ['FirstName', 'LastName', 'PhoneNumber', 'EmailAddress'] as const;
	return contactFields({
		members,
		required: required ? members : [],
		descriptions: {
			FirstName: 'First name of the contact for this transfer',
			LastName: 'Last name of the contact for this transfer',
			EmailAddress: 'E-mail address of the contact; must be a valid address',
		},
	});
}

/** Wire paths of the transfer order operations as the editor names them, for validation messages. */
export const transferOrderLabels: Record<string, string> = {
	'TransferInfo.CustomerReferenceNo': NAMES.customerReferenceNumber,
	'TransferInfo.TransferOrderNumber': 'Transfer Order Number',
	'TransferInfo.RequestedDate': 'Requested Date',
	'TransferInfo.TransferFromWarehouse': 'From Warehouse',
	'TransferInfo.TransferToWarehouse': 'To Warehouse',
	'TransferInfo.InventoryStatusCode': 'Inventory Status',
	'TransferInfo.TransferToInventoryStatusCode': 'To Inventory Status',
	'TransferInfo.SpecialInstruction': 'Special Instruction',
	...Object.fromEntries(
		Object.entries(contactLabels(['FirstName', 'LastName', 'PhoneNumber', 'EmailAddress'])).map(([member, label]) => [
			`TransferInfo.${member}`,
			label,
		]),
	),
	ItemsInfo: NAMES.items,
	'ItemsInfo.ItemNo': `${NAMES.items} → ${NAMES.itemNumber}`,
	'ItemsInfo.ItemQuantity': `${NAMES.items} → ${NAMES.quantity}`,
	'ItemsInfo.QuantityUnit': `${NAMES.items} → ${NAMES.quantityUnit}`,
	'ItemsInfo.InventoryTaxStatus': `${NAMES.items} → Inventory Tax Status`,
	'ItemsInfo.ItemDescription': `${NAMES.items} → Item Description`,
	'ItemsInfo.UnitPrice': `${NAMES.items} → Unit Price`,
};
