// n8n's Retry On Fail over Sales Order → Batch Create: the node runs again over the same input items (with Continue On
// Fail, whenever the first output item is an error item). A chunk an earlier try of that node run completed is not sent
// again and its items come out as they did (IsCreated true, their references); a chunk that failed goes on as a failed
// order of Create does: with Send Each Sales Order Once on, the record keeps it as possibly sent (not sent again); off,
// a chunk whose request may have reached the provider (a 5xx, a reset) is not sent again either (bug hunt 23: it was,
// creating its orders twice), one refused (4xx) is.
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import type { RunResult, WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import { line, paired, salesOrder, SKU_A, SKU_B } from '../salesOrder/helpers';
import { ordersPerNumber, salesOrders } from '../sandbox/stores';

const fx = useSandbox();
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

/**
 * n8n's node setting Retry On Fail: 2 tries, 10 ms between them (n8n reads a Wait Between Tries of 0 as its default,
 * 1 s: `waitBetweenTries || 1000`).
 */
const retrying = (json: WorkflowJson, maxTries = 2): WorkflowJson => ({
	...json,
	nodes: json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, retryOnFail: true, maxTries, waitBetweenTries: 10 } : n)),
});

/** Batch Create (version 2) in chunks of `batchSize`, Send Each Sales Order Once as given, with Retry On Fail. */
const batch = (sendOnce: boolean, input: IDataObject[], options: ActionWorkflowOptions = {}, batchSize = 2) =>
	retrying(
		actionWorkflow(
			salesOrder('batchCreate', {
				orderNo: '={{ $json.OrderNo }}',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: '={{ $json.items }}',
				sendOnce,
				options: { batchSize },
			}),
			{ typeVersion: 2, ...options, items: input },
		),
	);

const orders = (prefix: string, n = 6) =>
	Array.from({ length: n }, (_, i) => ({ OrderNo: `${prefix}-${i + 1}`, items: [line(i % 2 ? SKU_A : SKU_B, 1)] }));

/** The order numbers each BatchSalesOrder request carried (null: answered by a fault before it was read), with its status. */
async function batchRequests(): Promise<Array<[string[] | null, number]>> {
	const sent = await fx.control.requests('BatchSalesOrder');
	const numbers = (info: unknown) => (info as Array<{ OrderInfo: { OrderNo: string } }> | undefined)?.map((e) => e.OrderInfo.OrderNo) ?? null;
	return sent.map((r) => [numbers(r.body.SalesOrdersInfo), r.status]);
}

/** The first order number of each request, with its status. */
const firstOfEach = async () => (await batchRequests()).map(([numbers, status]) => [numbers?.[0] ?? null, status]);

const counts = (numbers: string[]) => numbers.map((n) => ordersPerNumber(fx.sandbox.state).get(n) ?? 0);
const numbersOf = (input: IDataObject[]) => input.map((o) => String(o.OrderNo));

/** The sandbox's transaction reference of each order number (its only order of that number). */
const referenceOf = (orderNo: string) => salesOrders(fx.sandbox.state).find((o) => o.OrderNo === orderNo)?.TransactionReferenceNumber;

/** Each output item as [pairedItem, OrderNo, IsCreated, alreadySent, TransactionReferenceNumber is the sandbox's]. */
const shape = (items: INodeExecutionData[]) =>
	items.map((i) => [paired(i), i.json.OrderNo, i.json.IsCreated, i.json.alreadySent, i.json.TransactionReferenceNumber === referenceOf(String(i.json.OrderNo))]);

const created = (input: IDataObject[], sendOnce: boolean, from = 0) =>
	input.map((o, i) => [from + i, o.OrderNo, true, sendOnce ? false : undefined, true]);

const errorOf = (result: RunResult) => result.error?.message;

