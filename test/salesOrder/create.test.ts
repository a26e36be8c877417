// Sales Order → Create, end to end through n8n's engine against the sandbox.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { salesOrders, skus } from '../sandbox/stores';
import { SKU_A, SKU_B, createFromItems, line, orderIn, paired, salesOrder, stock } from './helpers';

const fx = useSandbox();

const fullOrder = salesOrder('create', {
	orderNo: 'WEB-1001',
	orderType: 'CLUB',
	itemsInput: 'fields',
	items: {
		item: [
			{ itemNo: SKU_A, itemQuantity: 2, quantityUnit: 'RETAIL', itemOptions: { itemDescription: 'Cab 2019', externalLineNumber: 'L1' } },
			{
				itemNo: SKU_B,
				itemQuantity: 1,
				quantityUnit: 'WHOLESALE',
				itemOptions: { inventoryTaxStatus: 'GOOD-ST-BD', group: 'gift', additionalFields: '{"Engraving": "Happy 40th"}' },
			},
		],
	},
	recipientContactInfo: { firstName: 'Ada', lastName: 'Lovelace', address: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94558', emailAddress: 'ada@example.com' },
	billingContactInfo: { company: 'Lovelace LLC', city: 'Sonoma' },
	shipmentInfo: {
		shippingCarrier: 'FEX',
		shippingCarrierService: '2DAY',
		requestedShipmentDate: '2026-03-01T00:00:00',
		insurance: true,
		icePack: false,
		serviceWarehouseLocation: 'APC01',
	},
	deliveryContactInfo: { holdAtLocation: true, locationCode: 'FDX-NAPA-7' },
	additionalFields: {
		orderDate: '2026-02-27T10:30:00Z',
		giftCard: true,
		giftCardMessage: 'Enjoy!',
		tags: 'vip, club',
		poNo: 'PO-77',
	},
});

describe('Sales Order → Create', () => {
	it('sends every member the user set in the wire names and formats, and outputs the transaction reference number', async () => {
		const result = await fx.run(actionWorkflow(fullOrder));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.authShape).toBe('Authentication');
		expect(sent.status).toBe(201);
		expect(sent.body).toEqual({
			OrderInfo: {
				OrderNo: 'WEB-1001',
				OrderType: 'CLUB',
				OrderDate: '2026-02-27T10:30:00Z',
				GiftCard: 1,
				GiftCardMessage: 'Enjoy!',
				Tags: 'vip;club',
				PONo: 'PO-77',
			},
			RecipientContactInfo: {
				FirstName: 'Ada',
				LastName: 'Lovelace',
				Address: '1 Vine St',
				City: 'Napa',
				State: 'CA',
				ZipCode: '94558',
				EmailAddress: 'ada@example.com',
			},
			BillingContactInfo: { Company: 'Lovelace LLC', City: 'Sonoma' },
			ShipmentInfo: {
				ShippingCarrier: 'FEX',
				ShippingCarrierService: '2DAY',
				RequestedShipmentDate: '03/01/2026',
				Insurance: 1,
				IcePack: 0,
				ServiceWarehouseLocation: 'APC01',
			},
			DeliveryContactInfo: { HoldAtLocation: 1, LocationCode: 'FDX-NAPA-7' },
			ItemsInfo: [
				{ ItemNo: SKU_A, ItemQuantity: 2, QuantityUnit: 'RETAIL', ItemDescription: 'Cab 2019', ExternalLineNumber: 'L1' },
				{
					ItemNo: SKU_B,
					ItemQuantity: 1,
					QuantityUnit: 'WHOLESALE',
					InventoryTaxStatus: 'GOOD-ST-BD',
					Group: 'gift',
					AdditionalFields: { Engraving: 'Happy 40th' },
				},
			],
		});
		const [out] = result.output(ACTION_NODE);
		const order = salesOrders(fx.sandbox.state)[0];
		expect(out.json).toEqual({
			TransactionReferenceNumber: order.TransactionReferenceNumber,
			OrderNo: 'WEB-1001',
			OrderType: 'CLUB',
			OnHold: false,
			ItemCount: 2,
		});
		expect(order.TransactionReferenceNumber).toMatch(/^[0-9a-f-]{36}$/);
		expect(order.state).toBe('open');
		expect(paired(out)).toBe(0);
	});

	it('takes the items from one expression that yields a list (a store order mapped in), one order per input item', async () => {
		const store = [
			{ id: 'S-1', line_items: [{ sku: SKU_A, quantity: 3, line: 1 }] },
			{ id: 'S-2', line_items: [{ sku: SKU_A, quantity: 1, line: 1 }, { sku: SKU_B, quantity: '2', line: 2 }] },
		];
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: '={{ $json.id }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson:
						'={{ $json.line_items.map(l => ({ ItemNo: l.sku, ItemQuantity: l.quantity, ExternalLineNumber: l.line })) }}',
				}),
				{ items: store },
			),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateSalesOrder');
		expect(sent.map((r) => r.body.ItemsInfo)).toEqual([
			[{ ItemNo: SKU_A, ItemQuantity: 3, ExternalLineNumber: '1' }],
			[
				{ ItemNo: SKU_A, ItemQuantity: 1, ExternalLineNumber: '1' },
				{ ItemNo: SKU_B, ItemQuantity: 2, ExternalLineNumber: '2' },
			],
		]);
		expect(result.output(ACTION_NODE).map((i) => [i.json.OrderNo, paired(i)])).toEqual([
			['S-1', 0],
			['S-2', 1],
		]);
	});

	it('puts the order on fulfillment hold with Hold Order', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'H-1', orderType: 'RETAIL', holdOrder: true, items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } })),
		);
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body.HoldOrder).toBe(true);
		expect(result.output(ACTION_NODE)[0].json.OnHold).toBe(true);
		expect(salesOrders(fx.sandbox.state)[0].state).toBe('on-hold');
	});

	it('merges "Additional Fields (JSON)" into the body, objects member by member', async () => {
		await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'J-1',
					orderType: 'RETAIL',
					recipientContactInfo: { firstName: 'Ada' },
					additionalJson: '{"OrderInfo": {"SalesChannel": "POS"}, "RecipientContactInfo": {"LastName": "L"}, "Extra": 1}',
				}),
			),
		);
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body).toMatchObject({
			OrderInfo: { OrderNo: 'J-1', OrderType: 'RETAIL', SalesChannel: 'POS' },
			RecipientContactInfo: { FirstName: 'Ada', LastName: 'L' },
			Extra: 1,
		});
	});

	it('reserves the ordered stock, which Inventory → Get Status then shows', async () => {
		const before = { ...stock(fx, SKU_A) };
		await fx.run(
			actionWorkflow(
				salesOrder('create', { orderNo: 'R-1', orderType: 'RETAIL', items: { item: [{ itemNo: SKU_A, itemQuantity: 4 }] } }),
			),
		);
		const status = await fx.run(
			actionWorkflow({
				resource: 'inventory',
				operation: 'getStatus',
				warehouse: 'APC01',
				itemNumbers: SKU_A,
				inventoryStatuses: ['GOOD-NO-TX'],
				includeUnavailableItems: true,
				returnAll: true,
			}),
		);
		const [record] = status.output(ACTION_NODE);
		expect(record.json).toMatchObject({
			ItemNo: SKU_A,
			Warehouse: 'APC01',
			QuantityOnHand: before.QuantityOnHand,
			QuantityReserved: before.QuantityReserved + 4,
			QuantityAvailable: before.QuantityAvailable - 4,
		});
	});

	it('reserves in the warehouse the order ships from', async () => {
		const before = stock(fx, SKU_A, 'COB01').QuantityReserved;
		await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'R-2',
					orderType: 'RETAIL',
					shipmentInfo: { serviceWarehouseLocation: 'COB01' },
					items: { item: [{ itemNo: SKU_A, itemQuantity: 5 }] },
				}),
			),
		);
		expect(stock(fx, SKU_A, 'COB01').QuantityReserved).toBe(before + 5);
	});

	describe('refuses bad input before any request, naming the field and the rule', () => {
		const cases: Array<[string, Record<string, unknown>, string, string]> = [
			['a quantity of 0', { items: { item: [{ itemNo: SKU_A, itemQuantity: 0 }] } }, 'Items line 1 → Quantity (ItemQuantity)', 'whole number of at least 1'],
			[
				'a fractional quantity from the list',
				{ itemsInput: 'json', itemsJson: `=[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}, {"ItemNo": "${SKU_B}", "ItemQuantity": 2.5}]` },
				'Items line 2 → Quantity (ItemQuantity)',
				'whole number of at least 1',
			],
			['an item without ItemNo', { itemsInput: 'json', itemsJson: '[{"ItemQuantity": 1}]' }, 'Items line 1 → Item Number (ItemNo)', 'is required'],
			['a list that is not JSON', { itemsInput: 'json', itemsJson: '[{"ItemNo": ' }, 'Items (JSON)', 'must be valid JSON'],
			['an unknown quantity unit', { itemsInput: 'json', itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1, "QuantityUnit": "BOX"}]` }, 'Items line 1 → Quantity Unit (QuantityUnit)', 'must be one of RETAIL, WHOLESALE'],
			['a gift card without a message', { additionalFields: { giftCard: true } }, 'Gift Card Message', 'is required when Gift Card is on'],
			['an empty order number', { orderNo: '  ' }, 'Order Number', 'is required'],
			['an order date that is not a date', { additionalFields: { orderDate: 'next tuesday' } }, 'Order Date', 'must be a date'],
			['a bad warehouse code', { shipmentInfo: { serviceWarehouseLocation: '=apc 01' } }, 'Shipment → Warehouse', 'warehouse code'],
			['an unknown carrier from the JSON', { additionalJson: '{"ShipmentInfo": {"ShippingCarrier": "DHL"}}' }, 'Shipment → Carrier', 'must be one of FEX'],
			['Additional Fields (JSON) that is not an object', { additionalJson: '[1]' }, 'Additional Fields (JSON)', 'must be a JSON object'],
		];
		it.each(cases)('%s', async (_name, params, label, rule) => {
			const result = await fx.run(
				actionWorkflow(salesOrder('create', { orderNo: 'BAD-1', orderType: 'RETAIL', items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] }, ...params })),
			);
			expect(result.error?.message).toContain(`Invalid "${label}"`);
			expect(result.error?.message).toContain(rule);
			expect(await fx.control.requests()).toHaveLength(0);
		});
	});

	it("reports the provider's 400 naming an item that cannot be ordered (unknown or retired SKU)", async () => {
		skus(fx.sandbox.state).get(SKU_B)!.active = false;
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'X-1', orderType: 'RETAIL', items: { item: [{ itemNo: SKU_B, itemQuantity: 1 }] } })),
		);
		expect(result.error?.message).toContain('The provider rejected the request as invalid');
		expect(result.error?.message).toContain(`Item ${SKU_B} cannot be ordered`);
		expect(salesOrders(fx.sandbox.state)).toHaveLength(0);
	});

	it('with Continue On Fail, a failed order becomes an error item paired to its input and the others are created', async () => {
		const result = await fx.run(
			actionWorkflow(createFromItems(), {
				continueOnFail: true,
				items: [
					{ OrderNo: 'C-1', items: [line(SKU_A, 1)] },
					{ OrderNo: 'C-2', items: [line('NO-SUCH-SKU', 1)] },
					{ OrderNo: 'C-3', items: [line(SKU_A, 0)] },
					{ OrderNo: 'C-4', items: [line(SKU_B, 1)] },
				],
			}),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map(paired)).toEqual([0, 1, 2, 3]);
		expect(out[0].json.OrderNo).toBe('C-1');
		expect(out[1].json.error).toContain('Item NO-SUCH-SKU cannot be ordered');
		expect((out[1].json.details as { httpCode?: string }).httpCode).toBe('400');
		expect(out[2].json.error).toContain('Invalid "Items line 1 → Quantity (ItemQuantity)"');
		expect(out[3].json.OrderNo).toBe('C-4');
		expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo).sort()).toEqual(['C-1', 'C-4']);
		// The bad quantity never left: three requests for four items.
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(3);
	});

	it('does not resend a create that failed with a 500 after the provider processed it: one order, an error', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'F-500', orderType: 'RETAIL', items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } })),
		);
		expect(result.error?.message).toContain('internal error (500)');
		expect(result.error?.description).toContain('not resent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expect(salesOrders(fx.sandbox.state).filter((o) => o.OrderNo === 'F-500')).toHaveLength(1);
	});

	it('retries a 429 (Retry-After 0) that came before processing, and creates exactly one order', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0', path: 'CreateSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'F-429', orderType: 'RETAIL', items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } })),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateSalesOrder');
		expect(sent.map((r) => r.status)).toEqual([429, 201]);
		const orders = salesOrders(fx.sandbox.state);
		expect(orders).toHaveLength(1);
		expect(result.output(ACTION_NODE)[0].json.TransactionReferenceNumber).toBe(orders[0].TransactionReferenceNumber);
	});

	it('creates 2,000 orders in one run, output in input order, each paired to its item, no duplicates', async () => {
		const input = Array.from({ length: 2000 }, (_, i) => ({
			OrderNo: `BULK-${String(i).padStart(5, '0')}`,
			items: [line(i % 2 ? SKU_A : SKU_B, 1 + (i % 3))],
		}));
		const result = await fx.run(actionWorkflow(createFromItems(), { items: input }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(2000);
		out.forEach((item, i) => {
			expect(item.json.OrderNo).toBe(input[i].OrderNo);
			expect(paired(item)).toBe(i);
		});
		const orders = salesOrders(fx.sandbox.state);
		expect(orders).toHaveLength(2000);
		expect(new Set(orders.map((o) => o.OrderNo)).size).toBe(2000);
		const byRef = new Map(orders.map((o) => [o.TransactionReferenceNumber, o.OrderNo]));
		expect(out.every((item) => byRef.get(item.json.TransactionReferenceNumber as string) === item.json.OrderNo)).toBe(true);
		expect(orderIn(fx, out[1999].json.TransactionReferenceNumber as string).items[0].ItemQuantity).toBe(1 + (1999 % 3));
	});
});
