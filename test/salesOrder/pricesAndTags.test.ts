// Consumer Tax Collected and Consumer Shipping Price are prices the interface types as text: read as Unit Price is (a
// number or decimal text; a comma, a currency sign or a negative price refused, never dropped), sent as plain decimal
// text. Tags go out as one text delimited by ";": a tag of a list that holds ";" would become two tags, so it is refused.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

const ITEMS = { items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } };
const create = (additionalFields: Record<string, unknown>) =>
	actionWorkflow(salesOrder('create', { orderNo: 'PT-1', orderType: 'RETAIL', ...ITEMS, additionalFields }));

async function sentOrderInfo(path = 'CreateSalesOrder') {
	const sent = await fx.control.requests(path);
	expect(sent).toHaveLength(1);
	return (sent[0].body as { OrderInfo: Record<string, unknown> }).OrderInfo;
}

describe('Consumer Tax Collected and Consumer Shipping Price', () => {
	it.each([
		['consumerTaxCollected', 'Consumer Tax Collected', '$9.95', 'must be a number such as 12.5'],
		['consumerTaxCollected', 'Consumer Tax Collected', 'twelve', 'must be a number such as 12.5'],
		['consumerTaxCollected', 'Consumer Tax Collected', '12,50', 'must be a number such as 12.5'],
		['consumerTaxCollected', 'Consumer Tax Collected', -5, 'must not be negative'],
		['consumerShippingPrice', 'Consumer Shipping Price', '-0.01', 'must not be negative'],
		['consumerShippingPrice', 'Consumer Shipping Price', '9.95 USD', 'must be a number such as 12.5'],
		['consumerShippingPrice', 'Consumer Shipping Price', 1e21, 'must be a price in plain decimals, such as 12.50'],
	])('%s %p: refused naming the field, nothing sent', async (name, field, value, rule) => {
		const result = await fx.run(create({ [name]: value }));
		expect(result.error?.message).toBe(`Invalid "${field}": ${rule} (got ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it.each<[unknown, string]>([
		['12.50', '12.50'],
		[' 9.95 ', '9.95'],
		[9.95, '9.95'],
		[0, '0'],
		['={{ 1.1 + 2.2 }}', '3.3'],
		['={{ 0.1 * 3 }}', '0.3'],
		['+4', '4'],
		['.5', '0.5'],
	])('%p is sent as the text %p', async (value, wire) => {
		const result = await fx.run(create({ consumerTaxCollected: value, consumerShippingPrice: value }));
		expect(result.error).toBeUndefined();
		expect(await sentOrderInfo()).toMatchObject({ ConsumerTaxCollected: wire, ConsumerShippingPrice: wire });
	});

	it('Update: a price added and left empty clears it (sent as ""), a bad one is refused', async () => {
		await createOrder(fx, { OrderNo: 'PT-2', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const update = (updateFields: Record<string, unknown>) =>
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'PT-2', updateFields }));
		expect((await fx.run(update({ consumerTaxCollected: '', consumerShippingPrice: '$5' }))).error?.message).toBe(
			'Invalid "Consumer Shipping Price": must be a number such as 12.5 (got "$5")',
		);
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
		expect((await fx.run(update({ consumerTaxCollected: '', consumerShippingPrice: '5' }))).error).toBeUndefined();
		expect(await sentOrderInfo('UpdateSalesOrder')).toEqual({ OrderNo: 'PT-2', ConsumerTaxCollected: '', ConsumerShippingPrice: '5' });
	});
});

describe('Tags', () => {
	it('a list entry holding ";" is refused naming Tags and the entry, nothing sent', async () => {
		const result = await fx.run(create({ tags: '={{ ["VIP", "", "Gift; wrapped"] }}' }));
		expect(result.error?.message).toBe(
			'Invalid "Tags": entry 3 holds ";", which the tags are sent delimited by: it would become two tags; give each tag as its own entry (got "Gift; wrapped")',
		);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('a list of tags without ";" goes out delimited by ";"', async () => {
		const result = await fx.run(create({ tags: '={{ ["Gift wrapped", "VIP"] }}' }));
		expect(result.error).toBeUndefined();
		expect((await sentOrderInfo()).Tags).toBe('Gift wrapped;VIP');
	});
});
