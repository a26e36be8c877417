// n8n's Stop of a per-item write run without Continue On Fail, while an item's request is on its way (or an item waits
// out a 429): the note read "Item 2 of 3 failed, so the run stopped ... Turn on Continue On Fail", where no item failed
// and the user stopped the run; told an item failed, a merchant sends it again although its update may have gone
// through. It opens "The execution was canceled." now, says what may have been sent, with no such advice
// (actions/operation.ts runPerItem). Bug hunt 22.
import { startWorkflow, type RunResult, type StartedRun } from '../harness/harness';
import { useSandbox, watchRequests } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const arrived = watchRequests(fx, 'before');

async function created(resource: 'purchaseOrder' | 'transferOrder', refs: string[]): Promise<void> {
	for (const ref of refs) {
		const header = resource === 'purchaseOrder' ? purchaseHeader(ref) : transferHeader(ref);
		const result = await fx.run(actionWorkflow({ resource, operation: 'create', ...header, items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }));
		expect(result.error).toBeUndefined();
	}
	await fx.control.call('DELETE', 'requests');
}

async function stopOnArrival(run: StartedRun, path: string, count: number, after = 30): Promise<RunResult> {
	const deadline = Date.now() + 20_000;
	while (arrived().filter((p) => p.endsWith(path)).length < count) {
		if (Date.now() > deadline) throw new Error(`${path}: fewer than ${count} requests arrived`);
		await wait(5);
	}
	await wait(after);
	run.cancel();
	return await run.result;
}

describe('Stop without Continue On Fail: the note says the run was stopped, not that an item failed', () => {
	it('Purchase Order → Update, item 2 on its way at the stop', async () => {
		await created('purchaseOrder', ['PO-1', 'PO-2', 'PO-3']);
		await fx.control.fault({ kind: 'latency', ms: 2_000, path: 'UpdatePurchaseOrder', after: 1, count: 1 });
		const json = actionWorkflow(
			{ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: '={{ $json.ref }}', updateFields: { specialInstruction: 'Dock 3' }, options: { concurrency: 1 } },
			{ items: [{ ref: 'PO-1' }, { ref: 'PO-2' }, { ref: 'PO-3' }], typeVersion: 2 },
		);
		const result = await stopOnArrival(startWorkflow(json, fx.credential()), 'UpdatePurchaseOrder', 2);
		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The request to the provider was sent, then the execution was canceled while it was on its way');
		const description = String(result.error?.description);
		expect(description).toContain('Not sent: item 3.');
		expect(description).toContain('The execution was canceled. Already done before it stopped: item 1 (');
		expect(description).not.toContain('failed, so the run stopped');
		expect(description).not.toContain('Turn on Continue On Fail');
	});

	it('Transfer Order → Cancel, item 1 waiting out a 429 at the stop', async () => {
		await created('transferOrder', ['TR-1', 'TR-2']);
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
