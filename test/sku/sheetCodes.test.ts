// Codes a spreadsheet has turned into exponent form: Excel shows 123456789012 as 1.23457E+11, and a CSV saved from it
// keeps that text. Sent as a UPC, an item number or an order number it would store or look up another number, its
// digits lost for good; the node refuses it before sending, naming the field and saying how to keep the digits.
import type { INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from '../salesOrder/helpers';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox({ inventoryRecords: 24 });

const EXPONENT = 'is a number in exponent form, as a spreadsheet shows a long number: its last digits are lost; format the column as text and give the whole number';

const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const createSku = (itemNo: string, additionalFields: INodeParameters = {}) =>
	actionWorkflow({ resource: 'sku', operation: 'create', ...requestor, itemNo, itemCategory: 'Merchandise', additionalFields });

describe('SKU → Create: a code in a sheet’s exponent form is refused before sending', () => {
	// a sheet in a language that writes a decimal comma saves 1,23457E+11
	it.each([['1.23457E+11'], ['8.50001e+11'], [' 1E+11 '], ['1,23457E+11']])('UPC Code %p', async (upc) => {
		const result = await fx.run(createSku('RIES-2023', { upcCode: `={{ ${JSON.stringify(upc)} }}` }));
		expect(result.error?.message).toBe(`Invalid "UPC Code": ${EXPONENT} (got ${JSON.stringify(upc)})`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('Item Number "8.50001E+11" creates no SKU under that number', async () => {
		const result = await fx.run(createSku('={{ "8.50001E+11" }}'));
		expect(result.error?.message).toBe(`Invalid "Item Number": ${EXPONENT} (got "8.50001E+11")`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('an item number with no exponent sign (12E5) and a UPC of digits are sent as written', async () => {
		const result = await fx.run(createSku('12E5', { upcCode: '012345678905' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSKU');
		expect(sent.body.SKUInfo).toMatchObject({ ItemNo: '12E5', UPCCode: '012345678905' });
	});
});

describe('every identifier refuses exponent form', () => {
	it('Sales Order → Create: Order Number "1.23457E+11" from a CSV is refused, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: '={{ $json.order }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
				}),
				{ items: [{ order: '1.23457E+11' }] },
			),
		);
		expect(result.error?.message).toBe(`Invalid "Order Number": ${EXPONENT} (got "1.23457E+11")`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('Purchase Order → Create: an item line’s Item Number "7.50012E+11" is refused, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder',
				operation: 'create',
				...purchaseHeader('PO-EXP-1'),
				items: { item: [{ itemNo: '={{ "7.50012E+11" }}', itemQuantity: 2 }] },
			}),
		);
		expect(result.error?.message).toBe(`Invalid "Items line 1 → Item Number": ${EXPONENT} (got "7.50012E+11")`);
		expect(await fx.control.requests()).toEqual([]);
	});

	it('a list of order numbers (Tracking → Get Packages) refuses the entry in exponent form', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'tracking',
				operation: 'getPackages',
				filters: { shipDateFrom: '2026-03-01', shipDateTo: '2026-03-02', orderNumbers: 'SO-10001, 1.23457E+11' },
			}),
		);
		expect(result.error?.message).toBe(`Invalid "Order Numbers line 2": ${EXPONENT} (got "1.23457E+11")`);
		expect(await fx.control.requests()).toEqual([]);
	});
});