describe("Batch Create with n8n's Retry On Fail: a chunk an earlier try of the node run completed is not sent again", () => {
	it.each([false, true])(
		'Send Once %s: the 2nd of 3 chunks refused once (a 4xx, nothing created); the retry sends chunks 2 and 3 only, every order once, each item as created',
		async (sendOnce) => {
			const input = orders(sendOnce ? 'RA' : 'RB');
			// the second batch request is refused before processing, once: its orders were not created (released)
			await fx.control.fault({ kind: 'status', status: 400, path: 'BatchSalesOrder', when: 'before', after: 1, count: 1, body: { Message: 'Batch refused' } });
			const result = await fx.run(batch(sendOnce, input));
			expect(errorOf(result)).toBeUndefined();
			expect(counts(numbersOf(input))).toEqual([1, 1, 1, 1, 1, 1]);
			const n = numbersOf(input);
			expect(await batchRequests()).toEqual([
				[[n[0], n[1]], 200],
				[null, 400],
				[[n[2], n[3]], 200],
				[[n[4], n[5]], 200],
			]);
			// chunk 1, created by this very node run, comes out as it did in try 1: not "already sent", not a duplicate
			expect(shape(result.output(ACTION_NODE))).toEqual(created(input, sendOnce));
		},
	);

	it('Send Once off: the 2nd of 3 chunks answered 500 once (not resent by the transport); the retry sends nothing again', async () => {
		const input = orders('RC');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', after: 1, count: 1 });
		const result = await fx.run(batch(false, input));
		// without the record, a chunk that may have reached the provider is withheld (the node cannot tell a 500 before
		// processing from one after), and the run stops there again, as its first try did
		expect(errorOf(result)).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect(String(result.error?.description)).toContain("n8n's Retry On Fail did not send it again");
		const n = numbersOf(input);
		expect(await batchRequests()).toEqual([
			[[n[0], n[1]], 200],
			[null, 500],
		]);
		expect(counts(n)).toEqual([1, 1, 0, 0, 0, 0]);
	});

	it('Send Once on: the 2nd of 3 chunks answered 500 once; the retry sends nothing: chunk 2 is possibly sent, chunk 1 is not sent again', async () => {
		const input = orders('RD');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', after: 1, count: 1 });
		const result = await fx.run(batch(true, input));
		expect(errorOf(result)).toBe('The sales order RD-3 may already have been sent, so it was not sent again');
		expect(await firstOfEach()).toEqual([
			['RD-1', 200],
			[null, 500],
		]);
		expect(counts(numbersOf(input))).toEqual([1, 1, 0, 0, 0, 0]);
	});

	it('Send Once on + Continue On Fail: chunk 1 answered 500 once; the retry puts out chunks 2 and 3 as created, not as already sent', async () => {
		const input = orders('RE');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(batch(true, input, { continueOnFail: true }));
		expect(errorOf(result)).toBeUndefined();
		// chunk 1 is possibly sent: the retry does not send it (the record says so); chunks 2 and 3 are sent once
		expect(await firstOfEach()).toEqual([
			[null, 500],
			['RE-3', 200],
			['RE-5', 200],
		]);
		expect(counts(numbersOf(input))).toEqual([0, 0, 1, 1, 1, 1]);
		const out = result.output(ACTION_NODE);
		expect(out.slice(0, 2).map((i) => [paired(i), i.json.error])).toEqual([
			[0, 'The sales order RE-1 may already have been sent, so it was not sent again'],
			[1, 'The sales order RE-2 may already have been sent, so it was not sent again'],
		]);
		expect(shape(out.slice(2))).toEqual(created(input.slice(2), true, 2));
	});

	it('Send Once off + Continue (using error output): chunk 1 answered 500 once; the retry sends neither chunk 1 again nor chunks 2 and 3', async () => {
		const input = orders('RF');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(batch(false, input, { errorOutput: true }));
		expect(errorOf(result)).toBeUndefined();
		expect(await firstOfEach()).toEqual([
			[null, 500],
			['RF-3', 200],
			['RF-5', 200],
		]);
		expect(counts(numbersOf(input))).toEqual([0, 0, 1, 1, 1, 1]);
		// chunk 1's orders on the error output, with the first try's error and why they were not sent again
		const failed = result.output(ACTION_NODE, 1);
		expect(failed.map((i) => [paired(i), i.json.error])).toEqual([
			[0, 'The provider had an internal error (500): the request may have taken effect, check before sending it again'],
			[1, 'The provider had an internal error (500): the request may have taken effect, check before sending it again'],
		]);
		expect(shape(result.output(ACTION_NODE, 0))).toEqual(created(input.slice(2), false, 2));
	});

	it('Send Once off: a chunk split on a 413 whose second half fails once (500); the retry sends neither half again', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 2 });
		const input = orders('RG', 4);
		// requests: the 4 (413), the first half, then the second half answered 500 once
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', after: 2, count: 1 });
		const result = await fx.run(batch(false, input, {}, 4));
		expect(String(result.error?.description)).toContain("n8n's Retry On Fail did not send it again");
		expect(await batchRequests()).toEqual([
			[['RG-1', 'RG-2', 'RG-3', 'RG-4'], 413],
			[['RG-1', 'RG-2'], 200],
			[null, 500],
		]);
		expect(counts(numbersOf(input))).toEqual([1, 1, 0, 0]);
	});
});

