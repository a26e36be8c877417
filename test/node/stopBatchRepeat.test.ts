// Batch Create stopped while a chunk is on its way, with an order number on two rows: the repeat (whose earlier row
// was not created) is sent after the chunk as a chunk of its own; stopped before that, it is an error item saying so.
import { batchWorkflow, countsOf, out, useStore } from '../exactlyOnce/helpers';
import { startWorkflow, type RunResult } from '../harness/harness';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';

const fx = useSandbox();
useStore();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests that reached the sandbox, by path, as they arrive. */
const arrivedPaths = watchRequests(fx, 'before');

const errorsOf = (result: RunResult) => out(result).map((item) => item.json.error as string | undefined);

describe('Batch Create stopped with a repeat of an order number still to send', () => {
	it('Continue On Fail: the repeat is an error item naming its order and item, not sent', async () => {
		await fx.control.fault({ kind: 'latency', ms: 300, path: 'BatchSalesOrder' });
		const order = { OrderNo: 'STOPREP-1', items: [line(SKU_A, 1)] };
		const run = startWorkflow(batchWorkflow([order, order], {}, true), fx.credential());
		await untilRequest(arrivedPaths, 'BatchSalesOrder');
		await wait(20);
		run.cancel();
		const result = await run.result;
		expect(result.run.status).toBe('canceled');
		const errors = errorsOf(result);
		expect(errors).toHaveLength(2);
		// the first row was on its way at the stop: possibly sent
		expect(errors[0]).toMatch(/^The request to the provider was sent, then the execution was canceled while it was on its way/);
		expect(errors[1]).toBe('The execution was canceled before the order STOPREP-1 of item 2 was sent');
		expect(out(result).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// only the first row's chunk went out (its answer, held back by the latency, is awaited before counting)
		await wait(400);
		expect(arrivedPaths().filter((p) => p.endsWith('BatchSalesOrder'))).toHaveLength(1);
		expect(countsOf(fx, ['STOPREP-1'])[0]).toBeLessThanOrEqual(1);
	});
});
