// Additional Fields (JSON) in another letter case than the interface's: the provider (.NET) reads member names in any
// case, the last spelling winning, so {"transactionReferenceNumber": ...} addresses an order as TransactionReferenceNumber
// does. The node reads such a member as the interface's member (renamed before the merge), so the locator guard and the
// gift-card and hold-at-location rules hold for any letter case, and refuses two spellings of one member in one object.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, orderIn, salesOrder } from './helpers';

const fx = useSandbox();

const JSON_REFUSED = 'Invalid "Additional Fields (JSON)": its';
const ITEMS = { items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } };

/** What each operation needs besides the locator to be sent. */
const REST: Record<string, Record<string, unknown>> = {
	cancel: {},
	update: { updateFields: { specialInstructions: 'x' } },
	updateAddresses: { recipientContactInfo: { city: 'Sonoma' } },
	generateJitLabel: { labelType: 'Label', format: 'PDF' },
};

describe('a locator member of Additional Fields (JSON) in another letter case', () => {
	it.each(['cancel', 'update', 'updateAddresses', 'generateJitLabel'])(
		'%s by Order Number with "transactionReferenceNumber" of another order: refused as TransactionReferenceNumber, the other order untouched',
		async (operation) => {
			await createOrder(fx, { OrderNo: 'MC-KEEP', items: [line(SKU_A, 1)] });
			const other = await createOrder(fx, { OrderNo: 'MC-OTHER', items: [line(SKU_A, 1)] });
			await fx.control.call('DELETE', 'requests');
			const result = await fx.run(
				actionWorkflow(
					salesOrder(operation, { locateBy: 'orderNo', orderNo: 'MC-KEEP', ...REST[operation], additionalJson: JSON.stringify({ transactionReferenceNumber: other }) }),
				),
			);
			expect(result.error?.message).toContain(`${JSON_REFUSED} TransactionReferenceNumber would address another order than "Order Number" "MC-KEEP" does`);
			expect(await fx.control.requests()).toHaveLength(0);
			expect(orderIn(fx, other).state).toBe('open');
		},
	);

	it.each([
		['cancel', 'OrderNumber', { orderNumber: 'MC-9' }],
		['cancel', 'OrderNo', { ORDERNO: 'MC-9' }],
		['update', 'OrderInfo.OrderNo', { orderInfo: { OrderNo: 'MC-9' } }],
		['update', 'OrderInfo.OrderNo', { OrderInfo: { orderno: 'MC-9' } }],
		['updateAddresses', 'OrderNo', { orderNo: 'MC-9' }],
		['generateJitLabel', 'OrderNo', { orderNo: 'MC-9' }],
	])('%s by Order Number, the other order number as %s spelled otherwise: refused naming it', async (operation, member, extra) => {
		await createOrder(fx, { OrderNo: 'MC-2', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(actionWorkflow(salesOrder(operation, { locateBy: 'orderNo', orderNo: 'MC-2', ...REST[operation], additionalJson: JSON.stringify(extra) })));
		expect(result.error?.message).toContain(`${JSON_REFUSED} ${member} would address another order than "Order Number" "MC-2" does`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('update by Order Number with "orderInfo" members: merged into OrderInfo, one spelling on the wire', async () => {
		const trn = await createOrder(fx, { OrderNo: 'MC-3', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'MC-3', ...REST.update, additionalJson: '{"orderInfo": {"orderSource": "Shop"}}' })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(Object.keys(sent.body).filter((k) => k.toLowerCase() === 'orderinfo')).toEqual(['OrderInfo']);
		expect(sent.body.OrderInfo).toEqual({ OrderNo: 'MC-3', SpecialInstructions: 'x', OrderSource: 'Shop' });
		expect(orderIn(fx, trn).state).toBe('open');
	});

	it('the located order number itself in another case of its member is sent once, in the interface spelling', async () => {
		await createOrder(fx, { OrderNo: 'MC-4', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'MC-4', additionalJson: '{"orderNumber": "MC-4"}' })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CancelSalesOrder');
		expect(sent.body).toMatchObject({ OrderNumber: 'MC-4' });
		expect(Object.keys(sent.body)).not.toContain('orderNumber');
	});
});

describe('two spellings of one member in Additional Fields (JSON)', () => {
	it.each([
		['{"OrderInfo": {"OrderSource": "a"}, "orderInfo": {"OrderSource": "b"}}', '"OrderInfo" and "orderInfo"'],
		['{"OrderInfo": {"OrderSource": "a", "ORDERSOURCE": "b"}}', 'OrderInfo: "OrderSource" and "ORDERSOURCE"'],
		['{"Custom": 1, "custom": 2}', '"Custom" and "custom"'],
	])('%s: refused naming both, nothing sent', async (json, named) => {
		const result = await fx.run(actionWorkflow(salesOrder('create', { orderNo: 'MC-5', orderType: 'RETAIL', ...ITEMS, additionalJson: json })));
		expect(result.error?.message).toContain('Invalid "Additional Fields (JSON)"');
		expect(result.error?.message).toContain(named);
		expect(result.error?.message).toMatch(/one member to the provider/);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});

describe('the gift-card and hold-at-location rules in any letter case', () => {
	it.each([
		['Create', 'create', { orderNo: 'MC-6', orderType: 'RETAIL', ...ITEMS }, { OrderInfo: { giftCardMessage: 'Happy birthday', GiftCard: 0 } }, 'Gift Card'],
		['Create', 'create', { orderNo: 'MC-6', orderType: 'RETAIL', ...ITEMS }, { orderinfo: { GIFTCARD: 1 } }, 'Gift Card Message'],
		['Create', 'create', { orderNo: 'MC-6', orderType: 'RETAIL', ...ITEMS }, { deliveryContactInfo: { locationCode: 'FDX-1', holdAtLocation: 0 } }, 'Hold at Location'],
		['Update', 'update', { locateBy: 'orderNo', orderNo: 'MC-6', ...REST.update }, { orderInfo: { giftcardmessage: 'Hi', giftCard: false } }, 'Gift Card'],
		['Update Addresses', 'updateAddresses', { locateBy: 'orderNo', orderNo: 'MC-6', ...REST.updateAddresses }, { DeliveryContactInfo: { LocationCode: 'FDX-1', holdatlocation: 0 } }, 'Hold at Location'],
	])('%s (%s) with JSON in another case: refused as the interface spelling is', async (_name, operation, params, extra, field) => {
		const result = await fx.run(actionWorkflow(salesOrder(operation, { ...params, additionalJson: JSON.stringify(extra) })));
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "[^"]*${field}"`));
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('Create: "giftCardMessage" alone is sent as GiftCardMessage with GiftCard 1', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'MC-7', orderType: 'RETAIL', ...ITEMS, additionalJson: '{"orderInfo": {"giftCardMessage": "Cheers"}}' })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(Object.keys(sent.body).filter((k) => k.toLowerCase() === 'orderinfo')).toEqual(['OrderInfo']);
		expect(sent.body.OrderInfo).toEqual({ OrderNo: 'MC-7', OrderType: 'RETAIL', GiftCard: 1, GiftCardMessage: 'Cheers' });
	});

	it('Batch Create: each entry held to the same rules', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('batchCreate', {
					orderNo: 'MC-8',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
					additionalJson: '{"orderInfo": {"GiftCardMessage": "x", "giftcard": "no"}}',
				}),
			),
		);
		expect(result.error?.message).toMatch(/^Invalid "[^"]*Gift Card"/);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	});
});
