// The sales order parameters Create, Update, Batch Create and Update Addresses share, and the code that turns them into wire
// members. Parameters are named in camelCase; every reader maps them to the wire names through wireNames.ts.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import isPlainObject from 'lodash/isPlainObject';

import { CARRIERS, CARRIER_SERVICES, INVENTORY_TAX_STATUS, WAREHOUSES } from '../../wire/common';
import {
	CARRIER_SERVICE_LABELS,
	DEFAULT_CARRIER,
	DEFAULT_CARRIER_SERVICE,
	ORDER_TYPE_LABELS,
	QUANTITY_UNIT_LABELS,
	carrierOptions,
	codeOptions,
	inventoryStatusOptions,
	warehouseOptions,
} from '../../wire/labels';
import { ORDER_TYPES, QUANTITY_UNITS, orderItem, type OrderItem } from '../../wire/salesOrder';
import { itemNumberLocator } from '../../methods/itemNumber';
import { compact, itemsJsonLines, jsonFieldValue, updateItems, validateBody } from '../common';
import { toWire, wireName } from '../wireNames';
import {
	NAMES,
	NOT_SENT_OPTION,
	contactFields,
	contactLabels,
	itemsInputProperty,
	itemsJsonProperty,
	itemsTableProperty,
	readItemsInput,
} from '../panel';
import { invalidField, nodeParameter, readList } from '../parameters';

// ---- parameters ----

export const orderTypeOptions = codeOptions(ORDER_TYPES, ORDER_TYPE_LABELS);

/** Contact members (RecipientContactInfo, BillingContactInfo): all optional, in camelCase (wireNames.ts maps them). */
export const contactMembers: INodeProperties[] = contactFields();

export const recipientProperty: INodeProperties = {
	displayName: 'Recipient (Ship-To)',
	name: 'recipientContactInfo',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: "The recipient's ship-to address and contact (not the provider's address)",
	options: contactMembers,
};

export const billingProperty: INodeProperties = {
	displayName: 'Billing Contact',
	name: 'billingContactInfo',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: 'Who is billed for the order',
	options: contactMembers,
};

export const shipmentProperty: INodeProperties = {
	displayName: 'Shipment',
	name: 'shipmentInfo',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: 'Carrier, service, warehouse and shipping options',
	options: [
		{
			displayName: 'Carrier',
			name: 'shippingCarrier',
			type: 'options',
			default: DEFAULT_CARRIER,
			options: carrierOptions(CARRIERS),
			description: 'Shipping carrier code',
		},
		{
			displayName: 'Carrier Service',
			name: 'shippingCarrierService',
			type: 'options',
			default: DEFAULT_CARRIER_SERVICE,
			options: codeOptions(CARRIER_SERVICES, CARRIER_SERVICE_LABELS),
			description: 'Service level of the carrier',
		},
		{
			displayName: 'Ice Pack',
			name: 'icePack',
			type: 'boolean',
			default: false,
			description: 'Whether to add an ice pack (sent as IcePack 1)',
		},
		{
			displayName: 'Insurance',
			name: 'insurance',
			type: 'boolean',
			default: false,
			description: 'Whether to insure the shipment (sent as Insurance 1)',
		},
		{
			displayName: 'Requested Shipment Date',
			name: 'requestedShipmentDate',
			type: 'dateTime',
			default: '',
			description:
				"Only to schedule a shipment in the future (sent as MM/DD/YYYY). Without it the order ships as soon as possible under the account's cutoff schedules.",
		},
		{
			displayName: 'Warehouse',
			name: 'serviceWarehouseLocation',
			type: 'options',
			default: 'APC01',
			options: warehouseOptions(WAREHOUSES),
			description: 'Warehouse that fulfills the order',
		},
	],
};

