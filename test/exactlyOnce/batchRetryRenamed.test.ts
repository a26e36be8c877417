// Batch Create under Retry On Fail with order numbers that change on each try: with Continue On Fail, an order the earlier try may have created comes out as an error item and is not sent; an earlier try the provider refused (nothing created) is sent anew.
import { useSandbox } from '../harness/sandbox';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, line } from '../salesOrder/helpers';
import { ACTION_NODE, batchWorkflow, useStore, withRetryOnFail } from './helpers';

const fx = useSandbox();
useStore();

// the item's index too: two items of one try may read the same millisecond
const perTry = "={{ 'AUTO-' + $itemIndex + '-' + $now.toFormat('HHmmssSSS') }}";
const items = [{ items: [line(SKU_A, 1)] }, { items: [line(SKU_A, 2)] }];

it('with Continue On Fail: the retry puts out an error item per renamed order and sends none of them', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
	const json = withRetryOnFail(batchWorkflow(items, { orderNo: perTry, options: { batchSize: 2 } }, true), 2, 20);
	const result = await fx.run(json);
	expect(result.error).toBeUndefined();
	expect(salesOrders(fx.sandbox.state)).toHaveLength(2);
	expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	const out = result.output(ACTION_NODE);
	expect(out).toHaveLength(2);
	out.forEach((item, i) => {
		expect(item.json.error).toMatch(new RegExp(`^The sales order AUTO-${i}-\\d{9} was not sent: this item's earlier try sent it as AUTO-${i}-\\d{9}, which may have been created$`));
		expect(item.pairedItem).toEqual({ item: i });
	});
});

it('a first try the provider refused (nothing created): the retry sends the orders under their new numbers', async () => {
	await fx.control.fault({ kind: 'status', status: 400, path: 'BatchSalesOrder', count: 1, body: { Message: 'Try again' } });
	const json = withRetryOnFail(batchWorkflow(items, { orderNo: perTry, options: { batchSize: 2 } }), 3, 20);
	const result = await fx.run(json);
	expect(result.error).toBeUndefined();
	expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(2);
	expect(salesOrders(fx.sandbox.state)).toHaveLength(2);
});

it('without Send Each Sales Order Once (no record): a first try with an unknown outcome is not sent again, under any number', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
	const json = withRetryOnFail(batchWorkflow(items, { orderNo: perTry, sendOnce: false, options: { batchSize: 2 } }), 3, 20);
	const result = await fx.run(json);
	// the run withholds the orders themselves, whatever number a later try gives them (it sent them again: 4 orders)
	expect(result.error?.description).toContain("n8n's Retry On Fail did not send it again");
	expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	expect(salesOrders(fx.sandbox.state)).toHaveLength(2);
});
