// Writes that change the same purchase or transfer order in one run reach the provider one after another, in input
// order; writes to different orders still go concurrently (bug hunt 44, actions/operation.ts `keyed`).
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferHeader } from '../transferOrder/parameters';
import { purchaseHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

async function open(resource: 'purchaseOrder' | 'transferOrder', ref: string) {
	const header = resource === 'purchaseOrder' ? purchaseHeader(ref) : transferHeader(ref);
	const made = await fx.run(actionWorkflow({ resource, operation: 'create', ...header, items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }));
	expect(made.error).toBeUndefined();
}

describe.each([
	['Purchase Order', 'purchaseOrder', 'CancelPurchaseOrder'],
	['Transfer Order', 'transferOrder', 'CancelTransferOrder'],
] as const)('%s → Cancel twice for the same order', (_name, resource, path) => {
	it('the first one, a little slower on its way, cancels it; the second is refused', async () => {
		await open(resource, 'X-1');
		await fx.control.fault({ kind: 'latency', path, when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow({ resource, operation: 'cancel', customerReferenceNo: '={{ $json.ref }}' }, { items: [{ ref: 'X-1' }, { ref: 'X-1' }], continueOnFail: true }),
		);
		expect(result.error).toBeUndefined();
		const [first, second] = result.output(ACTION_NODE);
		expect(first.json).toMatchObject({ CustomerReferenceNo: 'X-1', Outcome: 'cancelled' });
		expect(second.json.error).toBeDefined();
		expect(second.pairedItem).toEqual({ item: 1 });
	});
});

describe('Purchase Order → Update: items for different orders', () => {
	it('are still sent concurrently: a slow first one does not hold the second back', async () => {
		await open('purchaseOrder', 'PO-A');
		await open('purchaseOrder', 'PO-B');
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'latency', path: 'UpdatePurchaseOrder', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: '={{ $json.ref }}', updateFields: { referenceNo: '={{ $json.note }}' } },
				{ items: [{ ref: 'PO-A', note: 'first' }, { ref: 'PO-B', note: 'second' }] },
			),
		);
		expect(result.error).toBeUndefined();
		// the sandbox logs a request when it answers it: the second order's was answered first
		const sent = await fx.control.requests('UpdatePurchaseOrder');
		expect(sent.map((r) => (r.body as { OrderInfo: { CustomerReferenceNo: string } }).OrderInfo.CustomerReferenceNo)).toEqual(['PO-B', 'PO-A']);
		expect(purchaseOrders(fx.sandbox.state).get('PO-A')?.info.ReferenceNo).toBe('first');
		expect(purchaseOrders(fx.sandbox.state).get('PO-B')?.info.ReferenceNo).toBe('second');
	});
});
