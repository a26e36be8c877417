// Get Returns, Return All: a return taken away from page 1's range while page 2 is asked for shifts the list by one.
// The node did not ask for IncludeTotalRecordCount unless told, so no total told the change: the return that moved from
// page 2 onto page 1 was never read, and no error said so (bug hunt 16). It asks for the count now: the read starts
// over and every return comes out once.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { beforeRequest, useSandbox } from '../harness/sandbox';
import { returns } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 5 });

afterEach(() => jest.restoreAllMocks());

describe('Get Returns: a return removed between pages', () => {
	it('every return that exists throughout the read is output once', async () => {
		await fx.control.call('POST', 'seed-returns', { count: 30, startAt: '2026-01-01T00:00:00Z' });
		const before = returns(fx.sandbox.state).map((r) => String(r.RMANumber));
		let removed = '';
		beforeRequest(fx, 'GetReturns', 2, () => {
			const list = returns(fx.sandbox.state);
			removed = String(list.shift()?.RMANumber);
		});
		const result = await fx.run(
			actionWorkflow({ resource: 'salesOrder', operation: 'getReturns', simplify: false, returnAll: true, options: { pageSize: 10 } }, { typeVersion: 2 }),
		);
		expect(result.error).toBeUndefined();
		const rmas = result.output(ACTION_NODE).map((i) => String((i.json as IDataObject).RMANumber));
		expect([...rmas].sort()).toEqual(before.filter((rma) => rma !== removed).sort());
		const bodies = (await fx.control.requests('GetReturns')).map((r) => r.body);
		expect(bodies.every((body) => body.IncludeTotalRecordCount === true)).toBe(true);
	});
});
