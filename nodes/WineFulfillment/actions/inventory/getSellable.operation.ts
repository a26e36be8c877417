import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { WAREHOUSES } from '../../wire/common';
import { ORDER_TYPE_LABELS, codeOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { sellableRecordKey } from '../../wire/recordKeys';
import {
	SELLABLE_MAX_PAGE_SIZE,
	SELLABLE_ORDER_TYPES,
	SELLABLE_RECORDS,
	getSellableRequest,
} from '../../wire/inventory';
import { additionalJsonProperty, compact, hintUnknownWarehouses, validateBody, withAdditionalJson } from '../common';
import { toWire } from '../wireNames';
import { prepareQuery, queryProperties } from '../query';
import { readSettings } from '../versions';
import { withOptions, type Send } from '../operation';
import { nodeParameter, readList } from '../parameters';

const show = { resource: ['inventory'], operation: ['getSellable'] };

const flag = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

/** Options of the provider's query (version 1: Options, `sellableOptions`; from version 2 on in Options with the rest). */
const sellableOptions: INodeProperties = {
	displayName: 'Options',
	name: 'sellableOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		flag('Include Incoming Inventory', 'includeIncomingInventory', 'Whether to count stock on inbound purchase orders'),
		flag('Include Library Inventory', 'includeLibraryInventory', 'Whether to count library inventory'),
		flag('Include Storage Inventory', 'includeStorageInventory', 'Whether to count storage inventory'),
		flag('Include Unavailable Items', 'includeUnavailableItems', 'Whether to include items with nothing to sell'),
		{
			displayName: 'Order Source',
			name: 'orderSource',
			type: 'string',
			default: '',
			description: 'The sales channel the quantities are for, as your account names it',
		},
		{
			displayName: 'Order Type',
			name: 'orderType',
			type: 'options',
			default: 'RETAIL',
			options: codeOptions(SELLABLE_ORDER_TYPES, ORDER_TYPE_LABELS),
			description: 'The order type the quantities are for',
		},
		flag('Verbose', 'verbose', 'Whether the provider should add detail to each item'),
	],
};

const SELLABLE_SETTINGS = (sellableOptions.options as INodeProperties[]).map((option) => option.name);

const properties: INodeProperties[] = [
	{
		displayName: 'Item Numbers',
		name: 'itemNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. CAB-2019, PINOT-2021',
		description: 'Item numbers (SKUs), separated by commas, or an expression returning a list. Empty means every item.',
	},
	{
		displayName: 'Warehouses',
		name: 'warehouses',
		type: 'multiOptions',
		default: [],
		options: warehouseOptions(WAREHOUSES),
		description: 'Total only these warehouses. None selected means every location with sellable stock.',
	},
	sellableOptions,
	additionalJsonProperty('{"SomeFilter": "value"}'),
	...queryProperties(SELLABLE_MAX_PAGE_SIZE),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	ItemNumbers: 'Item Numbers',
	Warehouses: 'Warehouses',
	OrderType: 'Order Type',
	OrderSource: 'Order Source',
	IncludeIncomingInventory: 'Include Incoming Inventory',
	IncludeLibraryInventory: 'Include Library Inventory',
	IncludeStorageInventory: 'Include Storage Inventory',
	IncludeUnavailableItems: 'Include Unavailable Items',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const filters = compact({
		ItemNumbers: readList(this, nodeParameter(this, 'itemNumbers', itemIndex, ''), itemIndex, 'Item Numbers'),
		Warehouses: readList(this, nodeParameter(this, 'warehouses', itemIndex, []), itemIndex, 'Warehouses'),
		...toWire(readSettings(this, 'sellableOptions', itemIndex, SELLABLE_SETTINGS)),
	});
	const body = validateBody(
		this,
		getSellableRequest,
		compact(withAdditionalJson(this, filters, itemIndex)),
		labels,
		itemIndex,
	);
	hintUnknownWarehouses(this, 'Warehouses', body.Warehouses ?? []);
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getSellable,
			body: body as IDataObject,
			style: 'pageNumber',
			recordsKey: SELLABLE_RECORDS,
			maxPageSize: SELLABLE_MAX_PAGE_SIZE,
			recordKey: sellableRecordKey,
		},
		itemIndex,
	);
}
