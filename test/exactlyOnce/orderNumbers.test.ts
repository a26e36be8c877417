// Order numbers that cannot be one exact order: a number past 2^53 (JSON.parse kept only its first 16 digits, so two
// store orders would become one, and the second never be placed), one in exponent form, or one with an invisible
// character in it (the same-looking number would be a second order at the provider). Refused before anything is sent.
import { useSandbox } from '../harness/sandbox';
import { createWorkflow, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const line = { items: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] };

describe('order numbers that cannot be exact', () => {
	it.each([
		// eslint-disable-next-line no-loss-of-precision -- the point: a store's 19-digit id parsed as a number
		['a whole number past 2^53', 9007199254740993, '9007199254740992'],
		['a number in exponent form', 1e21, '1e+21'],
	])('%s is refused before anything is sent', async (_case, orderNo, shown) => {
		const result = await fx.run(createWorkflow([{ OrderNo: orderNo, ...line }]));
		expect(result.error?.message).toBe(
			`Invalid "Order Number": is a number too large to be exact: it must arrive as text, since JavaScript keeps only about 16 digits of a number (got ${shown})`,
		);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('a whole number up to 2^53 is sent as its digits', async () => {
		const result = await fx.run(createWorkflow([{ OrderNo: 9007199254740991, ...line }]));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body.OrderInfo as { OrderNo: string }).OrderNo).toBe('9007199254740991');
	});

	it.each([
		['a zero-width space', 'WEB-1001\u200b'],
		['a word joiner', 'WEB-\u20601001'],
		['a soft hyphen', 'WEB\u00ad-1001'],
	])('an order number with %s is refused: it would be another order that looks the same', async (_case, orderNo) => {
		const result = await fx.run(createWorkflow([{ OrderNo: 'WEB-1001', ...line }, { OrderNo: orderNo, ...line }]));
		expect(result.error?.message).toBe(
			`Invalid "Order Number": must not contain invisible characters (a zero-width space, a soft hyphen): retype it (got ${JSON.stringify(orderNo)})`,
		);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
		expect(out(result)).toEqual([]);
	});
});
