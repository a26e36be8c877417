// n8n's Stop of a per-item write run with Continue On Fail (Purchase Order → Cancel over 4 items, Concurrency 1): the
// canceled run's note (all the merchant gets: n8n keeps no output of a canceled node) listed every item with an output
// as "Already done", the one the provider refused (404, nothing cancelled) and the one whose request the stop cut off
// on its way too. It says now what failed, what may have been sent and what was not sent (actions/operation.ts
// runPerItem). Bug hunt 22.
import { startWorkflow, type RunResult, type StartedRun } from '../harness/harness';
import { useSandbox, watchRequests } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const arrived = watchRequests(fx, 'before');

async function created(refs: string[]): Promise<void> {
	for (const ref of refs) {
		const result = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader(ref), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }));
		expect(result.error).toBeUndefined();
	}
	await fx.control.call('DELETE', 'requests');
}

async function stopOnArrival(run: StartedRun, path: string, count: number): Promise<{ result: RunResult; stoppedAt: number }> {
	const deadline = Date.now() + 20_000;
	while (arrived().filter((p) => p.endsWith(path)).length < count) {
		if (Date.now() > deadline) throw new Error(`${path}: fewer than ${count} requests arrived`);
		await wait(5);
	}
	await wait(30);
	run.cancel();
	const stoppedAt = Date.now();
	return { result: await run.result, stoppedAt };
}

/** 4 cancels: PO-UNKNOWN (refused, 404), PO-B (cancelled), PO-C (held 3 s by the sandbox: on its way at the stop), PO-D (never sent). */
async function stoppedRun(): Promise<RunResult> {
	await created(['PO-B', 'PO-C', 'PO-D']);
	await fx.control.fault({ kind: 'latency', ms: 3_000, path: 'CancelPurchaseOrder', after: 2, count: 1 });
	const json = actionWorkflow(
		{ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}', options: { concurrency: 1 } },
		{ items: [{ ref: 'PO-UNKNOWN' }, { ref: 'PO-B' }, { ref: 'PO-C' }, { ref: 'PO-D' }], continueOnFail: true, typeVersion: 2 },
	);
	const { result } = await stopOnArrival(startWorkflow(json, fx.credential()), 'CancelPurchaseOrder', 3);
	// let the held request finish at the sandbox, then check what it holds
	await wait(3_300);
	expect(result.run.status).toBe('canceled');
	expect((await fx.control.requests('CancelPurchaseOrder')).map((r) => r.status)).toEqual([404, 200, 200]);
	expect(purchaseOrders(fx.sandbox.state).get('PO-D')?.state).toBe('open');
	return result;
}

describe('Stop with Continue On Fail: the note says what became of each item', () => {
	it('an item the provider refused (404, nothing cancelled) is not listed as "Already done"', async () => {
		const result = await stoppedRun();
		const description = String(result.error?.description);
		expect(description).not.toMatch(/Already done before it stopped: item 1[;.]/);
		expect(description).toContain('The execution was canceled. Already done before it stopped: item 2 (');
		expect(description).toContain('Failed: item 1: No purchase order has this Customer Reference No.');
	});

	it('the item whose request the stop caught on its way is said to be possibly sent, not "done"', async () => {
		const result = await stoppedRun();
		const description = String(result.error?.description);
		expect(description).not.toMatch(/Already done before it stopped:[^.]*item 3[;.]/);
		expect(description).toContain('Possibly sent (its request was on its way when the execution was canceled; check it with the provider): item 3. Not sent: item 4.');
	});

	it('nothing is sent after the stop, and the error names the first item not sent', async () => {
		const result = await stoppedRun();
		expect(result.error?.message).toBe('The execution was canceled before item 4 was sent');
		expect(String(result.error?.description)).toMatch(/Not sent: item 4\.$/);
	});
});
