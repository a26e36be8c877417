// Parameter groups of purchase orders (and the item row transfer orders build on).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { itemNumberLocator, locatorValue } from '../../methods/itemNumber';
import { CONTACT_MEMBERS, NAMES, contactFields, contactLabels } from '../panel';

/**
 * Optional members of a purchase order's OrderInfo: the further reference and notes by name, then the sender's
 * contact in the contact order (see panel.ts contactFields; the interface has no country here).
 */
/** Notes for the warehouse: among Create's additional fields and Update's fields alike. */
export const specialInstructionField: INodeProperties = {
	displayName: 'Special Instruction',
	name: 'specialInstruction',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Notes for the warehouse',
};

export const additionalFields: INodeProperties[] = [
	{
		displayName: 'Reference Number',
		name: 'referenceNo',
		type: 'string',
		default: '',
		description: 'A further reference, e.g. your purchase order number',
	},
	specialInstructionField,
	...contactFields({
		members: CONTACT_MEMBERS.filter((member) => member !== 'Country'),
		descriptions: {
			FirstName: 'First name of the contact sending the stock',
			Company: 'Company sending the stock',
			Address: 'Street and number of the sender, where a pickup collects the stock',
		},
	}),
];

/** One row of the items table: Item Number and Quantity first, then the optional description. */
export const itemRow: INodeProperties[] = [
	itemNumberLocator({ displayName: NAMES.itemNumber, name: 'itemNo', required: true, description: 'Item number (SKU)' }),
	{
		displayName: NAMES.quantity,
		name: 'itemQuantity',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'Number of units, a whole number of at least 1',
	},
	{
		displayName: 'Item Description',
		name: 'itemDescription',
		type: 'string',
		default: '',
		description: 'Description of the item (optional)',
	},
];

export const PURCHASE_ITEMS_EXAMPLE = '[{"ItemNo": "CAB-2019", "ItemDescription": "Cabernet 2019", "ItemQuantity": 12}]';

export function purchaseItemToWire(row: IDataObject): IDataObject {
	return { ItemNo: locatorValue(row.itemNo), ItemDescription: row.itemDescription, ItemQuantity: row.itemQuantity };
}

/** Wire paths of the purchase order operations as the editor names them, for validation messages. */
export const purchaseOrderLabels: Record<string, string> = {
	'OrderInfo.CustomerReferenceNo': NAMES.customerReferenceNumber,
	'OrderInfo.TransportMethod': 'Transport Method',
	'OrderInfo.RequestedDate': 'Requested Date',
	'OrderInfo.ReceiveToLocation': 'Receive To Location',
	'OrderInfo.InventoryStatusCode': 'Inventory Status',
	'OrderInfo.ReferenceNo': 'Reference Number',
	'OrderInfo.SpecialInstruction': 'Special Instruction',
	...Object.fromEntries(Object.entries(contactLabels()).map(([member, label]) => [`OrderInfo.${member}`, label])),
	ItemsInfo: NAMES.items,
	'ItemsInfo.ItemNo': `${NAMES.items} → ${NAMES.itemNumber}`,
	'ItemsInfo.ItemQuantity': `${NAMES.items} → ${NAMES.quantity}`,
	'ItemsInfo.ItemDescription': `${NAMES.items} → Item Description`,
};
