// The action node when n8n cancels its execution (the editor's Stop, the workflow's Timeout, a shutdown: all call
// WorkflowExecute's cancel(), which aborts the signal n8n hands to the node and to every request of its helpers).
import type { IDataObject } from 'n8n-workflow';

import { countsOf, createWorkflow, orders, out, salesOrderParameters, useStore } from '../exactlyOnce/helpers';
import { startWorkflow, type RunResult, type StartedRun } from '../harness/harness';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';

const fx = useSandbox();
const store = useStore();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How soon after the stop a run must have ended. A run that did not stop would go on 7 s or more in every test below;
 * a run that stops ends within a few hundred ms, up to a second and more on a machine busy with other jobs.
 */
const ENDS_AT_ONCE_MS = 2_500;

/** Stops the run after `afterMs`; its result, and how long it went on after the stop. */
async function stopAfter(run: StartedRun, afterMs: number): Promise<{ result: RunResult; wentOnMs: number; stoppedAt: number }> {
	await wait(afterMs);
	run.cancel();
	const stoppedAt = Date.now();
	const result = await run.result;
	return { result, wentOnMs: Date.now() - stoppedAt, stoppedAt };
}

/** Requests that reached the sandbox, by path, as they arrive (the sandbox logs a request when it answers it). */
const arrivedPaths = watchRequests(fx, 'before');

/**
 * Stops the run once `count` requests to `path` have reached the sandbox (a moment after, for the last one to be on its
 * way for sure): on a busy machine a run takes a while to send, so a fixed delay may stop it before or after.
 */
async function stopOnArrival(run: StartedRun, path: string, count: number) {
	await untilRequest(arrivedPaths, path, count);
	return await stopAfter(run, 20);
}

/**
 * The requests to `path` the sandbox received, once every one that arrived has been answered; none may have been sent
 * after the stop (the sandbox logs a request when it answers it, stamped with when it arrived).
 */
async function receivedBy(path: string, stoppedAt: number): Promise<number> {
	const deadline = Date.now() + 20_000;
	let requests = await fx.control.requests(path);
	while (requests.length < arrivedPaths().filter((p) => p.endsWith(path)).length && Date.now() < deadline) {
		await wait(50);
		requests = await fx.control.requests(path);
	}
	expect(requests.filter((r) => r.at > stoppedAt + 100)).toEqual([]);
	return requests.length;
}

/** Waits until the sandbox has answered `count` requests to `path` (on a busy machine a run takes a while to send). */
async function answered(path: string, count: number): Promise<void> {
	const deadline = Date.now() + 20_000;
	while ((await fx.control.requests(path)).filter((r) => r.status !== undefined).length < count) {
		if (Date.now() > deadline) throw new Error(`${path}: fewer than ${count} requests answered in time`);
		await wait(20);
	}
}

const errorsOf = (result: RunResult) => out(result).map((item) => item.json.error as string | undefined);

