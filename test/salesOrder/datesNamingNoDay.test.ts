// A date field given text that names no calendar day (a time alone, a bare number, a year or a month): refused before
// any request with the date rule, never sent as some day. luxon's ISO parser reads "12" and "10:00" as today at that
// time: a sheet's " 12 " once created the order with today's date.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { transferHeader } from '../transferOrder/parameters';
import { SKU_A, line, salesOrder } from './helpers';

const fx = useSandbox({ inventoryRecords: 48 });

const DATE_RULE = 'must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY';

describe('date fields: text that names no day is refused, not sent as today', () => {
	it.each([[' 12 '], ['12'], ['10:00'], ['10:00:00Z'], ['2026'], ['2026-03'], ['2026-W10']])(
		'Sales Order → Create: Requested Ship Date %j is refused naming the field, nothing sent',
		async (value) => {
			const result = await fx.run(
				actionWorkflow(
					salesOrder('create', {
						orderNo: 'NO-DAY-1',
						orderType: 'RETAIL',
						itemsInput: 'json',
						itemsJson: JSON.stringify([line(SKU_A, 1)]),
						shipmentInfo: { requestedShipmentDate: '={{ $json.day }}' },
					}),
					{ timezone: 'America/New_York', items: [{ day: value }] },
				),
			);
			expect(result.error?.message).toBe(`Invalid "Shipment → Requested Shipment Date": ${DATE_RULE} (got ${JSON.stringify(value)})`);
			expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
		},
	);

	it.each([[' 12 '], ['10:00']])('Transfer Order → Create: Requested Date %j is refused, nothing sent', async (value) => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'transferOrder',
					operation: 'create',
					...transferHeader('TR-NO-DAY'),
					requestedDate: '={{ $json.day }}',
					items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 1 }] },
				} as INodeParameters,
				{ timezone: 'UTC', items: [{ day: value }] },
			),
		);
		expect(result.error?.message).toMatch(/Requested Date/);
		expect(result.error?.message).toContain(DATE_RULE);
		expect(await fx.control.requests('CreateTransferOrder')).toHaveLength(0);
	});

	it.each([
		['2026-03-12', '03/12/2026'],
		['20260312', '03/12/2026'],
		['2026-071', '03/12/2026'],
		['2026-W11-4', '03/12/2026'],
		['2026-03-12T10:00:00', '03/12/2026'],
		['3/12/2026', '03/12/2026'],
	])('Sales Order → Create: Requested Ship Date %j (it names a day) is sent as %s', async (value, sent) => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'DAY-1',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([line(SKU_A, 1)]),
					shipmentInfo: { requestedShipmentDate: '={{ $json.day }}' },
				}),
				{ timezone: 'America/New_York', items: [{ day: value }] },
			),
		);
		expect(result.error).toBeUndefined();
		const bodies = await fx.control.requests('CreateSalesOrder');
		expect(bodies.map((b) => (b.body.ShipmentInfo as IDataObject).RequestedShipmentDate)).toEqual([sent]);
	});
});
