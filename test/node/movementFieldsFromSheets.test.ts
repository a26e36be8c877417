// Hunt 6, SKU / purchase order / transfer order fields, end to end through n8n's engine against the sandbox: blanks
// count as empty, texts are trimmed, a Unit Price of 0 is not sent however it arrives, a UPC Code from a number column
// gets its leading zeros back, and one hint per distinct warehouse code (or status) per node run.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import { skus } from '../sandbox/stores';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });

const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const run = (resource: string, operation: string, parameters: Record<string, unknown>, items?: IDataObject[], continueOnFail = false) =>
	fx.run(actionWorkflow({ resource, operation, ...parameters }, { items, continueOnFail }));
const hints = (result: RunResult) => (result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

async function created(resource: 'purchaseOrder' | 'transferOrder', ref: string) {
	const header = resource === 'purchaseOrder' ? purchaseHeader(ref) : transferHeader(ref);
	const result = await run(resource, 'create', { ...header, items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } });
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}

describe('SKU → Update: an Update Field of blanks is left empty', () => {
	it('is not sent, so the description is kept while the Value changes', async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][1];
		const before = skus(fx.sandbox.state).get(itemNo)?.ItemDescription;
		const result = await run('sku', 'update', { ...requestor, itemNo, updateFields: { itemDescription: '={{ $json.desc }}', value: '={{ $json.value }}' } }, [
			{ desc: '   ', value: ' 12.00 ' },
		]);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSKU');
		expect(sent.body.SKUInfo).toEqual({ ItemNo: itemNo, Value: '12.00' });
		expect(skus(fx.sandbox.state).get(itemNo)?.ItemDescription).toBe(before);
	});

	it('as the only field is "Nothing to update", with nothing sent', async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][1];
		const result = await run('sku', 'update', { ...requestor, itemNo, updateFields: { itemDescription: '={{ $json.desc }}', value: ' \t' } }, [{ desc: ' ' }]);
		expect(result.error?.message).toBe('Nothing to update: add at least one field under "Update Fields"');
		expect(await fx.control.requests('UpdateSKU')).toHaveLength(0);
	});
});

describe('Purchase and transfer orders: text is trimmed, blanks clear where clearing is documented', () => {
	it('Purchase Order → Update: a Reference Number of blanks clears it (sent as ""), Special Instruction is trimmed', async () => {
		await created('purchaseOrder', 'PO-TRIM');
		const result = await run('purchaseOrder', 'update', {
			customerReferenceNo: 'PO-TRIM',
			updateFields: { referenceNo: '  ', specialInstruction: ' Dock 3 ', transportMethod: ' Pickup ' },
		});
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdatePurchaseOrder');
		expect(sent.body.OrderInfo).toEqual({ CustomerReferenceNo: 'PO-TRIM', ReferenceNo: '', SpecialInstruction: 'Dock 3', TransportMethod: 'Pickup' });
		expect(purchaseOrders(fx.sandbox.state).get('PO-TRIM')?.info).toMatchObject({ ReferenceNo: '', SpecialInstruction: 'Dock 3' });
	});

	it('Purchase Order → Create: the sender, Reference Number, Special Instruction and item descriptions are sent trimmed', async () => {
		const result = await run('purchaseOrder', 'create', {
			...purchaseHeader('PO-TRIM-C'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 2, itemDescription: ' Cabernet 2019 ' }] },
			additionalFields: { referenceNo: ' REF-7 ', specialInstruction: ' Dock 3 ', firstName: ' Ana ', company: ' Reyes Cellars ', city: ' Napa ' },
		});
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.body.OrderInfo).toMatchObject({ ReferenceNo: 'REF-7', SpecialInstruction: 'Dock 3', FirstName: 'Ana', Company: 'Reyes Cellars', City: 'Napa' });
		expect((sent.body.ItemsInfo as IDataObject[])[0].ItemDescription).toBe('Cabernet 2019');
	});

	it('Transfer Order → Update: Special Instruction is trimmed, a contact field of blanks is not sent (as an empty one is not)', async () => {
		await created('transferOrder', 'TR-TRIM');
		const result = await run('transferOrder', 'update', {
			customerReferenceNo: 'TR-TRIM',
			updateFields: { specialInstruction: ' Gate B ', firstName: '={{ "  " }}' },
		});
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect(sent.body.TransferInfo).toEqual({ CustomerReferenceNo: 'TR-TRIM', SpecialInstruction: 'Gate B' });
		expect(transferOrders(fx.sandbox.state).get('TR-TRIM')?.info).toMatchObject({ SpecialInstruction: 'Gate B', FirstName: 'Ana' });
	});

	it('Transfer Order → Update: a Special Instruction of blanks clears it (sent as "")', async () => {
		await created('transferOrder', 'TR-CLEAR');
		const result = await run('transferOrder', 'update', { customerReferenceNo: 'TR-CLEAR', updateFields: { specialInstruction: '   ' } });
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect(sent.body.TransferInfo).toEqual({ CustomerReferenceNo: 'TR-CLEAR', SpecialInstruction: '' });
	});
});

