// Bug hunt 40: Sales Order → Create puts the provider's success answer out beside its own members (the answer's
// Messages and warnings; the node's TransactionReferenceNumber, OrderNo, OrderType, OnHold and ItemCount kept over
// members of the same name), as every other write does (common.ts withAnswer). Before, everything but the reference
// was dropped.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();
const GUID = '5a1d0000-0000-4000-8000-00000000c0de';

describe("Sales Order → Create: the provider's answer reaches the output", () => {
	it('an answer object with Messages beside its TransactionReferenceNumber puts those Messages out', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 201,
			when: 'after',
			path: 'CreateSalesOrder',
			count: 1,
			body: { TransactionReferenceNumber: GUID, Messages: ['Recipient address standardized to 1 VINE ST'], Warnings: ['Ice pack advised'] },
		});
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'WEB-4001',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
				}),
			),
		);
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE);
		expect(out.json.TransactionReferenceNumber).toBe(GUID);
		// seen: { TransactionReferenceNumber, OrderNo, OrderType, OnHold, ItemCount } and nothing of the answer
		expect(out.json.Messages).toEqual(['Recipient address standardized to 1 VINE ST']);
		expect(out.json.Warnings).toEqual(['Ice pack advised']);
	});
});
