import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { WAREHOUSES } from '../../wire/common';
import { warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { returnRecordKey } from '../../wire/recordKeys';
import {
	DISPOSITION_CODES,
	MAX_RETURN_ORDER_NUMBERS,
	RETURNS_MAX_TOP,
	RETURNS_RECORDS,
	getReturnsRequest,
} from '../../wire/salesOrder';
import { simpleReturn } from '../../wire/simplify';
import { additionalJsonProperty, compact, hintUnknownWarehouses, validateBody, withAdditionalJson } from '../common';
import { prepareQuery, queryProperties } from '../query';
import { simplifier, simplifyProperty } from '../simplify';
import { toWire } from '../wireNames';
import { withOptions, type Send } from '../operation';
import { nodeParameter, readList } from '../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Disposition Code',
				name: 'dispositionCode',
				type: 'options',
				default: 'Return to Inventory',
				options: DISPOSITION_CODES.map((code) => ({ name: code, value: code })),
				description: 'Only returns with this disposition',
			},
			{
				displayName: 'End Time',
				name: 'endTime',
				type: 'dateTime',
				default: '',
				description:
					"Only returns up to this time (sent as ISO 8601 in UTC). A day (picked with its time left at 00:00:00, or given as 2026-01-04 or 01/04/2026) means through the end of that day: 23:59:59.999 in the workflow's time zone. A time of day, an offset (Z, +02:00) or an expression's DateTime is taken as that moment.",
			},
			{
				displayName: 'Include Total Record Count',
				name: 'includeTotalRecordCount',
				type: 'boolean',
				default: true,
				description:
					'Whether the provider counts all matching returns (shown with One Item per Page output). Asked for unless turned off here: with the count, Return All notices a return taken away between its pages.',
			},
			{
				displayName: 'Order Numbers',
				name: 'orderNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. 10001, 10002',
				description: `Up to ${MAX_RETURN_ORDER_NUMBERS} order numbers, separated by commas, or an expression returning a list`,
			},
			{
				displayName: 'Start Time',
				name: 'startTime',
				type: 'dateTime',
				default: '',
				description: 'Only returns from this time on (sent as ISO 8601 in UTC)',
			},
			{
				displayName: 'Warehouse',
				name: 'warehouse',
				type: 'options',
				default: 'APC01',
				options: warehouseOptions(WAREHOUSES),
				description: 'Only returns received at this warehouse',
			},
		],
	},
	simplifyProperty,
	...queryProperties(RETURNS_MAX_TOP),
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show: { resource: ['salesOrder'], operation: ['getReturns'] } }, withOptions(properties));

const labels = {
	OrderNumbers: 'Order Numbers',
	StartTime: 'Start Time',
	EndTime: 'End Time',
	DispositionCode: 'Disposition Code',
	Warehouse: 'Warehouse',
	IncludeTotalRecordCount: 'Include Total Record Count',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const filters = toWire(nodeParameter(this, 'filters', itemIndex, {}) as IDataObject);
	// none given reads as [], which compact leaves out
	filters.OrderNumbers = readList(this, filters.OrderNumbers, itemIndex, 'Order Numbers');
	// the count unless turned off: without it a return taken away from an earlier page shifts the next one unnoticed
	filters.IncludeTotalRecordCount ??= true;
	const body = validateBody(
		this,
		getReturnsRequest,
		withAdditionalJson(this, compact(filters), itemIndex),
		labels,
		itemIndex,
	);
	hintUnknownWarehouses(this, 'Warehouse', [body.Warehouse]);
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getReturns,
			body: body as IDataObject,
			style: 'skipTop',
			recordsKey: RETURNS_RECORDS,
			maxPageSize: RETURNS_MAX_TOP,
			shape: simplifier(this, itemIndex, simpleReturn),
			recordKey: returnRecordKey,
		},
		itemIndex,
	);
}
