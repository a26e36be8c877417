// Hunt 6, transport: what a write's success answer may be (text, members named as the node's own), and how purchase and
// transfer order refusals are worded (300, the panel's names on Update and Cancel).
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { skus } from '../sandbox/stores';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';
import { expectNoSecrets, probe } from './helpers';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';

const fx = useSandbox({ inventoryRecords: 240 });
const GUID = '5a1d0000-0000-4000-8000-00000000abcd';
const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const run = (resource: string, operation: string, params: IDataObject) => fx.run(actionWorkflow({ resource, operation, ...params }));
const only = async (path: string) => {
	const sent = await fx.control.requests(path);
	expect(sent).toHaveLength(1);
	return sent[0];
};

async function createPo(ref: string) {
	const r = await run('purchaseOrder', 'create', { ...purchaseHeader(ref), items: { item: [{ itemNo: item(0), itemQuantity: 3 }] } });
	expect(r.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}
async function createTo(ref: string) {
	const r = await run('transferOrder', 'create', { ...transferHeader(ref), items: { item: [{ itemNo: item(0), itemQuantity: 1 }] } });
	expect(r.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}

describe('transport: a write answered 2xx with text that is not JSON', () => {
	it.each([
		['text/plain OK', 'OK', { ProviderAnswer: 'OK' }],
		['a bare GUID as text', GUID, { TransactionReferenceNumber: GUID }],
	])('Purchase Order → Cancel answered 200 with %s is a success, the text put out as what it is', async (_name, text, out) => {
		await createPo('PO-T');
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'CancelPurchaseOrder', count: 1, as: 'text', body: text });
		const r = await run('purchaseOrder', 'cancel', { customerReferenceNo: 'PO-T' });
		expect(r.error).toBeUndefined();
		expect(purchaseOrders(fx.sandbox.state).get('PO-T')?.state).toBe('cancelled');
		expect(r.output(ACTION_NODE).map((i) => [i.json, i.pairedItem])).toEqual([[{ CustomerReferenceNo: 'PO-T', Outcome: 'cancelled', ...out }, { item: 0 }]]);
		await only('CancelPurchaseOrder');
	});

	it('Transfer Order → Update answered 200 with the text "Updated" is a success, not "not valid JSON"', async () => {
		await createTo('TR-T');
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateTransferOrder', count: 1, as: 'text', body: 'Updated' });
		const r = await run('transferOrder', 'update', { customerReferenceNo: 'TR-T', updateFields: { specialInstruction: 'Dock 4' } });
		expect(r.error).toBeUndefined();
		expect(transferOrders(fx.sandbox.state).get('TR-T')?.info.SpecialInstruction).toBe('Dock 4');
		expect(r.output(ACTION_NODE)[0].json).toEqual({ CustomerReferenceNo: 'TR-T', Outcome: 'updated', ProviderAnswer: 'Updated' });
	});

	it.each([
		['Purchase Order', 'purchaseOrder', 'CreatePurchaseOrder', () => ({ ...purchaseHeader('PO-G'), items: { item: [{ itemNo: item(0), itemQuantity: 3 }] } })],
		['Transfer Order', 'transferOrder', 'CreateTransferOrder', () => ({ ...transferHeader('TR-G'), items: { item: [{ itemNo: item(0), itemQuantity: 1 }] } })],
	])('%s → Create answered 201 with the reference as bare text keeps that reference', async (_name, resource, path, params) => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path, count: 1, as: 'text', body: ` ${GUID}\n` });
		const r = await run(resource, 'create', params());
		expect(r.error).toBeUndefined();
		expect(r.output(ACTION_NODE)[0].json).toMatchObject({ Outcome: 'created', TransactionReferenceNumber: GUID });
		await only(path);
	});

	it('SKU → Create answered 201 with the reference as text keeps it; the item number and success are the node\'s', async () => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreateSKU', count: 1, as: 'text', body: 'SKUREF-77' });
		const r = await run('sku', 'create', { ...requestor, itemNo: 'TXT-1', itemCategory: 'Merchandise' });
		expect(r.error).toBeUndefined();
		expect(skus(fx.sandbox.state).has('TXT-1')).toBe(true);
		expect(r.output(ACTION_NODE)[0].json).toEqual({ ItemNo: 'TXT-1', success: true, TransactionReferenceNumber: 'SKUREF-77' });
	});

	it('SKU → Update answered 200 "OK" as text: the text is the answer, not a transaction reference', async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][1];
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateSKU', count: 1, as: 'text', body: 'OK' });
		const r = await run('sku', 'update', { ...requestor, itemNo, updateFields: { value: '12.00' } });
		expect(r.error).toBeUndefined();
		expect(r.output(ACTION_NODE)[0].json).toEqual({ ItemNo: itemNo, success: true, ProviderAnswer: 'OK' });
	});

	it('a create answered 201 with text that names no reference is still an unknown outcome, not a success', async () => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreatePurchaseOrder', count: 1, as: 'text', body: 'Purchase order received' });
		const r = await run('purchaseOrder', 'create', { ...purchaseHeader('PO-U'), items: { item: [{ itemNo: item(0), itemQuantity: 3 }] } });
		expect(r.error?.message).toBe(
			'The provider answered 201 without a transaction reference, so the outcome of this purchase order create is unknown: the request may have taken effect, check before sending it again',
		);
		await only('CreatePurchaseOrder');
	});

	it('the text is scrubbed of the credentials', async () => {
		const echoed = `Done for ${SANDBOX_CREDENTIALS.userKey} / ${SANDBOX_CREDENTIALS.password}`;
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateSalesOrder', count: 1, as: 'text', body: echoed });
		const r = await fx.run(probe({ endpoint: 'updateSalesOrder' }));
		expect(r.error).toBeUndefined();
		expect(r.output('Wine Fulfillment')[0].json.body).toBe('Done for *** / ***');
		expectNoSecrets(r.run);
	});

	it('JSON cut short is still "not valid JSON" on a write, never resent', async () => {
		await fx.control.fault({ kind: 'malformed', when: 'after', path: 'CancelTransferOrder', count: 1 });
		await createTo('TR-M');
		const r = await run('transferOrder', 'cancel', { customerReferenceNo: 'TR-M' });
		expect(r.error?.message).toBe('The provider answered with a body that is not valid JSON: the request may have taken effect, check before sending it again');
		await only('CancelTransferOrder');
	});

	it('a read still refuses text that is not JSON', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', as: 'text', body: 'OK' });
		const r = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }));
		expect(r.error?.message).toBe('The provider answered with a body that is not valid JSON');
	});
});

