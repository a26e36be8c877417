// A write answered 2xx with a member saying it did not do what it does ({"Cancelled": false} to a cancel, {"Updated":
// false} to an update, {"IsCreated": false} to a create, in any letter case and as a sheet or .NET writes a yes/no) is
// the provider's refusal, as {"IsSuccess": false} is: an error item with its message, never an output saying
// Cancelled: true over the provider's false (found by bug hunt 15: the node's own member won and the false was dropped).
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { createWorkflow, countsOf, out, useStore } from '../exactlyOnce/helpers';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();
useStore();

async function answered(path: string, body: IDataObject, parameters: IDataObject) {
	await fx.control.fault({ kind: 'status', status: 200, when: 'after', path, count: 1, body });
	const result = await fx.run(actionWorkflow(salesOrder(parameters.operation as string, parameters), { continueOnFail: true }));
	return result.output(ACTION_NODE)[0];
}

describe('an answer saying the write was not done is the provider refusal', () => {
	it.each([
		['Cancel', 'CancelSalesOrder', { Cancelled: false }, { operation: 'cancel' }],
		['Cancel', 'CancelSalesOrder', { isCanceled: 'False' }, { operation: 'cancel' }],
		['Cancel through the deprecated path', 'UpdateSalesOrder', { Cancelled: 'N' }, { operation: 'cancel', options: { deprecatedPath: true } }],
		['Update', 'UpdateSalesOrder', { Updated: false }, { operation: 'update', updateFields: { poNo: 'PO-9' } }],
		['Update Addresses', 'Addresses', { IsUpdated: 0 }, { operation: 'updateAddresses', recipientContactInfo: { address2: 'Suite 5' } }],
	])('%s (%s) answered %j', async (_name, path, flag, parameters) => {
		await createOrder(fx, { OrderNo: 'ND-1', items: [line(SKU_A, 1)] });
		const item = await answered(path, { ...flag, Message: 'Order ND-1 is already picked' }, { locateBy: 'orderNo', orderNo: 'ND-1', ...parameters });
		expect(item.json.error).toBe('The provider refused the request: Order ND-1 is already picked');
		expect(item.json.Cancelled).toBeUndefined();
		expect(item.json.Updated).toBeUndefined();
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it("a member of another write's deed is not read so (an update answering the order's own Cancelled: false)", async () => {
		await createOrder(fx, { OrderNo: 'ND-2', items: [line(SKU_A, 1)] });
		const item = await answered('UpdateSalesOrder', { Cancelled: false, Message: 'noted' }, { operation: 'update', locateBy: 'orderNo', orderNo: 'ND-2', updateFields: { poNo: 'PO-9' } });
		expect(item.json).toMatchObject({ OrderNo: 'ND-2', Updated: true, Cancelled: false, Message: 'noted' });
	});

	it('Create answered {"IsCreated": false}: refused, its claim given back, and the corrected order sent by the next run', async () => {
		const order = { OrderNo: 'ND-3', items: [line(SKU_A, 1)] };
		await fx.control.fault({ kind: 'status', status: 200, path: 'CreateSalesOrder', count: 1, body: { IsCreated: false, Message: 'Ship date is in the past' } });
		const first = await fx.run(createWorkflow([order], {}, { continueOnFail: true }));
		expect(out(first)[0].json.error).toBe('The provider refused the request: Ship date is in the past');
		const again = await fx.run(createWorkflow([order]));
		expect(out(again)[0].json).toMatchObject({ OrderNo: 'ND-3', alreadySent: false });
		expect(countsOf(fx, ['ND-3'])).toEqual([1]);
	});
});