describe('Stop: nothing that never reached the provider is recorded as possibly sent', () => {
	it('an order waiting out a 429 is given back: the run ends at once as canceled, and the next run sends the order', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '10', path: 'CreateSalesOrder', count: 1 });
		const input = orders('STOP429', 1);
		const run = startWorkflow(createWorkflow(input), fx.credential());
		// stopped while it waits out the Retry-After (10 s): the 429 answered, then a moment for the answer to arrive
		await answered('CreateSalesOrder', 1);
		const { result, wentOnMs } = await stopAfter(run, 200);
		expect(wentOnMs).toBeLessThan(ENDS_AT_ONCE_MS);
		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The execution was canceled before the request to /api/SalesOrder/CreateSalesOrder was sent');
		expect(result.error?.description).toBe('Nothing was changed at the provider by it. Run the workflow again to do it.');
		// the refused request only: the order was never created
		expect((await fx.control.requests('CreateSalesOrder')).map((r) => r.status)).toEqual([429]);

		const again = await fx.run(createWorkflow(input));
		expect(again.error).toBeUndefined();
		expect(countsOf(fx, ['STOP429-001'])).toEqual([1]);
	});

	it('Continue On Fail: the orders queued behind Concurrency are not started, each an error item; the next run sends every one the provider lacks', async () => {
		await fx.control.fault({ kind: 'latency', ms: 300, path: 'CreateSalesOrder' });
		const input = orders('STOPQ', 12);
		const numbers = input.map((i) => String(i.OrderNo));
		const json = createWorkflow(input, { requestOptions: { concurrency: 2 } }, { continueOnFail: true });
		// the third pair on its way
		const { result, stoppedAt } = await stopOnArrival(startWorkflow(json, fx.credential()), 'CreateSalesOrder', 5);
		expect(result.run.status).toBe('canceled');
		// the third pair was on its way at the stop (on an idle machine): nothing after it was sent
		const sent = await receivedBy('CreateSalesOrder', stoppedAt);
		expect(sent).toBeGreaterThanOrEqual(2);
		expect(sent).toBeLessThan(12);
		// the node does not fail the run (n8n would put its input items out as its output, bug hunt 41): one result per
		// input item, in input order, each paired with its item
		const output = out(result);
		expect(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.error).toBeUndefined();
		expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(numbers.map((_n, i) => i));
		// the orders never started: not sent, to be run again
		expect(output.slice(sent).map((item) => item.json)).toEqual(
			numbers.slice(sent).map((_n, i) => ({
				error: `The execution was canceled before item ${sent + i + 1} was sent`,
				details: { description: 'Nothing was changed at the provider by it. Run the workflow again to do it.' },
			})),
		);
		// the orders sent: those answered keep their output (and reference); those on their way at the stop (at most
		// Concurrency, the last ones sent) are error items saying the provider may have them
		const onItsWay = output.slice(0, sent).flatMap((item, i) => (item.json.error === undefined ? [] : [i]));
		expect(onItsWay.length).toBeLessThanOrEqual(2);
		expect(onItsWay).toEqual(onItsWay.map((_i, k) => sent - onItsWay.length + k));
		for (const i of onItsWay) {
			expect(output[i].json.error).toBe('The request to the provider was sent, then the execution was canceled while it was on its way: the request may have taken effect, check before sending it again');
			expect((output[i].json.details as IDataObject).description).toContain('check with the provider (for orders, by order number) before running it again');
		}
		const answeredOrders = output.slice(0, sent - onItsWay.length);
		expect(answeredOrders.length).toBeGreaterThan(0);
		expect(answeredOrders.map((item) => [item.json.OrderNo, typeof item.json.TransactionReferenceNumber])).toEqual(
			numbers.slice(0, answeredOrders.length).map((n) => [n, 'string']),
		);

		fx.sandbox.faults.clear();
		const again = await fx.run(createWorkflow(input, {}, { continueOnFail: true }));
		// every order the provider lacked is sent; only the orders on their way at the stop are refused as possibly sent,
		// and the provider has each of those
		const refused = errorsOf(again).flatMap((error, i) => (error === undefined ? [] : [i]));
		expect(refused).toEqual(onItsWay);
		expect(countsOf(fx, numbers)).toEqual(numbers.map(() => 1));
	});

	it('Batch Create with Continue On Fail: the chunks after the stop are neither claimed nor sent; the next run sends them', async () => {
		await fx.control.fault({ kind: 'latency', ms: 300, path: 'BatchSalesOrder' });
		const input = orders('STOPB', 30);
		const numbers = input.map((i) => String(i.OrderNo));
		const batch = actionWorkflow(
			salesOrderParameters('batchCreate', {
				orderNo: '={{ $json.OrderNo }}',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: '={{ $json.items ?? [] }}',
				options: { batchSize: 10 },
			}),
			{ items: input, continueOnFail: true, typeVersion: 2 },
		);
		const { result, stoppedAt } = await stopOnArrival(startWorkflow(batch, fx.credential()), 'BatchSalesOrder', 1);
		expect(result.run.status).toBe('canceled');
		// the first chunk was on its way at the stop
		expect(await receivedBy('BatchSalesOrder', stoppedAt)).toBe(1);
		expect(errorsOf(result).slice(10)).toEqual([
			...numbers.slice(10, 20).map(() => 'The execution was canceled before the chunk of 10 orders from item 11 on was sent'),
			...numbers.slice(20).map(() => 'The execution was canceled before the chunk of 10 orders from item 21 on was sent'),
		]);

		fx.sandbox.faults.clear();
		const again = await fx.run(batch);
		// the first chunk's orders were on their way at the stop: possibly sent (the provider has them); the rest are sent
		expect(errorsOf(again).slice(10)).toEqual(numbers.slice(10).map(() => undefined));
		expect(countsOf(fx, numbers)).toEqual(numbers.map(() => 1));
	});

	it('without Continue On Fail: the queued orders are named as not sent, and a write on its way stays possibly sent', async () => {
		await fx.control.fault({ kind: 'latency', ms: 300, path: 'CreateSalesOrder' });
		const input = orders('STOPW', 5);
		const json = createWorkflow(input, { requestOptions: { concurrency: 1 } });
		const { result, stoppedAt } = await stopOnArrival(startWorkflow(json, fx.credential()), 'CreateSalesOrder', 2);
		expect(result.run.status).toBe('canceled');
		expect(await receivedBy('CreateSalesOrder', stoppedAt)).toBe(2);
		// the first was answered, the second was on its way at the stop: the provider may have it (it was created)
		expect(result.error?.message).toBe('The request to the provider was sent, then the execution was canceled while it was on its way: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain('Already done before it stopped: item 1 (TransactionReferenceNumber');
		expect(result.error?.description).toContain('Not sent: items 3-5.');
		expect(countsOf(fx, input.map((i) => String(i.OrderNo)))).toEqual([1, 1, 0, 0, 0]);
	});
});