describe('Batch Create with Retry On Fail: the same order number twice in a completed chunk', () => {
	it('Send Once on + Continue On Fail: chunk 1 answered 500 once; the repeat of chunk 2 comes out as in try 1 (sent once, for the first item)', async () => {
		const input = [...orders('RH', 2), { OrderNo: 'RH-3', items: [line(SKU_A, 1)] }, { OrderNo: 'RH-3', items: [line(SKU_A, 1)] }];
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(batch(true, input, { continueOnFail: true }));
		expect(errorOf(result)).toBeUndefined();
		expect(await firstOfEach()).toEqual([
			[null, 500],
			['RH-3', 200],
		]);
		expect(counts(['RH-1', 'RH-2', 'RH-3'])).toEqual([0, 0, 1]);
		const [third, fourth] = result.output(ACTION_NODE).slice(2);
		expect(shape([third])).toEqual([[2, 'RH-3', true, false, true]]);
		expect(fourth.json).toEqual({
			OrderNo: 'RH-3',
			IsCreated: false,
			alreadySent: true,
			TransactionReferenceNumber: referenceOf('RH-3'),
			Messages: ['The same order number as item 3: sent once, for that item'],
		});
		expect(paired(fourth)).toBe(3);
	});
});

describe('Batch Create with Retry On Fail and Continue On Fail: the first item refused before anything was sent', () => {
	it.each([true, false])('Send Once %s: the retry sends nothing; the orders of try 1 come out as created', async (sendOnce) => {
		const input = [{ OrderNo: 'RI-1', items: [line(SKU_A, -1)] }, ...orders('RI', 5).slice(1)];
		const result = await fx.run(batch(sendOnce, input, { continueOnFail: true }));
		expect(errorOf(result)).toBeUndefined();
		expect(await firstOfEach()).toEqual([
			['RI-2', 200],
			['RI-4', 200],
		]);
		expect(counts(numbersOf(input))).toEqual([0, 1, 1, 1, 1]);
		const out = result.output(ACTION_NODE);
		expect([paired(out[0]), String(out[0].json.error)]).toEqual([0, expect.stringContaining('Quantity')]);
		expect(shape(out.slice(1))).toEqual(created(input.slice(1), sendOnce, 1));
	});
});

describe('Batch Create with Retry On Fail: a chunk the provider processed, then answered 500', () => {
	it.each([true, false])('Send Once %s: as Create does, never sent again: the record keeps it as possibly sent, or the run withholds it', async (sendOnce) => {
		const input = orders(sendOnce ? 'RJ' : 'RK');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', after: 1, count: 1 });
		const result = await fx.run(batch(sendOnce, input));
		const n = numbersOf(input);
		if (sendOnce) {
			expect(errorOf(result)).toBe(`The sales order ${n[2]} may already have been sent, so it was not sent again`);
			expect(counts(n)).toEqual([1, 1, 1, 1, 0, 0]);
			expect((await firstOfEach()).map(([first]) => first)).toEqual([n[0], n[2]]);
		} else {
			// the user turned the record off: the run itself withholds the chunk (it was sent again: a duplicate)
			expect(errorOf(result)).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
			expect(counts(n)).toEqual([1, 1, 1, 1, 0, 0]);
			expect((await firstOfEach()).map(([first]) => first)).toEqual([n[0], n[2]]);
		}
	});
});
