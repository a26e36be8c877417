// Batch Create with an order number on more than one row: a repeat is sent when the earlier row's entry was refused (not
// created), as Create does; it is never sent when the earlier one was created or may have been.
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const batch = batchWorkflow;

const refused = (no: string) => ({ OrderNo: no, items: [line('NO-SUCH-SKU', 1)] });
const fixed = (no: string) => ({ OrderNo: no, items: [line(SKU_A, 1)] });

describe('Batch Create, an order number on more than one row', () => {
	it.each([true, false])('the earlier row refused, the later corrected (record %s): the corrected row is sent', async (sendOnce) => {
		const no = `BREP-${sendOnce}`;
		const result = await fx.run(batch([refused(no), fixed(no)], { sendOnce }));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, [no])).toEqual([1]);
		const items = out(result);
		expect(items.map((i) => i.json.IsCreated)).toEqual([false, true]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		if (sendOnce) {
			expect(items[1].json.alreadySent).toBe(false);
			// recorded as sent: the next run sends nothing
			const again = await fx.run(batch([fixed(no)]));
			expect(out(again)[0].json.alreadySent).toBe(true);
			expect(countsOf(fx, [no])).toEqual([1]);
		}
	});

	it('refused twice, then corrected: sent once, for the corrected row', async () => {
		const result = await fx.run(batch([refused('BREP3'), refused('BREP3'), fixed('BREP3'), fixed('BREP3')]));
		expect(result.error).toBeUndefined();
		expect(countsOf(fx, ['BREP3'])).toEqual([1]);
		expect(out(result).map((i) => [i.json.IsCreated, i.json.alreadySent])).toEqual([
			[false, false],
			[false, false],
			[true, false],
			[false, true],
		]);
	});

	it('the earlier row ended unknown (a 500 after processing): the repeat is not sent, it is reported as possibly sent', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', count: 1 });
		const result = await fx.run(batch([fixed('BREP-UNK'), fixed('BREP-UNK')], {}, true));
		expect(result.error).toBeUndefined();
		expect(out(result).map((i) => i.json.error)).toEqual([
			'The provider had an internal error (500): the request may have taken effect, check before sending it again',
			'The sales order BREP-UNK may already have been sent, so it was not sent again',
		]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});
});
