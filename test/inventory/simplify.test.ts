// Inventory → Get Transactions' Simplify option, through n8n's engine against the sandbox: the simplified shape
// of a known movement (its date as ISO 8601 in the workflow's time zone) and the raw record with Simplify off.
// Get Status and Get Sellable have no Simplify: their records are flat and dateless, and the interface does not
// name Get Status's members.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { transactions } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 240 });

/** not UTC, and not n8n's default (America/New_York) */
const timezone = 'America/Los_Angeles';

const getTransactions = (parameters: IDataObject = {}) =>
	actionWorkflow(
		{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', returnAll: true, ...parameters } as INodeParameters,
		{ timezone },
	);

/** One adjustment of the first seeded record (WINE-000000 in APC01, GOOD-NO-TX) at the sandbox's now, 15:00 UTC. */
async function adjust() {
	await fx.control.call('POST', 'adjust-inventory', {
		ItemNo: 'WINE-000000',
		Warehouse: 'APC01',
		InventoryStatus: 'GOOD-NO-TX',
		Quantity: 3,
		Reference: 'CYCLE-7',
	});
}

describe('Inventory → Get Transactions → Simplify', () => {
	it('gives the movement camelCase, with TransactionDateTime as ISO 8601 in the workflow\'s time zone', async () => {
		await adjust();
		const [raw] = transactions(fx.sandbox.state);
		expect([raw.TransactionDate, raw.TransactionDateTime]).toEqual(['01/05/2026', '2026-01-05T15:00:00.000Z']);
		const result = await fx.run(getTransactions());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([
			{
				json: {
					itemNo: 'WINE-000000',
					itemDescription: 'Cabernet Sauvignon 2015 750ml',
					itemUnit: 'Bottle',
					alcoholPercentage: 13.5,
					warehouse: 'APC01',
					inventoryStatus: 'GOOD-NO-TX',
					transactionDate: '2026-01-05T07:00:00-08:00',
					transactionType: 'Inventory Adjustments',
					reference: 'CYCLE-7',
					poNumber: null,
					shipToName: null,
					orderType: null,
					quantity: 3,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('with Simplify off gives the provider\'s record as it is', async () => {
		await adjust();
		const result = await fx.run(getTransactions({ simplify: false }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(transactions(fx.sandbox.state));
	});

	it('reads an answer with only the MM/DD/YYYY day as that day in the workflow\'s time zone', async () => {
		const record = { ItemNo: 'WINE-000003', Warehouse: 'COB01', TransactionDate: '01/05/2026', TransactionType: 'Transfer In', Quantity: 6 };
		await fx.control.fault({
			kind: 'status',
			when: 'after',
			status: 200,
			path: 'GetTransactions',
			body: { TotalRecordCount: 1, Skip: 0, Top: 1000, MoreRecords: false, InventoryTransactions: [record] },
		});
		const result = await fx.run(getTransactions());
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{
				itemNo: 'WINE-000003',
				itemDescription: null,
				itemUnit: null,
				alcoholPercentage: null,
				warehouse: 'COB01',
				inventoryStatus: null,
				transactionDate: '2026-01-05T00:00:00-08:00',
				transactionType: 'Transfer In',
				reference: null,
				poNumber: null,
				shipToName: null,
				orderType: null,
				quantity: 6,
			},
		]);
	});
});