describe("purchase and transfer orders: the node's own output fields win", () => {
	it.each([
		['Purchase Order → Cancel', 'purchaseOrder', 'cancel', 'CancelPurchaseOrder', 'cancelled', {}],
		['Purchase Order → Update', 'purchaseOrder', 'update', 'UpdatePurchaseOrder', 'updated', { updateFields: { referenceNo: 'R-2' } }],
		['Transfer Order → Cancel', 'transferOrder', 'cancel', 'CancelTransferOrder', 'cancelled', {}],
	])('%s answered with CustomerReferenceNo null and Outcome "failed" keeps its own; other members are kept', async (_name, resource, operation, path, outcome, extra) => {
		if (resource === 'purchaseOrder') await createPo('MV-1');
		else await createTo('MV-1');
		await fx.control.fault({
			kind: 'status',
			status: 200,
			when: 'after',
			path,
			count: 1,
			body: { CustomerReferenceNo: null, Outcome: 'failed', Message: 'noted', TransactionReferenceNumber: GUID },
		});
		const r = await run(resource, operation, { customerReferenceNo: 'MV-1', ...extra });
		expect(r.output(ACTION_NODE)[0].json).toEqual({ CustomerReferenceNo: 'MV-1', Outcome: outcome, Message: 'noted', TransactionReferenceNumber: GUID });
	});

	it('SKU → Update answered with ItemNo and success members keeps its own', async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][1];
		// a success member that says no failure ('' here; false would be the provider's refusal: failedAnswers.test.ts)
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateSKU', count: 1, body: { ItemNo: null, success: '', Message: 'noted' } });
		const r = await run('sku', 'update', { ...requestor, itemNo, updateFields: { value: '12.00' } });
		expect(r.output(ACTION_NODE)[0].json).toEqual({ ItemNo: itemNo, success: true, Message: 'noted' });
	});
});

describe('purchase and transfer orders: refusals in their own words', () => {
	it.each([
		['UpdatePurchaseOrder', 'purchaseOrder', 'update', 'purchase order', { updateFields: { referenceNo: 'X' } }],
		['CancelTransferOrder', 'transferOrder', 'cancel', 'transfer order', {}],
	])('a 300 on %s speaks of that order and its Customer Reference No, not of sales orders', async (path, resource, operation, thing, extra) => {
		await fx.control.fault({ kind: 'status', status: 300, path, body: { Message: 'Multiple orders match' } });
		const r = await run(resource, operation, { customerReferenceNo: 'MV-300', ...extra });
		expect(r.error?.httpCode).toBe('300');
		expect(r.error?.message).toBe(`Several ${thing}s match this Customer Reference No`);
		expect(r.error?.message).not.toContain('sales order');
		expect(r.error?.description).not.toContain('Transaction Reference Number');
		expect(r.error?.description).toContain('The provider said: Multiple orders match');
	});

	it.each([
		['Purchase Order → Update', 'purchaseOrder', 'update', 'UpdatePurchaseOrder', 'OrderInfo.RequestedDate must be a weekday', 'Requested Date must be a weekday', { updateFields: { requestedDate: '2026-03-14' } }],
		['Transfer Order → Update', 'transferOrder', 'update', 'UpdateTransferOrder', 'TransferInfo.SpecialInstruction is too long', 'Special Instruction is too long', { updateFields: { specialInstruction: 'x' } }],
		['Purchase Order → Cancel', 'purchaseOrder', 'cancel', 'CancelPurchaseOrder', 'CustomerReferenceNo is not valid here', 'Customer Reference Number is not valid here', {}],
	])("%s: the provider's refusal is worded in the panel's names, as Create's is", async (_name, resource, operation, path, said, worded, extra) => {
		await fx.control.fault({ kind: 'status', status: 400, path, body: { Message: said }, count: 1 });
		const r = await run(resource, operation, { customerReferenceNo: 'MV-L', ...extra });
		expect(r.error?.message).toBe(`The provider rejected the request as invalid: ${worded}`);
	});
});
