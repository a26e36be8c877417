// Get Status's Inventory Statuses and Get Transactions' Inventory Status sent any text as a status code: one mapped from a
// sheet in lower case or with spaces ("good-no-tx") matched no record and the query put out nothing, as if nothing were
// in stock. They are checked as every other status code is (wire/common.ts statusCode), before anything is sent.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 30 });

describe('status codes of the inventory queries are checked before sending', () => {
	it('Get Status: Inventory Statuses ["good-no-tx"] is refused naming the field, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', inventoryStatuses: '={{ ["good-no-tx"] }}', returnAll: true }, { typeVersion: 2 }),
		);
		expect(result.error?.message).toMatch(/Inventory Statuses/);
		expect(result.error?.message).toMatch(/GOOD-NO-TX/);
		expect(await fx.control.requests('GetStatus')).toHaveLength(0);
	});

	it('Get Transactions: Inventory Status "good no tx" is refused naming the field, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-03-02', inventoryStatus: 'good no tx', returnAll: true },
				{ typeVersion: 2 },
			),
		);
		expect(result.error?.message).toMatch(/Inventory Status/);
		expect(await fx.control.requests('GetTransactions')).toHaveLength(0);
	});
});
