// Batch Create: n8n's store failing in a later round of a chunk's claim (or Stop while it waits for the lock) gives back the
// orders the first round claimed: they were never sent, and the next run sends them (was: kept "being sent", the same
// process hanging on them).
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, createWorkflow, out, runPromptly, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const order = (OrderNo: string) => ({ OrderNo, items: [line(SKU_A, 1)] });


describe('Batch Create: a store failure in a later claim round', () => {
	it('gives back the orders the first round claimed: the next run sends them (was: hung on them)', async () => {
		// LEAK-U: an earlier attempt ended unknown (a 500): it is kept as possibly sent
		await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', count: 1 });
		const earlier = await fx.run(createWorkflow([order('LEAK-U')]));
		expect(earlier.error).toBeDefined();

		// the batch: LEAK-N is new, LEAK-U unsettled. The store's count read fails on the claim's second round (the look
		// at LEAK-U): a lost database connection
		const s = store();
		const real = s.getProcessedDataCount.bind(s);
		let counts = 0;
		s.getProcessedDataCount = async (...args: Parameters<typeof real>) => {
			counts++;
			// 1: the run's first read; 2: the first claim round; 3: the look at the unsettled order
			if (counts === 3) throw new Error('Connection terminated unexpectedly');
			return await real(...args);
		};
		const failed = await fx.run(batchWorkflow([order('LEAK-N'), order('LEAK-U')], {}, true));
		s.getProcessedDataCount = real;
		// the chunk failed on the store: nothing was sent
		expect(out(failed).map((i) => String(i.json.error))).toEqual([
			expect.stringContaining("deduplication store"),
			expect.stringContaining("deduplication store"),
		]);
		expect(countsOf(fx, ['LEAK-N'])).toEqual([0]);

		// the store answers again: LEAK-N, never sent, must be sent by the next run (promptly)
		const next = await runPromptly(fx, batchWorkflow([order('LEAK-N')], {}, true));
		expect({ stuck: next.stopped, output: out(next)?.map((i) => i.json.error ?? i.json.IsCreated) }).toEqual({
			stuck: false,
			output: [true],
		});
		expect(countsOf(fx, ['LEAK-N'])).toEqual([1]);
	}, 30_000);
});
