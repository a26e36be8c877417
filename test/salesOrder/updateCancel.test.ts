// Sales Order → Update and Cancel: locating, sending only what was set, the state machine and its errors (300/403/404).
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, SKU_B, createOrder, createOrders, line, orderIn, paired, salesOrder, stock } from './helpers';

const fx = useSandbox();

const update = (params: Record<string, unknown>) => actionWorkflow(salesOrder('update', params));
const cancel = (params: Record<string, unknown>) => actionWorkflow(salesOrder('cancel', params));

describe('Sales Order → Update', () => {
	it('located by transaction reference number, sends only the members the user set', async () => {
		const trn = await createOrder(fx, { OrderNo: 'U-1', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			update({
				locateBy: 'transactionReferenceNumber',
				transactionReferenceNumber: trn,
				updateFields: { specialInstructions: 'Leave at the back door', orderType: 'CLUB' },
				recipientContactInfo: { address2: 'Suite 5' },
				shipmentInfo: { icePack: true },
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({
			TransactionReferenceNumber: trn,
			OrderInfo: { SpecialInstructions: 'Leave at the back door', OrderType: 'CLUB' },
			RecipientContactInfo: { Address2: 'Suite 5' },
			ShipmentInfo: { IcePack: 1 },
		});
		expect(result.output(ACTION_NODE)[0].json).toEqual({
			TransactionReferenceNumber: trn,
			Updated: true,
			UpdatedMembers: ['OrderInfo.SpecialInstructions', 'OrderInfo.OrderType', 'RecipientContactInfo', 'ShipmentInfo'],
		});
		const order = orderIn(fx, trn);
		expect(order.OrderType).toBe('CLUB');
		expect(order.request).toMatchObject({ OrderInfo: { OrderNo: 'U-1', SpecialInstructions: 'Leave at the back door' } });
	});

	it('located by order number, sends it as OrderInfo.OrderNo', async () => {
		await createOrder(fx, { OrderNo: 'U-2', items: [line(SKU_A, 1)] });
		const result = await fx.run(update({ locateBy: 'orderNo', orderNo: 'U-2', updateFields: { poNo: 'PO-9' } }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ OrderInfo: { OrderNo: 'U-2', PONo: 'PO-9' } });
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'U-2', Updated: true });
	});

	it('releases an order from fulfillment hold', async () => {
		const trn = await createOrder(fx, { OrderNo: 'U-3', hold: true, items: [line(SKU_A, 1)] });
		expect(orderIn(fx, trn).state).toBe('on-hold');
		await fx.run(update({ transactionReferenceNumber: trn, hold: 'release' }));
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, HoldOrder: false });
		expect(orderIn(fx, trn).state).toBe('open');
		await fx.run(update({ transactionReferenceNumber: trn, hold: 'hold' }));
		expect(orderIn(fx, trn).state).toBe('on-hold');
	});

	it('replaces the items from a list and moves the reservation', async () => {
		const a = stock(fx, SKU_A).QuantityReserved;
		const b = stock(fx, SKU_B).QuantityReserved;
		const trn = await createOrder(fx, { OrderNo: 'U-4', items: [line(SKU_A, 3)] });
		expect(stock(fx, SKU_A).QuantityReserved).toBe(a + 3);
		await fx.run(
			update({ transactionReferenceNumber: trn, itemsInput: 'json', itemsJson: `[{"ItemNo": "${SKU_B}", "ItemQuantity": 2}]` }),
		);
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body.ItemsInfo).toEqual([{ ItemNo: SKU_B, ItemQuantity: 2 }]);
		expect(stock(fx, SKU_A).QuantityReserved).toBe(a);
		expect(stock(fx, SKU_B).QuantityReserved).toBe(b + 2);
	});

	it('refuses an update that changes nothing, before any request', async () => {
		const result = await fx.run(update({ transactionReferenceNumber: 'whatever' }));
		expect(result.error?.message).toContain('Nothing to update');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('refuses an empty locator, naming the field', async () => {
		// The editor requires the field; an expression can still yield nothing.
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: '={{ $json.no }}', updateFields: { poNo: 'x' } }), {
				items: [{ no: ' ' }],
			}),
		);
		expect(result.error?.message).toContain('Invalid "Order Number": is required');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('300: an order number that matches several orders says to use the transaction reference number', async () => {
		await createOrders(fx, [{ OrderNo: 'DUP-1' }, { OrderNo: 'DUP-1' }]);
		const result = await fx.run(update({ locateBy: 'orderNo', orderNo: 'DUP-1', updateFields: { poNo: 'x' } }));
		expect(result.error?.message).toBe('Several sales orders match this order number');
		expect(result.error?.description).toContain('Transaction Reference Number');
		expect(result.error?.httpCode).toBe('300');
	});

	it('403 once the order has shipped; 404 for an unknown order number', async () => {
		const trn = await createOrder(fx, { OrderNo: 'U-5', items: [line(SKU_A, 1)] });
		await fx.control.call('POST', 'ship-order', { TransactionReferenceNumber: trn });
		const shipped = await fx.run(update({ transactionReferenceNumber: trn, updateFields: { poNo: 'x' } }));
		expect(shipped.error?.message).toBe("The sales order's state has changed, so it cannot be updated or cancelled");
		expect(shipped.error?.description).toContain('shipped');
		const unknown = await fx.run(update({ locateBy: 'orderNo', orderNo: 'NOPE', updateFields: { poNo: 'x' } }));
		expect(unknown.error?.message).toBe('The order number was not found');
		expect(unknown.error?.httpCode).toBe('404');
	});

	// bug hunt 28: located by its transaction reference number (the default), an unknown order's 404 said "The order
	// number was not found", a number the user never gave
	it.each([
		['update', { updateFields: { poNo: 'x' } }],
		['cancel', {}],
	])('%s: 404 for an unknown transaction reference number names that number', async (operation, extra) => {
		const result = await fx.run(actionWorkflow(salesOrder(operation, { transactionReferenceNumber: '5a1d0000-0000-4000-8000-00000000ffff', ...extra })));
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe('The transaction reference number was not found');
		expect(result.error?.description).toContain('No sales order has this transaction reference number (the one Create returned)');
	});
});

