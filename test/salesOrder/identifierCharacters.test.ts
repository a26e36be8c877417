// The characters an identifier (order, item and reference numbers, list entries) cannot hold, past the ASCII ones: a
// C1 control (NEL U+0085 is a line break .NET's Trim removes and JavaScript's does not; U+0096 is what a cp1252 en dash
// becomes when a CSV is read as latin1), a line or paragraph separator, and the invisible characters Unicode tells
// software to ignore in display (a variation selector, a combining grapheme joiner, a Hangul filler). Each makes a
// second number that looks the same; each is refused naming the field, before anything is sent. And one spelling: a
// number typed decomposed (e + U+0301, as macOS pastes it) is sent composed (NFC), as the same number typed composed.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { createWorkflow, out, salesOrderParameters, useStore } from '../exactlyOnce/helpers';
import { SKU_A, line } from './helpers';

const fx = useSandbox({ inventoryRecords: 24 });
useStore();

const CONTROL = 'must not contain control characters (tabs, line breaks)';
const INVISIBLE = 'must not contain invisible characters (a zero-width space, a soft hyphen): retype it';

const CASES = [
	['a trailing NEL U+0085', 'WEB-3001\u0085', CONTROL],
	['a C1 control U+0096 inside', 'WEB\u00963001', CONTROL],
	['a line separator U+2028 inside', 'WEB-\u20283001', CONTROL],
	['a paragraph separator U+2029 inside', 'WEB-\u20293001', CONTROL],
	['a variation selector U+FE0F', 'WEB-3001\ufe0f', INVISIBLE],
	['a combining grapheme joiner U+034F', 'WEB-\u034f3001', INVISIBLE],
	['a Hangul filler U+3164', 'WEB-3001\u3164', INVISIBLE],
	['a halfwidth Hangul filler U+FFA0', 'WEB-\uffa03001', INVISIBLE],
] as const;

const sentOrderNumbers = async () =>
	(await fx.control.requests('CreateSalesOrder')).map((r) => (r.body.OrderInfo as { OrderNo: string }).OrderNo);

const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const createSku = (itemNo: string) =>
	actionWorkflow(
		{ resource: 'sku', operation: 'create', ...requestor, itemNo: '={{ $json.itemNo }}', itemCategory: 'Merchandise' },
		{ items: [{ itemNo }] },
	);

describe('identifiers refuse C1 controls, line separators and default-ignorable characters, before sending', () => {
	it.each(CASES)('Sales Order → Create, Order Number with %s', async (_case, orderNo, rule) => {
		const result = await fx.run(createWorkflow([{ OrderNo: orderNo, items: [line(SKU_A, 1)] }]));
		expect(result.error?.message).toBe(`Invalid "Order Number": ${rule} (got ${JSON.stringify(orderNo)})`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it.each(CASES)('Sales Order → Create, an item line’s Item Number with %s', async (_case, itemNo, rule) => {
		const result = await fx.run(createWorkflow([{ OrderNo: 'WEB-3002', items: [line(itemNo, 1)] }]));
		expect(result.error?.message).toContain('ItemNo');
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toEqual([]);
	});

	it.each(CASES)('SKU → Create, Item Number with %s', async (_case, itemNo, rule) => {
		const result = await fx.run(createSku(itemNo));
		expect(result.error?.message).toBe(`Invalid "Item Number": ${rule} (got ${JSON.stringify(itemNo)})`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it.each(CASES)('Sales Order → Forget Sent Orders, a list entry with %s; nothing is forgotten', async (_case, orderNo, rule) => {
		expect((await fx.run(createWorkflow([{ OrderNo: 'WEB-3001', items: [line(SKU_A, 1)] }]))).error).toBeUndefined();
		const forgot = await fx.run(
			actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: '={{ $json.orders }}' }), { items: [{ orders: ['WEB-3001', orderNo] }] }),
		);
		expect(forgot.error?.message).toContain(`Invalid "Order Numbers": entry 2 ${rule}`);
		// refused before the record was touched: WEB-3001 is still recorded, the second Create sends nothing
		const again = await fx.run(createWorkflow([{ OrderNo: 'WEB-3001', items: [line(SKU_A, 1)] }]));
		expect(out(again)[0].json.alreadySent).toBe(true);
		expect(await sentOrderNumbers()).toEqual(['WEB-3001']);
	});

	it('Sales Order → Get Returns, an Order Numbers entry with a NEL is refused, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'salesOrder', operation: 'getReturns', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: ['SO-000009', 'SO-000001\u0085'] }] },
			),
		);
		expect(result.error?.message).toContain('Invalid "Order Numbers');
		expect(result.error?.message).toContain(CONTROL);
		expect(await fx.control.requests('GetReturns')).toHaveLength(0);
	});

	it('letters of any script, accents and a no-break space inside are not refused', async () => {
		const numbers = ['Café-1001', 'Weingut-Müller-7', '한글-1', 'ワイン-2', 'A\u00a0B-3'];
		const result = await fx.run(createWorkflow(numbers.map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)] }))));
		expect(result.error).toBeUndefined();
		expect(await sentOrderNumbers()).toEqual(numbers);
	});
});

describe('an identifier is sent in one spelling: composed (NFC)', () => {
	const COMPOSED = 'Caf\u00e9-1001';
	const DECOMPOSED = 'Cafe\u0301-1001';

	it('Sales Order → Create: an order number typed decomposed goes out composed, and is then sent already', async () => {
		const first = await fx.run(createWorkflow([{ OrderNo: DECOMPOSED, items: [line(SKU_A, 1)] }]));
		expect(first.error).toBeUndefined();
		expect(await sentOrderNumbers()).toEqual([COMPOSED]);
		expect(out(first)[0].json.OrderNo).toBe(COMPOSED);
		// the same number typed composed is the order sent
		const second = await fx.run(createWorkflow([{ OrderNo: COMPOSED, items: [line(SKU_A, 1)] }]));
		expect(out(second)[0].json.alreadySent).toBe(true);
		expect(await sentOrderNumbers()).toEqual([COMPOSED]);
	});

	it('the length is counted composed: 49 characters and a decomposed é are 50', async () => {
		const orderNo = `${'W'.repeat(49)}e\u0301`;
		const result = await fx.run(createWorkflow([{ OrderNo: orderNo, items: [line(SKU_A, 1)] }]));
		expect(result.error).toBeUndefined();
		expect(await sentOrderNumbers()).toEqual([`${'W'.repeat(49)}\u00e9`]);
	});

	it('SKU → Create and an order line: an item number typed decomposed goes out composed, one SKU', async () => {
		const sku = await fx.run(createSku('Rosé-2023'.normalize('NFD')));
		expect(sku.error).toBeUndefined();
		const [created] = await fx.control.requests('CreateSKU');
		expect((created.body.SKUInfo as { ItemNo: string }).ItemNo).toBe('Rosé-2023'.normalize('NFC'));
		const order = await fx.run(createWorkflow([{ OrderNo: 'WEB-4001', items: [line('Rosé-2023'.normalize('NFD'), 1)] }]));
		expect(order.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect((sent.body.ItemsInfo as Array<{ ItemNo: string }>)[0].ItemNo).toBe('Rosé-2023'.normalize('NFC'));
	});

	it('a compatibility form is sent as given (fullwidth letters and digits are not folded)', async () => {
		const result = await fx.run(createWorkflow([{ OrderNo: 'ＷＥＢ-１００１', items: [line(SKU_A, 1)] }]));
		expect(result.error).toBeUndefined();
		expect(await sentOrderNumbers()).toEqual(['ＷＥＢ-１００１']);
	});
});
