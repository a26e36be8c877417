// Batch Create: a chunk split after a 413 whose one half then failed (a 500, or n8n's Stop while it was on its way): the
// note spoke of the whole chunk ("they may have been created" for all four, the created half named twice, the half never
// sent not named). It names the half whose request failed, and the other half as not sent (batchCreate.operation.ts
// withStopNote). Bug hunt 23.
import { batchWorkflow, countsOf, orders, useStore } from '../exactlyOnce/helpers';
import { startWorkflow } from '../harness/harness';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';

const fx = useSandbox();
useStore();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const arrivedPaths = watchRequests(fx, 'before');

describe('Batch Create: a chunk split after a 413, one half failing: the note names the orders as they are', () => {
	it.each([true, false])('the first half answered 500 (send once %s): the second half is named not sent, not "may have been created"', async (sendOnce) => {
		const prefix = sendOnce ? 'S13A' : 'S13B';
		await fx.control.call('POST', 'batch-limit', { maxOrders: 2 });
		// requests: the 4 (413), then the first half answered 500 after it was processed
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', after: 1, count: 1 });
		const input = orders(prefix, 4);
		const result = await fx.run(batchWorkflow(input, { sendOnce, options: { batchSize: 4 } }));
		expect(countsOf(fx, input.map((i) => String(i.OrderNo)))).toEqual([1, 1, 0, 0]);
		const told = result.error?.description ?? '';
		// stopped: they may have been created, … No other item had completed." — items 3-4 never sent, not said so
		expect(told).not.toContain(`(${prefix}-001, ${prefix}-002, ${prefix}-003, ${prefix}-004) failed, so the run stopped: they may have been created`);
		expect(told).toContain('Not sent: items 3-4.');
	});

	it('the second half answered 500: the created first half is not also told "may have been created"', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 2 });
		// requests: the 4 (413), the first half (created), then the second half answered 500 after it was processed
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', after: 2, count: 1 });
		const input = orders('S13C', 4);
		const result = await fx.run(batchWorkflow(input, { options: { batchSize: 4 } }));
		const told = result.error?.description ?? '';
		expect(told).toContain('item 1 (TransactionReferenceNumber');
		expect(told).not.toContain('(S13C-001, S13C-002, S13C-003, S13C-004)');
	});

	it("n8n's Stop while the first half is on its way: the second half, never sent, is named not sent", async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 2 });
		await fx.control.fault({ kind: 'latency', ms: 400, path: 'BatchSalesOrder', after: 1 });
		const input = orders('S13D', 4);
		const run = startWorkflow(batchWorkflow(input, { options: { batchSize: 4 } }), fx.credential());
		await untilRequest(arrivedPaths, 'BatchSalesOrder', 2);
		await wait(20);
		run.cancel();
		const result = await run.result;
		expect(result.run.status).toBe('canceled');
		await wait(600);
		// only the first half reached the provider
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(2);
		const told = result.error?.description ?? '';
		expect(told).toContain('Not sent: items 3-4.');
	});
});
