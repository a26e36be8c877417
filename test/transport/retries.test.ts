// Retries: 429 always (Retry-After honoured), reads on 5xx/reset/unreadable answers; writes never resent once they may have arrived.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders } from '../sandbox/stores';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 50 });
const fast = { baseDelayMs: 5, maxDelayMs: 20 };

describe('transport: retries', () => {
	/** The gap between the first two requests the sandbox received, as it measured their arrival. */
	async function gapMs(path: string): Promise<number> {
		const [first, second] = await fx.control.requests(path);
		return second.at - first.at;
	}

	it('waits for Retry-After on a 429 and then succeeds', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '1', path: 'GetStatus', count: 1 });
		// a backoff here would be a few milliseconds: only Retry-After makes the gap a second
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 2 }, retry: { baseDelayMs: 5, maxDelayMs: 5000 } }));
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.statusCode).toBe(200);
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([429, 200]);
		expect(await gapMs('GetStatus')).toBeGreaterThanOrEqual(950);
	});

	it('reads an HTTP-date Retry-After too: waits until that time, not a backoff', async () => {
		// an HTTP date has whole seconds: two seconds ahead is one to two seconds away; a backoff would be under 5 ms
		const when = new Date(Date.now() + 2000).toUTCString();
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: when, path: 'GetStatus', count: 1 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 5, maxDelayMs: 5000 } }));
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([429, 200]);
		const gap = await gapMs('GetStatus');
		expect(gap).toBeGreaterThanOrEqual(900);
		expect(gap).toBeLessThan(2500);
	});

	it('retries a create after a 429, which the provider did not process: exactly one order is created', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0', path: 'CreateSalesOrder', count: 2 });
		const result = await fx.run(
			actionWorkflow({
				resource: 'salesOrder',
				operation: 'create',
				orderNo: 'RETRY-1',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
			}),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateSalesOrder');
		expect(sent.map((r) => [r.status, r.outcome])).toEqual([
			[429, 'fault-before'],
			[429, 'fault-before'],
			[201, 'processed'],
		]);
		const created = salesOrders(fx.sandbox.state);
		expect(created.map((o) => o.OrderNo)).toEqual(['RETRY-1']);
		expect(result.output(ACTION_NODE)[0].json.TransactionReferenceNumber).toBe(created[0].TransactionReferenceNumber);
	});

	it('waits out a busy limit: 30 orders at Concurrency 30 against 10 a second each get through, however often refused', async () => {
		// Retry-After 0.1 s: the 20 orders past the first second's burst take turns for 2 s, the last refused about 20 times
		await fx.control.rateLimit(10, 0.1);
		const items = Array.from({ length: 30 }, (_, i) => ({ orderNo: `BUSY-${String(i + 1).padStart(2, '0')}` }));
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'salesOrder',
					operation: 'create',
					orderNo: '={{ $json.orderNo }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
					requestOptions: { concurrency: 30 },
				},
				{ items },
			),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(items.map((i) => i.orderNo));
		expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo).sort()).toEqual(items.map((i) => i.orderNo));
		const sent = await fx.control.requests('CreateSalesOrder');
		// some order was refused more often than the 8 retries a failure gets
		const refusals = new Map<string, number>();
		for (const r of sent.filter((r) => r.status === 429)) {
			const no = String((r.body as { OrderNo?: unknown }).OrderNo);
			refusals.set(no, (refusals.get(no) ?? 0) + 1);
		}
		expect(Math.max(...refusals.values())).toBeGreaterThan(8);
	});

	it('retries a read after 500s and succeeds', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'GetStatus', count: 2 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: fast }));
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([500, 500, 200]);
	});

	it('never resends a create after a 500', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', count: 1 });
		const result = await fx.run(probe({ endpoint: 'createSalesOrder', retry: fast }));
		expect(result.error?.message).toContain('internal error (500)');
		expect(result.error?.description).toContain('not resent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expectNoSecrets(result.run);
	});

	it('retries a read after a connection reset', async () => {
		await fx.control.fault({ kind: 'reset', path: 'GetStatus', count: 1 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: fast }));
		expect(result.error).toBeUndefined();
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
	});

	it('never resends a cancel after a connection reset, and says it may have arrived', async () => {
		await fx.control.fault({ kind: 'reset', path: 'CancelSalesOrder', count: 1 });
		const result = await fx.run(probe({ endpoint: 'cancelSalesOrder', retry: fast }));
		expect(result.error?.message).toBe('The request to the provider was sent, then the connection was reset: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain('may have processed it');
		expect(await fx.control.requests('CancelSalesOrder')).toHaveLength(1);
		expectNoSecrets(result.run);
	});

	it('retries a read whose answer is not valid JSON', async () => {
		await fx.control.fault({ kind: 'malformed', path: 'GetStatus', count: 1 });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: fast }));
		expect(result.error).toBeUndefined();
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
	});

	it('does not resend an update whose answer is not valid JSON', async () => {
		await fx.control.fault({ kind: 'malformed', path: 'UpdateSalesOrder', count: 1 });
		const result = await fx.run(probe({ endpoint: 'updateSalesOrder', retry: fast }));
		expect(result.error?.message).toContain('not valid JSON');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(1);
		expectNoSecrets(result.run);
	});

	it('is bounded: a read that keeps failing stops after the retry budget', async () => {
		await fx.control.fault({ kind: 'status', status: 503, path: 'GetStatus' });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { ...fast, maxRetries: 4 } }));
		expect(result.error?.message).toContain('internal error (503)');
		expect(await fx.control.requests('GetStatus')).toHaveLength(5);
		expectNoSecrets(result.run);
	});

	it('does not wait past the total wait budget when Retry-After asks for longer', async () => {
		await fx.control.fault({ kind: 'status', status: 429, retryAfter: '30', path: 'GetStatus' });
		const started = Date.now();
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxTotalWaitMs: 1000 } }));
		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error?.httpCode).toBe('429');
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
		expectNoSecrets(result.run);
	});
});
