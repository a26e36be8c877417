// Sales Order → Batch Create (deprecated BatchSalesOrder): chunks, 413 splitting, one output item per order.
import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, SKU_B, line, paired, salesOrder } from './helpers';
import { description as resourceDescription } from '../../nodes/WineFulfillment/actions/salesOrder/SalesOrder.resource';

const fx = useSandbox();

const batch = (extra: Record<string, unknown> = {}) =>
	salesOrder('batchCreate', {
		orderNo: '={{ $json.OrderNo }}',
		orderType: '={{ $json.type ?? "RETAIL" }}',
		itemsInput: 'json',
		itemsJson: '={{ $json.items ?? [] }}',
		...extra,
	});

/** Batch Create on version 2 (its batch settings in Options), or on the version given. */
const batchWorkflow = (extra: Record<string, unknown> = {}, options: ActionWorkflowOptions = {}) =>
	actionWorkflow(batch(extra), { typeVersion: 2, ...options });

const orders = (n: number, prefix = 'B') =>
	Array.from({ length: n }, (_, i) => ({ OrderNo: `${prefix}-${i}`, items: [line(i % 2 ? SKU_A : SKU_B, 1)] }));

describe('Sales Order → Batch Create (deprecated)', () => {
	it('shows the deprecation in the editor', () => {
		const operation = resourceDescription.find((p) => p.name === 'operation');
		const option = operation?.options?.find((o) => 'value' in o && o.value === 'batchCreate') as { name: string; description: string };
		expect(option.name).toContain('Deprecated');
		expect(option.description).toContain('Deprecated');
		const notice = resourceDescription.find((p) => p.type === 'notice' && p.displayOptions?.show?.operation?.includes('batchCreate'));
		expect(notice?.displayName).toContain('deprecated');
	});

	it.each([
		[2, 'options'],
		[1, 'batchOptions'],
	])('sends one request per chunk of input items and yields one item per order with IsCreated and Messages (version %i: %s)', async (typeVersion, settings) => {
		const input = orders(5);
		const result = await fx.run(
			batchWorkflow({ [settings]: { batchSize: 2, batchId: 'NIGHTLY-7', batchDescription: 'Nightly' } }, { items: input, typeVersion }),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('BatchSalesOrder');
		expect(sent.map((r) => (r.body.SalesOrdersInfo as Array<{ OrderInfo: { OrderNo: string } }>).map((e) => e.OrderInfo.OrderNo))).toEqual([
			['B-0', 'B-1'],
			['B-2', 'B-3'],
			['B-4'],
		]);
		expect(sent[0].body).toMatchObject({ BatchId: 'NIGHTLY-7', BatchDescription: 'Nightly' });
		expect((sent[0].body.SalesOrdersInfo as unknown[])[0]).toEqual({
			OrderInfo: { OrderNo: 'B-0', OrderType: 'RETAIL' },
			ItemsInfo: [{ ItemNo: SKU_B, ItemQuantity: 1 }],
		});
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [o.json.OrderNo, o.json.IsCreated, o.json.Messages, paired(o)])).toEqual(
			input.map((o, i) => [o.OrderNo, true, [], i]),
		);
		const created = salesOrders(fx.sandbox.state);
		expect(out.map((o) => o.json.TransactionReferenceNumber)).toEqual(created.map((o) => o.TransactionReferenceNumber));
		expect(out[0].json.BatchTransactionReferenceNumber).toEqual(expect.any(String));
	});

	it('answers a 413 by splitting the chunk in halves, recursively, keeping every order once and in order', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 3 });
		const input = orders(10);
		const result = await fx.run(batchWorkflow({ options: { batchSize: 10 } }, { items: input }));
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('BatchSalesOrder');
		expect(sent.map((r) => [(r.body.SalesOrdersInfo as unknown[]).length, r.status])).toEqual([
			[10, 413],
			[5, 413],
			[3, 200],
			[2, 200],
			[5, 413],
			[3, 200],
			[2, 200],
		]);
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [o.json.OrderNo, paired(o), o.json.IsCreated])).toEqual(input.map((o, i) => [o.OrderNo, i, true]));
		expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo)).toEqual(input.map((o) => o.OrderNo));
	});

	it('splits on a byte limit too', async () => {
		const input = orders(4);
		const oneOrderBytes = 200;
		await fx.control.call('POST', 'batch-limit', { maxBytes: oneOrderBytes * 2 });
		const result = await fx.run(batchWorkflow({ options: { batchSize: 4 } }, { items: input }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).every((o) => o.json.IsCreated === true)).toBe(true);
		const statuses = (await fx.control.requests('BatchSalesOrder')).map((r) => r.status);
		expect(statuses[0]).toBe(413);
		expect(salesOrders(fx.sandbox.state)).toHaveLength(4);
	});

	it("splits on a proxy's 413 web page too (the proxy refused the body: nothing reached the provider)", async () => {
		const input = orders(4);
		const page = '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center></body></html>';
		await fx.control.fault({ kind: 'status', status: 413, path: 'BatchSalesOrder', as: 'text', body: page, count: 1 });
		const result = await fx.run(batchWorkflow({ options: { batchSize: 4 } }, { items: input }));
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('BatchSalesOrder');
		// the proxy's page is answered before the sandbox reads the body: only the halves' bodies are recorded
		expect(sent.map((r) => [r.status, (r.body?.SalesOrdersInfo as unknown[] | undefined)?.length])).toEqual([
			[413, undefined],
			[200, 2],
			[200, 2],
		]);
		expect(result.output(ACTION_NODE).map((o) => [o.json.OrderNo, paired(o), o.json.IsCreated])).toEqual(input.map((o, i) => [o.OrderNo, i, true]));
		expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo)).toEqual(input.map((o) => o.OrderNo));
	});

	it('a single order that is still too large fails with the 413 explained', async () => {
		await fx.control.call('POST', 'batch-limit', { maxBytes: 10 });
		const result = await fx.run(batchWorkflow({}, { items: orders(2) }));
		expect(result.error?.message).toBe('The request is too large for the provider');
		expect(result.error?.description).toContain('lower the batch size');
		expect((await fx.control.requests('BatchSalesOrder')).map((r) => r.status)).toEqual([413, 413]);
	});

	it("reports an order the provider did not create with IsCreated false and the provider's messages", async () => {
		const result = await fx.run(
			batchWorkflow({}, {
				items: [
					{ OrderNo: 'OK-1', items: [line(SKU_A, 1)] },
					{ OrderNo: 'BAD-SKU', items: [line('UNKNOWN-SKU', 1)] },
				],
			}),
		);
		const out = result.output(ACTION_NODE);
		expect(out[0].json).toMatchObject({ OrderNo: 'OK-1', IsCreated: true, Messages: [] });
		expect(out[1].json).toMatchObject({ OrderNo: 'BAD-SKU', IsCreated: false });
		expect(String((out[1].json.Messages as string[])[0])).toContain('UNKNOWN-SKU');
		expect(paired(out[1])).toBe(1);
	});

	it('with Continue On Fail, an invalid item becomes an error item and is left out of the request', async () => {
		const result = await fx.run(
			batchWorkflow({}, {
				continueOnFail: true,
				items: [
					{ OrderNo: 'V-1', items: [line(SKU_A, 1)] },
					{ OrderNo: 'V-2', items: [line(SKU_A, -1)] },
					{ OrderNo: 'V-3', type: 'MAIL', items: [line(SKU_A, 1)] },
					{ OrderNo: 'V-4', items: [line(SKU_B, 2)] },
				],
			}),
		);
		const out = result.output(ACTION_NODE);
		expect(out.map(paired)).toEqual([0, 1, 2, 3]);
		expect(out[0].json.IsCreated).toBe(true);
		expect(out[1].json.error).toContain('Invalid "Items line 1 → Quantity (ItemQuantity)"');
		expect(out[2].json.error).toContain('Invalid "Order Type"');
		expect(out[3].json.IsCreated).toBe(true);
		const [sent] = await fx.control.requests('BatchSalesOrder');
		expect((sent.body.SalesOrdersInfo as Array<{ OrderInfo: { OrderNo: string } }>).map((e) => e.OrderInfo.OrderNo)).toEqual(['V-1', 'V-4']);
	});

	it('without Continue On Fail, an invalid item stops the run before any request', async () => {
		const result = await fx.run(batchWorkflow({}, { items: [{ OrderNo: 'W-1', items: [line(SKU_A, 1)] }, { OrderNo: 'W-2', items: [line(SKU_A, 0)] }] }));
		expect(result.error?.message).toContain('Invalid "Items line 1 → Quantity (ItemQuantity)"');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, a failed chunk yields error items for its orders and later chunks still go', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(batchWorkflow({ options: { batchSize: 2 } }, { continueOnFail: true, items: orders(4) }));
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [paired(o), (o.json.details as { httpCode?: string } | undefined)?.httpCode ?? o.json.IsCreated])).toEqual([
			[0, '500'],
			[1, '500'],
			[2, true],
			[3, true],
		]);
		// A write is never resent: the failed chunk was sent once.
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(2);
	});

	it('sends a failed chunk\'s orders to the error output with "Continue (using error output)"', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'before', count: 1 });
		const result = await fx.run(batchWorkflow({ options: { batchSize: 2 } }, { errorOutput: true, items: orders(4) }));
		expect(result.output(ACTION_NODE, 0).map(paired)).toEqual([2, 3]);
		expect(result.output(ACTION_NODE, 1).map(paired)).toEqual([0, 1]);
	});
});
