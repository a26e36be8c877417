// Updates given an empty list of items (Items Input not "Keep Current Items") refuse it naming Items, never read it as "keep".
import type { INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { SKU_A, SKU_B, createOrder, line, orderIn, salesOrder } from '../salesOrder/helpers';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 48 });

const REFUSED = 'Invalid "Items": the list is empty';

describe('Sales Order → Update with an empty list of items', () => {
	it.each([
		['Using JSON, an expression giving [] (every line removed in the store)', { itemsInput: 'json', itemsJson: '={{ $json.line_items }}' }],
		['Using JSON, the default "[]"', { itemsInput: 'json', itemsJson: '[]' }],
		['Using Fields Below, no rows', { itemsInput: 'fields', items: { item: [] } }],
	])('%s, beside another field: refused naming Items, nothing sent, the order keeps its lines', async (_case, items) => {
		const trn = await createOrder(fx, { OrderNo: 'EI-1', items: [line(SKU_A, 2), line(SKU_B, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, updateFields: { specialInstructions: 'edited' }, ...items }), {
				items: [{ line_items: [] }],
			}),
		);
		expect(result.error?.message).toBe(REFUSED);
		expect(result.error?.description).toContain('Keep Current Items');
		expect(result.error?.description).toContain('a sales order cannot be left without items');
		expect(result.error?.description).toContain('Nothing was sent');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
		expect(orderIn(fx, trn).items).toHaveLength(2);
	});

	it('with only the empty list: refused naming Items, not "no field was set"', async () => {
		const trn = await createOrder(fx, { OrderNo: 'EI-2', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, itemsInput: 'json', itemsJson: '={{ $json.line_items }}' }), {
				items: [{ line_items: [] }],
			}),
		);
		expect(result.error?.message).toBe(REFUSED);
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
	});

	it('Keep Current Items still sends no items', async () => {
		const trn = await createOrder(fx, { OrderNo: 'EI-3', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, itemsInput: 'keep', itemsJson: '[]', updateFields: { specialInstructions: 'x' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body.ItemsInfo).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json.UpdatedMembers).toEqual(['OrderInfo.SpecialInstructions']);
	});
});

describe('Transfer Order → Update with an empty list of items', () => {
	const createTransfer = async (ref: string) => {
		const created = await fx.run(
			actionWorkflow({
				resource: 'transferOrder',
				operation: 'create',
				...transferHeader(ref),
				items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 1 }] },
			} as INodeParameters),
		);
		expect(created.error).toBeUndefined();
	};

	it.each([
		['Using JSON, an expression giving []', { itemsInput: 'json', itemsJson: '={{ $json.lines }}' }],
		['Using Fields Below, no rows', { itemsInput: 'fields', items: { item: [] } }],
	])('%s: refused naming Items, nothing sent, the transfer keeps its items', async (_case, items) => {
		await createTransfer('TR-EI');
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-EI', updateFields: { specialInstruction: 'x' }, ...items } as INodeParameters,
				{ items: [{ lines: [] }] },
			),
		);
		expect(result.error?.message).toBe(REFUSED);
		expect(result.error?.description).toContain('transfer order');
		expect(await fx.control.requests('UpdateTransferOrder')).toHaveLength(0);
		expect(transferOrders(fx.sandbox.state).get('TR-EI')?.items).toHaveLength(1);
	});
});
