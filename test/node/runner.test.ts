// The per-item runner when an item fails without Continue On Fail: a refused item stops the run before anything is
// sent; a failed send ends it with the earliest failure, what was already done (with references), what also failed
// and what was never sent.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, createFromItems, line } from '../salesOrder/helpers';

const fx = useSandbox();

type Failure = 'invalid' | 'status500' | 'reset';

const orderNo = (i: number) => `RUN-${String(i + 1).padStart(3, '0')}`;

/** Runs Create over `size` items where the item at `bad` fails in the given way; never waits for ever. */
async function runWithFailure(size: number, bad: number, failure: Failure, concurrency: number) {
	const items = Array.from({ length: size }, (_, i) => ({
		OrderNo: orderNo(i),
		items: [line(SKU_A, failure === 'invalid' && i === bad ? -1 : 1)],
	}));
	// a little latency keeps several requests in flight at once
	await fx.control.fault({ kind: 'latency', ms: 5, path: 'CreateSalesOrder' });
	if (failure !== 'invalid') {
		await fx.control.fault({
			kind: failure === 'reset' ? 'reset' : 'status',
			status: 500,
			// the order is accepted, then the answer is lost: the uncertain case
			when: 'after',
			path: 'CreateSalesOrder',
			after: bad,
			count: 1,
		});
	}
	const run = fx.run(actionWorkflow(createFromItems({ options: { concurrency } }, 2), { items, typeVersion: 2 }));
	let timer: NodeJS.Timeout | undefined;
	const hung = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error('the run never finished')), 15_000);
	});
	try {
		return await Promise.race([run, hung]);
	} finally {
		clearTimeout(timer);
	}
}

const cases: Array<[number, number, Failure, number]> = [];
for (const failure of ['invalid', 'status500', 'reset'] as const) {
	for (const concurrency of [1, 5, 50]) {
		for (const [size, bad] of [
			[2, 1],
			[6, 0],
			[6, 1],
			[6, 5],
			[60, 7],
		]) {
			cases.push([size, bad, failure, concurrency]);
		}
	}
}

