// Keeps a write answered 2xx with a Status saying it failed ({"Status": "Failed"}, alone or as a list's one entry) the provider's refusal, never a success.
import { saysFailed } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { useSandbox } from '../harness/sandbox';
import { createdMovements } from '../harness/movements';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { SKU_A, createOrder, line, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 240 });

const REFUSED = 'The provider refused the request: ';

describe('a write answered 2xx whose Status says it failed', () => {
	it.each([
		['Update', 'UpdatePurchaseOrder', { Status: 'Failed', Message: 'Purchase order PO-S is being received' }, { operation: 'update', updateFields: { specialInstruction: 'Dock 5' } }],
		['Update', 'UpdatePurchaseOrder', { status: ' error ', message: 'Purchase order PO-S is being received' }, { operation: 'update', updateFields: { specialInstruction: 'Dock 5' } }],
		['Cancel', 'CancelPurchaseOrder', [{ Status: 'Failure', Messages: ['Purchase order PO-S is being received'] }], { operation: 'cancel' }],
		['Cancel', 'CancelPurchaseOrder', { STATUS: false, Message: 'Purchase order PO-S is being received' }, { operation: 'cancel' }],
		['Cancel', 'CancelPurchaseOrder', { Status: 'Failed' }, { operation: 'cancel' }, '{"Status":"Failed"}'],
	])('Purchase Order → %s (%s) answered 200 %j: an error with its message, not "updated"/"cancelled"', async (_op, path, body, parameters, said = 'Purchase order PO-S is being received') => {
		await createdMovements(fx, 'purchaseOrder', ['PO-S']);
		await fx.control.fault({ kind: 'status', status: 200, when: 'before', path, count: 1, body });
		const result = await fx.run(actionWorkflow({ resource: 'purchaseOrder', customerReferenceNo: 'PO-S', ...parameters }, { continueOnFail: true }));
		const [item] = result.output(ACTION_NODE);
		expect(item.json.error).toBe(`${REFUSED}${said}`);
		expect(item.json.Outcome).toBeUndefined();
		expect(purchaseOrders(fx.sandbox.state).get('PO-S')?.state).toBe('open');
	});

	it('Sales Order → Update answered 200 {"Status": "Failed"}: an error, never Updated: true', async () => {
		await createOrder(fx, { OrderNo: 'SF-1', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'status', status: 200, when: 'before', path: 'UpdateSalesOrder', count: 1, body: { Status: 'Failed', Message: 'Order SF-1 is already picked' } });
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'SF-1', updateFields: { poNo: 'PO-9' } }), { continueOnFail: true }),
		);
		const [item] = result.output(ACTION_NODE);
		expect(item.json.error).toBe(`${REFUSED}Order SF-1 is already picked`);
		expect(item.json.Updated).toBeUndefined();
	});

	it('a Status saying anything else (success, an order state, a code) stays a success answer', async () => {
		await createdMovements(fx, 'purchaseOrder', ['PO-T']);
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdatePurchaseOrder', count: 1, body: { Status: 'Success' } });
		const result = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-T', updateFields: { specialInstruction: 'Dock 5' } }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ CustomerReferenceNo: 'PO-T', Outcome: 'updated', Status: 'Success' });
		const does = ENDPOINTS.updatePurchaseOrder.does;
		for (const Status of ['Success', 'OK', 'Open', 'In Progress', 'Failed to ship later', 0, 1, 'N', true, null, '']) {
			expect(saysFailed({ Status }, does)).toBe(false);
		}
		for (const Status of ['Failed', 'FAILURE', ' fail ', 'Error', 'Unsuccessful', false]) expect(saysFailed({ Status }, does)).toBe(true);
	});
});
