// Inventory → Get Transactions, Return All, against a provider that ignores Skip but echoes the Skip it was asked at,
// with MoreRecords true and no TotalRecordCount: the same page again and again. The read must stop with an error
// after a bounded number of requests, while pages of lines alike in every member (one order's boxes of one wine)
// that echo their Skip are still read. Before the fix (bug hunt 16) a page of five different lines was read forever:
// the "same page twice" check was waived for an echoed Skip, and without a total nothing else bounded the read.
import type { IDataObject } from 'n8n-workflow';

import { ALIKE_PAGES_IN_A_ROW } from '../../nodes/WineFulfillment/transport/pagination';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 5 });

const page: IDataObject[] = Array.from({ length: 5 }, (_, i) => ({
	ItemNo: `WINE-${i}`,
	Warehouse: 'APC01',
	InventoryStatus: 'GOOD-NO-TX',
	TransactionDate: '03/02/2026',
	TransactionDateTime: `2026-03-02T10:0${i}:00Z`,
	TransactionType: 'Sales Orders',
	Reference: `SO-${i}`,
	Quantity: -1,
}));

const read = (pageSize: number) =>
	fx.run(
		actionWorkflow(
			{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-03-02', simplify: false, returnAll: true, options: { pageSize } },
			{ typeVersion: 2 },
		),
	);

describe('Get Transactions: the same page forever, Skip echoed, no total', () => {
	it('five different lines on every page: stopped at the second page, saying the provider does not move on', async () => {
		// far more answers than any read of these five lines needs; the sandbox echoes Skip and Top itself
		await fx.control.fault({ kind: 'rewrite', path: 'GetTransactions', count: 300, set: { InventoryTransactions: page, TotalRecordCount: null, MoreRecords: true } });
		const result = await read(5);
		expect(result.error?.message).toBe('The provider answered the same page twice in a row (5 records after the first 5): it does not move on to the next page');
		expect((await fx.control.requests('GetTransactions')).map((r) => r.body.Skip)).toEqual([0, 4]);
	});

	it('one line alike on every page: read as genuine lines alike up to a bound, then stopped, saying what to do', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetTransactions', count: 1000, set: { InventoryTransactions: [page[0]], TotalRecordCount: null, MoreRecords: true } });
		const result = await read(1);
		expect(result.error?.message).toBe(
			`The provider answered the same page ${ALIKE_PAGES_IN_A_ROW + 1} times in a row (1 records alike, after the first ${ALIKE_PAGES_IN_A_ROW}), each at the Skip asked and without a total: it does not seem to move on to the next page. If that many records really are alike, a larger Page Size reads them in fewer pages`,
		);
		expect(await fx.control.requests('GetTransactions')).toHaveLength(ALIKE_PAGES_IN_A_ROW + 1);
	});

	it('three lines alike in every member over pages of 1, Skip echoed, no total: all read, no error', async () => {
		const day = [page[0], page[0], page[0], page[1]];
		for (let n = 0; n < day.length; n++) {
			await fx.control.fault({ kind: 'rewrite', path: 'GetTransactions', after: n, count: 1, set: { InventoryTransactions: [day[n]], TotalRecordCount: null, MoreRecords: n < day.length - 1 } });
		}
		const result = await read(1);
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(day);
		expect((await fx.control.requests('GetTransactions')).map((r) => r.body.Skip)).toEqual([0, 1, 2, 3]);
	});
});
