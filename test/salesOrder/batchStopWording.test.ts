// Batch Create stopped by n8n's Stop while a chunk waits out a 429: the note said the chunk "failed, so the run stopped"
// and advised Continue On Fail; it says the execution was canceled now (batchCreate.operation.ts withStopNote). Bug hunt 23.
import { batchWorkflow, orders, useStore } from '../exactlyOnce/helpers';
import { startWorkflow } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox();
useStore();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Batch Create stopped by n8n's Stop: the note does not call it a failure", () => {
	it('chunk 2 waiting out a 429 at the stop', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '10', path: 'BatchSalesOrder', after: 1, count: 1 });
		const input = orders('SW429', 6);
		const run = startWorkflow(batchWorkflow(input, { options: { batchSize: 2 } }), fx.credential());
		const deadline = Date.now() + 20_000;
		while ((await fx.control.requests('BatchSalesOrder')).filter((r) => r.status === 429).length < 1) {
			if (Date.now() > deadline) throw new Error('no 429 in time');
			await wait(20);
		}
		await wait(200);
		run.cancel();
		const result = await run.result;
		expect(result.run.status).toBe('canceled');
		const told = result.error?.description ?? '';
		expect(told).not.toContain('failed, so the run stopped');
		expect(told).not.toContain('Turn on Continue On Fail');
	});
});
