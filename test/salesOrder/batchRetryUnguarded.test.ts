// Sales Order → Batch Create with no record of sent orders guarding it (Send Each Sales Order Once off, or an n8n without
// the deduplication store) under n8n's Retry On Fail: a chunk whose request got a 5xx or a reset after the provider had
// processed it was sent again, every order of it created twice. Such a chunk's orders are withheld by the later tries
// (actions/operation.ts rememberUncertain / withheldInRun). Bug hunt 23.
import type { IDataObject, INode } from 'n8n-workflow';

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import type { WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { line, salesOrder, SKU_A, SKU_B } from './helpers';
import { ordersPerNumber } from '../sandbox/stores';

const fx = useSandbox();
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

const retrying = (json: WorkflowJson): WorkflowJson => ({
	...json,
	nodes: json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } : n)),
});

const batch = (sendOnce: boolean, input: IDataObject[], extra: Record<string, unknown> = {}) =>
	retrying(
		actionWorkflow(
			salesOrder('batchCreate', {
				orderNo: '={{ $json.OrderNo }}',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: '={{ $json.items }}',
				sendOnce,
				options: { batchSize: 2 },
			}),
			{ typeVersion: 2, items: input, ...extra },
		),
	);

const orders = (prefix: string, n = 6) =>
	Array.from({ length: n }, (_, i) => ({ OrderNo: `${prefix}-${i + 1}`, items: [line(i % 2 ? SKU_A : SKU_B, 1)] }));

const counts = (input: IDataObject[]) => input.map((o) => ordersPerNumber(fx.sandbox.state).get(String(o.OrderNo)) ?? 0);

describe('Batch Create without a record of sent orders, Retry On Fail: a chunk that may have reached the provider is not sent again', () => {
	it('Send Once off: chunk 2 processed, then answered 500: no order is created twice', async () => {
		const input = orders('H23A');
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', after: 1, count: 1 });
		await fx.run(batch(false, input));
		expect(counts(input)).toEqual([1, 1, 1, 1, expect.any(Number), expect.any(Number)]);
	});

	it('Send Once off: chunk 1 processed, then the connection reset: no order is created twice', async () => {
		const input = orders('H23B', 4);
		await fx.control.fault({ kind: 'reset', path: 'BatchSalesOrder', when: 'after', count: 1 });
		await fx.run(batch(false, input));
		expect(counts(input).slice(0, 2)).toEqual([1, 1]);
	});

	it('Send Once off + Continue On Fail: chunk 1 processed, then answered 502: the retry does not create its orders again', async () => {
		const input = orders('H23C', 4);
		await fx.control.fault({ kind: 'status', status: 502, path: 'BatchSalesOrder', when: 'after', count: 1 });
		await fx.run(batch(false, input, { continueOnFail: true }));
		expect(counts(input)).toEqual([1, 1, 1, 1]);
	});

	it('Send Once on but no deduplication store in this n8n: chunk 1 processed, then answered 500: not sent again', async () => {
		await installDeduplicator(undefined);
		const input = orders('H23D', 4);
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
		await fx.run(batch(true, input));
		expect(counts(input).slice(0, 2)).toEqual([1, 1]);
	});
});
