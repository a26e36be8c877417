// Additional Fields (JSON) giving ItemsInfo as one object beside items from the table was dropped without a word: lodash's
// merge put the object's members onto the table's list as properties no wire rule sees, and the table's items were
// sent (even a line with quantity "lots"). A list the fields give is replaced whole by what the JSON gives now
// (actions/common.ts mergedJson), and checked.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, SKU_B, salesOrder } from './helpers';

const fx = useSandbox();

const order = (orderNo: string, json: unknown) =>
	salesOrder('create', {
		orderNo,
		orderType: 'RETAIL',
		itemsInput: 'fields',
		items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
		additionalJson: JSON.stringify(json),
	});

describe('Create: Additional Fields (JSON) ItemsInfo given as one object beside table items', () => {
	it('an invalid JSON line (quantity "lots") is refused before anything is sent, not silently ignored', async () => {
		const result = await fx.run(actionWorkflow(order('JI-1', { ItemsInfo: { ItemNo: SKU_B, ItemQuantity: 'lots' } })));
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
		expect(result.error?.message).toMatch(/Items|ItemsInfo/);
	});

	it("a valid JSON line is never dropped in favour of the table's items", async () => {
		const result = await fx.run(actionWorkflow(order('JI-2', { ItemsInfo: { ItemNo: SKU_B, ItemQuantity: 6 } })));
		const sent = await fx.control.requests('CreateSalesOrder');
		if (sent.length === 0) {
			// refused as "must be a list": acceptable, as long as it says so
			expect(result.error?.message).toMatch(/Items/);
		} else {
			// or read as a list of one, as Items (JSON) reads one object: then the JSON's line is what is sent
			expect((sent[0].body as { ItemsInfo: unknown }).ItemsInfo).toEqual([{ ItemNo: SKU_B, ItemQuantity: 6 }]);
		}
	});
});

describe('Update: the same JSON beside table items', () => {
	it('an invalid JSON line is refused before anything is sent, not dropped for the table rows', async () => {
		const created = await fx.run(actionWorkflow(order('JI-3', {})));
		expect(created.error).toBeUndefined();
		const result = await fx.run(
			actionWorkflow(
				salesOrder('update', {
					locateBy: 'orderNo',
					orderNo: 'JI-3',
					itemsInput: 'fields',
					items: { item: [{ itemNo: SKU_A, itemQuantity: 2 }] },
					additionalJson: JSON.stringify({ ItemsInfo: { ItemNo: SKU_B, ItemQuantity: 'lots' } }),
				}),
			),
		);
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
		expect(result.error?.message).toMatch(/Items|ItemsInfo/);
	});
});
