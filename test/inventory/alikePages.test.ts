// Inventory → Get Transactions: a transaction has no identity of its own, and two lines alike in every member (one
// order's two boxes of one wine) are two records. Two such lines on consecutive pages (a small Page Size) are not "the
// same page twice" when each page echoes the Skip it was asked at; a provider that ignores Skip (echoing its own) still
// is.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });

const line: IDataObject = {
	ItemNo: 'CAB-2019',
	ItemDescription: 'Cabernet 2019',
	Warehouse: 'APC01',
	InventoryStatus: 'GOOD-NO-TX',
	TransactionDate: '03/02/2026',
	TransactionDateTime: '2026-03-02T10:00:00Z',
	TransactionType: 'Sales Orders',
	Reference: 'SO-1001',
	Quantity: -6,
};
const other: IDataObject = { ...line, ItemNo: 'PINOT-2021', ItemDescription: 'Pinot 2021', Quantity: -2 };
const day = [line, line, other];

const read = () =>
	fx.run(
		actionWorkflow(
			{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-03-02', simplify: false, returnAll: true, options: { pageSize: 1 } },
			{ typeVersion: 2 },
		),
	);

describe('Get Transactions: two alike lines on consecutive pages', () => {
	it('Page Size 1, pages echoing the Skip asked: the 3 transactions, no "same page twice" error', async () => {
		// the sandbox's own answer (echoing Skip and Top) with the day's line of that Skip
		for (let n = 0; n < day.length; n++) {
			await fx.control.fault({ kind: 'rewrite', path: 'GetTransactions', after: n, count: 1, set: { InventoryTransactions: [day[n]], TotalRecordCount: 3, MoreRecords: n < 2 } });
		}
		const result = await read();
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(day);
		expect((await fx.control.requests('GetTransactions')).map((r) => r.body.Skip)).toEqual([0, 1, 2]);
	});

	it('a provider that ignores Skip (echoing 0 on every page): still the same page twice, stopped', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetTransactions', count: 10, set: { InventoryTransactions: [line], TotalRecordCount: 3, MoreRecords: true, Skip: 0 } });
		const result = await read();
		expect(result.error?.message).toBe('The provider answered the same page twice in a row (1 records after the first 1): it does not move on to the next page');
		expect(await fx.control.requests('GetTransactions')).toHaveLength(2);
	});
});
