// A write answered 2xx whose body says it failed in forms beside {"Status": "Failed"} and {"IsSuccess": false}: a Status
// "False", the bare text "Failed" / "Error", the envelope nested one level ({"Result": {"Status": "Failed"}}).
// What the user saw: Purchase Order → Cancel/Update put out Outcome "cancelled"/"updated" (a success) although the
// provider said the request failed; the workflow went on as though the order were cancelled/updated.
// Kept: an answer that says nothing of failure (text "OK", an order number, an order state one level down, "N", a list,
// a failure two levels down) stays a success.
import { saysFailed } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { useSandbox } from '../harness/sandbox';
import { createdMovements } from '../harness/movements';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';

const fx = useSandbox({ inventoryRecords: 240 });

const REFUSED = 'The provider refused the request';
const SAID = 'Purchase order PO-S is being received';
const cancel = (continueOnFail = false) =>
	fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'PO-S' }, { continueOnFail }));

describe('Purchase Order → Cancel answered 200 with a body that says it failed', () => {
	it.each([
		// {"Status": false} and {"IsSuccess": "False"} were refusals already; the same bool written as text in Status is one too
		['Status "False" (a .NET bool as text)', { body: { Status: 'False', Message: SAID } }, `${REFUSED}: ${SAID}`],
		// a bare JSON false and the text "False" were refusals already; the text "Failed" / "Error" is one too
		['the text "Failed"', { as: 'text' as const, body: 'Failed' }, REFUSED],
		['the text " error " (any case, trimmed)', { as: 'text' as const, body: ' error ' }, REFUSED],
		['the JSON string "Error"', { body: 'Error' }, REFUSED],
		// the one-record envelope nested one level (a gateway's {"Result": …}), its message the error's
		['{"Result": {"Status": "Failed"}}', { body: { Result: { Status: 'Failed', Message: SAID } } }, `${REFUSED}: ${SAID}`],
		['{"Data": {"IsSuccess": false}}', { body: { TransactionReferenceNumber: null, Data: { IsSuccess: false, Messages: [SAID] } } }, `${REFUSED}: ${SAID}`],
	])('%s is an error item naming the refusal, never Outcome "cancelled"', async (_name, answer, message) => {
		await createdMovements(fx, 'purchaseOrder', ['PO-S']);
		await fx.control.fault({ kind: 'status', status: 200, when: 'before', path: 'CancelPurchaseOrder', count: 1, ...answer });
		const [item] = (await cancel(true)).output(ACTION_NODE);
		expect(item.json.Outcome).toBeUndefined();
		expect(String(item.json.error)).toMatch(/^The provider refused the request/);
		expect(item.json.error).toBe(message);
		expect(purchaseOrders(fx.sandbox.state).get('PO-S')?.state).toBe('open');
	});
});

describe('Purchase Order → Cancel answered 200 with a body that says nothing of failure stays a success', () => {
	it.each([
		['the text "OK"', { as: 'text' as const, body: 'OK' }],
		['an order number as text', { as: 'text' as const, body: 'PO-S' }],
		['an order state one level down', { body: { Result: { Status: 'Shipped' } } }],
		['Status "N" (a code, not a flag)', { body: { Status: 'N' } }],
		['a failure in a nested list (records, not the envelope)', { body: { Lines: [{ Status: 'Failed' }] } }],
		['a failure two levels down', { body: { Data: { Result: { Status: 'Failed' } } } }],
	])('%s: Outcome "cancelled"', async (_name, answer) => {
		await createdMovements(fx, 'purchaseOrder', ['PO-S']);
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'CancelPurchaseOrder', count: 1, ...answer });
		const result = await cancel();
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json.Outcome).toBe('cancelled');
		expect(purchaseOrders(fx.sandbox.state).get('PO-S')?.state).toBe('cancelled');
	});
});

describe('saysFailed reads the forms above, and only them', () => {
	const does = ENDPOINTS.cancelPurchaseOrder.does;

	it('a whole answer that is false, or text saying "False" or a failure word (trimmed, any case), says failure', () => {
		for (const body of [false, 'False', ' FALSE ', 'Failed', 'failure', 'Fail', ' Error ', 'ERROR', 'Unsuccessful']) expect(saysFailed(body)).toBe(true);
		// a bare 0 or "no" is no .NET bool; other text is the answer itself
		for (const body of [true, 0, 'no', 'N', 'OK', 'Success', 'PO-S', 'Failed to ship later', '']) expect(saysFailed(body)).toBe(false);
	});

	it('a failure word with a full stop or "!" says failure too; to a create only false does (its outcome is unknown otherwise)', () => {
		for (const body of ['Failed.', 'Error!', ' failure. ']) expect(saysFailed(body, does)).toBe(true);
		for (const body of ['Failed', 'Error!', 'failure']) expect(saysFailed(body, 'created')).toBe(false);
		for (const body of [false, 'False', 'false.']) expect(saysFailed(body, 'created')).toBe(true);
	});

	it('a Status reading "False" says failure; "N", an order state or a code does not', () => {
		for (const Status of ['False', ' false ', 'FALSE']) expect(saysFailed({ Status }, does)).toBe(true);
		for (const Status of ['N', 'Shipped', 'Open', 0, 'True']) expect(saysFailed({ Status }, does)).toBe(false);
	});

	it('a member that is an object is read by the same rules, one level down only, never a list', () => {
		expect(saysFailed({ Result: { Status: 'Failed' } }, does)).toBe(true);
		expect(saysFailed({ Result: { IsSuccess: 'False' } }, does)).toBe(true);
		expect(saysFailed({ Result: { HasErrors: true } }, does)).toBe(true);
		expect(saysFailed({ Result: { Cancelled: false } }, does)).toBe(true);
		expect(saysFailed({ Result: { Status: 'Shipped' } }, does)).toBe(false);
		expect(saysFailed({ Result: { Status: 'N', Cancelled: true } }, does)).toBe(false);
		expect(saysFailed({ Result: { Updated: false } }, does)).toBe(false);
		expect(saysFailed({ Lines: [{ Status: 'Failed' }], Results: [{ IsSuccess: false }] }, does)).toBe(false);
		expect(saysFailed({ Data: { Result: { Status: 'Failed' } } }, does)).toBe(false);
		expect(saysFailed({ Result: null, Data: {} }, does)).toBe(false);
	});

	it("a read's answer is read at its own level only: an object one level down is a record (an order in status Error)", () => {
		expect(saysFailed({ Order: { OrderNo: 'SO-1', Status: 'Error' } }, undefined, false)).toBe(false);
		expect(saysFailed({ Order: { IsSuccess: false } }, undefined, false)).toBe(false);
		expect(saysFailed({ IsSuccess: false, Order: {} }, undefined, false)).toBe(true);
		expect(saysFailed({ Order: { OrderNo: 'SO-1', Status: 'Error' } })).toBe(true);
	});
});
