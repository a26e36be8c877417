// n8n's Retry On Fail runs the node again over every input item, with the same execute data (with Continue On Fail,
// whenever the first output item is an error item): an item an earlier try of that node run completed comes out as it
// did, and is not sent again (an order created or cancelled twice, a second label, a duplicate with Send Once off).
import type { INode } from 'n8n-workflow';

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import type { WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { createFromItems, createOrders, line, SKU_A } from '../salesOrder/helpers';
import { ordersPerNumber } from '../sandbox/stores';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox();
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

/** n8n's node setting Retry On Fail (Max Tries 2, 10 ms between tries). */
const retrying = (json: WorkflowJson): WorkflowJson => ({
	...json,
	nodes: json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } : n)),
});

describe("n8n's Retry On Fail: an item an earlier try of the node run completed is not sent again", () => {
	it('Create (send once on) + Continue On Fail: the first row refused; the orders created in this run must come out alreadySent false', async () => {
		const input = [
			{ OrderNo: 'RC-1', items: [line('NO-SUCH-SKU', 1)] }, // refused by the provider (400)
			{ OrderNo: 'RC-2', items: [line(SKU_A, 1)] },
			{ OrderNo: 'RC-3', items: [line(SKU_A, 1)] },
		];
		const result = await fx.run(retrying(actionWorkflow(createFromItems({}, 2), { items: input, errorOutput: true, typeVersion: 2 })));
		expect(result.error).toBeUndefined();
		const created = ordersPerNumber(fx.sandbox.state);
		expect([created.get('RC-2'), created.get('RC-3')]).toEqual([1, 1]);
		const ok = result.output(ACTION_NODE, 0);
		expect(ok.map((i) => i.json.OrderNo)).toEqual(['RC-2', 'RC-3']);
		// they were created by this very execution: a workflow branching on alreadySent === false (confirmation e-mail,
		expect(ok.map((i) => i.json.alreadySent)).toEqual([false, false]);
		// and the whole input is not sent again: one request per order, plus the refused one's retry at most
		const sent = await fx.control.requests('CreateSalesOrder');
		expect(sent.filter((r) => JSON.stringify(r.body).includes('RC-2'))).toHaveLength(1);
	});

	it('Cancel + Continue On Fail: the first order not found; the two cancelled in try 1 must come out cancelled, not as errors', async () => {
		await createOrders(fx, [
			{ OrderNo: 'CX-1', items: [line(SKU_A, 1)] },
			{ OrderNo: 'CX-2', items: [line(SKU_A, 1)] },
		]);
		const json = actionWorkflow(
			{ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: '={{ $json.o }}' },
			{ items: [{ o: 'CX-404' }, { o: 'CX-1' }, { o: 'CX-2' }], errorOutput: true, typeVersion: 2 },
		);
		const result = await fx.run(retrying(json));
		expect(result.error).toBeUndefined();
		// (cancelled); it cannot be changed or cancelled"), after the retry cancelled them a second time.
		expect(result.output(ACTION_NODE, 1).map((i) => i.pairedItem)).toEqual([{ item: 0 }]);
		expect(result.output(ACTION_NODE, 0).map((i) => i.json.OrderNo)).toEqual(['CX-1', 'CX-2']);
		const requests = await fx.control.requests('CancelSalesOrder');
		expect(requests.filter((r) => JSON.stringify(r.body).includes('CX-1'))).toHaveLength(1);
	});

	it('Cancel, Retry On Fail only: item 2 gets one 429 it cannot wait out (not processed); the retry must not fail on item 1, cancelled in try 1', async () => {
		await createOrders(fx, [
			{ OrderNo: 'CY-1', items: [line(SKU_A, 1)] },
			{ OrderNo: 'CY-2', items: [line(SKU_A, 1)] },
		]);
		// the second cancel request is refused, once, with a 429 asking for longer than the wait budget: never processed
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '999', path: 'CancelSalesOrder', after: 1, count: 1 });
		const json = actionWorkflow(
			{ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: '={{ $json.o }}', options: { concurrency: 1 } },
			{ items: [{ o: 'CY-1' }, { o: 'CY-2' }], typeVersion: 2 },
		);
		const result = await fx.run(retrying(json));
		// CY-1's 403 "The sales order's state has changed, so it cannot be updated or cancelled" (it cancelled CY-1 again).
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['CY-1', 'CY-2']);
	});

	it('Generate JIT Label + Continue On Fail: the first order unknown; labels of the others must be generated once', async () => {
		await createOrders(fx, [
			{ OrderNo: 'JL-1', items: [line(SKU_A, 1)] },
			{ OrderNo: 'JL-2', items: [line(SKU_A, 1)] },
		]);
		const json = actionWorkflow(
			{ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: '={{ $json.o }}', labelType: 'Label', format: 'PDF' },
			{ items: [{ o: 'JL-404' }, { o: 'JL-1' }, { o: 'JL-2' }], continueOnFail: true, typeVersion: 2 },
		);
		const result = await fx.run(retrying(json));
		expect(result.error).toBeUndefined();
		const requests = await fx.control.requests('GenerateJitLabel');
		expect(requests.filter((r) => r.status === 200)).toHaveLength(2);
	});

	it('Purchase Order Create (its defaults) + Continue On Fail: the first PO refused; the others must be created once', async () => {
		const sku = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
		const json = actionWorkflow(
			{ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('={{ $json.ref }}'), itemsInput: 'json', itemsJson: '={{ $json.lines }}' },
			{
				items: [
					{ ref: 'PR-1', lines: [{ ItemNo: 'NO-SUCH-SKU', ItemQuantity: 1 }] },
					{ ref: 'PR-2', lines: [{ ItemNo: sku(1), ItemQuantity: 12 }] },
					{ ref: 'PR-3', lines: [{ ItemNo: sku(2), ItemQuantity: 12 }] },
				],
				errorOutput: true,
				typeVersion: 2,
			},
		);
		const result = await fx.run(retrying(json));
		expect(result.error).toBeUndefined();
		// provider answered "A purchase order with CustomerReferenceNo PR-2 already exists" (they were created in try 1).
		expect(result.output(ACTION_NODE, 1).map((i) => i.json.error)).toEqual([expect.stringContaining('NO-SUCH-SKU')]);
		expect(result.output(ACTION_NODE, 0).map((i) => i.json.CustomerReferenceNo)).toEqual(['PR-2', 'PR-3']);
	});

	it('Sales Order Create with Send Each Sales Order Once off + Continue On Fail: the first row refused; the others must be created once', async () => {
		const input = [
			{ OrderNo: 'RD-1', items: [line('NO-SUCH-SKU', 1)] },
			{ OrderNo: 'RD-2', items: [line(SKU_A, 1)] },
		];
		const result = await fx.run(retrying(actionWorkflow(createFromItems({ sendOnce: false }, 2), { items: input, continueOnFail: true, typeVersion: 2 })));
		expect(result.error).toBeUndefined();
		// Continue On Fail: a refused row is reported and the run goes on; nothing failed that a retry should redo.
		expect(ordersPerNumber(fx.sandbox.state).get('RD-2')).toBe(1);
	});
});
