import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ALL_INVENTORY_STATUS, MAX_TOP, WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { statusRecordKey } from '../../wire/recordKeys';
import { STATUS_RECORDS, getStatusRequest } from '../../wire/inventory';
import { compact, hintUnknownWarehouses, validateBody } from '../common';
import { prepareQuery, queryProperties } from '../query';
import { withOptions, type Send } from '../operation';
import { nodeParameter, readList } from '../parameters';

const show = { resource: ['inventory'], operation: ['getStatus'] };

const properties: INodeProperties[] = [
	{
		displayName: 'Warehouse',
		name: 'warehouse',
		type: 'options',
		default: '',
		options: [
			{ name: 'All Warehouses', value: '' },
			...warehouseOptions(WAREHOUSES),
		],
		description: 'Only this warehouse; all warehouses when left at All Warehouses',
	},
	{
		displayName: 'Item Numbers',
		name: 'itemNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. CAB-2019, PINOT-2021',
		description:
			'Up to 5 item numbers (SKUs), separated by commas, or an expression returning a list. Empty means every item.',
	},
	{
		displayName: 'Inventory Statuses',
		name: 'inventoryStatuses',
		type: 'multiOptions',
		default: [],
		options: inventoryStatusOptions(ALL_INVENTORY_STATUS),
		description: 'Up to 5 inventory status codes. None selected means every status.',
	},
	{
		displayName: 'Include Unavailable Items',
		name: 'includeUnavailableItems',
		type: 'boolean',
		default: false,
		description: 'Whether to include items with nothing available',
	},
	...queryProperties(MAX_TOP),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	Warehouse: 'Warehouse',
	ItemNumbers: 'Item Numbers',
	InventoryStatuses: 'Inventory Statuses',
	IncludeUnavailableItems: 'Include Unavailable Items',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const body = validateBody(
		this,
		getStatusRequest,
		compact({
			Warehouse: nodeParameter(this, 'warehouse', itemIndex, '') as string,
			ItemNumbers: readList(this, nodeParameter(this, 'itemNumbers', itemIndex, ''), itemIndex, 'Item Numbers'),
			InventoryStatuses: readList(this, nodeParameter(this, 'inventoryStatuses', itemIndex, []), itemIndex, 'Inventory Statuses'),
			IncludeUnavailableItems: nodeParameter(this, 'includeUnavailableItems', itemIndex, false) as boolean,
			IncludeTotalRecordCount: true,
		}),
		labels,
		itemIndex,
	);
	hintUnknownWarehouses(this, 'Warehouse', [body.Warehouse]);
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getStatus,
			body: body as IDataObject,
			style: 'skipTop',
			recordsKey: STATUS_RECORDS,
			maxPageSize: MAX_TOP,
			recordKey: statusRecordKey,
		},
		itemIndex,
	);
}
