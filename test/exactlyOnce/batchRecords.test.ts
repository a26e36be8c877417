// Batch Create and its record of sent orders: an order is never remembered with the batch's reference as its own, and
// a store that fails under Continue On Fail gives error items, never the input items passed on as if they were sent.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { countsOf, createWorkflow, orders, out, salesOrderParameters, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const batch = (items: IDataObject[], options: { continueOnFail?: boolean } = {}, extra: IDataObject = {}) =>
	actionWorkflow(
		salesOrderParameters('batchCreate', { orderNo: '={{ $json.OrderNo }}', orderType: 'RETAIL', itemsInput: 'json', itemsJson: '={{ $json.items ?? [] }}', ...extra }),
		{ items, typeVersion: 2, ...options },
	);

describe('Batch Create answered as the interface documents it (no reference per order)', () => {
	it('later runs put out the orders as already sent with no reference: never the batch reference as theirs', async () => {
		const input = orders('BREF', 2);
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: { CreateSalesOrderStatuses: input.map((o) => ({ RefTransmissionId: null, RefOrderNo: o.OrderNo, IsCreated: true, Messages: [] })) },
		});
		const first = await fx.run(batch(input));
		expect(first.error).toBeUndefined();
		expect(out(first).map((i) => typeof i.json.BatchTransactionReferenceNumber)).toEqual(['string', 'string']);
		const again = out(await fx.run(batch(input))).map((i) => [i.json.alreadySent, i.json.TransactionReferenceNumber]);
		const viaCreate = out(await fx.run(createWorkflow(input))).map((i) => [i.json.alreadySent, i.json.TransactionReferenceNumber]);
		expect([...again, ...viaCreate]).toEqual([
			[true, null],
			[true, null],
			[true, null],
			[true, null],
		]);
		expect(countsOf(fx, input.map((o) => String(o.OrderNo)))).toEqual([1, 1]);
	});
});

describe('Batch Create with Continue On Fail when n8n\'s store fails', () => {
	it('the claim fails: one error item per order, paired, nothing sent', async () => {
		// the workflow's row in another mode (a Remove Duplicates node keeping a later value, Scope Workflow)
		store().seed('test-workflow', '', 'latestIncrementalKey', 42);
		const result = await fx.run(batch(orders('BCOF', 3), { continueOnFail: true }));
		const items = out(result);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of items) expect(String(item.json.error)).toMatch(/^Could not record the orders about to be sent in n8n's deduplication store: Deduplication data was originally saved with an incompatible setting/);
		expect(items.every((i) => i.json.OrderNo === undefined)).toBe(true);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	});

	it('without Continue On Fail the run fails with the store error, nothing sent', async () => {
		store().seed('test-workflow', '', 'latestIncrementalKey', 42);
		const result = await fx.run(batch(orders('BNOCOF', 3)));
		expect(result.error?.message).toMatch(/^Could not record the orders about to be sent in n8n's deduplication store: Deduplication data was originally saved with an incompatible setting/);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	});

	it('the record cannot be read at all (the database fails): one error item per order, paired, nothing sent', async () => {
		store().countFails = new Error('connection terminated unexpectedly');
		const result = await fx.run(batch(orders('BREAD', 2), { continueOnFail: true }));
		expect(out(result).map((i) => [i.json.error, i.pairedItem])).toEqual([
			["Could not read the record of sent orders in n8n's deduplication store: connection terminated unexpectedly", { item: 0 }],
			["Could not read the record of sent orders in n8n's deduplication store: connection terminated unexpectedly", { item: 1 }],
		]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
		const failed = await fx.run(batch(orders('BREAD', 2)));
		expect(failed.error?.message).toBe("Could not read the record of sent orders in n8n's deduplication store: connection terminated unexpectedly");
	});
});