describe('Stop: the node stops waiting', () => {
	it('a Return All read stopped between pages ends at once: the cancelled request is not retried', async () => {
		await fx.control.fault({ kind: 'latency', ms: 400, path: 'GetStatus' });
		const json = actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true, options: { pageSize: 5 } }, { typeVersion: 2 });
		const { result, wentOnMs, stoppedAt } = await stopOnArrival(startWorkflow(json, fx.credential()), 'GetStatus', 2);
		// it was 26 to 52 s: 8 retries of a request the stop cancels at once, then "Could not reach the provider"
		expect(wentOnMs).toBeLessThan(ENDS_AT_ONCE_MS);
		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The execution was canceled while reading /api/Inventory/GetStatus');
		expect(await receivedBy('GetStatus', stoppedAt)).toBeGreaterThan(1);
	});

	it('a duplicate waiting for this process\'s own send of the same order stops waiting, and sends nothing', async () => {
		// the first run's create is held by the sandbox while the duplicate (a store webhook delivered twice) waits for it
		await fx.control.fault({ kind: 'latency', ms: 8_000, path: 'CreateSalesOrder' });
		const input = orders('STOPOWN', 1);
		const first = startWorkflow(createWorkflow(input), fx.credential());
		await untilRequest(arrivedPaths, 'CreateSalesOrder');
		const { result, wentOnMs } = await stopAfter(startWorkflow(createWorkflow(input), fx.credential()), 500);
		// it waited until the first send ended (7.5 s more here; without a bound on a provider that trickles)
		expect(wentOnMs).toBeLessThan(ENDS_AT_ONCE_MS);
		expect(result.error?.message).toBe('The sales order STOPOWN-001 may already have been sent, so it was not sent again');
		expect(out(await first.result)[0].json.alreadySent).toBe(false);
		expect(countsOf(fx, ['STOPOWN-001'])).toEqual([1]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});

	it('a run waiting for the record\'s lock (held by another process, or one that died holding it) stops waiting, claiming nothing', async () => {
		// the create node's own lock row (scope Node, context n:<node id>), as another process holds it
		store().seed('test-workflow', 'n:a2', 'latestIncrementalKey', 1);
		const { result, wentOnMs } = await stopAfter(startWorkflow(createWorkflow(orders('STOPLOCK', 1)), fx.credential()), 800);
		// it waited 15 to 30 s, until it took the lock out as stale, and then claimed the order
		expect(wentOnMs).toBeLessThan(ENDS_AT_ONCE_MS);
		expect(result.error?.message).toBe('The execution was canceled while waiting for the record of sent orders');
		expect(store().count('test-workflow')).toBe(0);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('a duplicate waiting for another worker to finish sending the same order stops waiting, and sends nothing', async () => {
		// another worker claimed STOPDUP-001 just now and is sending it: its values are in the workflow's records
		const host = new URL(fx.sandbox.baseUrl);
		const account = `${SANDBOX_CREDENTIALS.customerNo}@${`${host.host}${host.pathname}`.toLowerCase().replace(/\/+$/, '')}`;
		// the record keeps the order number folded (letter case, width), as the provider compares it
		const key = JSON.stringify(['wine-fulfillment', account, 'salesOrder', 'stopdup-001']);
		const values = [`claim:${key}`, `open:${key}`, `sending:${Math.floor(Date.now() / 10_000)}:${key}`];
		const contextData = { workflow: { id: 'test-workflow' } } as IDataObject;
		await store().checkProcessedAndRecord(values, 'workflow', contextData as never, { mode: 'entries', maxEntries: 10_000 });

		const { result, wentOnMs } = await stopAfter(startWorkflow(createWorkflow(orders('STOPDUP', 1)), fx.credential()), 800);
		// it waited for the other send for up to 2 min 35 s
		expect(wentOnMs).toBeLessThan(ENDS_AT_ONCE_MS);
		expect(result.error?.message).toBe('The sales order STOPDUP-001 may already have been sent, so it was not sent again');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});
