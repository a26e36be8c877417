// Sales Order → Batch Create with no record of sent orders guarding it (Send Each Sales Order Once off, or an n8n without
// the deduplication store) under n8n's Retry On Fail: a chunk whose request got a 5xx or a reset after the provider had
// processed it was sent again, every order of it created twice. Such a chunk's orders are withheld by the later tries
// (actions/operation.ts rememberUncertain / withheldInRun). Bug hunt 23.
import type { IDataObject } from 'n8n-workflow';

import { batchWorkflow, countsOf, orders, withRetryOnFail } from '../exactlyOnce/helpers';
import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox();
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

/** Batch Create in chunks of 2, Send Each Sales Order Once as given, with Retry On Fail (2 tries, 10 ms apart). */
const batch = (sendOnce: boolean, input: IDataObject[], continueOnFail = false) =>
	withRetryOnFail(batchWorkflow(input, { sendOnce, options: { batchSize: 2 } }, continueOnFail), 2, 10);

const counts = (input: IDataObject[]) => countsOf(fx, input.map((o) => String(o.OrderNo)));

describe('Batch Create without a record of sent orders, Retry On Fail: a chunk that may have reached the provider is not sent again', () => {
	it('Send Once off: chunk 2 processed, then answered 500: no order is created twice', async () => {
		const input = orders('H23A', 6);
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
		await fx.run(batch(false, input, true));
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
