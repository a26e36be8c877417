// A list entry given as a number that is not exact (past 2^53, or in exponent form) is refused, as the same number
// given alone is: it would go out as another number ("12345678901234567000", "1e+21").
import { listValue } from '../../nodes/WineFulfillment/wire/values';
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

/** A 20-digit store order id as JSON.parse reads it: its last digits already lost. */
const TWENTY_DIGITS = JSON.parse('12345678901234567890') as number;

describe('listValue: entries that are numbers', () => {
	const parse = (value: unknown) => {
		const result = listValue.safeParse(value);
		return result.success ? result.data : result.error.issues[0].message;
	};

	it('sends an exact number as text', () => {
		expect(parse([10001, ' 10002 ', 9007199254740991, 0.5])).toEqual(['10001', '10002', '9007199254740991', '0.5']);
	});

	it('refuses a whole number past 2^53 or a number in exponent form, naming the entry', () => {
		expect(parse(['10001', TWENTY_DIGITS])).toBe(
			'entry 2 is 12345678901234567000, a number too large to be exact: it must arrive as text, since JavaScript keeps only about 16 digits of a number',
		);
		expect(parse([1e21])).toMatch(/^entry 1 is 1e\+21, a number too large to be exact/);
		expect(parse(9007199254740992)).toMatch(/^is a number too large to be exact/);
	});

	it('keeps the same digits given as text', () => {
		expect(parse(['12345678901234567890', '1e21'])).toEqual(['12345678901234567890', '1e21']);
	});
});

describe('lists in operations: an inexact number is refused naming the field and the entry, nothing sent', () => {
	it.each([
		['a 20-digit order number', TWENTY_DIGITS, 'entry 1 is 12345678901234567000'],
		['a number in exponent form', 1e21, 'entry 1 is 1e+21'],
	])('Tracking → Get Packages, Order Numbers [%s]', async (_case, n, entry) => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getPackages', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: [n] }] },
			),
		);
		expect(result.error?.message).toContain(`Invalid "Order Numbers": ${entry}, a number too large to be exact`);
		expect(await fx.control.requests('GetPackages')).toHaveLength(0);
	});

	it('Sales Order → Get Returns, Order Numbers', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'salesOrder', operation: 'getReturns', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: ['10001', TWENTY_DIGITS] }] },
			),
		);
		expect(result.error?.message).toContain('Invalid "Order Numbers": entry 2 is 12345678901234567000, a number too large to be exact');
		expect(await fx.control.requests('GetReturns')).toHaveLength(0);
	});

	it('Inventory → Get Status, Item Numbers', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', itemNumbers: '={{ $json.items }}' }, { items: [{ items: [1e21] }] }),
		);
		expect(result.error?.message).toContain('Invalid "Item Numbers": entry 1 is 1e+21, a number too large to be exact');
		expect(await fx.control.requests('GetStatus')).toHaveLength(0);
	});

	it('the same list of exact numbers is sent as text', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getPackages', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: [10001, 9007199254740991] }] },
			),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('GetPackages');
		expect(sent[0].body.OrderNumbers).toEqual(['10001', '9007199254740991']);
	});
});
