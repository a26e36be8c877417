// A date given as a number, as Google Sheets ("unformatted values"), an Excel file read by Extract From File or a
// Stripe-style webhook hands it over: a number is read as epoch milliseconds only in the years 2000 to 2100. A
// spreadsheet serial number (46082 is 2026-03-01) or Unix seconds (1772323200 is 2026-03-01) was sent as a day in
// 1969 or 1970, and 1e15 as 09/26/33658; each is now refused, naming the field, before anything is sent.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 48 });

const NUMBER_RULE =
	'must be a date: a number is read as epoch milliseconds of the years 2000 to 2100; for a spreadsheet serial number or Unix seconds, format the cell as a date or convert it with an expression such as DateTime.fromSeconds($json.date)';

const SERIAL = 46082;
const UNIX_SECONDS = 1772323200;
/** 2026-03-01T00:00:00Z in epoch milliseconds: a number that is one. */
const EPOCH_MS = DateTime.fromISO('2026-03-01T00:00:00Z').toMillis();

const purchaseOrder = (requestedDate: string) => ({
	resource: 'purchaseOrder',
	operation: 'create',
	customerReferenceNo: 'PO-NUM',
	transportMethod: 'Pickup',
	requestedDate,
	receiveToLocation: 'APC01',
	inventoryStatusCode: 'GOOD-NO-TX',
	items: { item: [{ itemNo: SKU_A, itemQuantity: 2 }] },
});

const shipDate = (requestedShipmentDate: string) =>
	salesOrder('create', {
		orderNo: 'SO-NUM',
		orderType: 'RETAIL',
		sendOnce: false,
		items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
		shipmentInfo: { requestedShipmentDate },
	});

/** Runs `parameters` on one input item {d: value}: the value reaches the field through an expression, as a sheet row does. */
const runWith = (parameters: INodeParameters, value: unknown, timezone = 'UTC') =>
	fx.run(actionWorkflow(parameters, { items: [{ d: value as IDataObject[string] }], timezone }));

/** The numbers a date arrives as by mistake: none is epoch milliseconds of 2000 to 2100. */
const NUMBERS: Array<[string, number]> = [
	['a spreadsheet serial number', SERIAL],
	['Unix seconds', UNIX_SECONDS],
	['a number beyond the year 2100 (1e15)', 1e15],
];

describe('a date given as a number', () => {
	it.each(NUMBERS)('Purchase Order → Create: %s in Requested Date is refused, naming the field and the rule; nothing is sent', async (_case, value) => {
		const result = await runWith(purchaseOrder('={{ $json.d }}'), value);
		expect(result.error?.message).toBe(`Invalid "Requested Date": ${NUMBER_RULE} (got ${value})`);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(await fx.control.requests('CreatePurchaseOrder')).toEqual([]);
	});

	it.each(NUMBERS)('Sales Order → Create: %s in Requested Shipment Date is refused, naming the field; nothing is sent', async (_case, value) => {
		const result = await runWith(shipDate('={{ $json.d }}'), value);
		expect(result.error?.message).toBe(`Invalid "Shipment → Requested Shipment Date": ${NUMBER_RULE} (got ${value})`);
		expect(await fx.control.requests('CreateSalesOrder')).toEqual([]);
	});

	it('Sales Order → Create: a serial number in Order Date (a date-time member) is refused too', async () => {
		const result = await runWith(
			salesOrder('create', {
				orderNo: 'SO-NUM',
				orderType: 'RETAIL',
				sendOnce: false,
				items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
				additionalFields: { orderDate: '={{ $json.d }}' },
			}),
			SERIAL,
		);
		expect(result.error?.message).toBe(`Invalid "Order Date": ${NUMBER_RULE} (got ${SERIAL})`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('Tracking → Get Packages: a range end given as Unix seconds is refused, not sent as a 1970 range', async () => {
		const result = await runWith(
			{ resource: 'tracking', operation: 'getPackages', filters: { shipDateFrom: '={{ $json.d }}', shipDateTo: '2026-03-02T00:00:00' } },
			UNIX_SECONDS,
		);
		expect(result.error?.message).toBe(`Invalid "Ship Date From": ${NUMBER_RULE} (got ${UNIX_SECONDS})`);
		expect(await fx.control.requests('GetPackages')).toEqual([]);
	});

	it('epoch milliseconds are still read: Purchase Order and Sales Order send 03/01/2026', async () => {
		const po = await runWith(purchaseOrder('={{ $json.d }}'), EPOCH_MS);
		expect(po.error).toBeUndefined();
		const [sentPo] = await fx.control.requests('CreatePurchaseOrder');
		expect((sentPo.body.OrderInfo as IDataObject).RequestedDate).toBe('03/01/2026');

		const so = await runWith(shipDate('={{ $json.d }}'), EPOCH_MS);
		expect(so.error).toBeUndefined();
		const [sentSo] = await fx.control.requests('CreateSalesOrder');
		expect((sentSo.body.ShipmentInfo as IDataObject).RequestedShipmentDate).toBe('03/01/2026');
	});

	it("epoch milliseconds keep the day the workflow's time zone shows", async () => {
		// 2026-03-01 00:00 in Los Angeles is 08:00 UTC
		const ms = DateTime.fromISO('2026-03-01T00:00:00', { zone: 'America/Los_Angeles' }).toMillis();
		const result = await runWith(purchaseOrder('={{ $json.d }}'), ms, 'America/Los_Angeles');
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect((sent.body.OrderInfo as IDataObject).RequestedDate).toBe('03/01/2026');
	});
});

describe('a date outside the years 1900 to 2100', () => {
	it.each([
		['a two-digit year read as year 26', '0026-03-01'],
		['a five-digit year', '+033658-09-26'],
		['a year after 2100', '03/01/2126'],
		['a year before 1900', '1899-12-31'],
	])('Sales Order → Create: %s (%s) is refused, never sent with a year MM/DD/YYYY cannot hold', async (_case, value) => {
		const result = await runWith(shipDate('={{ $json.d }}'), value);
		expect(result.error?.message).toBe(`Invalid "Shipment → Requested Shipment Date": must be a date in the years 1900 to 2100 (got "${value}")`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('the first and last days of the range are sent', async () => {
		for (const [value, day] of [
			['1900-01-01', '01/01/1900'],
			['2100-12-31', '12/31/2100'],
		]) {
			await fx.control.call('DELETE', 'requests');
			const result = await runWith(purchaseOrder('={{ $json.d }}'), value);
			expect(result.error).toBeUndefined();
			const [sent] = await fx.control.requests('CreatePurchaseOrder');
			expect((sent.body.OrderInfo as IDataObject).RequestedDate).toBe(day);
			await fx.sandbox.reset({});
		}
	});
});