export const deliveryContactProperty: INodeProperties = {
	displayName: 'Delivery Contact (Hold at Location)',
	name: 'deliveryContactInfo',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: 'Only to hold the order at a carrier access point or hold location',
	options: [
		{
			displayName: 'Hold at Location',
			name: 'holdAtLocation',
			type: 'boolean',
			default: true,
			description:
				'Whether the order is held at a carrier location (sent as HoldAtLocation 1). A Location Code added without this field is sent with HoldAtLocation 1; turned off beside a Location Code, the item is refused.',
		},
		{
			displayName: 'Location Code',
			name: 'locationCode',
			type: 'string',
			default: '',
			description:
				'Code of the carrier hold location (see Address → Get Carrier Locations); it only means something with hold at location, so it is sent with HoldAtLocation 1',
		},
	],
};

/** The optional OrderInfo members, for an "Additional Fields" (create) or "Update Fields" collection. */
export function orderInfoFields(withOrderType: boolean): INodeProperties[] {
	const fields: INodeProperties[] = [
		{ displayName: 'Batch Description', name: 'batchDescription', type: 'string', default: '' },
		{ displayName: 'Batch ID', name: 'batchId', type: 'string', default: '' },
		{
			displayName: 'Consumer Shipping Price',
			name: 'consumerShippingPrice',
			type: 'string',
			default: '',
			description: 'Total shipping cost collected on the order, for compliance',
		},
		{
			displayName: 'Consumer Tax Collected',
			name: 'consumerTaxCollected',
			type: 'string',
			default: '',
			description: 'Total tax collected on the order, for compliance',
		},
		{
			displayName: 'Gift Card',
			name: 'giftCard',
			type: 'boolean',
			default: false,
			description:
				'Whether a gift message accompanies the order (sent as GiftCard 1); then Gift Card Message is required. Turned off beside a Gift Card Message, the item is refused.',
		},
		{
			displayName: 'Gift Card Message',
			name: 'giftCardMessage',
			type: 'string',
			default: '',
			typeOptions: { rows: 2 },
			description: 'The gift message; a message added without Gift Card is sent with GiftCard 1',
		},
		{
			displayName: 'Order Date',
			name: 'orderDate',
			type: 'dateTime',
			default: '',
			description: 'When the order was placed (sent as ISO 8601)',
		},
		{ displayName: 'Order Source', name: 'orderSource', type: 'string', default: '' },
		{ displayName: 'PO Number', name: 'poNo', type: 'string', default: '' },
		{ displayName: 'Shipment Key', name: 'shipmentKey', type: 'string', default: '' },
		{ displayName: 'Special Instructions', name: 'specialInstructions', type: 'string', default: '' },
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			description: 'Tags applied to the order, separated by semicolons or commas, or an expression returning a list',
		},
		{ displayName: 'Transmission ID', name: 'transmissionId', type: 'string', default: '' },
	];
	if (withOrderType) {
		fields.push({
			displayName: 'Order Type',
			name: 'orderType',
			type: 'options',
			default: 'RETAIL',
			options: orderTypeOptions,
		});
	}
	return fields.sort((a, b) => (a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1));
}

/** The optional members of an item row, in its "Item Options" collection. */
const itemOptionsProperty: INodeProperties = {
	displayName: 'Item Options',
	name: 'itemOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Additional Item Fields (JSON)',
			name: 'additionalFields',
			type: 'json',
			default: '{}',
			description: 'Optional parameters for specific business scenarios, sent as the AdditionalFields object',
		},
		{
			displayName: 'External Line Number',
			name: 'externalLineNumber',
			type: 'string',
			default: '',
			description: "Line of your order this item belongs to, echoed back for reconciliation (marked 'coming soon')",
		},
		{
			displayName: 'Group',
			name: 'group',
			type: 'string',
			default: '',
			description: "Groups items for reporting, business and shipping rules (marked 'coming soon')",
		},
		{
			displayName: 'Inventory Tax Status',
			name: 'inventoryTaxStatus',
			type: 'options',
			default: 'GOOD-NO-TX',
			options: inventoryStatusOptions(INVENTORY_TAX_STATUS),
			description:
				'Inventory code to ship from; only for non-consumer-direct order types such as wholesale. Use an expression for a custom code.',
		},
		{ displayName: 'Item Description', name: 'itemDescription', type: 'string', default: '' },
	],
};

