// Shipping (the sandbox control), Get Orders On Hold and Get Returns, through n8n's engine.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { packages, returns, transactions } from '../sandbox/stores';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { SKU_A, SKU_B, createOrders, line, orderIn, paired, salesOrder, stock } from './helpers';

const fx = useSandbox();

describe('Shipping an order (sandbox control ship-order)', () => {
	it('moves reserved stock out, records Sales Orders transactions and creates one package', async () => {
		const a = { ...stock(fx, SKU_A) };
		const b = { ...stock(fx, SKU_B) };
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'SHIP-1',
					orderType: 'RETAIL',
					items: { item: [{ itemNo: SKU_A, itemQuantity: 2 }, { itemNo: SKU_B, itemQuantity: 1 }] },
					recipientContactInfo: { firstName: 'Ada', lastName: 'Lovelace', address: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94558' },
					shipmentInfo: { shippingCarrier: 'FEX', shippingCarrierService: 'GRND', icePack: true },
				}),
			),
		);
		const trn = result.output(ACTION_NODE)[0].json.TransactionReferenceNumber as string;
		const shipped = await fx.control.call<{ TrackingNo: string; state: string }>('POST', 'ship-order', { TransactionReferenceNumber: trn });
		expect(shipped.state).toBe('shipped');
		expect(orderIn(fx, trn).state).toBe('shipped');

		expect(stock(fx, SKU_A)).toMatchObject({
			QuantityOnHand: a.QuantityOnHand - 2,
			QuantityReserved: a.QuantityReserved,
			QuantityAvailable: a.QuantityAvailable - 2,
		});
		expect(stock(fx, SKU_B).QuantityOnHand).toBe(b.QuantityOnHand - 1);
		const moves = transactions(fx.sandbox.state).filter((t) => t.Reference === 'SHIP-1');
		expect(moves.map((t) => [t.ItemNo, t.Quantity, t.TransactionType, t.Warehouse, t.ShipToName])).toEqual([
			[SKU_A, -2, 'Sales Orders', 'APC01', 'Ada Lovelace'],
			[SKU_B, -1, 'Sales Orders', 'APC01', 'Ada Lovelace'],
		]);

		const [pkg] = packages(fx.sandbox.state);
		expect(pkg).toMatchObject({
			OrderNumber: 'SHIP-1',
			Carrier: 'FEX',
			Service: 'GRND',
			TrackingNo: shipped.TrackingNo,
			Status: 'SHIPPED',
			Warehouse: 'APC01',
			IcePack: true,
			ShipDate: new Date(fx.sandbox.state.now()).toISOString(),
			lastActivityAt: fx.sandbox.state.now(),
			ShipTo: { Name: 'Ada Lovelace', Address: '1 Vine St', City: 'Napa', State: 'CA', ZipCode: '94558' },
			PackageItems: [
				{ ItemNo: SKU_A, Quantity: 2 },
				{ ItemNo: SKU_B, Quantity: 1 },
			],
		});
		expect(pkg.TrackingURL).toContain(pkg.TrackingNo);
		await expect(fx.control.call('POST', 'ship-order', { TransactionReferenceNumber: trn })).rejects.toThrow(/state/);
	});
});

describe('Sales Order → Get Orders On Hold', () => {
	const onHold = (params: Record<string, unknown> = {}) => actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false, ...params }));

	it('sends the credentials flat and yields one item per order on hold, in the field-notes record shape', async () => {
		await createOrders(fx, [
			{ OrderNo: 'HOLD-1', hold: true, items: [line(SKU_A, 2)] },
			{ OrderNo: 'OPEN-1', items: [line(SKU_A, 1)] },
			{ OrderNo: 'HOLD-2', hold: true, items: [line(SKU_B, 1)] },
		]);
		const result = await fx.run(onHold());
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetOrdersOnHold');
		expect(sent.authShape).toBe('flat');
		expect(sent.status).toBe(200);
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => i.json.OrderNo)).toEqual(['HOLD-1', 'HOLD-2']);
		expect(out.every((i) => paired(i) === 0)).toBe(true);
		expect(out[0].json).toMatchObject({
			CustomerNo: SANDBOX_CREDENTIALS.customerNo,
			OrderType: 'RETAIL',
			ShippingWarehouse: 'APC01',
			HoldReason: 'CUSTOMER',
			OrderOnHoldItems: [{ ItemNo: SKU_A, Quantity: 2, QuantityReserved: 2 }],
		});
	});

	it('404 means none on hold: no items and no error', async () => {
		await createOrders(fx, [{ OrderNo: 'OPEN-2' }]);
		const result = await fx.run(onHold());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(0);
		const [sent] = await fx.control.requests('GetOrdersOnHold');
		expect(sent.status).toBe(404);
	});

	it('a released order leaves the list; Limit trims it', async () => {
		const outs = await createOrders(fx, [1, 2, 3].map((n) => ({ OrderNo: `HL-${n}`, hold: true })));
		await fx.run(actionWorkflow(salesOrder('update', { transactionReferenceNumber: outs[0].json.TransactionReferenceNumber, hold: 'release' })));
		const all = await fx.run(onHold());
		expect(all.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['HL-2', 'HL-3']);
		const limited = await fx.run(onHold({ returnAll: false, limit: 1 }));
		expect(limited.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['HL-2']);
	});
});

