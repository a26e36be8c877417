// A range end given as a day in any ISO 8601 day form (basic 20260104, ordinal 2026-004, week 2026-W01-7) means through
// that day, as 2026-01-04 and 01/04/2026 do: such an end was read as the day's midnight and cut the day off.
import type { INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 48 });
const HOUR = 3_600_000;

describe('range ends given as other ISO 8601 day forms', () => {
	it.each([['2026-01-04'], ['20260104'], ['2026-004'], ['2026004'], ['2026-W01-7'], ['20260104T000000']])(
		'Get Packages: Ship Date From = To = %s finds the whole day',
		async (day) => {
			// 7 packages 4 hours apart from 2026-01-04T00:00Z: 6 shipped on the 4th
			await fx.control.call('POST', 'seed-packages', { count: 7, startAt: '2026-01-04T00:00:00Z', spreadMs: 4 * HOUR });
			const result = await fx.run(
				actionWorkflow(
					{ resource: 'tracking', operation: 'getPackages', simplify: false, returnAll: true, filters: { shipDateFrom: '={{ $json.d }}', shipDateTo: '={{ $json.d }}' } } as INodeParameters,
					{ timezone: 'UTC', items: [{ d: day }], typeVersion: 2 },
				),
			);
			expect(result.error).toBeUndefined();
			const [sent] = await fx.control.requests('GetPackages');
			expect(sent?.body.ShipDateRange).toBe('01/04/2026 00:00:00 - 01/04/2026 23:59:59');
			expect(result.output(ACTION_NODE)).toHaveLength(6);
		},
	);

	it.each([['20260210'], ['2026-041']])('Inventory → Get Transactions: End %s is the end of that day', async (day) => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '2026-02-10T00:00:00Z', endDateTime: day, limit: 1 } as INodeParameters,
				{ timezone: 'Europe/Berlin' },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent?.body.TransactionEndDateTime).toBe('2026-02-10T22:59:59.999Z');
	});
});
