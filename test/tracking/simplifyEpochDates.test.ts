// Simplify gave a date sent as a JSON number (milliseconds since 1970) as that number, where the same instant written
// "/Date(ms)/" came out as ISO 8601 in the workflow's time zone (wire/simplify.ts isoDate). Bug hunt 24.
import { ACTION_NODE } from '../harness/workflows';
import { answer, provider, runOn } from '../harness/answeringProvider';

const MS = 1767625200000; // 2026-01-05T15:00:00Z
const IN_NEW_YORK = '2026-01-05T10:00:00-05:00';

describe('Simplify: a date sent as epoch milliseconds', () => {
	it('Tracking → Get Packages: shipDate and carrierStatusDate as numbers are ISO 8601, as /Date(ms)/ is', async () => {
		const s = await provider(() =>
			answer({
				TotalRecordCount: 2,
				MoreRecords: false,
				Packages: [
					{ OrderNumber: 'SO-1', TrackingNo: '1Z1', ShipDate: `/Date(${MS})/`, CarrierStatusTimestamp: `/Date(${MS})/` },
					{ OrderNumber: 'SO-2', TrackingNo: '1Z2', ShipDate: MS, CarrierStatusTimestamp: MS },
				],
			}),
		);
		try {
			const result = await runOn(s, { resource: 'tracking', operation: 'getPackages', returnAll: true });
			expect(result.error).toBeUndefined();
			const out = result.output(ACTION_NODE).map((i) => [i.json.shipDate, i.json.carrierStatusDate]);
			expect(out[0]).toEqual([IN_NEW_YORK, IN_NEW_YORK]);
			expect(out[1]).toEqual([IN_NEW_YORK, IN_NEW_YORK]);
		} finally {
			await s.close();
		}
	});

	it('Inventory → Get Transactions: TransactionDateTime as a number is ISO 8601 in transactionDate', async () => {
		const s = await provider(() =>
			answer({
				TotalRecordCount: 1,
				MoreRecords: false,
				InventoryTransactions: [{ ItemNo: 'CAB-2019', TransactionDateTime: MS, TransactionDate: '01/05/2026', Quantity: -2 }],
			}),
		);
		try {
			const result = await runOn(s, { resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.output(ACTION_NODE)[0].json.transactionDate).toBe(IN_NEW_YORK);
		} finally {
			await s.close();
		}
	});
});
