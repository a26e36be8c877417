// Batch Create: a 2xx batch answer flagged as failed (HasErrors, IsSuccess false) is settled per order from its statuses;
// without statuses its outcome is unknown: no order is given back to be sent again.
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, out, useStore } from '../exactlyOnce/helpers';

const fx = useSandbox();
useStore();

const good = { OrderNo: 'HPF-1', items: [line(SKU_A, 1)] };
const bad = { OrderNo: 'HPF-2', items: [line('NO-SUCH-SKU', 1)] };

describe('Batch Create: a partly successful batch answer flagged as failed', () => {
	it.each([{ HasErrors: true }, { IsSuccess: false }])(
		'%j with statuses: each order by its own status, and the created one is not sent again by the next run (was: all refused, released, created twice)',
		async (flag) => {
			// the provider's envelope: processed (HPF-1 created, HPF-2 refused), flagged as having errors, no batch reference
			await fx.control.fault({ kind: 'rewrite', path: 'BatchSalesOrder', count: 1, set: flag, drop: ['TransactionReferenceNumber'] });
			const first = await fx.run(batchWorkflow([good, bad], {}, true));
			expect(out(first).map((i) => [i.json.OrderNo, i.json.IsCreated, i.json.alreadySent])).toEqual([
				['HPF-1', true, false],
				['HPF-2', false, false],
			]);
			expect(countsOf(fx, ['HPF-1', 'HPF-2'])).toEqual([1, 0]);

			// a re-run of the same input (the provider answering plainly now): HPF-1 is already sent, HPF-2 is sent again
			const again = await fx.run(batchWorkflow([good, bad], {}, true));
			expect(out(again).map((i) => [i.json.OrderNo, i.json.alreadySent])).toEqual([
				['HPF-1', true],
				['HPF-2', false],
			]);
			expect(countsOf(fx, ['HPF-1'])).toEqual([1]);
			expect((await fx.control.requests('BatchSalesOrder')).map((r) => (r.body.SalesOrdersInfo as unknown[]).length)).toEqual([2, 1]);
		},
	);

	it.each([[{}], [{ CreateSalesOrderStatuses: [] }]])('flagged without statuses (%j): unknown for every order, none sent again by the next run', async (statuses) => {
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: { HasErrors: true, Messages: ['Some orders failed'], ...statuses },
			drop: ['TransactionReferenceNumber', ...(Object.keys(statuses).length ? [] : ['CreateSalesOrderStatuses'])],
		});
		const first = await fx.run(batchWorkflow([good, bad], {}, true));
		for (const item of out(first)) {
			expect(item.json.error).toContain('The provider refused the request: Some orders failed');
			expect(String((item.json.details as { description?: string }).description)).toContain('gave no status per order, so some may have been created');
		}
		const again = await fx.run(batchWorkflow([good, bad], {}, true));
		for (const item of out(again)) expect(String(item.json.error)).toContain('may already have been sent');
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
		expect(countsOf(fx, ['HPF-1'])).toEqual([1]);
	});
});
