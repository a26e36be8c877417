// Bug hunt 35 (fixed): Sales Order → Cancel with "Use Deprecated Cancel Path" goes through UpdateSalesOrder?IsCancelOnly=true. That endpoint's
// own answer flag is Updated / IsUpdated (the node itself reads it so for Update: test/salesOrder/writeSaysNotDone.test.ts).
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, createOrder, line, orderIn, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox();
useStore();

describe('Sales Order → Cancel through the deprecated path, answered 200 saying the update was not done', () => {
	// What the user sees: UpdateSalesOrder?IsCancelOnly=true answers 200 {"IsUpdated": false, "Message": "Order DC-1 is
	// already picked"} (the provider did nothing: the order is still open). The node outputs Cancelled: true,
	// UsedDeprecatedPath: true beside the provider's IsUpdated: false.
	// Expected: the provider's refusal (as {"Updated": false} to Update and {"Cancelled": false} to this same path are):
	// an error item "The provider refused the request: Order DC-1 is already picked", no Cancelled: true.
	// Before the fix: a success item with Cancelled: true; the order is not cancelled.
	it.each([[{ IsUpdated: false }], [{ Updated: 'False' }]])('%j: refused, not Cancelled: true', async (flag) => {
		const trn = await createOrder(fx, { OrderNo: 'DC-1', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'status', status: 200, path: 'UpdateSalesOrder', count: 1, body: { ...flag, Message: 'Order DC-1 is already picked' } });
		const result = await fx.run(
			actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'DC-1', options: { deprecatedPath: true } }), { continueOnFail: true }),
		);
		const [item] = result.output(ACTION_NODE);
		// the provider did not process it: the order is still open
		expect(orderIn(fx, trn).state).toBe('open');
		expect(item.json.Cancelled).toBeUndefined();
		expect(item.json.error).toBe('The provider refused the request: Order DC-1 is already picked');
	});
});
