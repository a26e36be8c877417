// Purchase orders, transfer orders and SKUs: a member of an Items (JSON) line left empty (null, "", blanks) is not sent, as
// in the table; an optional field of blanks (a mapped cell holding spaces) counts as left empty: not sent, not refused.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { purchaseHeader } from './parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

describe('Items (JSON) lines and table rows: members left empty', () => {
	it.each([
		['null', null],
		['empty', ''],
		['blanks', '   '],
	])('PO create JSON line ItemDescription %s: not sent', async (_c, v) => {
		const line = { ItemNo: item(0), ItemQuantity: 6, ItemDescription: v };
		const result = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-BL-1'), itemsInput: 'json', itemsJson: JSON.stringify([line]) }),
		);
		const sent = await fx.control.requests('CreatePurchaseOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 6 }]);
	});

	it.each([
		['null', null],
		['empty', ''],
		['blanks', '   '],
	])('TO create JSON line UnitPrice/QuantityUnit %s: not sent', async (_c, v) => {
		const line = { ItemNo: item(0), ItemQuantity: 6, UnitPrice: v, QuantityUnit: v };
		const result = await fx.run(
			actionWorkflow({ resource: 'transferOrder', operation: 'create', ...transferHeader('TO-BL-1'), itemsInput: 'json', itemsJson: JSON.stringify([line]) }),
		);
		const sent = await fx.control.requests('CreateTransferOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 6 }]);
	});

	it('PO create table row Item Description of blanks: not sent', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-BL-2'), itemsInput: 'fields',
				items: { item: [{ itemNo: item(0), itemQuantity: 6, itemDescription: '   ' }] },
			}),
		);
		const sent = await fx.control.requests('CreatePurchaseOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 6 }]);
	});
});

describe('create fields of blanks are not sent', () => {
	const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com', requestorPhone: '707-555-0101' };
	it('SKU create: Vintage and Appellation of blanks are not sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'create', ...requestor, itemNo: 'BLANK-SKU-1', itemCategory: 'Merchandise', additionalFields: { vintage: '   ', appellation: '  ' } }),
		);
		const sent = await fx.control.requests('CreateSKU');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.SKUInfo).not.toHaveProperty('Vintage');
		expect(sent[0].body.SKUInfo).not.toHaveProperty('Appellation');
	});
	it('PO create: Reference Number and Special Instruction of blanks are not sent', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-BL-3'), itemsInput: 'fields',
				items: { item: [{ itemNo: item(0), itemQuantity: 6 }] }, additionalFields: { referenceNo: '   ', specialInstruction: '  ' },
			}),
		);
		const sent = await fx.control.requests('CreatePurchaseOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.OrderInfo).not.toHaveProperty('ReferenceNo');
		expect(sent[0].body.OrderInfo).not.toHaveProperty('SpecialInstruction');
	});
	it('TO create: Special Instruction of blanks is not sent', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'transferOrder', operation: 'create', ...transferHeader('TO-BL-3'), itemsInput: 'fields',
				items: { item: [{ itemNo: item(0), itemQuantity: 6, itemDescription: '   ' }] }, additionalFields: { specialInstruction: '  ' },
			}),
		);
		const sent = await fx.control.requests('CreateTransferOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.TransferInfo).not.toHaveProperty('SpecialInstruction');
		expect((sent[0].body.ItemsInfo as IDataObject[])[0]).not.toHaveProperty('ItemDescription');
	});
});

describe('optional fields of blanks are not refused', () => {
	it('PO create: sender Email of blanks is not sent (not refused)', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-BL-4'), itemsInput: 'fields',
				items: { item: [{ itemNo: item(0), itemQuantity: 6 }] }, additionalFields: { emailAddress: '  ', zipCode: ' ' },
			}),
		);
		const sent = await fx.control.requests('CreatePurchaseOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.OrderInfo).not.toHaveProperty('EmailAddress');
	});
	it('SKU create: requestor phone of blanks is not sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'create', requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana@example.com', requestorPhone: '   ', itemNo: 'BLANK-SKU-2', itemCategory: 'Merchandise', additionalFields: { upcCode: '  ' } }),
		);
		const sent = await fx.control.requests('CreateSKU');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.RequestorInfo).not.toHaveProperty('PhoneNumber');
		expect(sent[0].body.SKUInfo).not.toHaveProperty('UPCCode');
	});
});

describe('SKU → Create: a number of blanks', () => {
	it('SKU create: Alcohol by Volume of blanks is not sent (not refused)', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'create', requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana@example.com', itemNo: 'BLANK-SKU-3', itemCategory: 'Merchandise', additionalFields: { alcoholByVolume: '  ', numBottleInEachCase: ' ' } }),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateSKU');
		expect(sent[0].body.SKUInfo).not.toHaveProperty('AlcoholByVolume');
	});
});
