// A cancel (or update) answered 2xx with its result in a list of one, [{"IsSuccess": false, "Messages": [...]}] (a .NET
// action returning a list, a gateway wrapping every answer), was a success: Outcome "cancelled" while the purchase order
// stayed open. Such a result is read as the result it holds (transport/request.ts onlyEntry). Bug hunt 22.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

describe('a write answered 2xx with a failure in a list of one', () => {
	it('Purchase Order → Cancel answered 200 [{"IsSuccess": false, …}] (not processed) is not reported as cancelled', async () => {
		const made = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-L'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }));
		expect(made.error).toBeUndefined();
		await fx.control.fault({
			kind: 'status',
			status: 200,
			when: 'before',
			path: 'CancelPurchaseOrder',
			count: 1,
			body: [{ IsSuccess: false, Messages: ['Purchase order PO-L is being received and cannot be cancelled'] }],
		});
		const result = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'PO-L' }));
		expect(purchaseOrders(fx.sandbox.state).get('PO-L')?.state).toBe('open');
		expect(result.output('Wine Fulfillment').map((i) => i.json.Outcome)).not.toContain('cancelled');
		expect(result.error?.message).toContain('cannot be cancelled');
	});
});
