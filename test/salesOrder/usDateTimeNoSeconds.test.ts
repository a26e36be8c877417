// A US date-time on a 24-hour clock without seconds ("3/2/2026 14:30", as Excel shows and exports a date-time) was
// refused as "must be a date" where "3/2/2026 2:30 PM" and "3/2/2026 14:30:00" were read. Read now (wire/dates.ts).
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

const order = (orderNo: string, extra: Record<string, unknown>) =>
	salesOrder('create', {
		orderNo,
		orderType: 'RETAIL',
		itemsInput: 'fields',
		items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
		...extra,
	});

describe('Create: a date-time as Excel writes it (M/D/YYYY H:mm, 24-hour, no seconds)', () => {
	it('Order Date "3/2/2026 14:30" is read as that moment in the workflow zone (New York), as "3/2/2026 2:30 PM" is', async () => {
		const result = await fx.run(actionWorkflow(order('XD-1', { additionalFields: { orderDate: '3/2/2026 14:30' } })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body as { OrderInfo: { OrderDate: string } }).OrderInfo.OrderDate).toBe('2026-03-02T19:30:00Z');
	});

	it('Requested Shipment Date "03/02/2026 09:05" is sent as 03/02/2026', async () => {
		const result = await fx.run(actionWorkflow(order('XD-2', { shipmentInfo: { requestedShipmentDate: '03/02/2026 09:05' } })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body as { ShipmentInfo: { RequestedShipmentDate: string } }).ShipmentInfo.RequestedShipmentDate).toBe('03/02/2026');
	});
});
