// Sales Order → Batch Create with Send Each Sales Order Once: a run that stops part way through a 413 split gives back
// the orders it never sent on their own (a 413 creates nothing), so the next run sends them.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { countsOf, orders, out, salesOrderParameters, useStore } from './helpers';

const fx = useSandbox();
useStore();

const batch = (items: IDataObject[]) =>
	actionWorkflow(
		salesOrderParameters('batchCreate', {
			orderNo: '={{ $json.OrderNo }}',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: '={{ $json.items ?? [] }}',
			options: { batchSize: 4 },
		}),
		{ items, typeVersion: 2 },
	);

describe('Sales Order → Batch Create, a run stopped inside a 413 split', () => {
	it('the half never sent is given back: the next run sends it', async () => {
		await fx.control.call('POST', 'batch-limit', { maxOrders: 3 });
		// the whole chunk is answered 413; its first half is refused (400): the run stops before the second half
		await fx.control.fault({ kind: 'status', status: 400, path: 'BatchSalesOrder', when: 'before', after: 1, count: 1 });
		const input = orders('BSTOP', 4);
		const stopped = await fx.run(batch(input));
		expect(stopped.error).toBeDefined();
		expect((await fx.control.requests('BatchSalesOrder')).map((r) => r.status)).toEqual([
			413,
			400,
		]);
		const next = await fx.run(batch(input.slice(2)));
		expect(next.error).toBeUndefined();
		expect(out(next).map((i) => [i.json.OrderNo, i.json.IsCreated, i.json.alreadySent])).toEqual([
			['BSTOP-003', true, false],
			['BSTOP-004', true, false],
		]);
		expect(countsOf(fx, ['BSTOP-001', 'BSTOP-002', 'BSTOP-003', 'BSTOP-004'])).toEqual([0, 0, 1, 1]);
	});
});