describe('Sales Order → Get Returns', () => {
	/** Get Returns on version 2 (its settings in Options) */
	const getReturns = (params: Record<string, unknown> = {}) =>
		actionWorkflow(salesOrder('getReturns', { simplify: false, ...params }), { typeVersion: 2 });

	async function seedReturns() {
		await createOrders(fx, [
			{ OrderNo: 'RT-1', items: [line(SKU_A, 2)] },
			{ OrderNo: 'RT-2', items: [line(SKU_B, 1)] },
			{ OrderNo: 'RT-3', items: [line(SKU_A, 1)] },
		]);
		for (const no of ['RT-1', 'RT-2', 'RT-3']) await fx.control.call('POST', 'ship-order', { OrderNo: no });
		await fx.control.call('POST', 'create-return', { OrderNo: 'RT-1', ReceivedDate: '2026-01-10T12:00:00Z' });
		await fx.control.call('POST', 'create-return', { OrderNo: 'RT-2', ReceivedDate: '2026-01-12T12:00:00Z', DispositionCode: 'Reship', Warehouse: 'COB01' });
		await fx.control.call('POST', 'create-return', { OrderNo: 'RT-3', ReceivedDate: '2026-01-15T12:00:00Z', DispositionCode: 'Return to Winery' });
	}

	it('returns every return over several pages with Return All, in the field-notes shape', async () => {
		await seedReturns();
		const result = await fx.run(getReturns({ returnAll: true, options: { pageSize: 2 } }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => i.json)).toEqual(returns(fx.sandbox.state));
		expect(out[0].json).toMatchObject({
			OrderNo: 'RT-1',
			RMANumber: expect.stringMatching(/^RMA-/),
			DispositionCode: 'Return to Inventory',
			ReturnWarehouse: 'APC01',
			OriginalTrackingNumber: packages(fx.sandbox.state)[0].TrackingNo,
			ShippngServiceCode: 'GRND',
			ReturnSalesOrderLines: [{ ItemNo: SKU_A, Quantity: 2, UOM: 'Bottle' }],
		});
		const pages = await fx.control.requests('GetReturns');
		// the second page asked one record early: it begins with the return the first ended with
		expect(pages.map((p) => [p.body.Skip, p.body.Top])).toEqual([
			[0, 2],
			[1, 2],
		]);
	});

	it('sends the filters in their wire form and yields only the matching returns', async () => {
		await seedReturns();
		const result = await fx.run(
			getReturns({
				returnAll: true,
				filters: {
					orderNumbers: 'RT-1, RT-2, RT-3',
					startTime: '2026-01-11T00:00:00Z',
					endTime: '2026-01-20T00:00:00Z',
					dispositionCode: 'Reship',
					warehouse: 'COB01',
					includeTotalRecordCount: true,
				},
			}),
		);
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['RT-2']);
		const [sent] = await fx.control.requests('GetReturns');
		expect(sent.body).toEqual({
			OrderNumbers: ['RT-1', 'RT-2', 'RT-3'],
			StartTime: '2026-01-11T00:00:00Z',
			EndTime: '2026-01-20T00:00:00Z',
			DispositionCode: 'Reship',
			Warehouse: 'COB01',
			IncludeTotalRecordCount: true,
			Skip: 0,
			Top: 100,
		});
	});

	it('stops at the limit', async () => {
		await seedReturns();
		const result = await fx.run(getReturns({ returnAll: false, limit: 2 }));
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['RT-1', 'RT-2']);
		const sent = await fx.control.requests('GetReturns');
		expect(sent).toHaveLength(1);
		expect(sent[0].body.Top).toBe(2);
	});

	it.each([
		['more than 100 order numbers', { orderNumbers: Array.from({ length: 101 }, (_, i) => `O${i}`).join(',') }, 'Order Numbers', 'at most 100 order numbers'],
		['an end before the start', { startTime: '2026-01-11T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }, 'End Time', 'must not be before Start Time'],
	])('refuses %s before any request', async (_name, filters, label, rule) => {
		const result = await fx.run(getReturns({ filters }));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
