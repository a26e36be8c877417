// Locate By decides which order Update, Cancel, Update Addresses and Generate JIT Label address: a bad choice or a locator in the JSON is refused.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, orderIn, salesOrder } from './helpers';

const fx = useSandbox();

const PATHS: Record<string, string> = {
	cancel: 'CancelSalesOrder',
	update: 'UpdateSalesOrder',
	updateAddresses: 'Addresses',
	generateJitLabel: 'GenerateJitLabel',
};

/** What each operation needs besides the locator to be sent. */
const REST: Record<string, Record<string, unknown>> = {
	cancel: {},
	update: { updateFields: { specialInstructions: 'x' } },
	updateAddresses: { recipientContactInfo: { city: 'Sonoma' } },
	generateJitLabel: { labelType: 'Label', format: 'PDF' },
};

describe('Locate By from an expression that is not an option', () => {
	it.each([
		['cancel', 'orderNumber'],
		['update', 'TransactionReferenceNumber'],
		['updateAddresses', ''],
		['generateJitLabel', 'orderNumber'],
	])('%s with Locate By "%s": refused as Locate By with its options, nothing sent', async (operation, by) => {
		const trn = await createOrder(fx, { OrderNo: 'LB-1', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder(operation, { locateBy: '={{ $json.by }}', transactionReferenceNumber: trn, orderNo: 'LB-1', ...REST[operation] }), {
				items: [{ by }],
			}),
		);
		expect(result.error?.message).toBe(`Invalid "Locate By": must be one of orderNo, transactionReferenceNumber (got ${JSON.stringify(by)})`);
		expect(await fx.control.requests(PATHS[operation])).toHaveLength(0);
	});
});

describe('a locator member in Additional Fields (JSON) that names another order', () => {
	const JSON_REFUSED = 'Invalid "Additional Fields (JSON)": its';

	it('Cancel by Order Number with a TransactionReferenceNumber in the JSON: refused naming both, the other order not cancelled', async () => {
		await createOrder(fx, { OrderNo: 'LB-KEEP', items: [line(SKU_A, 1)] });
		const other = await createOrder(fx, { OrderNo: 'LB-OTHER', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'LB-KEEP', additionalJson: '={{ JSON.stringify($json.extra) }}' }), {
				items: [{ extra: { TransactionReferenceNumber: other } }],
			}),
		);
		expect(result.error?.message).toContain(`${JSON_REFUSED} TransactionReferenceNumber would address another order than "Order Number" "LB-KEEP" does`);
		expect(result.error?.message).toContain(`(got "${other.slice(0, 36)}`);
		expect(await fx.control.requests('CancelSalesOrder')).toHaveLength(0);
		expect(orderIn(fx, other).state).toBe('open');
	});

	it.each([
		['cancel', 'OrderNumber', { locateBy: 'orderNo', orderNo: 'LB-2' }, { OrderNumber: 'LB-9' }],
		['cancel (deprecated path)', 'OrderInfo.OrderNo', { locateBy: 'orderNo', orderNo: 'LB-2', options: { deprecatedPath: true } }, { OrderInfo: { OrderNo: 'LB-9' } }],
		['update', 'OrderInfo.OrderNo', { locateBy: 'orderNo', orderNo: 'LB-2', ...REST.update }, { OrderInfo: { OrderNo: 'LB-9' } }],
		['updateAddresses', 'OrderNo', { locateBy: 'orderNo', orderNo: 'LB-2', ...REST.updateAddresses }, { OrderNo: 'LB-9' }],
		['generateJitLabel', 'OrderNo', { locateBy: 'orderNo', orderNo: 'LB-2', ...REST.generateJitLabel }, { OrderNo: 'LB-9' }],
	])('%s by Order Number with another order number in the JSON: refused naming %s', async (operation, member, params, extra) => {
		await createOrder(fx, { OrderNo: 'LB-2', items: [line(SKU_A, 1)] });
		const op = operation.split(' ')[0];
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(actionWorkflow(salesOrder(op, { ...params, additionalJson: JSON.stringify(extra) })));
		expect(result.error?.message).toContain(`${JSON_REFUSED} ${member} would address another order than "Order Number" "LB-2" does`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each(['update', 'updateAddresses', 'generateJitLabel', 'cancel'])(
		'%s by Transaction Reference Number with another one in the JSON: refused naming Transaction Reference Number',
		async (operation) => {
			const trn = await createOrder(fx, { OrderNo: 'LB-3', items: [line(SKU_A, 1)] });
			const other = await createOrder(fx, { OrderNo: 'LB-4', items: [line(SKU_A, 1)] });
			await fx.control.call('DELETE', 'requests');
			const result = await fx.run(
				actionWorkflow(salesOrder(operation, { transactionReferenceNumber: trn, ...REST[operation], additionalJson: JSON.stringify({ TransactionReferenceNumber: other }) })),
			);
			expect(result.error?.message).toContain(`${JSON_REFUSED} TransactionReferenceNumber would address another order than "Transaction Reference Number"`);
			expect(await fx.control.requests()).toHaveLength(0);
		},
	);

	it('Cancel by Order Number with a TransactionReferenceNumber the same text as the order number: refused, the provider locates by the reference first', async () => {
		await createOrder(fx, { OrderNo: 'LB-6', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'LB-6', additionalJson: '{"TransactionReferenceNumber": "LB-6"}' })));
		expect(result.error?.message).toContain(`${JSON_REFUSED} TransactionReferenceNumber would address another order than "Order Number" "LB-6" does`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('a TransactionReferenceNumber in the JSON in a list, even of the located one, is refused as another order', async () => {
		const trn = await createOrder(fx, { OrderNo: 'LB-7', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { transactionReferenceNumber: trn, additionalJson: JSON.stringify({ TransactionReferenceNumber: [trn] }) })));
		expect(result.error?.message).toContain(`${JSON_REFUSED} TransactionReferenceNumber would address another order than "Transaction Reference Number"`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('the located Transaction Reference Number in the JSON with spaces around it is the same: sent', async () => {
		const trn = await createOrder(fx, { OrderNo: 'LB-8', items: [line(SKU_A, 1)] });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { transactionReferenceNumber: trn, additionalJson: JSON.stringify({ TransactionReferenceNumber: ` ${trn} ` }) })));
		expect(result.error).toBeUndefined();
		expect(orderIn(fx, trn).state).not.toBe('open');
	});

	it('the same locator in the JSON (a number written as the order number) is sent', async () => {
		await createOrder(fx, { OrderNo: '10001', items: [line(SKU_A, 1)] });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: '10001', additionalJson: '{"OrderNumber": 10001}' })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: '10001', Cancelled: true });
	});

	it('an order number beside a Transaction Reference Number is sent: the provider locates by the reference', async () => {
		const trn = await createOrder(fx, { OrderNo: 'LB-5', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, ...REST.update, additionalJson: '{"OrderInfo": {"OrderNo": "LB-5"}}' })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, OrderInfo: { SpecialInstructions: 'x', OrderNo: 'LB-5' } });
	});
});
