// Batch Create reads every item's Send Again Even If Sent before any request: a value that is no yes/no on a later
// item fails the run (or that item, with Continue On Fail) before the first chunk is sent (was: read per chunk, after
// earlier chunks had been sent).
import { useSandbox } from '../harness/sandbox';
import { batchWorkflow, countsOf, orders, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

// item 3's cell says "maybe": no yes/no
const items = orders('BSA', 3).map((order, i) => ({ ...order, again: i === 2 ? 'maybe' : 'false' }));
const params = { options: { batchSize: 1 }, sendOnceOptions: { sendAgain: '={{ $json.again }}' } };

it('an invalid Send Again on a later item: nothing sent, the error names the field and the item', async () => {
	const result = await fx.run(batchWorkflow(items, params));
	expect(result.error?.message).toMatch(/Send Again Even If Sent/);
	expect(result.error?.message).toMatch(/"maybe"|maybe/);
	expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	expect(countsOf(fx, ['BSA-001', 'BSA-002', 'BSA-003'])).toEqual([0, 0, 0]);
});

it('with Continue On Fail: that item is an error item, the others are sent', async () => {
	const result = await fx.run(batchWorkflow(items, params, true));
	const items3 = out(result);
	expect(items3.map((i) => i.json.IsCreated)).toEqual([true, true, undefined]);
	expect(String(items3[2].json.error)).toMatch(/Send Again Even If Sent/);
	expect(items3.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(countsOf(fx, ['BSA-001', 'BSA-002', 'BSA-003'])).toEqual([1, 1, 0]);
});
