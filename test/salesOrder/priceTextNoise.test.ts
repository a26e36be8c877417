// Consumer Tax Collected / Consumer Shipping Price (wire/salesOrder.ts priceText) from an expression's arithmetic: the
// binary noise of a sum or a difference goes, and a number given with 16 significant digits keeps them.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

const ITEMS = { items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } };
const create = (additionalFields: Record<string, unknown>) =>
	actionWorkflow(salesOrder('create', { orderNo: 'PN-1', orderType: 'RETAIL', ...ITEMS, additionalFields }));
const sentOrderInfo = async () => {
	const [sent] = await fx.control.requests('CreateSalesOrder');
	return sent?.body.OrderInfo as IDataObject | undefined;
};

describe('a price computed in an expression', () => {
	// What the user saw: Consumer Tax Collected mapped as {{ $json.total - $json.subtotal - $json.shipping }} where the
	// store's tax is 0 comes out of JavaScript as 5.551115123125783e-17 (the same binary noise priceText strips from
	// 1.1 + 2.2). The order was refused: 'Invalid "Consumer Tax Collected": must be a price in plain decimals, such as
	// 12.50', a rule the user cannot act on (they gave a number, not text).
	it('{{ 0.1 + 0.2 - 0.3 }} (tax 0 with binary noise) is sent as "0", the order sent', async () => {
		const result = await fx.run(create({ consumerTaxCollected: '={{ 0.1 + 0.2 - 0.3 }}' }));
		expect(result.error?.message).toBeUndefined();
		expect((await sentOrderInfo())?.ConsumerTaxCollected).toBe('0');
	});

	// What the user saw: a price given as an exact number with 16 significant digits went out as another number: its
	// fraction was cut to 15 significant digits, 12345678901234.56 (JavaScript's own shortest spelling of that double)
	// sent as "12345678901234.6".
	it('12345678901234.56 is sent as its own digits "12345678901234.56", never as "12345678901234.6"', async () => {
		const result = await fx.run(create({ consumerShippingPrice: '={{ 12345678901234.56 }}' }));
		const wire = (await sentOrderInfo())?.ConsumerShippingPrice;
		expect(result.error).toBeUndefined();
		expect(wire).toBe('12345678901234.56');
		expect(wire).not.toBe('12345678901234.6');
	});

	it.each<[string, string]>([
		// the noise of a sum still goes
		['={{ 1.1 + 2.2 }}', '3.3'],
		['={{ 0.1 + 0.7 }}', '0.8'],
		['={{ 19.99 * 3 }}', '59.97'],
		['={{ 10 - 9.99 }}', '0.01'],
		// a difference that should be 0, a hair below it, and larger than the one above
		['={{ 0.3 - 0.1 - 0.2 }}', '0'],
		['={{ 100.1 - 100 - 0.1 }}', '0'],
		// a whole number, and a 16-digit one, stay exact
		['={{ 1234567890123456 }}', '1234567890123456'],
		['={{ 1234567890.123456 }}', '1234567890.123456'],
		// the price of that: a 16-digit number within 2 × EPSILON of its 15-digit rounding is taken for noise
		['={{ 99999999999999.98 }}', '100000000000000'],
	])('%s is sent as "%s"', async (value, wire) => {
		const result = await fx.run(create({ consumerTaxCollected: value, consumerShippingPrice: value }));
		expect(result.error).toBeUndefined();
		expect(await sentOrderInfo()).toMatchObject({ ConsumerTaxCollected: wire, ConsumerShippingPrice: wire });
	});

	it('decimal text is sent as written, its digits past 10 decimals too', async () => {
		const result = await fx.run(create({ consumerTaxCollected: '0.30000000000000004', consumerShippingPrice: ' 12.50 ' }));
		expect(result.error).toBeUndefined();
		expect(await sentOrderInfo()).toMatchObject({ ConsumerTaxCollected: '0.30000000000000004', ConsumerShippingPrice: '12.50' });
	});

	it('a difference below 0 by more than noise is still refused as negative, nothing sent', async () => {
		const result = await fx.run(create({ consumerTaxCollected: '={{ 9.99 - 10 }}' }));
		expect(result.error?.message).toMatch(/^Invalid "Consumer Tax Collected": must not be negative \(got -0\.00999/);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('a number only exponent form can spell is still refused, nothing sent', async () => {
		const result = await fx.run(create({ consumerShippingPrice: '={{ 1e21 }}' }));
		expect(result.error?.message).toBe('Invalid "Consumer Shipping Price": must be a price in plain decimals, such as 12.50 (got 1e+21)');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});