describe('per-item runner: a failure without Continue On Fail', () => {
	it.each(cases)('%i items, item %i fails (%s), concurrency %i: ends, names what was done and what was not sent', async (size, bad, failure, concurrency) => {
		const result = await runWithFailure(size, bad, failure, concurrency);
		const log = await fx.control.requests('CreateSalesOrder');
		const created = salesOrders(fx.sandbox.state);

		// the failing item: for a sandbox fault, whichever request got it (arrival order can differ from item order)
		const faulted = log.find((r) => r.outcome === 'fault-after');
		const failedNo = failure === 'invalid' ? orderNo(bad) : String((faulted?.body.OrderInfo as { OrderNo: string }).OrderNo);
		const failedIndex = Number(failedNo.slice(4)) - 1;
		expect(result.error).toBeDefined();
		expect(result.error?.context?.itemIndex).toBe(failedIndex);
		expect(result.output(ACTION_NODE)).toEqual([]);
		const description = String(result.error?.description ?? '');
		if (failure === 'invalid') {
			// refused while every item was read and checked: nothing was sent, and the error says so
			expect(result.error?.message).toBe('Invalid "Items line 1 → Quantity (ItemQuantity)": must be a whole number of at least 1 (got -1)');
			expect(description).toContain(`Item ${failedIndex + 1} of ${size} was refused before anything was sent: no item was sent.`);
			expect(description).not.toContain('so the run stopped');
			expect([log.length, created.length]).toEqual([0, 0]);
			return;
		}
		expect(result.error?.message).toMatch(failure === 'reset' ? /connection was reset/ : /internal error \(500\)/);

		// every created order is named as done, with its transaction reference (past 40 of them, the first and last 20,
		// the others counted); nothing else was created
		expect(description).toContain(`Item ${failedIndex + 1} of ${size} failed, so the run stopped.`);
		const accepted = created.filter((o) => o.OrderNo !== failedNo);
		const doneIndexes = accepted.map((o) => Number(o.OrderNo.slice(4)) - 1).sort((a, b) => a - b);
		const counted = new Set(doneIndexes.length > 40 ? doneIndexes.slice(20, -20) : []);
		if (counted.size) expect(description).toContain(`; ${counted.size} more (items `);
		for (const order of accepted) {
			const i = Number(order.OrderNo.slice(4)) - 1;
			const named = `item ${i + 1} (TransactionReferenceNumber ${order.TransactionReferenceNumber}, OrderNo ${order.OrderNo})`;
			if (counted.has(i)) expect(description).not.toContain(named);
			else expect(description).toContain(named);
		}
		// the failing item's order exists: the provider processed it before the answer was lost
		expect(created.some((o) => o.OrderNo === failedNo)).toBe(true);
		expect(description).not.toContain(`item ${failedIndex + 1} (`);
		expect(new Set(created.map((o) => o.OrderNo)).size).toBe(created.length);

		// what was never sent is said, and really was not sent: no request carries its order number
		const sentNos = new Set(log.map((r) => (r.body.OrderInfo as { OrderNo: string }).OrderNo));
		const notSent = Array.from({ length: size }, (_, i) => i).filter((i) => i !== failedIndex && !sentNos.has(orderNo(i)));
		expect(accepted.length + notSent.length + 1).toBe(size);
		if (notSent.length) expect(description).toMatch(/Not sent: items? [\d, -]+\./);
		for (const i of notSent) expect(description).not.toContain(`item ${i + 1} (`);
		// with one request at a time, nothing after the failing item was started
		if (concurrency === 1) expect(notSent).toEqual(Array.from({ length: size - failedIndex - 1 }, (_, k) => failedIndex + 1 + k));
		expect(description).toContain('Turn on Continue On Fail');
	});

	it('the earliest failing item is the one reported when several in flight fail', async () => {
		const items = Array.from({ length: 8 }, (_, i) => ({ OrderNo: orderNo(i), items: [line(SKU_A, 1)] }));
		// all 8 are sent at once; two of them are answered 500 without being processed (whichever arrive 3rd and 4th)
		await fx.control.fault({ kind: 'latency', ms: 5, path: 'CreateSalesOrder' });
		await fx.control.fault({ kind: 'status', status: 500, when: 'before', path: 'CreateSalesOrder', after: 2, count: 2 });
		const result = await fx.run(actionWorkflow(createFromItems({ options: { concurrency: 8 } }, 2), { items, typeVersion: 2 }));
		const log = await fx.control.requests('CreateSalesOrder');
		expect(log.map((r) => r.outcome).sort()).toEqual([...Array(2).fill('fault-before'), ...Array(6).fill('processed')]);
		// the other 6 were all started at once and accepted; the two answered 500 are the ones not created
		const created = new Set(salesOrders(fx.sandbox.state).map((o) => o.OrderNo));
		const failed = items.map((_, i) => i).filter((i) => !created.has(orderNo(i)));
		expect([created.size, failed.length]).toEqual([6, 2]);
		expect(result.error?.context?.itemIndex).toBe(failed[0]);
		expect(result.error?.description).toContain(`Item ${failed[0] + 1} of 8 failed`);
		expect(result.error?.description).toContain(`Also failed: item ${failed[1] + 1}: `);
	});

	it('with Continue On Fail every item has its result, in input order, each paired to its input', async () => {
		const items = Array.from({ length: 6 }, (_, i) => ({ OrderNo: orderNo(i), items: [line(SKU_A, i === 1 ? -1 : 1)] }));
		await fx.control.fault({ kind: 'status', status: 500, when: 'before', path: 'CreateSalesOrder', after: 3, count: 1 });
		const result = await fx.run(
			actionWorkflow(createFromItems({ options: { concurrency: 1 } }, 2), { items, continueOnFail: true, typeVersion: 2 }),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => (o.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(out.map((o) => ('error' in o.json ? 'error' : o.json.OrderNo))).toEqual([
			'RUN-001',
			'error',
			'RUN-003',
			'RUN-004',
			'error',
			'RUN-006',
		]);
	});

	it.each([
		['"abc"', 'abc', 2],
		['0', 0, 2],
		['51', 51, 2],
		['"1e3"', '1e3', 2],
		['51 (version 1: Request Options)', 51, 1],
	])('refuses Concurrency %s before anything is sent', async (_label, concurrency, typeVersion) => {
		const settings = typeVersion === 1 ? { requestOptions: { concurrency } } : { options: { concurrency } };
		const result = await fx.run(
			actionWorkflow(createFromItems(settings, typeVersion), { items: [{ OrderNo: 'RUN-001', items: [line(SKU_A, 1)] }], typeVersion }),
		);
		expect(result.error?.message).toMatch(/^Invalid "Concurrency": must be a whole number from 1 to 50/);
		expect(await fx.control.requests('CreateSalesOrder')).toEqual([]);
	});
});
