// Sales Order → Batch Create over a fake provider: how a 413 splits a chunk (and where the splitting stops), and what
// the record of sent orders (over the in-memory twin of n8n's deduplication store) makes of re-runs, Send Again Even
// If Sent and an order number twice in one chunk. The fake provider refuses to answer more than MAX_REQUESTS requests,
// so a split that never ends fails at once instead of running until the test times out.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { executeBatch } from '../../nodes/WineFulfillment/actions/salesOrder/batchCreate.operation';
import { MemoryDeduplicator } from '../harness/dedup';
import type { FakeAnswer, SentRequest } from './fakeContext';
import { fakeExecute, inputItems, withDeduplicationStore } from './fakeExecute';

const MAX_REQUESTS = 12;


interface BatchRun {
	/** one order per input item */
	orderNos: string[];
	/** the node's parameters besides the order's own */
	params?: IDataObject;
	answer: (orders: IDataObject[]) => FakeAnswer;
	/** n8n's deduplication store; without it, Send Each Sales Order Once is turned off */
	store?: MemoryDeduplicator;
	continueOnFail?: boolean;
}

/** One run of Batch Create (version 1); `requests`: the order numbers of each request, in order; `error`: why it stopped. */
async function runBatch({ orderNos, params = {}, answer, store, continueOnFail = false }: BatchRun) {
	const { ctx, sent } = fakeExecute({
		items: inputItems(orderNos.length),
		continueOnFail,
		params: (i) => ({
			orderNo: orderNos[i],
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }],
			batchOptions: {},
			...(store ? {} : { sendOnce: false }),
			...params,
		}),
		answer: (request: SentRequest, index: number) => {
			if (index >= MAX_REQUESTS) throw new Error(`more than ${MAX_REQUESTS} requests`);
			return answer(request.body.SalesOrdersInfo as IDataObject[]);
		},
	});
	if (store) withStore(ctx, store);
	const requests = () => sent.map((r) => (r.body.SalesOrdersInfo as IDataObject[]).map(orderNoIn));
	/** each request's members besides the orders */
	const headers = () => sent.map(({ body: { SalesOrdersInfo: _orders, ...rest } }) => rest);
	try {
		return { out: await executeBatch.call(ctx, ctx.getInputData()), requests: requests(), headers: headers() };
	} catch (error) {
		return { error: error as Error, requests: requests(), headers: headers() };
	}
}

/** n8n's deduplication helpers over `store`, as n8n hands them to a node of this workflow. */
function withStore(ctx: IExecuteFunctions, store: MemoryDeduplicator): void {
	withDeduplicationStore(ctx, store, 'wf-batch-unit');
	Object.assign(ctx, { addExecutionHints: () => undefined });
}

const orderNoIn = (order: IDataObject) => String((order.OrderInfo as IDataObject).OrderNo);

/** The provider accepting every order of a request, each with its own reference. */
const accepted =
	(reference = 'TRN') =>
	(orders: IDataObject[]): FakeAnswer => ({
		body: {
			TransactionReferenceNumber: `${reference}-BATCH`,
			CreateSalesOrderStatuses: orders.map((o) => ({
				RefOrderNo: orderNoIn(o),
				IsCreated: true,
				TransactionReferenceNumber: `${reference}-${orderNoIn(o)}`,
				Messages: [],
			})),
		},
	});

const tooLarge: FakeAnswer = { statusCode: 413, body: { Message: 'Request entity too large' } };

const json = (out: INodeExecutionData[] | undefined) => (out ?? []).map((o) => o.json);

describe('Batch Create: a 413 splits the chunk', () => {
	it('in halves, recursively, until each request is taken; every order comes out once, in order', async () => {
		const orderNos = ['SP-1', 'SP-2', 'SP-3', 'SP-4', 'SP-5'];
		const run = await runBatch({ orderNos, answer: (orders) => (orders.length > 2 ? tooLarge : accepted()(orders)) });
		expect(run.error).toBeUndefined();
		expect(run.requests).toEqual([orderNos, ['SP-1', 'SP-2', 'SP-3'], ['SP-1', 'SP-2'], ['SP-3'], ['SP-4', 'SP-5']]);
		expect(json(run.out).map((j) => [j.OrderNo, j.IsCreated, j.TransactionReferenceNumber])).toEqual(
			orderNos.map((no) => [no, true, `TRN-${no}`]),
		);
		expect(run.out?.map((o) => o.pairedItem)).toEqual(orderNos.map((_no, item) => ({ item })));
	});

	it('a single order answered 413 is not split further: it fails with the 413 explained, after one request', async () => {
		const run = await runBatch({ orderNos: ['BIG-1'], answer: () => tooLarge });
		expect(run.requests).toEqual([['BIG-1']]);
		expect(run.error?.message).toBe('The request is too large for the provider');
	});

	it('an accepted single order is not sent again', async () => {
		const run = await runBatch({ orderNos: ['ONE-1'], answer: accepted() });
		expect(run.requests).toEqual([['ONE-1']]);
		expect(json(run.out)).toEqual([
			{ OrderNo: 'ONE-1', RefOrderNo: 'ONE-1', IsCreated: true, TransactionReferenceNumber: 'TRN-ONE-1', Messages: [], BatchTransactionReferenceNumber: 'TRN-BATCH' },
		]);
	});
});

