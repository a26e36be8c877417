import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ALL_INVENTORY_STATUS, WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import {
	TRANSACTIONS_MAX_TOP,
	TRANSACTION_RECORDS,
	TRANSACTION_TYPES,
	closedAtReadStart,
	getTransactionsRequest,
} from '../../wire/inventory';
import { simpleTransaction } from '../../wire/simplify';
import { additionalJsonProperty, compact, hintOnce, hintUnknownWarehouses, validateBody, withAdditionalJson } from '../common';
import { prepareQuery, queryProperties } from '../query';
import { simplifier, simplifyProperty } from '../simplify';
import { withOptions, type Send } from '../operation';
import { invalidField, nodeParameter, readChoice, readList } from '../parameters';

const show = { resource: ['inventory'], operation: ['getTransactions'] };

const properties: INodeProperties[] = [
	{
		displayName: 'Date Filter',
		name: 'dateFilter',
		type: 'options',
		default: 'date',
		options: [
			{
				name: 'Date-Time Range',
				value: 'range',
				description: 'Transactions from a start date-time, up to an optional end date-time',
			},
			{ name: 'Transaction Date', value: 'date', description: 'Every transaction of one day' },
		],
		description: 'The provider needs exactly one of a transaction date or a start date-time',
	},
	{
		displayName: 'Transaction Date',
		name: 'transactionDate',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { dateFilter: ['date'] } },
		description: 'The day of the transactions (sent as MM/DD/YYYY)',
	},
	{
		displayName: 'Start Date-Time',
		name: 'startDateTime',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { dateFilter: ['range'] } },
		description: 'Transactions from this moment (sent as ISO 8601 in UTC)',
	},
	{
		displayName: 'End Date-Time',
		name: 'endDateTime',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { dateFilter: ['range'] } },
		description:
			"Transactions up to this moment (sent as ISO 8601 in UTC). Empty, or later than the moment the read starts, means up to that moment: movements recorded while the pages are read come in the next run. A day (picked with its time left at 00:00:00, or given as 2026-01-04 or 01/04/2026) means through the end of that day: 23:59:59.999 in the workflow's time zone. A time of day, an offset (Z, +02:00) or an expression's DateTime is taken as that moment.",
	},
	{
		displayName: 'Transaction Type',
		name: 'transactionType',
		type: 'options',
		default: '',
		options: [{ name: 'Any Type', value: '' }, ...TRANSACTION_TYPES.map((t) => ({ name: t, value: t }))],
		description:
			'Only this kind of movement. The interface says a type is needed unless another, unnamed filter is given: if the provider asks for one, pick it here.',
	},
	{
		displayName: 'Warehouse',
		name: 'warehouse',
		type: 'options',
		default: '',
		options: [{ name: 'All Warehouses', value: '' }, ...warehouseOptions(WAREHOUSES)],
		description: 'Only this warehouse; all warehouses when left at All Warehouses',
	},
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		description: 'Only transactions of this reference (e.g. an order or purchase order reference)',
	},
	{
		displayName: 'Inventory Status',
		name: 'inventoryStatus',
		type: 'options',
		default: '',
		options: [{ name: 'Any Status', value: '' }, ...inventoryStatusOptions(ALL_INVENTORY_STATUS)],
		description: 'Only this inventory status',
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
	additionalJsonProperty('{"SomeFilter": "value"}'),
	simplifyProperty,
	...queryProperties(TRANSACTIONS_MAX_TOP),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	TransactionDate: 'Transaction Date',
	TransactionStartDateTime: 'Start Date-Time',
	TransactionEndDateTime: 'End Date-Time',
	TransactionType: 'Transaction Type',
	Warehouse: 'Warehouse',
	Reference: 'Reference',
	InventoryStatus: 'Inventory Status',
	ItemNumbers: 'Item Numbers',
};

/**
 * Whether Date Filter is Date-Time Range; Transaction Date (the default) when the parameter is absent. An expression
 * giving another value is refused (before, any other ran as Transaction Date).
 */
function inRangeMode(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return readChoice(ctx, 'dateFilter', itemIndex, 'Date Filter', ['date', 'range'], 'date') === 'range';
}

function dateMembers(ctx: IExecuteFunctions, itemIndex: number, range: boolean): IDataObject {
	if (range) {
		return {
			TransactionStartDateTime: nodeParameter(ctx, 'startDateTime', itemIndex, '') as string,
			TransactionEndDateTime: nodeParameter(ctx, 'endDateTime', itemIndex, '') as string,
		};
	}
	return { TransactionDate: nodeParameter(ctx, 'transactionDate', itemIndex, '') as string };
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const range = inRangeMode(this, itemIndex);
	const filters = compact({
		...dateMembers(this, itemIndex, range),
		TransactionType: nodeParameter(this, 'transactionType', itemIndex, '') as string,
		Warehouse: nodeParameter(this, 'warehouse', itemIndex, '') as string,
		Reference: nodeParameter(this, 'reference', itemIndex, '') as string,
		InventoryStatus: nodeParameter(this, 'inventoryStatus', itemIndex, '') as string,
		ItemNumbers: readList(this, nodeParameter(this, 'itemNumbers', itemIndex, ''), itemIndex, 'Item Numbers'),
	});
	const merged = compact(withAdditionalJson(this, filters, itemIndex));
	// in Date-Time Range mode the panel shows Start Date-Time, not Transaction Date: a missing date is named there
	if (range && merged.TransactionDate === undefined && merged.TransactionStartDateTime === undefined) {
		// the parameter is shown in this mode, so always there: null only keeps n8n from throwing for a missing one
		throw invalidField(this, 'Start Date-Time', 'is required', itemIndex, nodeParameter(this, 'startDateTime', itemIndex, null));
	}
	const body = validateBody(this, getTransactionsRequest, merged, labels, itemIndex);
	hintUnknownWarehouses(this, 'Warehouse', [body.Warehouse]);
	if (body.TransactionType && !(TRANSACTION_TYPES as readonly string[]).includes(body.TransactionType)) {
		hintOnce(this, `Transaction type "${body.TransactionType}" is not one of the kinds the interface names; it was sent as given.`);
	}
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getTransactions,
			body: body as IDataObject,
			style: 'skipTop',
			recordsKey: TRANSACTION_RECORDS,
			maxPageSize: TRANSACTIONS_MAX_TOP,
			shape: simplifier(this, itemIndex, simpleTransaction),
			// an open range, or one ending later, would take in movements recorded while it is read: it ends when the read starts
			atStart: (filters) => {
				const { body: closed, end } = closedAtReadStart(filters, DateTime.utc());
				return {
					body: closed,
					notice:
						end &&
						`Movements up to ${end}, the moment the read started, were read (End Date-Time was ${filters.TransactionEndDateTime === undefined ? 'empty' : 'later'}): movements recorded after it are not in this output, a later run reads them.`,
				};
			},
			// a day's movements keep coming while the day goes on; a range's end is fixed when the read starts (atStart)
			whenChanging:
				body.TransactionDate === undefined
					? undefined
					: "Movements of a day that is not over keep arriving while it is read: Date Filter 'Date-Time Range' with Start Date-Time at that day and End Date-Time empty reads up to the moment the read starts.",
			// no recordKey: a transaction carries no number of its own (FN), and two lines alike in every member (one order's
			// two boxes of one wine) are two records; a history that grows changes the total, which is compared
		},
		itemIndex,
	);
}
