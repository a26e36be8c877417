// Bug hunt 41: a per-item run cancelled part-way (the editor's Stop, the workflow's Timeout, a shutdown) with "On Error:
// Continue (using error output)" accounts for every input item once, in the shape n8n's error output routing needs.
// runPerItem (actions/operation.ts) returns, as Batch Create does, one item per input item in input order: the orders
// answered before the stop on the success output, each with its TransactionReferenceNumber to store; the order on its
// way at the stop an error item saying it may have been sent; each order never started an error item saying it was
// not sent (run it again); every error item paired with its input item, on the error output. It used to throw the
// "The execution was canceled before item N was sent" error with Continue On Fail on, and n8n-core
// (WorkflowExecute.handleNodeExecutionError) then put the node's INPUT items on the success output: every order a
// success, the ones never sent too, and the created ones without their references.
import type { IDataObject } from 'n8n-workflow';

import { countsOf, createWorkflow, orders, useStore } from '../exactlyOnce/helpers';
import { startWorkflow } from '../harness/harness';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { ACTION_NODE } from '../harness/workflows';

const fx = useSandbox();
useStore();
const arrived = watchRequests(fx, 'before');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Create cancelled mid-run with Continue (using error output)', () => {
	it('no row the provider never received leaves on the success output; each row is accounted for once, paired', async () => {
		await fx.control.fault({ kind: 'latency', ms: 300, path: 'CreateSalesOrder' });
		const input = orders('CXO', 8);
		const numbers = input.map((row) => String(row.OrderNo));
		const run = startWorkflow(createWorkflow(input, { requestOptions: { concurrency: 2 } }, { errorOutput: true }), fx.credential());
		// the second pair on its way: the first order (at least) answered, the last rows still queued
		await untilRequest(arrived, 'CreateSalesOrder', 3);
		await wait(20);
		run.cancel();
		const result = await run.result;
		expect(result.run.status).toBe('canceled');
		// give the sandbox a moment to finish what was on its way
		await wait(400);
		const held = countsOf(fx, numbers);
		expect(held.slice(-3)).toEqual([0, 0, 0]);

		const ok = result.output(ACTION_NODE, 0);
		const failed = result.output(ACTION_NODE, 1);
		const rowOf = (item: { pairedItem?: unknown }) => (item.pairedItem as IDataObject).item as number;
		// (was: the 8 input rows, {OrderNo, items}, on the success output; nothing on the error output)
		// never-sent orders are not successes
		expect(ok.filter((item) => held[rowOf(item)] === 0).map((item) => item.json.OrderNo)).toEqual([]);
		// what leaves as a success is a created order with the reference to store
		expect(ok.length).toBeGreaterThan(0);
		expect(ok.every((item) => typeof item.json.TransactionReferenceNumber === 'string' && item.json.items === undefined)).toBe(true);
		// every row once, on one output or the other, in input order within each
		expect([...ok, ...failed].map(rowOf).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(failed.every((item) => typeof item.json.error === 'string')).toBe(true);
	});
});
