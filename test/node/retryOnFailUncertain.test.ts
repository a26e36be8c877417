// n8n's Retry On Fail over an update, cancel or retire (no record of sent orders guards them): an item whose try failed
// in a way that may have reached the provider (a 5xx, a reset after sending, an unreadable answer) is not sent again by
// the next try: it fails again with the first try's error and a note. A failure that certainly did not reach it (a 4xx,
// a 429 given up) is sent again. Creates the record of sent orders guards keep its rules; with Send Each … Once off (or
// no store), a create is withheld as an update (bug hunt 22: it was sent again).
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { runAsTool } from '../harness/agent';
import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import { createdMovements } from '../harness/movements';
import type { RunResult, WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import type { FaultRuleInput } from '../sandbox/faults';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { skus } from '../sandbox/stores';
import { createOrders, line, SKU_A } from '../salesOrder/helpers';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

const NOT_SENT_AGAIN = 'Retry On Fail did not send it again';
const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

/** n8n's node setting Retry On Fail: 2 tries, 10 ms between them. */
const retrying = (json: WorkflowJson, maxTries = 2): WorkflowJson => ({
	...json,
	nodes: json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, retryOnFail: true, maxTries, waitBetweenTries: 10 } : n)),
});

/** The action node (version 2, so Concurrency is in Options) with Retry On Fail. */
const run = async (parameters: INodeParameters, options: ActionWorkflowOptions = {}): Promise<RunResult> =>
	await fx.run(retrying(actionWorkflow(parameters, { typeVersion: 2, ...options })));

/** The Customer Reference No each request to `path` carried, in order of arrival (null: answered by a fault before it was read), with its status. */
const sent = async (path: string): Promise<Array<[unknown, number]>> =>
	(await fx.control.requests(path)).map((r) => {
		const body = r.body as IDataObject;
		const info = (body.OrderInfo ?? body.TransferInfo ?? body) as IDataObject;
		return [r.outcome === 'fault-before' ? null : info.CustomerReferenceNo, r.status];
	});

