// Sales Order → Batch Create: a status that names its order is that order's, before a status that names none is given
// to the order at its position (bug hunt 12: a created order B took an unnamed failure listed at its position, came out
// IsCreated false, its claim released as refused, and the next run created B a second time).
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, line, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox();
useStore();

const batch = (orderNos: string[]) =>
	actionWorkflow(
		salesOrder('batchCreate', {
			orderNo: '={{ $json.OrderNo }}',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: '={{ $json.items }}',
		}),
		{ items: orderNos.map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)] })), typeVersion: 2 },
	);

describe('Batch Create: a status naming its order is that order\'s, even beside an unnamed status at its position', () => {
	it('the order the provider names as created is put out created and is not created again by the next run', async () => {
		// the sandbox creates both; the answer is rewritten as a provider listing B's success (named) before A's failure (unnamed)
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: {
				CreateSalesOrderStatuses: [
					{ RefOrderNo: 'BU-B', IsCreated: true, Messages: [] },
					{ RefOrderNo: null, IsCreated: false, Messages: ['ItemNo is not valid'] },
				],
			},
		});
		const first = await fx.run(batch(['BU-A', 'BU-B']));
		expect(first.error).toBeUndefined();
		const out = first.output(ACTION_NODE);
		const b = out.find((o) => o.json.OrderNo === 'BU-B');

		await fx.control.call('DELETE', 'requests');
		const again = await fx.run(batch(['BU-B']));
		expect(again.error).toBeUndefined();
		const resent = (await fx.control.requests('BatchSalesOrder')).map((r) => r.body.SalesOrdersInfo);
		expect({
			// the provider said BU-B was created
			firstRunIsCreated: b?.json.IsCreated,
			// BU-B must not be sent a second time: it was created
			secondRunRequests: resent.length,
			secondRunAlreadySent: again.output(ACTION_NODE)[0].json.alreadySent,
		}).toEqual({ firstRunIsCreated: true, secondRunRequests: 0, secondRunAlreadySent: true });
	});
});