/** One row of the items table: what every line needs first (Item Number, Quantity, Quantity Unit), then the optional rest. */
const itemTableValues: INodeProperties[] = [
	itemNumberLocator({ displayName: NAMES.itemNumber, name: 'itemNo', required: true, description: 'The SKU' }),
	{
		displayName: NAMES.quantity,
		name: 'itemQuantity',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description: 'How many, in the quantity unit (a whole number of at least 1)',
	},
	{
		displayName: NAMES.quantityUnit,
		name: 'quantityUnit',
		type: 'options',
		default: '',
		options: codeOptions(QUANTITY_UNITS, QUANTITY_UNIT_LABELS)
			.concat(NOT_SENT_OPTION)
			.sort((a, b) => (a.name < b.name ? -1 : 1)),
		description: 'What the quantity counts: bottles or cases',
	},
	itemOptionsProperty,
];

/** Items Input and the two ways to give items; `keepOption` adds "Keep Current Items" (update). */
export function itemsProperties(keepOption: boolean): INodeProperties[] {
	return [
		itemsInputProperty(keepOption),
		itemsTableProperty(itemTableValues),
		itemsJsonProperty(
			"A list of items, usually an expression that maps a store order's line items. Each needs ItemNo and ItemQuantity; QuantityUnit, InventoryTaxStatus, ItemDescription, ExternalLineNumber, Group and AdditionalFields are optional.",
			'={{ $json.line_items.map(l => ({ ItemNo: l.sku, ItemQuantity: l.quantity })) }}',
		),
	];
}

// ---- labels: wire paths as the editor names them ----

const CONTACT_LABELS: Record<string, string> = contactLabels();

function prefixed(prefix: string, group: string, members: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(members).map(([k, v]) => [`${prefix}.${k}`, `${group} → ${v}`]));
}

const ORDER_INFO_LABELS: Record<string, string> = {
	OrderNo: NAMES.orderNumber,
	OrderType: 'Order Type',
	...Object.fromEntries(orderInfoFields(false).map((f) => [wireName(f.name), f.displayName])),
};

/** Wire path → display name, for validateBody's messages. */
export const ORDER_LABELS: Record<string, string> = {
	OrderInfo: 'Order Number',
	...Object.fromEntries(Object.entries(ORDER_INFO_LABELS).map(([k, v]) => [`OrderInfo.${k}`, v])),
	...prefixed('RecipientContactInfo', 'Recipient (Ship-To)', CONTACT_LABELS),
	...prefixed('BillingContactInfo', 'Billing Contact', CONTACT_LABELS),
	...prefixed('ShipmentInfo', 'Shipment', {
		ShippingCarrier: 'Carrier',
		ShippingCarrierService: 'Carrier Service',
		RequestedShipmentDate: 'Requested Shipment Date',
		Insurance: 'Insurance',
		IcePack: 'Ice Pack',
		ServiceWarehouseLocation: 'Warehouse',
	}),
	...prefixed('DeliveryContactInfo', 'Delivery Contact', { HoldAtLocation: 'Hold at Location', LocationCode: 'Location Code' }),
	RecipientContactInfo: 'Recipient (Ship-To)',
	DeliveryContactInfo: 'Delivery Contact',
	ItemsInfo: 'Items',
	'ItemsInfo.ItemNo': NAMES.itemNumber,
	'ItemsInfo.ItemQuantity': NAMES.quantity,
	'ItemsInfo.QuantityUnit': NAMES.quantityUnit,
	'ItemsInfo.InventoryTaxStatus': 'Inventory Tax Status',
	'ItemsInfo.ItemDescription': 'Item Description',
	'ItemsInfo.ExternalLineNumber': 'External Line Number',
	'ItemsInfo.Group': 'Group',
	'ItemsInfo.AdditionalFields': 'Additional Item Fields (JSON)',
	TransactionReferenceNumber: 'Transaction Reference Number',
	HoldOrder: 'Hold Order',
	OrderNo: 'Order Number',
	OrderNumber: 'Order Number',
};