describe('Sales Order → Cancel', () => {
	it('cancels by transaction reference number (CancelSalesOrder body per the field notes) and releases the reservation', async () => {
		const before = stock(fx, SKU_A).QuantityReserved;
		const trn = await createOrder(fx, { OrderNo: 'K-1', items: [line(SKU_A, 6)] });
		expect(stock(fx, SKU_A).QuantityReserved).toBe(before + 6);
		const result = await fx.run(cancel({ locateBy: 'transactionReferenceNumber', transactionReferenceNumber: trn }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CancelSalesOrder');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn });
		expect(result.output(ACTION_NODE)[0].json).toEqual({ TransactionReferenceNumber: trn, Cancelled: true });
		expect(orderIn(fx, trn).state).toBe('cancelled');
		expect(stock(fx, SKU_A).QuantityReserved).toBe(before);
	});

	it('cancels by order number, sent as OrderNumber', async () => {
		const trn = await createOrder(fx, { OrderNo: 'K-2' });
		await fx.run(cancel({ locateBy: 'orderNo', orderNo: 'K-2' }));
		const [sent] = await fx.control.requests('CancelSalesOrder');
		expect(sent.body).toEqual({ OrderNumber: 'K-2' });
		expect(orderIn(fx, trn).state).toBe('cancelled');
	});

	it('the deprecated path goes through UpdateSalesOrder with IsCancelOnly=true', async () => {
		const trn = await createOrder(fx, { OrderNo: 'K-3', items: [line(SKU_A, 1)] });
		const result = await fx.run(cancel({ locateBy: 'orderNo', orderNo: 'K-3', options: { deprecatedPath: true } }));
		expect(result.error).toBeUndefined();
		expect(await fx.control.requests('CancelSalesOrder')).toHaveLength(0);
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ OrderInfo: { OrderNo: 'K-3' } });
		// The sandbox cancels only when the query flag is there; without it this body would change nothing.
		expect(orderIn(fx, trn).state).toBe('cancelled');
		expect(result.output(ACTION_NODE)[0].json).toEqual({ OrderNo: 'K-3', Cancelled: true, UsedDeprecatedPath: true });
	});

	it('a cancelled order number no longer counts as a duplicate', async () => {
		const [first] = await createOrders(fx, [{ OrderNo: 'K-4' }]);
		await fx.run(cancel({ transactionReferenceNumber: first.json.TransactionReferenceNumber }));
		const second = await createOrder(fx, { OrderNo: 'K-4' });
		const result = await fx.run(cancel({ locateBy: 'orderNo', orderNo: 'K-4' }));
		expect(result.error).toBeUndefined();
		expect(orderIn(fx, second).state).toBe('cancelled');
	});

	it('403 when the order is already cancelled or shipped, 300 on duplicates, 404 when unknown', async () => {
		const shipped = await createOrder(fx, { OrderNo: 'K-5', items: [line(SKU_A, 1)] });
		await fx.control.call('POST', 'ship-order', { OrderNo: 'K-5' });
		await createOrders(fx, [{ OrderNo: 'K-6' }, { OrderNo: 'K-6' }]);
		const result = await fx.run(
			actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: '={{ $json.no }}' }), {
				continueOnFail: true,
				items: [{ no: 'K-5' }, { no: 'K-6' }, { no: 'K-404' }],
			}),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map(paired)).toEqual([0, 1, 2]);
		expect(out.map((o) => (o.json.details as { httpCode?: string }).httpCode)).toEqual(['403', '300', '404']);
		expect(out[0].json.error).toContain("state has changed");
		expect((out[0].json.details as { description?: string }).description).toContain('shipped');
		expect(out[1].json.error).toBe('Several sales orders match this order number');
		expect(out[2].json.error).toBe('The order number was not found');
		expect(orderIn(fx, shipped).state).toBe('shipped');
	});

	it('stops the run with the 403 when Continue On Fail is off', async () => {
		const trn = await createOrder(fx, { OrderNo: 'K-7' });
		await fx.run(cancel({ transactionReferenceNumber: trn }));
		const again = await fx.run(cancel({ transactionReferenceNumber: trn }));
		expect(again.error?.message).toBe("The sales order's state has changed, so it cannot be updated or cancelled");
		expect(again.error?.description).toContain('cancelled');
	});
});
