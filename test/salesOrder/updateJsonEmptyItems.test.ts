// Sales Order → Update sent ItemsInfo [] from Additional Fields (JSON), emptying the order at the provider, where the same
// empty list from Items Input is refused. Refused by the update's wire rule now, before anything is sent.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, orderIn, salesOrder } from './helpers';

const fx = useSandbox();

async function existingOrder(orderNo: string): Promise<string> {
	const result = await fx.run(
		actionWorkflow(
			salesOrder('create', { orderNo, orderType: 'RETAIL', itemsInput: 'fields', items: { item: [{ itemNo: SKU_A, itemQuantity: 2 }] } }),
		),
	);
	expect(result.error).toBeUndefined();
	return result.output(ACTION_NODE)[0].json.TransactionReferenceNumber as string;
}

describe('Update: Additional Fields (JSON) with an empty ItemsInfo list', () => {
	it('is refused before anything is sent, as an empty Items list is; the order keeps its items', async () => {
		const trn = await existingOrder('EI-1');
		const result = await fx.run(
			actionWorkflow(
				salesOrder('update', {
					transactionReferenceNumber: trn,
					updateFields: { poNo: 'PO-9' },
					additionalJson: '={{ JSON.stringify({ ItemsInfo: $json.lines }) }}',
				}),
				{ items: [{ lines: [] }] },
			),
		);
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
		expect(result.error?.message).toMatch(/Items/);
		expect(orderIn(fx, trn).items.map((i) => [i.ItemNo, i.ItemQuantity])).toEqual([[SKU_A, 2]]);
	});
});
