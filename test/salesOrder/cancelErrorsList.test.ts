// Bug hunt 46. Sales Order → Cancel answered 200 with a list of errors and no flag ({"Errors": ["Order already
// shipped"]}) comes out as a success: {"Cancelled": true, "Errors": ["Order already shipped"]}. A workflow branching on
// Cancelled (refund the customer, tell them the order is stopped) goes on as if the order were cancelled, while it ships.
// The same holds for Update and Update Addresses (Updated: true).
//
// Where: nodes/WineFulfillment/transport/request.ts send(): a write's 2xx answer is a refusal only when saysFailed
// (transport/errors.ts) finds a flag (IsSuccess false, HasErrors true, Status "Failed", Cancelled false…); a non-empty
// Errors list, the thing HasErrors only summarises, says nothing to it. cancel.operation.ts prepare() then puts out
// Cancelled: true beside the provider's errors.
//
// Right behaviour (interface: CancelSalesOrder "200, no body described", error body shape "not shown"; field notes:
// show the provider's message whatever its shape; README "Write answers": an answer that says the write failed is the
// provider's refusal): an answer whose Errors list holds errors says the cancel failed: the item fails with "The provider
// refused the request: Order already shipped", never Cancelled: true.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

describe('Cancel answered 200 with {"Errors": ["Order already shipped"]}', () => {
	it('is the provider\'s refusal, not Cancelled: true', async () => {
		const trn = await createOrder(fx, { OrderNo: 'CE-1', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'status', status: 200, path: 'CancelSalesOrder', body: { Errors: ['Order already shipped'] } });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { transactionReferenceNumber: trn })));
		expect(result.error?.message).toMatch(/^The provider refused the request/);
		expect(result.error?.message).toContain('Order already shipped');
		expect(result.error ? [] : result.output(ACTION_NODE).map((i) => i.json.Cancelled)).toEqual([]);
	});
});
