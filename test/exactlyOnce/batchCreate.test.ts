// Sales Order → Batch Create sends each order once across executions: re-runs, racing executions, a number twice in one
// input, 413 splits, refused entries and unknown outcomes, through n8n's engine with its deduplication store (twin).
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, duplicates, orders, out, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const batch = batchWorkflow;

const numbers = (items: IDataObject[]) => items.map((i) => String(i.OrderNo));

describe('Sales Order → Batch Create, exactly once across executions', () => {
	it('running the same input 3 times (chunks of 2) creates each order once; runs 2 and 3 put them out as already sent', async () => {
		const input = orders('BRUN', 5);
		const results = [];
		for (let run = 0; run < 3; run++) results.push(await fx.run(batch(input, { options: { batchSize: 2 } })));
		expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1, 1, 1]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(3);
		const [first, second, third] = results.map(out);
		expect(first.map((i) => [i.json.IsCreated, i.json.alreadySent])).toEqual(input.map(() => [true, false]));
		for (const later of [second, third]) {
			expect(later.map((i) => i.json.alreadySent)).toEqual(input.map(() => true));
			expect(later.map((i) => i.json.TransactionReferenceNumber)).toEqual(first.map((i) => i.json.TransactionReferenceNumber));
			expect(later.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		}
	});

	it('with the record turned off, a re-run sends again and the store is never touched', async () => {
		const input = orders('BOFF', 3);
		const results = [await fx.run(batch(input, { sendOnce: false })), await fx.run(batch(input, { sendOnce: false }))];
		expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([2, 2, 2]);
		expect(out(results[1]).map((i) => i.json)).toEqual(input.map(() => expect.not.objectContaining({ alreadySent: expect.anything() })));
		expect(store().calls).toBe(0);
	});

	it('racing executions of the same batch send each order once', async () => {
		const input = orders('BRACE', 4);
		await fx.control.fault({ kind: 'latency', ms: 150, path: 'BatchSalesOrder' });
		store().latencyMs = 5;
		const results = await Promise.all([1, 2, 3].map(() => fx.run(batch(input))));
		expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1, 1]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it('an order number twice in one input is sent for its first item only', async () => {
		const [a, b] = orders('BTWICE', 2);
		const result = await fx.run(batch([a, b, { ...a }]));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, numbers([a, b]))).toEqual([1, 1]);
		const items = out(result);
		expect(items[2].json).toMatchObject({ OrderNo: a.OrderNo, alreadySent: true, IsCreated: false });
		expect(items[2].json.TransactionReferenceNumber).toBe(items[0].json.TransactionReferenceNumber);
		expect(String((items[2].json.Messages as string[])[0])).toContain('item 1');
	});

	it('a 413 split sends every order once, and a re-run sends none', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 2 });
		const input = orders('BSPLIT', 5);
		const first = await fx.run(batch(input));
		const second = await fx.run(batch(input));
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1, 1, 1]);
		expect(out(second).map((i) => i.json.alreadySent)).toEqual(input.map(() => true));
	});

	it('an entry the provider did not create (IsCreated false) is released: corrected, it is sent', async () => {
		const good = { OrderNo: 'BFIX-1', items: [line(SKU_A, 1)] };
		const bad = { OrderNo: 'BFIX-2', items: [line('NO-SUCH-SKU', 1)] };
		const first = await fx.run(batch([good, bad]));
		expect(out(first).map((i) => i.json.IsCreated)).toEqual([true, false]);
		const second = await fx.run(batch([good, { ...bad, items: [line(SKU_A, 1)] }]));
		expect(out(second).map((i) => [i.json.alreadySent, i.json.IsCreated])).toEqual([
			[true, false],
			[false, true],
		]);
		expect(countsOf(fx, ['BFIX-1', 'BFIX-2'])).toEqual([1, 1]);
	});

	it('a 500 on the batch leaves its orders unsettled: the next run sends nothing and says how to check them', async () => {
		const input = orders('B500', 3);
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
		const first = await fx.run(batch(input));
		expect(first.error?.description).toContain('The sales orders B500-001, B500-002, B500-003 are recorded as possibly sent');
		const second = await fx.run(batch(input));
		expect(second.error?.message).toBe('The sales order B500-001 may already have been sent, so it was not sent again');
		const third = await fx.run(batch(input, {}, true));
		expect(third.error).toBeUndefined();
		expect(out(third).map((i) => i.json.error)).toEqual(
			numbers(input).map((n) => `The sales order ${n} may already have been sent, so it was not sent again`),
		);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1]);
		expect(duplicates(fx)).toEqual({});
	});

	it('an unsettled order in a chunk gives back the chunk\'s other claims when the run stops', async () => {
		const [a] = orders('BGIVE', 1);
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		await fx.run(batch([a]));
		const fresh = { OrderNo: 'BGIVE-NEW', items: [line(SKU_A, 1)] };
		const stopped = await fx.run(batch([fresh, a]));
		expect(stopped.error?.message).toContain('BGIVE-001 may already have been sent');
		// the fresh order was claimed with the chunk, then given back: the next run sends it
		const next = await fx.run(batch([fresh]));
		expect(out(next)[0].json).toMatchObject({ OrderNo: 'BGIVE-NEW', IsCreated: true, alreadySent: false });
		expect(countsOf(fx, ['BGIVE-NEW', 'BGIVE-001'])).toEqual([1, 0]);
	});
});

describe('Sales Order → Batch Create, a run stopped inside a 413 split', () => {
	it('the half never sent is given back: the next run sends it', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 3 });
		// the whole chunk is answered 413; its first half is refused (400): the run stops before the second half
		await fx.control.fault({ kind: 'status', status: 400, path: 'BatchSalesOrder', when: 'before', after: 1, count: 1 });
		const input = orders('BSTOP', 4);
		const inChunksOfFour = { options: { batchSize: 4 } };
		const stopped = await fx.run(batch(input, inChunksOfFour));
		expect(stopped.error).toBeDefined();
		expect((await fx.control.requests('BatchSalesOrder')).map((r) => r.status)).toEqual([413, 400]);
		const next = await fx.run(batch(input.slice(2), inChunksOfFour));
		expect(next.error).toBeUndefined();
		expect(out(next).map((i) => [i.json.OrderNo, i.json.IsCreated, i.json.alreadySent])).toEqual([
			['BSTOP-003', true, false],
			['BSTOP-004', true, false],
		]);
		expect(countsOf(fx, ['BSTOP-001', 'BSTOP-002', 'BSTOP-003', 'BSTOP-004'])).toEqual([0, 0, 1, 1]);
	});
});