function itemLabels(line: number): Record<string, string> {
	const at = `Items line ${line}`;
	return {
		'': at,
		ItemNo: `${at} → Item Number (ItemNo)`,
		ItemQuantity: `${at} → Quantity (ItemQuantity)`,
		QuantityUnit: `${at} → Quantity Unit (QuantityUnit)`,
		InventoryTaxStatus: `${at} → Inventory Tax Status`,
		ItemDescription: `${at} → Item Description`,
		ExternalLineNumber: `${at} → External Line Number`,
		Group: `${at} → Group`,
		AdditionalFields: `${at} → Additional Item Fields (JSON)`,
	};
}

// ---- reading parameters into wire members ----

/** The wire names of a collection's text fields: the members an update clears when they are added and left empty. */
export function textMembers(fields: readonly INodeProperties[]): string[] {
	return fields.filter((field) => field.type === 'string').map((field) => wireName(field.name));
}

/** What an update clears with '' (see compact): every text field of the contacts, of OrderInfo and the location code. */
const CLEARABLE_CONTACT = textMembers(contactMembers);
const CLEARABLE_ORDER_INFO = textMembers(orderInfoFields(false));
const CLEARABLE_DELIVERY = textMembers(deliveryContactProperty.options as INodeProperties[]);

/**
 * A collection parameter as a wire object (members under their wire names): what the user set, or undefined when
 * nothing is. Text of blanks (a mapped cell holding spaces) counts as left empty (compact). The members named in
 * `clearable` (wire names, an update's) are kept as '' when added and left empty.
 */
export function readCollection(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	// Stryker disable next-line ArrayDeclaration: ["Stryker was here"] would leave out only a member of that name, and no option has it
	leaveOut: readonly string[] = [],
	// Stryker disable next-line ArrayDeclaration: ["Stryker was here"] would keep only a member of that name, and no option has it
	clearable: readonly string[] = [],
): IDataObject | undefined {
	const raw = { ...(nodeParameter(ctx, name, itemIndex, {}) as IDataObject) };
	for (const member of leaveOut) delete raw[member];
	const value = compact(toWire(raw), clearable);
	return Object.keys(value).length ? value : undefined;
}

/**
 * Tags as the wire has them: one text, delimited by ";". A list's entry holding ";" would become two tags, so it is
 * refused (text is split at ";" already, see readList).
 */
function readTags(ctx: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const tags = readList(ctx, value, itemIndex, 'Tags');
	// the entry as the list given numbers it (readList drops empty entries)
	const entries: unknown[] = Array.isArray(value) ? value : tags;
	const split = entries.findIndex((tag) => typeof tag === 'string' && tag.includes(';'));
	if (split !== -1) {
		throw invalidField(
			ctx,
			'Tags',
			`entry ${split + 1} holds ";", which the tags are sent delimited by: it would become two tags; give each tag as its own entry`,
			itemIndex,
			(entries[split] as string).trim(),
		);
	}
	return tags.join(';');
}

/**
 * The optional OrderInfo members of a collection: Tags as one semicolon-delimited text, GiftCard 0/1. `groups`
 * names the members of the collection that are not OrderInfo members (version 2's groups in Additional Fields).
 * `update` keeps the text members added and left empty, as '' (blank Tags too), so that they are cleared.
 */
