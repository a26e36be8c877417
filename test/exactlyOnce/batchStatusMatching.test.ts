// Batch Create: statuses that do not line up with the orders. An unnamed status is taken by position only in a list
// of one status per order, and an order named by a left-over status that says otherwise has no status: neither case
// gives back an order the provider may have created (was: released, and sent twice by the next run).
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const order = (OrderNo: string) => ({ OrderNo, items: [line(SKU_A, 1)] });

/** Run 1 answered with these statuses (the sandbox creates both orders), then run 2 of the same input answered plainly. */
async function twoRuns(orders: string[], statuses: unknown[]) {
	await fx.control.fault({ kind: 'rewrite', path: 'BatchSalesOrder', count: 1, set: { CreateSalesOrderStatuses: statuses } });
	const first = await fx.run(batchWorkflow(orders.map(order), {}, true));
	expect(first.error).toBeUndefined();
	expect(countsOf(fx, orders)).toEqual(orders.map(() => 1));
	const again = await fx.run(batchWorkflow(orders.map(order), {}, true));
	return { first: out(first).map((i) => i.json), again: out(again).map((i) => i.json) };
}

describe('Batch Create: statuses that do not line up with the orders', () => {
	it('one unnamed failure for two orders: neither order is read as refused, neither is sent again', async () => {
		const { first, again } = await twoRuns(['HSS-A', 'HSS-B'], [{ RefOrderNo: null, IsCreated: false, Messages: ['ItemNo is not valid'] }]);
		expect(first.map((j) => j.IsCreated)).toEqual([null, null]);
		expect(again.map((j) => String(j.error))).toEqual([expect.stringContaining('may already have been sent'), expect.stringContaining('may already have been sent')]);
		expect(countsOf(fx, ['HSS-A', 'HSS-B'])).toEqual([1, 1]);
	});

	it('unnamed statuses, one per order: still read by position', async () => {
		const { first, again } = await twoRuns(['HSP-A', 'HSP-B'], [
			{ IsCreated: true, Messages: [] },
			{ RefOrderNo: null, IsCreated: true, Messages: [] },
		]);
		expect(first.map((j) => j.IsCreated)).toEqual([true, true]);
		expect(again.map((j) => j.alreadySent)).toEqual([true, true]);
	});

	it('an order listed as not created (at its position) and as created: no status, never given back', async () => {
		const { first, again } = await twoRuns(['HDS-A', 'HDS-B'], [
			{ RefOrderNo: 'HDS-A', IsCreated: true, Messages: [] },
			{ RefOrderNo: 'HDS-B', IsCreated: false, Messages: ['Duplicate line'] },
			{ RefOrderNo: 'HDS-B', IsCreated: true, Messages: [] },
		]);
		expect(first.map((j) => j.IsCreated)).toEqual([true, null]);
		expect(again[0].alreadySent).toBe(true);
		expect(String(again[1].error)).toContain('may already have been sent');
		expect(countsOf(fx, ['HDS-B'])).toEqual([1]);
	});

	it('an order listed twice alike: its status', async () => {
		const { first } = await twoRuns(['HDT-A', 'HDT-B'], [
			{ RefOrderNo: 'HDT-A', IsCreated: true, Messages: [] },
			{ RefOrderNo: 'HDT-B', IsCreated: true, Messages: [] },
			{ RefOrderNo: 'HDT-B', IsCreated: 'true', Messages: [] },
		]);
		expect(first.map((j) => j.IsCreated)).toEqual([true, true]);
	});
});
