// Sales Order → Create, Items (JSON): the provider reads member names in any letter case, so the node does (README):
// a line in camelCase (as many store APIs write it) is sent in the interface's spelling and held to the same rules, as
// Additional Fields (JSON) spells its ItemsInfo lines.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

const create = (lines: unknown[]) =>
	actionWorkflow(salesOrder('create', { orderNo: 'IJC-1', orderType: 'RETAIL', itemsInput: 'json', itemsJson: JSON.stringify(lines) }));

describe('Items (JSON): member names in another letter case', () => {
	it('a camelCase line is read as the interface\'s members, as Additional Fields (JSON) reads its ItemsInfo lines', async () => {
		const result = await fx.run(create([{ itemNo: SKU_A, itemQuantity: 2 }]));
		expect(result.error?.message).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent?.body.ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2 }]);
	});

	it('a Quantity Unit in another letter case is held to the Quantity Unit rule, not sent unchecked', async () => {
		const result = await fx.run(create([{ ItemNo: SKU_A, ItemQuantity: 2, quantityUnit: 'bottles' }]));
		expect(result.error?.message).toBe('Invalid "Items line 1 → Quantity Unit (QuantityUnit)": must be one of RETAIL, WHOLESALE (got "bottles")');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});
