// Bug hunt 40: Sales Order → Create (and Update) word a provider refusal of an item's AdditionalFields as the row's field,
// "Items line 1 → Additional Item Fields (JSON)", as the node's own check does (ORDER_LABELS names
// ItemsInfo.AdditionalFields). Before, the wire name was shown: "Items line 1 → AdditionalFields".
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

describe("Sales Order → Create: the provider's refusal of an item's additional fields names the row's field", () => {
	it('ModelState on ItemsInfo[0].AdditionalFields reads "Items line 1 → Additional Item Fields (JSON)"', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 400,
			path: 'CreateSalesOrder',
			count: 1,
			body: { Message: 'The request is invalid.', ModelState: { 'ItemsInfo[0].AdditionalFields': ['Engraving is not enabled for this account'] } },
		});
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'ENG-1001',
					orderType: 'RETAIL',
					itemsInput: 'fields',
					items: { item: [{ itemNo: SKU_A, itemQuantity: 1, itemOptions: { additionalFields: '{"Engraving": "Happy 40th"}' } }] },
				}),
			),
		);
		const said = `${result.error?.message ?? ''}`;
		expect(said).toContain('Engraving is not enabled for this account');
		// seen: "Items line 1 → AdditionalFields: Engraving is not enabled for this account"
		expect(said).toContain('Items line 1 → Additional Item Fields (JSON)');
	});
});
