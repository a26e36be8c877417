// Sales Order → Get Returns, Return All: a .NET provider writes a count it did not make (not asked for, or not
// supported) as its int's default, TotalRecordCount 0, beside MoreRecords true and full pages. A total of 0 beside
// records is no total: the read follows MoreRecords to the end, whether the node asked for the count or not. Before the
// fix (bug hunt 16) it failed "The provider kept sending records past twice the 0 it reported (30 read)".
import type { INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 5 });

describe('Get Returns: TotalRecordCount 0 beside records', () => {
	it.each([
		['as saved by default', {}],
		['with Include Total Record Count turned off', { includeTotalRecordCount: false }],
	])('reads all 30 returns over pages of 10, %s', async (_case, filters: INodeParameters) => {
		await fx.control.call('POST', 'seed-returns', { count: 30, startAt: '2026-01-01T00:00:00Z' });
		await fx.control.fault({ kind: 'rewrite', path: 'GetReturns', count: 100, set: { TotalRecordCount: 0 } });
		const result = await fx.run(
			actionWorkflow({ resource: 'salesOrder', operation: 'getReturns', simplify: false, returnAll: true, filters, options: { pageSize: 10 } }, { typeVersion: 2 }),
		);
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(30);
		// each page after the first asked one record early: 10 returns, then 9 new a page
		expect((await fx.control.requests('GetReturns')).map((r) => r.body.Skip)).toEqual([0, 9, 18, 27]);
	});
});