describe('Retry On Fail: an update or cancel that may have reached the provider is not sent again', () => {
	it('Purchase Order → Cancel answered 500 after it was processed: one request; the error is the first try\'s, with a note', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-C']);
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CancelPurchaseOrder', count: 1 });
		const result = await run({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'PO-C' });
		expect(purchaseOrders(fx.sandbox.state).get('PO-C')?.state).toBe('cancelled');
		expect(await sent('CancelPurchaseOrder')).toEqual([['PO-C', 500]]);
		// not the second try's "can no longer be changed or cancelled" (403): the first try's warning is kept
		expect(result.error?.message).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.description).toContain('may have taken effect');
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});

	it('Transfer Order → Update, connection reset after it was processed: one request', async () => {
		await createdMovements(fx, 'transferOrder', ['TR-R']);
		await fx.control.fault({ kind: 'reset', when: 'after', path: 'UpdateTransferOrder', count: 1 });
		const result = await run({ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-R', updateFields: { specialInstruction: 'Dock 3' } });
		expect(transferOrders(fx.sandbox.state).get('TR-R')?.info.SpecialInstruction).toBe('Dock 3');
		expect(await sent('UpdateTransferOrder')).toHaveLength(1);
		expect(result.error?.message).toBe('The request to the provider was sent, then the connection was reset: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});

	it('SKU → Retire answered with unreadable JSON after it was processed: one request', async () => {
		const itemNo = 'WINE-000003';
		await fx.control.fault({ kind: 'malformed', when: 'after', path: 'RetireSku', count: 1 });
		const result = await run({ resource: 'sku', operation: 'retire', itemNo });
		expect(skus(fx.sandbox.state).get(itemNo)?.active).toBe(false);
		expect(await fx.control.requests('RetireSku')).toHaveLength(1);
		expect(result.error?.message).toBe('The provider answered with a body that is not valid JSON: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});

	it('SKU → Update answered 502 after it was processed: one request', async () => {
		const itemNo = 'WINE-000002';
		await fx.control.fault({ kind: 'status', status: 502, when: 'after', path: 'UpdateSKU', count: 1 });
		const result = await run({ resource: 'sku', operation: 'update', ...requestor, itemNo, updateFields: { value: '12.00' } });
		expect(await fx.control.requests('UpdateSKU')).toHaveLength(1);
		expect(result.error?.httpCode).toBe('502');
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});

	it('Sales Order → Cancel answered 503 after it was processed: one request', async () => {
		await createOrders(fx, [{ OrderNo: 'SC-1', items: [line(SKU_A, 1)] }]);
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'status', status: 503, when: 'after', path: 'CancelSalesOrder', count: 1 });
		const result = await run({ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: 'SC-1' });
		expect(await fx.control.requests('CancelSalesOrder')).toHaveLength(1);
		expect(result.error?.message).toBe('The provider had an internal error (503): the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});
});

describe('Retry On Fail: a failure that certainly did not reach the provider is sent again', () => {
	it('Purchase Order → Update refused once (400): the second try sends it and succeeds', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-U']);
		await fx.control.fault({ kind: 'status', status: 400, path: 'UpdatePurchaseOrder', count: 1, body: { Message: 'Try again' } });
		const result = await run({ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-U', updateFields: { specialInstruction: 'Dock 3' } });
		expect(result.error).toBeUndefined();
		expect(await sent('UpdatePurchaseOrder')).toEqual([
			[null, 400],
			['PO-U', 200],
		]);
		expect(purchaseOrders(fx.sandbox.state).get('PO-U')?.info.SpecialInstruction).toBe('Dock 3');
	});

	it('Transfer Order → Cancel given up after a 429 asking for longer than the wait budget: the second try sends it', async () => {
		await createdMovements(fx, 'transferOrder', ['TR-L']);
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '999', path: 'CancelTransferOrder', count: 1 });
		const result = await run({ resource: 'transferOrder', operation: 'cancel', customerReferenceNo: 'TR-L' });
		expect(result.error).toBeUndefined();
		expect(await sent('CancelTransferOrder')).toEqual([
			[null, 429],
			['TR-L', 200],
		]);
		expect(transferOrders(fx.sandbox.state).get('TR-L')?.state).toBe('cancelled');
	});
});

describe('Retry On Fail over several items', () => {
	it('Continue (using error output): only the uncertain item is withheld; the completed one is not sent again, the refused one is', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-1', 'PO-2', 'PO-3']);
		const faults: FaultRuleInput[] = [
			// item 1 (first: n8n retries when the first output item is an error): processed, then answered 500
			{ kind: 'status', status: 500, when: 'after', path: 'CancelPurchaseOrder', count: 1 },
			// item 3: refused, not processed, once
			{ kind: 'status', status: 400, when: 'before', path: 'CancelPurchaseOrder', after: 2, count: 1, body: { Message: 'Busy' } },
		];
		for (const fault of faults) await fx.control.fault(fault);
		const result = await run(
			{ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}', options: { concurrency: 1 } },
			{ items: [{ ref: 'PO-1' }, { ref: 'PO-2' }, { ref: 'PO-3' }], errorOutput: true },
		);
		expect(result.error).toBeUndefined();
		expect(await sent('CancelPurchaseOrder')).toEqual([
			['PO-1', 500],
			['PO-2', 200],
			[null, 400],
			['PO-3', 200],
		]);
		expect(['PO-1', 'PO-2', 'PO-3'].map((ref) => purchaseOrders(fx.sandbox.state).get(ref)?.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
		const failed = result.output(ACTION_NODE, 1);
		expect(failed.map((i) => i.pairedItem)).toEqual([{ item: 0 }]);
		expect(failed[0].json.error).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect((failed[0].json.details as IDataObject).description).toContain(NOT_SENT_AGAIN);
		expect((failed[0].json.details as IDataObject).httpCode).toBe('500');
		const done = result.output(ACTION_NODE, 0);
		expect(done.map((i) => [i.pairedItem, i.json.CustomerReferenceNo, i.json.Outcome])).toEqual([
			[{ item: 1 }, 'PO-2', 'cancelled'],
			[{ item: 2 }, 'PO-3', 'cancelled'],
		]);
	});

	it('without Continue On Fail: the item done is not sent again, the uncertain one is withheld and the run stops there again', async () => {
		await createdMovements(fx, 'transferOrder', ['TR-1', 'TR-2', 'TR-3']);
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CancelTransferOrder', after: 1, count: 1 });
		const result = await run(
			{ resource: 'transferOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}', options: { concurrency: 1 } },
			{ items: [{ ref: 'TR-1' }, { ref: 'TR-2' }, { ref: 'TR-3' }] },
		);
		expect(await sent('CancelTransferOrder')).toEqual([
			['TR-1', 200],
			['TR-2', 500],
		]);
		expect(result.error?.message).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect(result.error?.context?.itemIndex).toBe(1);
		const description = String(result.error?.description);
		expect(description).toContain(NOT_SENT_AGAIN);
		expect(description).toContain('Item 2 of 3 failed, so the run stopped. Already done before it stopped: item 1');
		expect(description).toContain('Not sent: item 3.');
		// the first try's notes are not repeated into the second's
		expect(description.match(/so the run stopped/g)).toHaveLength(1);
	});
});

describe('Retry On Fail over a create', () => {
	it('Send Each Purchase Order Once on, answered 500 after processing: the record refuses the second try (one request)', async () => {
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CreatePurchaseOrder', count: 1 });
		const result = await run({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-N'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
			sendOnce: true,
		});
		expect(await sent('CreatePurchaseOrder')).toEqual([['PO-N', 500]]);
		expect(result.error?.message).toBe('The purchase order PO-N may already have been sent, so it was not sent again');
		expect(result.error?.description).not.toContain(NOT_SENT_AGAIN);
	});

	it('Send Each Purchase Order Once off, answered 500 (before processing, which the node cannot tell): not sent again, as an update', async () => {
		await fx.control.fault({ kind: 'status', status: 500, when: 'before', path: 'CreatePurchaseOrder', count: 1 });
		const result = await run({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-M'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
		expect(await sent('CreatePurchaseOrder')).toEqual([[null, 500]]);
	});

	it('Send Each Purchase Order Once off, refused (400): the second try sends it', async () => {
		await fx.control.fault({ kind: 'status', status: 400, when: 'before', path: 'CreatePurchaseOrder', count: 1 });
		const result = await run({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-R'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		expect(result.error).toBeUndefined();
		expect(await sent('CreatePurchaseOrder')).toEqual([
			[null, 400],
			['PO-R', 200],
		]);
	});
});

describe('Retry On Fail over a create with Send Each … Once off (the default of purchase orders, transfers, SKUs): one that may have reached the provider is not sent again (bug hunt 22: it was)', () => {
	it('Purchase Order → Create answered 500 after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CreatePurchaseOrder', count: 1 });
		await run({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-DUP'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		const requests = await fx.control.requests('CreatePurchaseOrder');
		expect(requests.map((r) => r.status)).toEqual([500]);
	});

	it('Transfer Order → Create, connection reset after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'reset', when: 'after', path: 'CreateTransferOrder', count: 1 });
		await run({
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader('TR-DUP'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		const requests = await fx.control.requests('CreateTransferOrder');
		expect(requests).toHaveLength(1);
	});

	it('SKU → Create answered 502 after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'status', status: 502, when: 'after', path: 'CreateSKU', count: 1 });
		await run({
			resource: 'sku',
			operation: 'create',
			itemNo: 'HUNT22-NEW-1',
			itemCategory: 'Merchandise',
			...requestor,
		});
		const requests = await fx.control.requests('CreateSKU');
		expect(requests).toHaveLength(1);
	});
});

describe('Retry On Fail where n8n hands each try new input items: one run all the same', () => {
	const RETRY = { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 };
	const fromAI = (key: string) => `={{ $fromAI('${key}', 'the reference', 'string') }}`;

	it('with Execute Once (a new list of the first item for every try): a cancel answered 500 after it was processed is sent once', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-ONCE']);
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CancelPurchaseOrder', count: 1 });
		const json = retrying(
			actionWorkflow(
				{ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}' },
				{ typeVersion: 2, items: [{ ref: 'PO-ONCE' }, { ref: 'PO-OTHER' }] },
			),
		);
		json.nodes = json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, executeOnce: true } : n));
		const result = await fx.run(json);
		expect(purchaseOrders(fx.sandbox.state).get('PO-ONCE')?.state).toBe('cancelled');
		// was 2: the second got 403 "can no longer be changed or cancelled"
		expect(await sent('CancelPurchaseOrder')).toEqual([['PO-ONCE', 500]]);
		expect(result.error?.description).toContain(NOT_SENT_AGAIN);
	});

	it.each([
		['Purchase Order → Cancel', 500, 'CancelPurchaseOrder', { resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: fromAI('ref') }],
		['Sales Order → Cancel', 503, 'CancelSalesOrder', { resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: fromAI('ref') }],
		[
			'Sales Order → Generate JIT Label',
			502,
			'GenerateJitLabel',
			{ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: fromAI('ref'), labelType: 'Label', format: 'PDF' },
		],
	] as Array<[string, number, string, INodeParameters]>)(
		"as an agent's tool (a new context and list for every try): %s answered %d after it was processed is sent once",
		async (_name, status, path, parameters) => {
			if (parameters.resource === 'purchaseOrder') await createdMovements(fx, 'purchaseOrder', ['TOOL-1']);
			else {
				await createOrders(fx, [{ OrderNo: 'TOOL-1', items: [line(SKU_A, 1)] }]);
				await fx.control.call('DELETE', 'requests');
			}
			await fx.control.fault({ kind: 'status', status, when: 'after', path, count: 1 });
			// a second call with the same arguments is another call: it is sent (and refused: the order is cancelled or labelled)
			const { answers } = await runAsTool(fx, parameters, [{ args: { ref: 'TOOL-1' } }], undefined, RETRY);
			// was 2 requests: the label made twice, or the cancel answered 403 as if it had failed
			expect((await fx.control.requests(path)).map((r) => r.status)).toEqual([status]);
			expect(String(answers[0].error)).toContain(NOT_SENT_AGAIN);
		},
	);

	it("as an agent's tool, two calls with the same arguments are two runs: the second is sent", async () => {
		await createOrders(fx, [{ OrderNo: 'TOOL-2', items: [line(SKU_A, 1)] }]);
		await fx.control.call('DELETE', 'requests');
		const parameters: INodeParameters = { resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: fromAI('ref'), labelType: 'Label', format: 'PDF' };
		const { answers } = await runAsTool(fx, parameters, [{ args: { ref: 'TOOL-2' } }, { args: { ref: 'TOOL-2' } }], undefined, RETRY);
		expect(answers.map((a) => a.error)).toEqual([undefined, undefined]);
		expect((await fx.control.requests('GenerateJitLabel')).map((r) => r.status)).toEqual([200, 200]);
	});
});

describe('a node run again in the same execution is a run of its own', () => {
	it('the Manual Trigger\'s one output connected twice runs the node twice over the same items: both labels are made', async () => {
		await createOrders(fx, [{ OrderNo: 'TWICE-1', items: [line(SKU_A, 1)] }]);
		await fx.control.call('DELETE', 'requests');
		const json = retrying(
			actionWorkflow(
				{ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: 'TWICE-1', labelType: 'Label', format: 'PDF' },
				{ typeVersion: 2 },
			),
		);
		const to = { node: ACTION_NODE, type: 'main' as const, index: 0 };
		json.connections = { 'Manual Trigger': { main: [[to, to]] } };
		const result = await fx.run(json);
		expect(result.error).toBeUndefined();
		// the second run's items are the first run's own objects: its memory of completed items is not the first run's
		expect((await fx.control.requests('GenerateJitLabel')).map((r) => r.status)).toEqual([200, 200]);
	});
});
