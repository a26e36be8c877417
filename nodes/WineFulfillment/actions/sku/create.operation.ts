import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { locatorValue } from '../../methods/itemNumber';
import { ENDPOINTS } from '../../wire/endpoints';
import { INVENTORY_MANAGEMENT_TYPES, ITEM_CATEGORIES, createSkuRequest } from '../../wire/product';
import { additionalJsonProperty, compact } from '../common';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { requestorProperties, sendSkuBody, skuBody } from './shared';
import { toWire } from '../wireNames';
import { withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['sku'], operation: ['create'] };

// Display names for the two dropdowns, written in alphabetical order: the dropdowns list them in this order.
const CATEGORY_NAMES: Record<(typeof ITEM_CATEGORIES)[number], string> = {
	IcePack: 'Ice Pack',
	MarketingMaterial: 'Marketing Material',
	Merchandise: 'Merchandise',
	TastingFee: 'Tasting Fee',
	Wine: 'Wine',
};

const MANAGEMENT_NAMES: Record<(typeof INVENTORY_MANAGEMENT_TYPES)[number], string> = {
	ClientManagedStorage: 'Client Managed Storage',
	ServiceManagedStorage: 'Provider Managed Storage',
	VirtualItems: 'Virtual Items',
};

const optionsOf = (names: Record<string, string>) => Object.entries(names).map(([value, name]) => ({ name, value }));

const properties: INodeProperties[] = [
	{
		displayName: 'Item Number',
		name: 'itemNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. CAB-2021-750',
		description: 'The new SKU: the item number orders and inventory will use',
	},
	{
		displayName: 'Item Description',
		name: 'itemDescription',
		type: 'string',
		default: '',
		placeholder: 'e.g. Cabernet Sauvignon 2021 750ml',
	},
	{
		displayName: 'Item Category',
		name: 'itemCategory',
		type: 'options',
		required: true,
		default: 'Wine',
		options: optionsOf(CATEGORY_NAMES),
		description: 'What kind of item this is. Wine needs a varietal.',
	},
	{
		displayName: 'Varietal',
		name: 'varietal',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Cabernet Sauvignon',
		description: 'Grape variety; required for wine',
		displayOptions: { show: { itemCategory: ['Wine'] } },
	},
	...requestorProperties,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Alcohol by Volume',
				name: 'alcoholByVolume',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 2 },
				default: 13.5,
				description: 'Alcohol content in percent, e.g. 13.5',
			},
			{
				displayName: 'Appellation',
				name: 'appellation',
				type: 'string',
				default: '',
				placeholder: 'e.g. Napa Valley',
			},
			{
				displayName: 'Bottles per Case',
				name: 'numBottleInEachCase',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 12,
				description: 'How many bottles one case holds',
			},
			{
				displayName: 'Classification',
				name: 'classification',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Comments',
				name: 'comments',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
			},
			{
				displayName: 'Inventory Management Type',
				name: 'inventoryManagementType',
				type: 'options',
				default: 'ServiceManagedStorage',
				options: optionsOf(MANAGEMENT_NAMES),
				description:
					"Who keeps the item's stock: the provider's warehouses, your own, or nobody (virtual items such as tasting fees and ice packs)",
			},
			{
				displayName: 'Unit of Measure',
				name: 'uom',
				type: 'string',
				default: '',
				placeholder: 'e.g. 750ML',
				description: "The item's unit of measure code",
			},
			{
				displayName: 'UPC Code',
				name: 'upcCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 012345678905',
				description:
					"The item's UPC, sent as text as written. A number (a sheet column of numbers drops leading zeros) of fewer than 12 digits is padded back to the 12 of a UPC-A.",
			},
			{
				displayName: 'Value',
				name: 'value',
				type: 'string',
				default: '',
				placeholder: 'e.g. 45.00',
				description: "The item's value, sent as text",
			},
			{
				displayName: 'Vintage',
				name: 'vintage',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2021',
				description: 'Vintage year, sent as text (e.g. 2021 or NV)',
			},
		],
	},
	additionalJsonProperty(),
	...sendOnceProperties('sku', false),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const category = nodeParameter(this, 'itemCategory', itemIndex) as string;
	const extra = toWire(nodeParameter(this, 'additionalFields', itemIndex, {}) as IDataObject);
	const skuInfo = compact({
		// Update's and Retire's Item Number of the same name is a picker: switched from them, n8n keeps its value here
		ItemNo: locatorValue(nodeParameter(this, 'itemNo', itemIndex, '') as string) as string,
		ItemDescription: nodeParameter(this, 'itemDescription', itemIndex, '') as string,
		ItemCategory: category,
		// the category as its schema reads it (trimmed: "Wine " from a sheet is Wine, and needs its varietal)
		Varietal: typeof category === 'string' && category.trim() === 'Wine' ? (nodeParameter(this, 'varietal', itemIndex, '') as string) : undefined,
		...extra,
	});
	// validated before anything is claimed or sent; the order it names is the item number actually sent (the
	// Additional Fields (JSON) can set it)
	const body = skuBody(this, createSkuRequest, skuInfo, itemIndex);
	const itemNo = body.SKUInfo.ItemNo;
	return sendOnce(
		this,
		itemIndex,
		{ kind: 'sku', identity: itemNo, onByDefault: false },
		async () => {
			const output = await sendSkuBody(this, ENDPOINTS.createSku, body, itemIndex);
			// sendSkuBody answers with exactly one item (writeOutput)
			const reference = output[0].json.TransactionReferenceNumber;
			return { reference: typeof reference === 'string' ? reference : undefined, output };
		},
		(reference) => [{ json: { ItemNo: itemNo, success: true, TransactionReferenceNumber: reference }, pairedItem: { item: itemIndex } }],
	);
}
