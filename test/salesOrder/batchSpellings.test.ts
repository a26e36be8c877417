// Batch Create, one order in several spellings (letter case, width), chunks of 1 and of many, the provider answering in
// camelCase: sent once (bug hunt 23; passing when written, kept as a guard).
import { salesOrders } from '../sandbox/stores';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from './helpers';
import { batchWorkflow, out, useStore } from '../exactlyOnce/helpers';

const fx = useSandbox();
useStore();

const sameOrderCount = (fold: string) => salesOrders(fx.sandbox.state).filter((o) => o.OrderNo.normalize('NFKC').toLowerCase() === fold).length;

describe('Batch Create: two spellings of one order number in one input (Send Once on)', () => {
	it.each([1, 2, 10])('batch size %i, answer in camelCase: one order created, the others already sent', async (batchSize) => {
		const no = `SPL${batchSize}-1`;
		const full = no.replace(/[A-Z0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
		await fx.control.fault({ kind: 'rewrite', path: 'BatchSalesOrder', naming: 'camelCase' });
		const input = [no, no.toLowerCase(), full].map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)] }));
		const result = await fx.run(batchWorkflow(input, { options: { batchSize } }));
		expect(result.error).toBeUndefined();
		expect(sameOrderCount(no.toLowerCase())).toBe(1);
		expect(out(result).map((i) => [i.json.IsCreated, i.json.alreadySent])).toEqual([
			[true, false],
			[false, true],
			[false, true],
		]);
	});
});
