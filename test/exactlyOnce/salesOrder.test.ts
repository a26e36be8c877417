// Sales Order → Create sends each order once across executions: re-runs, racing executions, Retry On Fail, refusals,
// unknown outcomes and sending on purpose, through n8n's engine with its deduplication store (the in-memory twin).
import { installDeduplicator } from '../harness/dedup';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, line } from '../salesOrder/helpers';
import { salesOrders } from '../sandbox/stores';
import { countsOf, createWorkflow, duplicates, hints, orders, out, salesOrderParameters, useStore, withRetryOnFail } from './helpers';

const fx = useSandbox();
const store = useStore();

const numbers = (items: Array<{ OrderNo?: unknown }>) => items.map((i) => String(i.OrderNo));

describe('Sales Order → Create, exactly once across executions', () => {
	it('running the same input 3 times creates each order once; runs 2 and 3 put out every order as already sent', async () => {
		const input = orders('RERUN', 5);
		const runs = [];
		for (let run = 0; run < 3; run++) runs.push(await fx.run(createWorkflow(input)));
		expect(runs.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1, 1, 1]);
		expect(duplicates(fx)).toEqual({});
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(5);

		const [first, second, third] = runs.map(out);
		expect(first.map((i) => i.json.alreadySent)).toEqual([false, false, false, false, false]);
		const references = first.map((i) => i.json.TransactionReferenceNumber);
		expect(references.every((r) => typeof r === 'string' && r.length > 0)).toBe(true);
		for (const later of [second, third]) {
			expect(later.map((i) => i.json.alreadySent)).toEqual([true, true, true, true, true]);
			expect(numbers(later.map((i) => i.json))).toEqual(numbers(input));
			// this process sent them, so it still knows their references
			expect(later.map((i) => i.json.TransactionReferenceNumber)).toEqual(references);
			expect(later.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		}
	});

	it('two executions racing on the same orders (a webhook delivered twice at once) send each order once', async () => {
		const input = orders('RACE', 6);
		// slow answers keep the first execution's sends in flight while the others claim
		await fx.control.fault({ kind: 'latency', ms: 150, path: 'CreateSalesOrder' });
		store().latencyMs = 5;
		const results = await Promise.all([1, 2, 3].map(() => fx.run(createWorkflow(input))));
		expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1, 1, 1, 1]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(6);
		// per order: one execution sent it, the others waited for it and put it out as already sent, same reference
		for (let i = 0; i < input.length; i++) {
			const items = results.map((r) => out(r)[i].json);
			expect(items.filter((j) => j.alreadySent === false)).toHaveLength(1);
			expect(new Set(items.map((j) => j.TransactionReferenceNumber)).size).toBe(1);
		}
	});

	it('the same order number twice in one input is sent once; the second item comes out as already sent', async () => {
		const [a, b] = orders('TWICE', 2);
		const result = await fx.run(createWorkflow([a, b, { ...a }]));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, [String(a.OrderNo), String(b.OrderNo)])).toEqual([1, 1]);
		const items = out(result);
		expect(items.map((i) => i.json.alreadySent)).toEqual([false, false, true]);
		expect(items[2].json.TransactionReferenceNumber).toBe(items[0].json.TransactionReferenceNumber);
	});

	it('Retry On Fail with a 500 after the provider processed an order: 0 duplicates, with the record or without', async () => {
		const input = orders('RETRY', 4);
		const runWith = async (sendOnce: boolean, prefix: string) => {
			const items = input.map((i) => ({ ...i, OrderNo: String(i.OrderNo).replace('RETRY', prefix) }));
			// the third order is processed, then answered 500; the retries' requests go through
			await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', after: 2, count: 1 });
			const result = await fx.run(
				withRetryOnFail(createWorkflow(items, { sendOnce, options: { concurrency: 1 } }, { typeVersion: 2 })),
			);
			return { result, counts: countsOf(fx, numbers(items)) };
		};

		// without the record, the retry does not send the failed order again either (it may have reached the provider,
		// which had processed it: it was, before bug hunt 22, a duplicate), nor the orders the first try completed; the
		// run stops there as its first try did
		const without = await runWith(false, 'NOREC');
		expect(without.result.error?.description).toContain("n8n's Retry On Fail did not send it again");
		expect(without.counts).toEqual([1, 1, 1, 0]);

		const guarded = await runWith(true, 'REC');
		expect(guarded.counts).toEqual([1, 1, 1, 0]);
		expect(duplicates(fx)).toEqual({});
		// every retry stops at the unsettled order: it is never sent again, and the error says how to go on
		expect(guarded.result.error?.message).toBe('The sales order REC-003 may already have been sent, so it was not sent again');
		expect(guarded.result.error?.description).toContain('Tracking → Get Details');
		expect(guarded.result.error?.description).toContain('Forget Sent Orders');
	});

	it('Retry On Fail with a 500 before processing: the order is kept as unsettled, never sent twice; forgotten, it is sent once', async () => {
		const [order] = orders('RETRY-BEFORE', 1);
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'before', count: 1 });
		const failed = await fx.run(withRetryOnFail(createWorkflow([order])));
		expect(failed.error?.message).toContain('may already have been sent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([0]);

		// the user checks: the provider has no such order, so it is forgotten and sent on purpose
		const forget = await fx.run(actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: order.OrderNo })));
		expect(forget.error).toBeUndefined();
		expect(out(forget).map((i) => i.json)).toEqual([{ OrderNo: order.OrderNo, forgotten: true }]);
		const sent = await fx.run(createWorkflow([order]));
		expect(sent.error).toBeUndefined();
		expect(out(sent)[0].json.alreadySent).toBe(false);
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([1]);
	});

	it('an order reported unsettled is reported without a pause of -Infinity ms (Node warns: TimeoutNegativeWarning)', async () => {
		const [order] = orders('UNSETTLED-QUIET', 1);
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
		expect((await fx.run(createWorkflow([order]))).error).toBeDefined();
		const timers = jest.spyOn(global, 'setTimeout');
		try {
			const again = await fx.run(createWorkflow([order]));
			expect(again.error?.message).toContain('may already have been sent');
			const delays = timers.mock.calls.map(([, ms]) => ms);
			expect(delays.filter((ms) => typeof ms === 'number' && !(ms >= 0))).toEqual([]);
		} finally {
			timers.mockRestore();
		}
	});

	it('an order the provider refused (400) is released: corrected and run again, it is sent', async () => {
		const refused = { OrderNo: 'FIX-001', items: [line('NO-SUCH-SKU', 1)] };
		const first = await fx.run(createWorkflow([refused]));
		expect(first.error?.httpCode).toBe('400');
		expect(first.error?.description ?? '').not.toContain('recorded as possibly sent');
		const corrected = await fx.run(createWorkflow([{ ...refused, items: [line(SKU_A, 1)] }]));
		expect(corrected.error).toBeUndefined();
		expect(out(corrected)[0].json).toMatchObject({ OrderNo: 'FIX-001', alreadySent: false });
		expect(countsOf(fx, ['FIX-001'])).toEqual([1]);
	});

	it.each([
		['a 500 after processing', { kind: 'status', status: 500, when: 'after' }, 1],
		['a connection reset after processing', { kind: 'reset', when: 'after' }, 1],
		['a 201 without a transaction reference', { kind: 'status', status: 201, body: '', when: 'after' }, 1],
		['a 502 before processing', { kind: 'status', status: 502, when: 'before' }, 0],
	] as const)('%s is an unknown outcome: the next run does not send it and says how to check and resend', async (_case, fault, created) => {
		const [order] = orders(`UNK-${_case.length}-${created}`, 1);
		await fx.control.fault({ ...fault, path: 'CreateSalesOrder', count: 1 });
		const first = await fx.run(createWorkflow([order]));
		expect(first.error).toBeDefined();
		expect(first.error?.description).toContain(`The sales order ${order.OrderNo} is recorded as possibly sent`);

		const again = await fx.run(createWorkflow([order]));
		expect(again.error?.message).toBe(`The sales order ${order.OrderNo} may already have been sent, so it was not sent again`);
		expect(again.error?.description).toContain(`Tracking → Get Details`);
		expect(again.error?.description).toContain(`Forget Sent Orders`);
		expect(again.error?.description).toContain('Send Again Even If Sent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([created]);
	});

	it('Send Again Even If Sent sends an order already sent (placed again on purpose), and only while it is on', async () => {
		const [order] = orders('AGAIN', 1);
		await fx.run(createWorkflow([order]));
		const again = await fx.run(createWorkflow([order], { sendOnceOptions: { sendAgain: '={{ $json.OrderNo === "AGAIN-001" }}' } }));
		expect(again.error).toBeUndefined();
		expect(out(again)[0].json.alreadySent).toBe(false);
		const third = await fx.run(createWorkflow([order]));
		expect(out(third)[0].json.alreadySent).toBe(true);
		expect(countsOf(fx, ['AGAIN-001'])).toEqual([2]);
	});

	it('Forget Sent Orders lists each order number, and says which had no record', async () => {
		await fx.run(createWorkflow(orders('FORGET', 2)));
		const result = await fx.run(
			actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: 'FORGET-001, FORGET-002\nNEVER-SENT, FORGET-001' })),
		);
		expect(result.error).toBeUndefined();
		expect(out(result).map((i) => i.json)).toEqual([
			{ OrderNo: 'FORGET-001', forgotten: true },
			{ OrderNo: 'FORGET-002', forgotten: true },
			{ OrderNo: 'NEVER-SENT', forgotten: false },
		]);
		// their claims are gone; what stays is this process's mark and, for each order that had a record, the note that it
		// was forgotten (another process's remembered reference for it no longer holds)
		expect(store().count('test-workflow')).toBe(1 + 2);
		const sentAgain = await fx.run(createWorkflow(orders('FORGET', 2)));
		expect(out(sentAgain).map((i) => i.json.alreadySent)).toEqual([false, false]);
		expect(await fx.control.requests('ForgetSent')).toHaveLength(0);
	});

	it('Forget Sent Orders refuses an empty list before touching the store', async () => {
		const result = await fx.run(actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: ' , ' })));
		expect(result.error?.message).toContain('Invalid "Order Numbers"');
		expect(store().calls).toBe(0);
	});

	it('scope Node keeps a record per node; scope Workflow shares it between the nodes of a workflow', async () => {
		const [order] = orders('SCOPE', 1);
		const asNode = (id: string, scope: string) => {
			const json = createWorkflow([order], { sendOnceOptions: { scope } });
			json.nodes[1] = { ...json.nodes[1], id };
			return json;
		};
		expect(out(await fx.run(asNode('n-1', 'node')))[0].json.alreadySent).toBe(false);
		// another node (another id) with its own record sends it; the same node does not
		expect(out(await fx.run(asNode('n-2', 'node')))[0].json.alreadySent).toBe(false);
		expect(out(await fx.run(asNode('n-1', 'node')))[0].json.alreadySent).toBe(true);
		// records live in the workflow's row (with scope Node the key names the node); the node's row is only its lock
		// the two claims and this process's mark
		expect(store().count('test-workflow')).toBe(2 + 1);
		expect(store().hasRow('test-workflow', 'n:n-1')).toBe(false);
		expect(out(await fx.run(asNode('n-3', 'workflow')))[0].json.alreadySent).toBe(false);
		expect(out(await fx.run(asNode('n-4', 'workflow')))[0].json.alreadySent).toBe(true);
	});

	it('keys hold the customer number and the order number, never the user key, password or token', async () => {
		await fx.run(createWorkflow(orders('KEY', 1)));
		const values = store().seen.filter((value) => /^(claim|open):/.test(value));
		expect(values.length).toBeGreaterThan(0);
		const credential = Object.values(fx.credential())[0];
		for (const value of store().seen) {
			for (const secret of [credential.userKey, credential.password, credential.accessToken]) expect(value).not.toContain(secret);
		}
		for (const value of values) {
			// the order number as the record keeps it: folded (letter case, width), as the provider compares it
			expect(value.toLowerCase()).toContain('key-001');
			expect(value).toContain(credential.customerNo);
			for (const secret of [credential.userKey, credential.password, credential.accessToken]) expect(value).not.toContain(secret);
		}
	});

	it('with the record turned off, a re-run sends again (as before) and the output has no alreadySent', async () => {
		const input = orders('OFF', 2);
		await fx.run(createWorkflow(input, { sendOnce: false }));
		const second = await fx.run(createWorkflow(input, { sendOnce: false }));
		expect(countsOf(fx, numbers(input))).toEqual([2, 2]);
		expect(out(second)[0].json).not.toHaveProperty('alreadySent');
		expect(store().calls).toBe(0);
	});

	it('another node using the workflow store in another mode: a clear error, nothing sent', async () => {
		store().seed('test-workflow', '', 'latestIncrementalKey', 42);
		const result = await fx.run(createWorkflow(orders('MODE', 1)));
		expect(result.error?.message).toContain("Could not record the orders about to be sent in n8n's deduplication store");
		expect(result.error?.description).toContain("set that node's Scope to Node");
		// with scope Node too: its records are kept in the workflow's row, under keys naming the node
		const asNode = await fx.run(createWorkflow(orders('MODE', 1), { sendOnceOptions: { scope: 'node' } }));
		expect(asNode.error?.message).toContain("Could not record the orders about to be sent in n8n's deduplication store");
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('with Continue On Fail, an unsettled order becomes an error item and the others go on', async () => {
		const input = orders('COF', 3);
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', after: 1, count: 1 });
		await fx.run(createWorkflow(input, { options: { concurrency: 1 } }, { continueOnFail: true, typeVersion: 2 }));
		const again = await fx.run(createWorkflow(input, { options: { concurrency: 1 } }, { continueOnFail: true, typeVersion: 2 }));
		expect(again.error).toBeUndefined();
		const items = out(again);
		expect(items[0].json.alreadySent).toBe(true);
		expect(items[1].json.error).toBe('The sales order COF-002 may already have been sent, so it was not sent again');
		expect(items[2].json.alreadySent).toBe(true);
		expect(countsOf(fx, numbers(input))).toEqual([1, 1, 1]);
		expect(salesOrders(fx.sandbox.state)).toHaveLength(3);
	});
});

describe('Sales Order → Create where n8n has no deduplication store', () => {
	it('says so once in an execution hint and sends as before', async () => {
		await installDeduplicator(undefined);
		const input = orders('NOSTORE', 3);
		const first = await fx.run(createWorkflow(input));
		const second = await fx.run(createWorkflow(input));
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(hints(first).filter((h) => h.includes("deduplication store is not available"))).toHaveLength(1);
		expect(out(first)[0].json).not.toHaveProperty('alreadySent');
		// today's behaviour: a second run sends again
		expect(countsOf(fx, numbers(input))).toEqual([2, 2, 2]);
		expect(out(second).map((i) => i.json.OrderNo)).toEqual(numbers(input));
	});
});
