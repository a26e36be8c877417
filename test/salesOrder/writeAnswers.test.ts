// Sales Order → Update, Update Addresses and Cancel: what the provider's success answer adds to the output. The node's own
// members (the order located, Updated, Cancelled) are what a workflow branches on: an answer's member of the same name
// never replaces them (one saying the write was not done is a refusal: writeSaysNotDone.test.ts), and a text answer
// (no JSON) is kept, not dropped.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();
const GUID = '5a1d0000-0000-4000-8000-00000000abcd';

const OPERATIONS = [
	// name, operation, the endpoint's last path segment, parameters, the node's own members, an answer's members of the
	// same names (none saying the write was not done)
	['Update', 'update', 'UpdateSalesOrder', { updateFields: { poNo: 'PO-9' } }, { Updated: true, UpdatedMembers: ['OrderInfo.PONo'] }, { Updated: '2026-03-01', UpdatedMembers: [] }],
	['Update Addresses', 'updateAddresses', 'Addresses', { recipientContactInfo: { address2: 'Suite 5' } }, { Updated: ['RecipientContactInfo'] }, { Updated: 'pending' }],
	['Cancel', 'cancel', 'CancelSalesOrder', {}, { Cancelled: true }, { Cancelled: 'by API' }],
] as const;

describe("Sales Order writes: the node's own output members win over the provider's answer", () => {
	it.each(OPERATIONS)('%s answered with members named as its own keeps its own; other members are kept', async (_name, operation, path, params, own, contrary) => {
		await createOrder(fx, { OrderNo: 'WA-1', items: [line(SKU_A, 1)] });
		await fx.control.fault({
			kind: 'status',
			status: 200,
			when: 'after',
			path,
			count: 1,
			body: { OrderNo: null, ...contrary, Message: 'noted' },
		});
		const result = await fx.run(actionWorkflow(salesOrder(operation, { locateBy: 'orderNo', orderNo: 'WA-1', ...params })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toEqual({ OrderNo: 'WA-1', ...own, Message: 'noted' });
	});

	it.each(OPERATIONS)('%s answered 200 with text keeps it: a reference as TransactionReferenceNumber, other text as ProviderAnswer', async (_name, operation, path, params, own) => {
		await createOrder(fx, { OrderNo: 'WA-2', items: [line(SKU_A, 1)] });
		await createOrder(fx, { OrderNo: 'WA-3', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path, count: 1, body: GUID, as: 'text' });
		const first = await fx.run(actionWorkflow(salesOrder(operation, { locateBy: 'orderNo', orderNo: 'WA-2', ...params })));
		expect(first.output(ACTION_NODE)[0].json).toEqual({ OrderNo: 'WA-2', ...own, TransactionReferenceNumber: GUID });
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path, count: 1, body: 'OK', as: 'text' });
		const second = await fx.run(actionWorkflow(salesOrder(operation, { locateBy: 'orderNo', orderNo: 'WA-3', ...params })));
		expect(second.output(ACTION_NODE)[0].json).toEqual({ OrderNo: 'WA-3', ...own, ProviderAnswer: 'OK' });
	});
});
