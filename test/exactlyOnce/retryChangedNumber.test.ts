// Retry On Fail over an item whose order number comes from an expression that gives another number on each try (made
// from the time, as a merchant without numbers of its own might build one). The first try's order is processed, then
// answered 500: its outcome is unknown. The retry does not create the merchant's order again under the new number: the
// node run remembers, by input item, what its earlier try sent (found by bug hunt 16: the order was created twice).
import { useSandbox } from '../harness/sandbox';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, createWorkflow, useStore, withRetryOnFail } from './helpers';

const fx = useSandbox();
useStore();

const byTime = "={{ $json.OrderNo ?? 'AUTO-' + $now.toFormat('HHmmssSSS') }}";

it('an item whose first try may have created its order is not created again under another number', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
	const json = withRetryOnFail(createWorkflow([{ items: [line(SKU_A, 1)] }], { orderNo: byTime, options: { concurrency: 1 } }, { typeVersion: 2 }), 3, 20);
	const result = await fx.run(json);
	const created = salesOrders(fx.sandbox.state).map((o) => o.OrderNo);
	expect(created).toHaveLength(1);
	expect(result.error?.message).toMatch(new RegExp(`^The sales order AUTO-\\d{9} was not sent: this item's earlier try sent it as ${created[0]}, which may have been created$`));
	expect(result.error?.description).toContain("this item's Order Number changed between the tries");
	expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
});

it('the same number on the retry: the record says it may already have been sent, as before', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
	const json = withRetryOnFail(createWorkflow([{ OrderNo: 'RCN-1', items: [line(SKU_A, 1)] }], {}, { typeVersion: 2 }), 3, 20);
	const result = await fx.run(json);
	expect(result.error?.message).toBe('The sales order RCN-1 may already have been sent, so it was not sent again');
	expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo)).toEqual(['RCN-1']);
});

it('a first try refused (nothing created): the retry sends the item under its new number', async () => {
	await fx.control.fault({ kind: 'status', status: 400, path: 'CreateSalesOrder', count: 1, body: { Message: 'Try again' } });
	const json = withRetryOnFail(createWorkflow([{ items: [line(SKU_A, 1)] }], { orderNo: byTime }, { typeVersion: 2 }), 3, 20);
	const result = await fx.run(json);
	expect(result.error).toBeUndefined();
	expect(salesOrders(fx.sandbox.state)).toHaveLength(1);
	expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(2);
});

it('Batch Create alike: the chunk whose outcome is unknown is not sent again under new numbers', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
	const items = [{ items: [line(SKU_A, 1)] }, { items: [line(SKU_A, 2)] }];
	// the item's index too: two items of one try may read the same millisecond
	const perItem = "={{ 'AUTO-' + $itemIndex + '-' + $now.toFormat('HHmmssSSS') }}";
	const json = withRetryOnFail(batchWorkflow(items, { orderNo: perItem, options: { batchSize: 2 } }), 3, 20);
	const result = await fx.run(json);
	expect(salesOrders(fx.sandbox.state)).toHaveLength(2);
	expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	expect(result.error?.message).toMatch(/^The sales order AUTO-0-\d{9} was not sent: this item's earlier try sent it as AUTO-0-\d{9}, which may have been created$/);
});
