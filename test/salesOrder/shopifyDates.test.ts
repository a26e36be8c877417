// Order Date as Shopify's CSV export writes "Created at": 2024-03-08 10:15:00 -0500, a space before the time and one
// before the offset. It is that instant (15:15 UTC), whatever the workflow's time zone; without the offset the text
// is read in the workflow's zone, as before.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

const create = (orderDate: string, timezone = 'America/New_York') =>
	actionWorkflow(
		salesOrder('create', {
			orderNo: 'SHOP-1001',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
			additionalFields: { orderDate: `={{ ${JSON.stringify(orderDate)} }}` },
		}),
		{ timezone },
	);

const sentOrderDates = async () =>
	(await fx.control.requests('CreateSalesOrder')).map((r) => (r.body.OrderInfo as IDataObject).OrderDate);

describe('Sales Order → Create: Order Date with a space before its offset', () => {
	it.each([
		['2024-03-08 10:15:00 -0500', '2024-03-08T15:15:00Z'],
		['2024-03-08 10:15:00 -05:00', '2024-03-08T15:15:00Z'],
		['2024-03-08 10:15:00 +0100', '2024-03-08T09:15:00Z'],
		['2024-03-08 10:15 -05', '2024-03-08T15:15:00Z'],
	])('%s is sent as %s, in any workflow zone', async (given, expected) => {
		for (const zone of ['America/Los_Angeles', 'Asia/Tokyo']) {
			const result = await fx.run(create(given, zone));
			expect(result.error).toBeUndefined();
		}
		expect(await sentOrderDates()).toEqual([expected, expected]);
	});

	it('without an offset the time is read in the workflow zone, as before', async () => {
		await fx.run(create('2024-03-08 10:15:00', 'America/Los_Angeles'));
		expect(await sentOrderDates()).toEqual(['2024-03-08T18:15:00Z']);
	});

	it.each([['2024-03-08 10:15:00 EST'], ['2024-03-08 10:15:00 -5'], ['2024-03-08 10:15:00 - 0500']])('%s is refused before sending', async (given) => {
		const result = await fx.run(create(given));
		expect(result.error?.message).toMatch(/^Invalid "Order Date": must be a date/);
		expect(await fx.control.requests()).toEqual([]);
	});
});
