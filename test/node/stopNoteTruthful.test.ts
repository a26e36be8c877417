// A per-item write run stopped by n8n's Stop. With Continue On Fail its note listed every item with an output as
// "Already done", the one the provider refused (404, nothing cancelled) and the one whose request the stop cut off on
// its way too; without it, it read "Item 2 of 3 failed, so the run stopped ... Turn on Continue On Fail", where no item
// failed (told so, a merchant sends it again although its update may have gone through). Without Continue On Fail the
// note says now that the execution was canceled, what failed, what may have been sent and what was not sent
// (actions/operation.ts runPerItem). Bug hunt 22. With Continue On Fail the run no longer throws (bug hunt 41,
// cancelWithErrorOutput.test.ts): each item is its own result, the refused one and the one cut off error items.
import { startWorkflow, type RunResult, type StartedRun } from '../harness/harness';
import { createdMovements } from '../harness/movements';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';

const fx = useSandbox({ inventoryRecords: 240 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const arrived = watchRequests(fx, 'before');

/** Stops the run `after` ms once `count` requests to `path` have reached the sandbox; its result. */
async function stopOnArrival(run: StartedRun, path: string, count: number, after = 30): Promise<RunResult> {
	await untilRequest(arrived, path, count);
	await wait(after);
	run.cancel();
	return await run.result;
}

/** 4 cancels: PO-UNKNOWN (refused, 404), PO-B (cancelled), PO-C (held 3 s by the sandbox: on its way at the stop), PO-D (never sent). */
async function stoppedRun(): Promise<RunResult> {
	await createdMovements(fx, 'purchaseOrder', ['PO-B', 'PO-C', 'PO-D']);
	await fx.control.fault({ kind: 'latency', ms: 3_000, path: 'CancelPurchaseOrder', after: 2, count: 1 });
	const json = actionWorkflow(
		{ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}', options: { concurrency: 1 } },
		{ items: [{ ref: 'PO-UNKNOWN' }, { ref: 'PO-B' }, { ref: 'PO-C' }, { ref: 'PO-D' }], continueOnFail: true, typeVersion: 2 },
	);
	const result = await stopOnArrival(startWorkflow(json, fx.credential()), 'CancelPurchaseOrder', 3);
	// let the held request finish at the sandbox, then check what it holds
	await wait(3_300);
	expect(result.run.status).toBe('canceled');
	expect((await fx.control.requests('CancelPurchaseOrder')).map((r) => r.status)).toEqual([404, 200, 200]);
	expect(purchaseOrders(fx.sandbox.state).get('PO-D')?.state).toBe('open');
	return result;
}

describe('Stop with Continue On Fail: each item says what became of it', () => {
	it('one result per item: the refused one (404) and the one cut off on its way are error items, not done; the one never sent is not sent', async () => {
		const result = await stoppedRun();
		const items = result.output(ACTION_NODE);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3]);
		expect(String(items[0].json.error)).toBe('No purchase order has this Customer Reference No');
		expect(items[1].json.error).toBeUndefined();
		expect(items[2].json.error).toBe('The request to the provider was sent, then the execution was canceled while it was on its way: the request may have taken effect, check before sending it again');
		expect(items[3].json).toEqual({
			error: 'The execution was canceled before item 4 was sent',
			details: { description: 'Nothing was changed at the provider by it. Run the workflow again to do it.' },
		});
	});
});

describe('Stop without Continue On Fail: the note says the run was stopped, not that an item failed', () => {
	it('Purchase Order → Update, item 2 on its way at the stop', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-1', 'PO-2', 'PO-3']);
		await fx.control.fault({ kind: 'latency', ms: 2_000, path: 'UpdatePurchaseOrder', after: 1, count: 1 });
		const json = actionWorkflow(
			{ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: '={{ $json.ref }}', updateFields: { specialInstruction: 'Dock 3' }, options: { concurrency: 1 } },
			{ items: [{ ref: 'PO-1' }, { ref: 'PO-2' }, { ref: 'PO-3' }], typeVersion: 2 },
		);
		const result = await stopOnArrival(startWorkflow(json, fx.credential()), 'UpdatePurchaseOrder', 2);
		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The request to the provider was sent, then the execution was canceled while it was on its way: the request may have taken effect, check before sending it again');
		const description = String(result.error?.description);
		expect(description).toContain('Not sent: item 3.');
		expect(description).toContain('The execution was canceled. Already done before it stopped: item 1 (');
		expect(description).not.toContain('failed, so the run stopped');
		expect(description).not.toContain('Turn on Continue On Fail');
	});

	it('Transfer Order → Cancel, item 1 waiting out a 429 at the stop', async () => {
		await createdMovements(fx, 'transferOrder', ['TR-1', 'TR-2']);
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '10', path: 'CancelTransferOrder', count: 1 });
		const json = actionWorkflow(
			{ resource: 'transferOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}', options: { concurrency: 1 } },
			{ items: [{ ref: 'TR-1' }, { ref: 'TR-2' }], typeVersion: 2 },
		);
		const result = await stopOnArrival(startWorkflow(json, fx.credential()), 'CancelTransferOrder', 1, 300);
		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The execution was canceled before the request to /api/InventoryMovement/CancelTransferOrder was sent');
		const description = String(result.error?.description);
		expect(description).toContain('The execution was canceled. No other item had completed. Not sent: item 2.');
		expect(description).not.toContain('failed, so the run stopped');
		expect(description).not.toContain('Turn on Continue On Fail');
	});
});
