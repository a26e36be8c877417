// Consumer Tax Collected / Consumer Shipping Price (wire/salesOrder.ts priceText) past 2^53: a whole number there has
// lost its last digits before the node sees it (2^56 prints as 72057594037927900, its 15-digit rounding exactly at the
// bound of binary noise), so as a number it is refused, as other fields refuse such numbers, and as text it goes out as
// written. Schemas are built on first use, so the module is loaded afresh (see wireBuiltRules.test.ts).
import { fresh, outcome } from './schemaResults';

type SalesOrder = typeof import('../../nodes/WineFulfillment/wire/salesOrder');

const salesOrder = () => fresh<SalesOrder>(() => jest.requireActual('../../nodes/WineFulfillment/wire/salesOrder'));
const sent = (price: unknown) => outcome(salesOrder().createOrderInfo, { OrderNo: 'P-1', OrderType: 'RETAIL', ConsumerTaxCollected: price });

describe('a price past 2^53', () => {
	it.each([2 ** 56, 2 ** 56 + 16, 2 ** 53, 1e20])('%p as a number is refused as inexact, naming the field', (price) => {
		expect(sent(price)).toBe(
			'ConsumerTaxCollected: is a number too large to be exact: it must arrive as text, since JavaScript keeps only about 16 digits of a number',
		);
	});

	it('as text it is sent as written', () => {
		expect(sent('72057594037927936')).toMatch(/^accepted .*"ConsumerTaxCollected":"72057594037927936"/);
	});

	it('2^53 - 1, the largest a number holds exactly, and a large price with cents are sent as numbers still', () => {
		expect(sent(2 ** 53 - 1)).toMatch(/"ConsumerTaxCollected":"9007199254740991"/);
		expect(sent(12345678901234.56)).toMatch(/"ConsumerTaxCollected":"12345678901234.56"/);
	});
});

it('text of such a price not in plain digits (a plus sign) is refused too: read as a number, its digits are lost', () => {
	expect(sent('+72057594037927936')).toBe('ConsumerTaxCollected: must be a price in plain decimals, such as 12.50');
	expect(sent('+7200000000000000')).toMatch(/"ConsumerTaxCollected":"7200000000000000"/);
});
