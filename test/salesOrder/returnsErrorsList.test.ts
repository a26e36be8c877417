// Bug hunt 46. Sales Order → Get Returns answered 200 with an empty page and a list of errors
// ({"TotalRecordCount": 0, "MoreRecords": false, "ReturnSalesOrderHeaders": [], "Errors": ["Warehouse COB09 is not
// valid"]}) outputs nothing and no error: the workflow reads "no returns" (no refunds issued, no restock), while the
// provider refused the query. Get Orders On Hold treats the same kind of answer ("an Errors list beside an empty one")
// as an error (test/salesOrder/onHoldMessagesBeside.test.ts); Get Returns does not.
//
// Where: nodes/WineFulfillment/transport/errors.ts readRefusal (called by transport/request.ts send() for every read):
// a read's 2xx is refused only for a sign-in message or a flag saysFailed reads (IsSuccess false, HasErrors true…); a
// non-empty Errors list says nothing to it, so actions/query.ts reads the empty page as the end of the records.
//
// Right behaviour (field notes: error bodies are "a message string or an object with a message member"; "show the
// provider's message to the user whatever its shape"; README: a read answered 2xx that says it failed "fails the same
// way ... neither is read as 'no records'"): the item fails showing the provider's error.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrder } from './helpers';

const fx = useSandbox();

describe('Get Returns answered 200 with an empty page beside an Errors list', () => {
	it('fails showing the error, not "no returns"', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetReturns',
			body: { TotalRecordCount: 0, Skip: 0, Top: 100, MoreRecords: false, ReturnSalesOrderHeaders: [], Errors: ['Warehouse COB09 is not valid'] },
		});
		const result = await fx.run(actionWorkflow(salesOrder('getReturns', { returnAll: true })));
		const shown = `${result.error?.message ?? ''} ${result.error?.description ?? ''}`;
		expect(shown).toContain('Warehouse COB09 is not valid');
		expect(result.error ? [] : result.output(ACTION_NODE)).toEqual([]);
	});
});
