// Sales Order → Batch Create matching the provider's statuses to the orders: a status whose RefOrderNo is null names no
// order and is the one at the order's position, as a missing RefOrderNo is; an order number matched loosely (letter
// case) only when both fold to the same lower-case text (ß is not SS). A fake provider answers (see batchCreateStatuses).
import type { INodeExecutionData } from 'n8n-workflow';

import { executeBatch, NO_STATUS } from '../../nodes/WineFulfillment/actions/salesOrder/batchCreate.operation';
import type { FakeAnswer } from './fakeContext';
import { fakeExecute, inputItems } from './fakeExecute';

async function batchAnswered(body: unknown, orderNos: string[]): Promise<INodeExecutionData[]> {
	const { ctx } = fakeExecute({
		items: inputItems(orderNos.length),
		params: (i) => ({
			orderNo: orderNos[i],
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }],
			batchOptions: {},
		}),
		answer: (): FakeAnswer => ({ body }),
	});
	return await executeBatch.call(ctx, ctx.getInputData());
}

const summary = (out: INodeExecutionData[]) => out.map((o) => [o.json.OrderNo, o.json.TransactionReferenceNumber, o.json.IsCreated, o.json.Messages]);

describe('Batch Create: statuses that name no order, or name it in another spelling', () => {
	it('a status with RefOrderNo null is the status of the order at its position', async () => {
		const out = await batchAnswered(
			{
				CreateSalesOrderStatuses: [
					{ RefOrderNo: null, IsCreated: true, TransactionReferenceNumber: 'TRN-A', Messages: [] },
					{ RefOrderNo: null, IsCreated: false, Messages: ['Unknown item'] },
				],
			},
			['NU-1', 'NU-2'],
		);
		expect(summary(out)).toEqual([
			['NU-1', 'TRN-A', true, []],
			['NU-2', undefined, false, ['Unknown item']],
		]);
	});

	it('a status naming the order in another letter case is its status; one naming "SS" for "ß" is not', async () => {
		const out = await batchAnswered(
			{
				CreateSalesOrderStatuses: [
					{ RefOrderNo: 'ORD-STRASSE', IsCreated: true, TransactionReferenceNumber: 'TRN-SS', Messages: [] },
					{ RefOrderNo: ' ord-wein ', IsCreated: true, TransactionReferenceNumber: 'TRN-W', Messages: [] },
				],
			},
			['ORD-Straße', 'ORD-Wein'],
		);
		expect(summary(out)).toEqual([
			['ORD-Straße', undefined, null, [NO_STATUS]],
			['ORD-Wein', 'TRN-W', true, []],
		]);
	});
});
