// "Send Again Even If Sent" forgets an order's record once per execution: a later try of Retry On Fail, or a later row
// or chunk of the same run with the same order, finds the record the first send left. And an order on its way keeps its
// record however a forget lands while it is sent (Forget Sent Orders, another execution's Send Again).
import type { INodeParameters } from 'n8n-workflow';

import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { batchWorkflow, countsOf, createWorkflow, orders, out, salesOrderParameters, useStore, withRetryOnFail } from './helpers';

const fx = useSandbox({ inventoryRecords: 240 });
useStore();

const batch = batchWorkflow;

const SEND_AGAIN = { sendOnceOptions: { sendAgain: true } };

describe('Send Again Even If Sent forgets an order once per execution', () => {
	it('Create, Retry On Fail: placed again once, not once per try (a 500 after the provider created it)', async () => {
		const [order] = orders('AGAIN-RETRY', 1);
		await fx.run(createWorkflow([order]));
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
		const result = await fx.run(withRetryOnFail(createWorkflow([order], SEND_AGAIN)));
		// the original and the one placed again on purpose; the later tries find it possibly sent and send nothing
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([2]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(2);
		expect(result.error?.message).toBe(`The sales order ${order.OrderNo} may already have been sent, so it was not sent again`);
	});

	it('Batch Create, Retry On Fail: placed again once, not once per try', async () => {
		const [order] = orders('BAGAIN-RETRY', 1);
		await fx.run(batch([order]));
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
		const result = await fx.run(withRetryOnFail(batch([order], SEND_AGAIN)));
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([2]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(2);
		expect(result.error?.message).toBe(`The sales order ${order.OrderNo} may already have been sent, so it was not sent again`);
	});

	it('Purchase Order → Create, Retry On Fail: sent once, the later tries find it possibly sent', async () => {
		const parameters = {
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-AGAIN-RETRY'),
			items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 24 }] },
			sendOnce: true,
			...SEND_AGAIN,
		} as INodeParameters;
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreatePurchaseOrder', when: 'after', count: 1 });
		const result = await fx.run(withRetryOnFail(actionWorkflow(parameters)));
		expect(result.error?.message).toBe('The purchase order PO-AGAIN-RETRY may already have been sent, so it was not sent again');
		expect(await fx.control.requests('CreatePurchaseOrder')).toHaveLength(1);
	});

	it.each([1, 5])('Create, Concurrency %i: an order on rows 1 and 6 is sent once; the later row comes out as already sent', async (concurrency) => {
		const input = orders(`AGAIN-ROWS-${concurrency}`, 5);
		const [x] = input;
		const result = await fx.run(createWorkflow([...input, { ...x }], { ...SEND_AGAIN, requestOptions: { concurrency } }));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, [String(x.OrderNo)])).toEqual([1]);
		const items = out(result);
		expect([items[0].json.alreadySent, items[5].json.alreadySent]).toEqual([false, true]);
		expect(items[5].json.TransactionReferenceNumber).toBe(items[0].json.TransactionReferenceNumber);
	});

	it('Batch Create, Batch Size 1: an order in chunks 1 and 3 is sent once', async () => {
		const [x, y] = orders('BAGAIN-CHUNKS', 2);
		const result = await fx.run(batch([x, y, { ...x }], { options: { batchSize: 1 }, ...SEND_AGAIN }));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, [String(x.OrderNo), String(y.OrderNo)])).toEqual([1, 1]);
		expect(out(result).map((i) => [i.json.IsCreated, i.json.alreadySent])).toEqual([
			[true, false],
			[true, false],
			[false, true],
		]);
	});

	it('each execution is its own: a second run with Send Again places the order once more', async () => {
		const [order] = orders('AGAIN-RUNS', 1);
		for (let run = 0; run < 2; run++) expect((await fx.run(createWorkflow([order], SEND_AGAIN))).error).toBeUndefined();
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([2]);
	});
});

describe('an order on its way when its record is forgotten keeps its record', () => {
	/** Requests the sandbox has processed (the answer not yet sent), by path. */
	const processed = watchRequests(fx, 'after');

	// what the other run puts out: the forget kept the record of the order on its way, and Send Again found it being sent
	it.each([
		[
			'Forget Sent Orders',
			(no: string) => actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: no })),
			(no: string) => ({ OrderNo: no, forgotten: false }),
		],
		[
			'another execution with Send Again',
			(no: string) => createWorkflow([{ ...orders('X', 1)[0], OrderNo: no }], SEND_AGAIN),
			() => expect.objectContaining({ alreadySent: true }),
		],
	])('%s, landing while the provider creates it: the next run finds it sent', async (_case, forgetting, said) => {
		const [order] = orders(`INFLIGHT-${_case.length}`, 1);
		const no = String(order.OrderNo);
		// the provider creates the order at once and answers 3 s later: the forget lands in between
		await fx.control.fault({ kind: 'latency', ms: 3_000, path: 'CreateSalesOrder', when: 'after', count: 1 });
		const sending = fx.run(createWorkflow([order]));
		await untilRequest(processed, 'CreateSalesOrder');
		const other = await fx.run(forgetting(no));
		expect(other.error).toBeUndefined();
		expect(out(other).map((i) => i.json)).toEqual([said(no)]);
		expect((await sending).error).toBeUndefined();

		const next = await fx.run(createWorkflow([order]));
		expect(next.error).toBeUndefined();
		expect(out(next)[0].json.alreadySent).toBe(true);
		expect(countsOf(fx, [no])).toEqual([1]);
	});
});
