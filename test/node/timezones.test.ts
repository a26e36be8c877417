// Dates picked in the editor carry no offset: they are read in the workflow's time zone, as n8n's own nodes
// do. Date-only members keep the picked calendar day; date-time members are sent in UTC (README).
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, line, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 48 });

/** 2026-03-01 00:00 in each zone, as the instant it is. */
const MIDNIGHT_UTC: Record<string, string> = {
	'America/Los_Angeles': '2026-03-01T08:00:00Z',
	UTC: '2026-03-01T00:00:00Z',
	'Pacific/Kiritimati': '2026-02-28T10:00:00Z',
};

describe.each(Object.keys(MIDNIGHT_UTC))('workflow time zone %s', (timezone) => {
	it('Sales Order → Create: the picked ship date keeps its day, the picked order date is the zone\'s midnight in UTC', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'TZ-1',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([line(SKU_A, 1)]),
					shipmentInfo: { requestedShipmentDate: '2026-03-01T00:00:00' },
					additionalFields: { orderDate: '2026-03-01T00:00:00' },
				}),
				{ timezone },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body.ShipmentInfo as IDataObject).RequestedShipmentDate).toBe('03/01/2026');
		expect((sent.body.OrderInfo as IDataObject).OrderDate).toBe(MIDNIGHT_UTC[timezone]);
	});

	it('a date-time with its own offset means that instant in every zone', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'TZ-2',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([line(SKU_A, 1)]),
					additionalFields: { orderDate: '2026-03-01T00:00:00+02:00' },
				}),
				{ timezone },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body.OrderInfo as IDataObject).OrderDate).toBe('2026-02-28T22:00:00Z');
	});

	it('Inventory → Get Transactions: a picked day stays that day; a picked start is the zone\'s midnight in UTC', async () => {
		const byDay = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'date', transactionDate: '2026-03-01T00:00:00', limit: 1 },
				{ timezone },
			),
		);
		expect(byDay.error).toBeUndefined();
		const byRange = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '2026-03-01T00:00:00', limit: 1 },
				{ timezone },
			),
		);
		expect(byRange.error).toBeUndefined();
		const [day, range] = await fx.control.requests('GetTransactions');
		expect(day.body.TransactionDate).toBe('03/01/2026');
		expect(range.body.TransactionStartDateTime).toBe(MIDNIGHT_UTC[timezone]);
	});
});

describe('a date-only member given a moment keeps the day of the zone the value carries', () => {
	// 02:00 UTC on 03/08 is still 03/07 in New York: text with its own offset names its day there; a number of
	// epoch milliseconds carries no zone and is seen in the workflow's, as a picked date is
	const shipDate = async (requestedShipmentDate: unknown, orderNo: string) => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo,
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([line(SKU_A, 1)]),
					shipmentInfo: { requestedShipmentDate },
				}),
				{ timezone: 'America/New_York' },
			),
		);
		expect(result.error).toBeUndefined();
		const sent = (await fx.control.requests('CreateSalesOrder')).at(-1);
		return (sent?.body.ShipmentInfo as IDataObject).RequestedShipmentDate;
	};

	it.each([
		['text in UTC', 'TZ-D1', '2026-03-08T02:00:00Z', '03/08/2026'],
		['text with an offset', 'TZ-D2', '2026-03-07T21:00:00-05:00', '03/07/2026'],
		['epoch milliseconds', 'TZ-D3', Date.UTC(2026, 2, 8, 2), '03/07/2026'],
		['an expression\'s DateTime in UTC', 'TZ-D4', "={{ DateTime.fromISO('2026-03-08T02:00:00Z', { zone: 'utc' }) }}", '03/08/2026'],
	])('%s', async (_name, orderNo, value, day) => {
		expect(await shipDate(value, orderNo)).toBe(day);
	});
});
