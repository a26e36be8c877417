// Sales Order → Batch Create: the provider's statuses name each order as it stores it (RefOrderNo). A .NET provider
// matches order numbers in any letter case and may answer one in its own case ("W-100" for "w-100"), with spaces
// around it, or as a number (100 for "100"): each is still that order's status, when no other order of the chunk reads
// the same ignoring case. The sandbox creates the orders; its answer's statuses are rewritten as such a provider's.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { useStore } from '../exactlyOnce/helpers';
import { SKU_A, line, salesOrder } from './helpers';

const fx = useSandbox();
// n8n's deduplication store: what the record of sent orders keeps of each order
useStore();

const batch = (orderNos: string[], extra: Record<string, unknown> = {}) =>
	actionWorkflow(
		salesOrder('batchCreate', {
			orderNo: '={{ $json.OrderNo }}',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: '={{ $json.items }}',
			...extra,
		}),
		{ items: orderNos.map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)] })), typeVersion: 2 },
	);

/** The batch answer's statuses, each created, naming its order as `refs` give. */
async function answeredAs(refs: unknown[]) {
	await fx.control.fault({
		kind: 'rewrite',
		path: 'BatchSalesOrder',
		count: 1,
		set: { CreateSalesOrderStatuses: refs.map((RefOrderNo) => ({ RefOrderNo, IsCreated: true, Messages: [] })) },
	});
}

describe('Batch Create: a status naming its order in another form is that order\'s', () => {
	it.each<[string, string[], unknown[]]>([
		['in upper case', ['bm-100', 'bm-101'], ['BM-100', 'BM-101']],
		['with spaces around it', ['BM-200', 'BM-201'], [' BM-200 ', 'BM-201\t']],
		['as a number', ['300', '301'], [300, 301]],
		['in another case and out of order', ['bm-400', 'bm-401'], ['BM-401', 'BM-400']],
	])('RefOrderNo %s: every order comes out created, the next run puts them out as already sent', async (_form, orderNos, refs) => {
		await answeredAs(refs);
		const result = await fx.run(batch(orderNos));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [o.json.OrderNo, o.json.IsCreated, o.json.Messages, o.pairedItem])).toEqual(
			orderNos.map((orderNo, i) => [orderNo, true, [], { item: i }]),
		);
		// the status of the order named out of order is that order's own
		expect(out.map((o) => o.json.RefOrderNo)).toEqual(orderNos.map((orderNo) => refs.find((r) => String(r).trim().toLowerCase() === orderNo.toLowerCase())));
		const again = await fx.run(batch(orderNos));
		expect(again.output(ACTION_NODE).map((o) => o.json.alreadySent)).toEqual(orderNos.map(() => true));
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it('two orders of the chunk that read the same ignoring case: each status only for its exact order number', async () => {
		// "BM-500" answered twice: only the exact one is BM-500's; bm-500's own status is not given to it by case. With the
		// record of sent orders on, the two are one order and only the first is sent (test/exactlyOnce/identityForms.test.ts)
		await answeredAs(['BM-500', 'bm-500']);
		const result = await fx.run(batch(['bm-500', 'BM-500'], { sendOnce: false }));
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [o.json.OrderNo, o.json.RefOrderNo])).toEqual([
			['bm-500', 'bm-500'],
			['BM-500', 'BM-500'],
		]);
	});
});

// bug hunt 12: a created order B took an unnamed failure listed at its position, came out IsCreated false, its claim
// released as refused, and the next run created B a second time
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
