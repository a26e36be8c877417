// A write answered 2xx whose body says itself that it failed (the .NET envelope {"IsSuccess": false, "Messages": [...]},
// or Success / Succeeded / IsSuccessful reading false, a failure flag (isError, HasErrors) reading true, a bare false, in
// any letter case) is the provider's refusal: the item fails with the provider's
// messages, never comes out as Cancelled / success. And the refusals of Sales Order → Cancel's deprecated path and of
// SKU → Retire name members in the panel's words, as every other write's do.
import type { INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, createFromItems, line, salesOrder } from './helpers';

const fx = useSandbox({ inventoryRecords: 24 });
useStore();

const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };

const WRITES: Array<[string, INodeParameters, string]> = [
	['Sales Order → Cancel', salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'FA-1' }), 'CancelSalesOrder'],
	['Sales Order → Cancel (deprecated path)', salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'FA-1', options: { deprecatedPath: true } }), 'UpdateSalesOrder'],
	['Sales Order → Update', salesOrder('update', { locateBy: 'orderNo', orderNo: 'FA-1', updateFields: { poNo: 'x' } }), 'UpdateSalesOrder'],
	['Sales Order → Update Addresses', salesOrder('updateAddresses', { transactionReferenceNumber: 'TRN-FA-1', recipientContactInfo: { city: 'Sonoma' } }), 'Addresses'],
	['Purchase Order → Cancel', { resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'PO-FA' }, 'CancelPurchaseOrder'],
	['Purchase Order → Update', { resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-FA', updateFields: { referenceNo: 'R-2' } }, 'UpdatePurchaseOrder'],
	['Transfer Order → Cancel', { resource: 'transferOrder', operation: 'cancel', customerReferenceNo: 'TR-FA' }, 'CancelTransferOrder'],
	['SKU → Update', { resource: 'sku', operation: 'update', ...requestor, itemNo: SKU_A, updateFields: { value: '2' } }, 'UpdateSKU'],
	['SKU → Retire', { resource: 'sku', operation: 'retire', itemNo: SKU_A }, 'RetireSKU'],
];

describe('a write answered 2xx with a body saying it failed', () => {
	it.each(WRITES)('%s: fails with the provider\'s messages, not a success', async (_name, parameters, path) => {
		// answered before the sandbox processes it: the provider changed nothing
		await fx.control.fault({ kind: 'status', status: 200, path, count: 1, body: { IsSuccess: false, Messages: ['Order already shipped'] } });
		const result = await fx.run(actionWorkflow(parameters));
		expect(result.error?.message).toBe('The provider refused the request: Order already shipped');
		expect(result.error?.description).not.toMatch(/may have/);
		expect(await fx.control.requests(path)).toHaveLength(1);
	});

	it.each([
		[{ success: false, message: 'Item is retired' }, 'Item is retired'],
		[{ SUCCEEDED: 'false', Errors: ['No stock'] }, 'No stock'],
		[{ isSuccess: false }, ''],
	])('any letter case and form of the flag: %j', async (body, said) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'RetireSKU', count: 1, body });
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: SKU_A }, { continueOnFail: true }));
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ error: `The provider refused the request${said ? `: ${said}` : ''}`, details: { httpCode: '200' } });
	});

	it.each<[string, unknown, boolean, string]>([
		['IsSuccess 0', { IsSuccess: 0, Messages: ['Order already shipped'] }, false, 'Order already shipped'],
		['IsSuccess "N"', { IsSuccess: 'N', Messages: ['Order already shipped'] }, false, 'Order already shipped'],
		['IsSuccess " n " (padded, small)', { IsSuccess: ' n ', Messages: ['Order already shipped'] }, false, 'Order already shipped'],
		['HasErrors "Y"', { HasErrors: 'Y', Errors: ['Order already shipped'] }, false, 'Order already shipped'],
		['IsSuccessful false', { IsSuccessful: false, Message: 'Order already shipped' }, false, 'Order already shipped'],
		['isError true (an AutoWrapper envelope)', { statusCode: 400, isError: true, responseException: { exceptionMessage: 'Order already shipped' } }, false, 'Order already shipped'],
		['HasErrors "true"', { HasErrors: 'true', Errors: ['Order already shipped'] }, false, 'Order already shipped'],
		['JSON false (a .NET action returning bool)', false, false, ''],
		['the text "False" (bool.ToString())', 'False', true, ''],
		['the text "False" with a line break', 'False\r\n', true, ''],
	])('Sales Order → Cancel answered 200 with %s: refused, not Cancelled', async (_name, body, text, said) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CancelSalesOrder', count: 1, body, ...(text ? { as: 'text' as const } : {}) });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'FA-1' }), { continueOnFail: true }));
		const json = result.output(ACTION_NODE)[0].json;
		expect(json.Cancelled).toBeUndefined();
		expect(json.error).toBe(`The provider refused the request${said ? `: ${said}` : ''}`);
	});

	it.each<[string, unknown, boolean]>([
		['HasErrors false', { HasErrors: false, IsSuccessful: 'Y' }, false],
		['isError 0', { isError: 0, result: 'ok' }, false],
		['JSON true', true, false],
		['the text "True"', 'True', true],
		['a flag that reads as neither', { IsSuccess: 'maybe', HasErrors: 'none' }, false],
		['IsSuccess "Y" and HasErrors "N"', { IsSuccess: 'Y', HasErrors: 'N' }, false],
	])('Sales Order → Cancel answered 200 with %s: cancelled', async (_name, body, text) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CancelSalesOrder', count: 1, body, ...(text ? { as: 'text' as const } : {}) });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'FA-1' })));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'FA-1', Cancelled: true });
	});

	it('a flag that is true, or a member that only sounds like one, is a success as before', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'RetireSKU', count: 1, body: { IsSuccess: true, SuccessCount: 0 } });
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: SKU_A }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ ItemNo: SKU_A, success: true, IsSuccess: true });
	});

	it('Sales Order → Create answered IsSuccess false without a reference: the refusal, and its claim released', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'CreateSalesOrder',
			count: 1,
			body: { IsSuccess: false, Messages: ['RecipientContactInfo.ZipCode: is not valid'] },
		});
		const create = actionWorkflow(createFromItems({}), { items: [{ OrderNo: 'FA-2', items: [line(SKU_A, 1)] }] });
		const result = await fx.run(create);
		expect(result.error?.message).toBe('The provider refused the request: Recipient (Ship-To) → ZIP Code: is not valid');
		expect(result.error?.description).toContain('nothing was changed');
		// refused, not possibly sent: the record of sent orders lets the corrected order go on the next run
		const again = await fx.run(create);
		expect(again.error).toBeUndefined();
		expect(again.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'FA-2', alreadySent: false });
	});

	it('Sales Order → Create answered with the text "False": the refusal, and its claim released', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CreateSalesOrder', count: 1, as: 'text', body: 'False' });
		const create = actionWorkflow(createFromItems({}), { items: [{ OrderNo: 'FA-5', items: [line(SKU_A, 1)] }] });
		const result = await fx.run(create);
		expect(result.error?.message).toBe('The provider refused the request');
		expect(result.error?.description).toContain('nothing was changed');
		const again = await fx.run(create);
		expect(again.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'FA-5', alreadySent: false });
	});

	it('Sales Order → Create answered IsSuccess false with a transaction reference: an unknown outcome, not sent again', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'CreateSalesOrder',
			count: 1,
			body: { IsSuccess: false, TransactionReferenceNumber: 'TRN-FA-4', Messages: ['Partially accepted'] },
		});
		const create = actionWorkflow(createFromItems({}), { items: [{ OrderNo: 'FA-4', items: [line(SKU_A, 1)] }] });
		const result = await fx.run(create);
		expect(result.error?.description).toContain('check with the provider whether it took effect');
		const again = await fx.run(create);
		expect(again.error?.message).toContain('may already have been sent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});
});

describe('refusals name members in the panel\'s words', () => {
	it('Sales Order → Cancel through the deprecated path', async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'UpdateSalesOrder', count: 1, body: { Message: 'OrderInfo.OrderNo: the order has shipped' } });
		const result = await fx.run(actionWorkflow(salesOrder('cancel', { locateBy: 'orderNo', orderNo: 'FA-3', options: { deprecatedPath: true } })));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: Order Number: the order has shipped');
	});

	it('SKU → Retire', async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'RetireSKU', count: 1, body: { Message: 'ItemNo: the SKU still has stock' } });
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: SKU_A }));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: Item Number: the SKU still has stock');
	});
});