describe('Transfer Order → Create: Unit Price 0 is not sent, however it arrives', () => {
	it.each(['0', ' 0.00 ', 0])('Unit Price %j from a sheet is not sent', async (price) => {
		const result = await run(
			'transferOrder',
			'create',
			{ ...transferHeader('TR-P0'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2, unitPrice: '={{ $json.price }}' }] } },
			[{ price }],
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect((sent.body.ItemsInfo as IDataObject[])[0]).not.toHaveProperty('UnitPrice');
	});

	it('a price as text is sent as its number, and text that is no price is refused naming the field', async () => {
		const ok = await run('transferOrder', 'create', { ...transferHeader('TR-P1'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2, unitPrice: '={{ "24.50" }}' }] } });
		expect(ok.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect((sent.body.ItemsInfo as IDataObject[])[0].UnitPrice).toBe(24.5);
		const bad = await run('transferOrder', 'create', { ...transferHeader('TR-P2'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2, unitPrice: '={{ "zero" }}' }] } });
		expect(bad.error?.message).toBe('Invalid "Items line 1 → Unit Price": must be a number such as 12.5 (got "zero")');
		expect(await fx.control.requests('CreateTransferOrder')).toHaveLength(1);
	});
});

describe('SKU → Create: a UPC Code from a number column', () => {
	const create = (upc: string | number) =>
		run('sku', 'create', { ...requestor, itemNo: 'UPC-1', itemCategory: 'Merchandise', additionalFields: { upcCode: '={{ $json.upc }}' } }, [{ upc }]);
	const sentUpc = async () => ((await fx.control.requests('CreateSKU'))[0]?.body.SKUInfo as IDataObject | undefined)?.UPCCode;

	it.each([
		[12345678905, '012345678905'],
		[4567, '000000004567'],
		[812345678901, '812345678901'],
		[4006381333931, '4006381333931'],
		['012345678905', '012345678905'],
		[' 12345678905 ', '12345678905'],
	])('%j is sent as %j (a number of fewer than 12 digits padded back to the 12 of a UPC-A, text as written)', async (upc, expected) => {
		const result = await create(upc);
		expect(result.error).toBeUndefined();
		expect(await sentUpc()).toBe(expected);
	});

	it.each([2.5, -12345678905, 123456789012345])('the number %j is refused naming UPC Code, nothing sent', async (upc) => {
		const result = await create(upc);
		expect(result.error?.message).toMatch(/^Invalid "UPC Code": is a number that is no UPC code/);
		expect(await fx.control.requests('CreateSKU')).toHaveLength(0);
	});
});

describe('Older warehouse codes: one hint per distinct code per node run', () => {
	it('Purchase Order → Create of 4 items receiving at CE201 gives one hint', async () => {
		const result = await run(
			'purchaseOrder',
			'create',
			{ ...purchaseHeader('={{ $json.ref }}'), receiveToLocation: '={{ "CE201" }}', items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] } },
			[{ ref: 'PO-H1' }, { ref: 'PO-H2' }, { ref: 'PO-H3' }, { ref: 'PO-H4' }],
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(4);
		expect(hints(result)).toEqual(['Receive To Location "CE201" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).']);
	});

	it('Transfer Order → Create of 3 items from CE201 to SMX01 with a 3.1.3 status: one hint per code, one for the status', async () => {
		const result = await run(
			'transferOrder',
			'create',
			{
				...transferHeader('={{ $json.ref }}'),
				transferFromWarehouse: '={{ "CE201" }}',
				transferToWarehouse: '={{ $json.to }}',
				inventoryStatusCode313: 'GOOD-ST-EX',
				items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
			},
			[
				{ ref: 'TR-H1', to: 'SMX01' },
				{ ref: 'TR-H2', to: 'SMX01' },
				{ ref: 'TR-H3', to: 'APC02' },
			],
			true,
		);
		expect(hints(result)).toEqual([
			'From Warehouse "CE201" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).',
			'To Warehouse "SMX01" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).',
			expect.stringContaining('Inventory status "GOOD-ST-EX" is not a code of revision 3.1.4'),
		]);
	});

	it('a second run of the node hints again', async () => {
		const parameters = { ...purchaseHeader('={{ $json.ref }}'), receiveToLocation: '={{ "CE201" }}', items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] } };
		await run('purchaseOrder', 'create', parameters, [{ ref: 'PO-R1' }, { ref: 'PO-R2' }]);
		const again = await run('purchaseOrder', 'create', parameters, [{ ref: 'PO-R3' }]);
		expect(hints(again)).toEqual([expect.stringContaining('Receive To Location "CE201"')]);
	});
});