export function readOrderInfoFields(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	// Stryker disable next-line ArrayDeclaration: passed on as readCollection's leaveOut (see there); both callers pass their groups anyway
	groups: readonly string[] = [],
	update = false,
): IDataObject {
	// none to keep outside an update: undefined gives readCollection's and compact's default, no list
	const clearable = update ? CLEARABLE_ORDER_INFO : undefined;
	const raw = readCollection(ctx, name, itemIndex, groups, clearable) ?? {};
	// no Tags: an empty list, joined to '', which compact() leaves out (or keeps as a clear, in an update)
	if ('Tags' in raw) raw.Tags = readTags(ctx, raw.Tags, itemIndex);
	return compact(raw, clearable);
}

function tableRows(ctx: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const table = nodeParameter(ctx, 'items', itemIndex, {}) as { item?: IDataObject[] };
	return (table.item ?? []).map((row, n) => {
		const { itemOptions, ...main } = row as IDataObject & { itemOptions?: IDataObject };
		main.itemNo = nodeParameter(ctx, `items.item[${n}].itemNo`, itemIndex, '', { extractValue: true }) as string;
		const options = { ...(itemOptions ?? {}) };
		const extra = jsonFieldValue(ctx, options.additionalFields, itemLabels(n + 1).AdditionalFields, itemIndex);
		options.additionalFields =
			extra && typeof extra === 'object' && Object.keys(extra).length === 0 ? undefined : (extra as IDataObject);
		// an option of blanks is left out, as an empty one is (not sent as the trimmed '')
		return compact(toWire({ ...main, ...options }));
	});
}

/** ItemsInfo from the table or the list expression, each line checked (an update reads "Keep Current Items" first). */
export function readItems(ctx: IExecuteFunctions, itemIndex: number): OrderItem[] {
	const input = readItemsInput(ctx, itemIndex);
	// a JSON line's member left empty (null, '' or blanks) is not sent, as the table's is not; a line that is no object is
	// refused by its check below
	const jsonRow = (row: unknown) => (isPlainObject(row) ? compact(row as IDataObject) : row);
	const rows = input === 'fields' ? tableRows(ctx, itemIndex) : itemsJsonLines(ctx, itemIndex).map(jsonRow);
	return rows.map((row, n) => validateBody(ctx, orderItem, row, itemLabels(n + 1), itemIndex));
}

/**
 * Contacts, shipment, delivery contact and items: only what the user set. `at` gives each group's parameter path
 * (see groupPaths in ../versions.ts). `update` clears the text fields added and left empty (sent as '') and refuses
 * an empty list of items.
 */
export function readOrderMembers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	at: (name: string) => string = (name) => name,
	update = false,
): IDataObject {
	// leaveOut undefined (none) and, outside an update, clearable undefined: the defaults, no list given
	const clear = (members: readonly string[]) => (update ? members : undefined);
	return compact({
		RecipientContactInfo: readCollection(ctx, at('recipientContactInfo'), itemIndex, undefined, clear(CLEARABLE_CONTACT)),
		BillingContactInfo: readCollection(ctx, at('billingContactInfo'), itemIndex, undefined, clear(CLEARABLE_CONTACT)),
		ShipmentInfo: readCollection(ctx, at('shipmentInfo'), itemIndex),
		DeliveryContactInfo: readCollection(ctx, at('deliveryContactInfo'), itemIndex, undefined, clear(CLEARABLE_DELIVERY)),
		ItemsInfo: (update ? updateItems(ctx, itemIndex, 'sales order', () => readItems(ctx, itemIndex)) : readItems(ctx, itemIndex)) as
			| IDataObject[]
			| undefined,
	});
}

/** Update Addresses' members: the recipient and the delivery location, their text fields added and left empty cleared. */
export function readAddressMembers(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return compact({
		RecipientContactInfo: readCollection(ctx, 'recipientContactInfo', itemIndex, undefined, CLEARABLE_CONTACT),
		DeliveryContactInfo: readCollection(ctx, 'deliveryContactInfo', itemIndex, undefined, CLEARABLE_DELIVERY),
	});
}
