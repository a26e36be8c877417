// Purchase Order → Create: Items (JSON) giving one item as an object rather than a list of one is sent as that one
// item, from JSON text or from an expression; Items Input "Keep Current Items" (an update's choice, here from an
// expression) leaves the required items out, and is refused before any request. A line in another letter case than the
// interface's ({"itemNo": …}) is sent in the interface's spelling, as Additional Fields (JSON) spells its lines.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { purchaseHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

describe('Purchase Order → Create: Items Input and Items (JSON)', () => {
	it.each([
		['JSON text', (itemNo: string) => JSON.stringify({ ItemNo: itemNo, ItemQuantity: 6 })],
		['an expression', () => '={{ $json.line }}'],
	])('one item object from %s: sent as a list of that one item', async (_case, itemsJson) => {
		const line = { ItemNo: item(0), ItemQuantity: 6 };
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-OBJ-1'), itemsInput: 'json', itemsJson: itemsJson(line.ItemNo) },
				{ items: [{ line }] },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.body.ItemsInfo).toEqual([line]);
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ CustomerReferenceNo: 'PO-OBJ-1', Outcome: 'created' });
	});

	it('Items Input "Keep Current Items" from an expression: refused before any request, naming Items Input (a create does not offer it)', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-KEEP-1'), itemsInput: '={{ "keep" }}' }),
		);
		expect(result.error?.message).toBe('Invalid "Items Input": must be one of fields, json (got "keep")');
		expect(result.error?.description).toBe('Nothing was sent to the provider. Correct "Items Input" and run again.');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([['a number', '[5]'], ['a list', '[["CAB-2019", 6]]'], ['text among objects', '[{"ItemNo": "CAB-2019", "ItemQuantity": 6}, "CAB-2020"]']])(
		'a line that is %s: refused before any request as no item object',
		async (_case, itemsJson) => {
			const result = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-LINE-1'), itemsInput: 'json', itemsJson }));
			expect(result.error?.message).toBe('Invalid "Items (JSON)": must be a list of item objects');
			expect(await fx.control.requests()).toHaveLength(0);
		},
	);

	it('a line in camelCase: sent in the interface\'s spelling; two spellings of one member in a line refused, naming the line', async () => {
		const lines = [{ itemNo: item(0), itemQuantity: 6 }];
		const sent = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-CASE-1'), itemsInput: 'json', itemsJson: JSON.stringify(lines) }),
		);
		expect(sent.error).toBeUndefined();
		const [request] = await fx.control.requests('CreatePurchaseOrder');
		expect(request.body.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 6 }]);

		const twice = [{ ItemNo: item(0), ItemQuantity: 6 }, { ItemNo: item(1), itemNo: item(2), ItemQuantity: 1 }];
		const refused = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-CASE-2'), itemsInput: 'json', itemsJson: JSON.stringify(twice) }),
		);
		expect(refused.error?.message).toBe(
			'Invalid "Items (JSON)": line 2: "ItemNo" and "itemNo" are one member to the provider (it reads member names in any letter case); give it once, as "ItemNo"',
		);
		expect(await fx.control.requests('CreatePurchaseOrder')).toHaveLength(1);
	});
});