describe('Batch Create: the batch settings are checked before any request', () => {
	it.each([
		['batchId', 'Batch ID'],
		['batchDescription', 'Batch Description'],
	])('version 1: Batch Options → %s that is not text is refused, naming "%s"', async (name, label) => {
		const run = await runBatch({ orderNos: ['OPT-1'], params: { batchOptions: { [name]: { text: 'x' } } }, answer: accepted() });
		expect(run.error?.message).toBe(`Invalid "${label}": must be text, not an object (got an object)`);
		expect(run.requests).toEqual([]);
	});

	it('the batch ID and description go with every request', async () => {
		const run = await runBatch({
			orderNos: ['OPT-2', 'OPT-3'],
			params: { batchOptions: { batchId: ' B-7 ', batchDescription: 'Nightly', batchSize: 1 } },
			answer: accepted(),
		});
		expect(run.error).toBeUndefined();
		expect(run.requests).toEqual([['OPT-2'], ['OPT-3']]);
		expect(run.headers).toEqual([
			{ BatchId: 'B-7', BatchDescription: 'Nightly' },
			{ BatchId: 'B-7', BatchDescription: 'Nightly' },
		]);
	});
});

describe('Batch Create with the record of sent orders (on by default)', () => {
	it('a re-run puts the orders out as already sent, with their references, and sends nothing', async () => {
		const store = new MemoryDeduplicator();
		const orderNos = ['RR-1', 'RR-2'];
		const first = await runBatch({ orderNos, store, answer: accepted() });
		expect(json(first.out).map((j) => [j.OrderNo, j.IsCreated, j.alreadySent])).toEqual([
			['RR-1', true, false],
			['RR-2', true, false],
		]);
		const second = await runBatch({ orderNos, store, answer: accepted('AGAIN') });
		expect(second.requests).toEqual([]);
		expect(json(second.out)).toStrictEqual(
			orderNos.map((OrderNo) => ({
				OrderNo,
				IsCreated: false,
				alreadySent: true,
				TransactionReferenceNumber: `TRN-${OrderNo}`,
				Messages: ['Already sent before: not sent again'],
			})),
		);
		expect(second.out?.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('Send Again Even If Sent sends an order sent before, as new', async () => {
		const store = new MemoryDeduplicator();
		await runBatch({ orderNos: ['SA-1'], store, answer: accepted() });
		const again = await runBatch({ orderNos: ['SA-1'], store, params: { sendOnceOptions: { sendAgain: true } }, answer: accepted('AGAIN') });
		expect(again.requests).toEqual([['SA-1']]);
		expect(json(again.out).map((j) => [j.IsCreated, j.alreadySent, j.TransactionReferenceNumber])).toEqual([[true, false, 'AGAIN-SA-1']]);
	});

	it('a run stopped inside a 413 split gives back the half it never sent: the next run sends it at once', async () => {
		const store = new MemoryDeduplicator();
		const orderNos = ['ST-1', 'ST-2', 'ST-3', 'ST-4'];
		// the whole chunk is too large; its first half is refused (400): the run stops before the second half
		const refusedHalf: FakeAnswer = { statusCode: 400, body: { Message: 'Invalid order' } };
		const stopped = await runBatch({ orderNos, store, answer: (orders) => (orders.length > 2 ? tooLarge : refusedHalf) });
		expect(stopped.error).toBeDefined();
		expect(stopped.requests).toEqual([orderNos, ['ST-1', 'ST-2']]);
		// a claim the stopped run kept would make the next run wait for it: bounded here, so that fails at once
		const next = await Promise.race([
			runBatch({ orderNos: ['ST-3', 'ST-4'], store, answer: accepted() }),
			new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('the next run waited for the stopped run')), 5_000).unref()),
		]);
		expect(next.error).toBeUndefined();
		expect(next.requests).toEqual([['ST-3', 'ST-4']]);
		expect(json(next.out).map((j) => [j.OrderNo, j.IsCreated, j.alreadySent])).toEqual([
			['ST-3', true, false],
			['ST-4', true, false],
		]);
	});

	it('an order number twice in a chunk: sent once; the repeat carries the reference only when the order was created', async () => {
		const store = new MemoryDeduplicator();
		const created = await runBatch({ orderNos: ['TW-C', 'TW-C'], store, answer: accepted() });
		expect(created.requests).toEqual([['TW-C']]);
		expect(json(created.out)[1]).toStrictEqual({
			OrderNo: 'TW-C',
			IsCreated: false,
			alreadySent: true,
			TransactionReferenceNumber: 'TRN-TW-C',
			Messages: ['The same order number as item 1: sent once, for that item'],
		});

		const refused = await runBatch({
			orderNos: ['TW-R', 'TW-R'],
			store,
			answer: () => ({ body: { CreateSalesOrderStatuses: [{ RefOrderNo: 'TW-R', IsCreated: false, Messages: ['Unknown SKU'] }] } }),
		});
		// the first entry refused (not created), its claim given back: the repeat is sent, as Create does
		expect(refused.requests).toEqual([['TW-R'], ['TW-R']]);
		expect(json(refused.out)[1]).toStrictEqual({ OrderNo: 'TW-R', RefOrderNo: 'TW-R', IsCreated: false, alreadySent: false, Messages: ['Unknown SKU'] });
		expect(refused.out?.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
