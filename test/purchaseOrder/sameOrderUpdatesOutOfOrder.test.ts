// Bug hunt 44 (fixed: actions/operation.ts keyed): two input items that update the same purchase (or transfer) order in one run are sent at the
// same time (Concurrency, default 5), so the provider may apply them in either order and keep the EARLIER item's
// change. A sheet of changes with two rows for PO-1 (first move the pickup to 03/01, a later row to 03/05) leaves the
// purchase order at 03/01 whenever the first request is a little slower on the network. Where: actions/operation.ts
// runPerItem sends every prepared item through one p-limit queue with no regard to which record it changes
// (actions/purchaseOrder/update.operation.ts and transferOrder/update.operation.ts prepare, sendMovement). Right
// behaviour: n8n items are processed in input order; writes that address the same order (same Customer Reference
// Number) must reach the provider in input order (each one after the one before it has been answered), so that the
// last row's change is the one the provider keeps (interface "States and transitions": an update changes an open
// order's properties; the last update wins).
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { purchaseHeader } from './parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

describe('two updates of the same order in one run', () => {
	it('Purchase Order → Update: the provider keeps the last input item\'s Requested Date', async () => {
		const made = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-ROWS'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }),
		);
		expect(made.error).toBeUndefined();
		// the first update is a little slower on its way (network jitter): 300 ms
		await fx.control.fault({ kind: 'latency', path: 'UpdatePurchaseOrder', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: '={{ $json.ref }}', updateFields: { requestedDate: '={{ $json.day }}' } },
				{ items: [{ ref: 'PO-ROWS', day: '2026-03-01' }, { ref: 'PO-ROWS', day: '2026-03-05' }], timezone: 'UTC' },
			),
		);
		expect(result.error).toBeUndefined();
		expect(result.output('Wine Fulfillment').map((i) => i.json.Outcome)).toEqual(['updated', 'updated']);
		// the sheet's last row is the change the merchant means
		expect(purchaseOrders(fx.sandbox.state).get('PO-ROWS')?.info.RequestedDate).toBe('03/05/2026');
	});

	it('Transfer Order → Update: the provider keeps the last input item\'s items', async () => {
		const made = await fx.run(
			actionWorkflow({ resource: 'transferOrder', operation: 'create', ...transferHeader('TR-ROWS'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }),
		);
		expect(made.error).toBeUndefined();
		await fx.control.fault({ kind: 'latency', path: 'UpdateTransferOrder', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'transferOrder', operation: 'update', customerReferenceNo: '={{ $json.ref }}', itemsInput: 'json', itemsJson: '={{ $json.lines }}' },
				{
					items: [
						{ ref: 'TR-ROWS', lines: [{ ItemNo: stocked(0), ItemQuantity: 6 }] },
						{ ref: 'TR-ROWS', lines: [{ ItemNo: stocked(0), ItemQuantity: 12 }] },
					],
					timezone: 'UTC',
				},
			),
		);
		expect(result.error).toBeUndefined();
		expect(transferOrders(fx.sandbox.state).get('TR-ROWS')?.items.map((i) => i.ItemQuantity)).toEqual([12]);
	});
});
