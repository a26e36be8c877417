// An execution hint given while an item is prepared says nothing of sending: the record of sent orders decides later
// whether the order is sent, so a legacy warehouse code's hint must stay true for an order put out as already sent.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox();
useStore();

const hintsOf = (run: Awaited<ReturnType<typeof fx.run>>) => (run.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

describe('the legacy warehouse hint of an order the record holds back', () => {
	it('a Create with Warehouse CE201 run twice: the second sends nothing and its hint claims no sending', async () => {
		const workflow = actionWorkflow(
			salesOrder('create', {
				orderNo: '={{ $json.OrderNo }}',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: `={{ [{ ItemNo: '${SKU_A}', ItemQuantity: 1 }] }}`,
				additionalFields: { shipmentInfo: { serviceWarehouseLocation: '={{ "CE201" }}' } },
			}),
			{ typeVersion: 2, items: [{ OrderNo: 'HINT-LEGACY-1' }] },
		);
		const first = await fx.run(workflow);
		const second = await fx.run(workflow);
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(second.output(ACTION_NODE).map((i) => i.json.alreadySent)).toEqual([true]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		const hint = 'Warehouse "CE201" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).';
		expect([hintsOf(first), hintsOf(second)]).toEqual([[hint], [hint]]);
	});
});
