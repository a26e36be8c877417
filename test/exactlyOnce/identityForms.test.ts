// The record's identity of an order: its number folded as the provider's database compares it (letter case, width,
// composed or decomposed accents: SQL Server's default collations call these equal), so one order at the provider is
// one record here. What is sent, and what comes out, keeps the number as given.
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, createWorkflow, out, salesOrderParameters, sentOrderNumbers, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const order = (OrderNo: string) => ({ OrderNo, items: [line(SKU_A, 1)] });
const forget = (orderNumbers: string) => actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers }));

describe('one order in two spellings the provider reads as one', () => {
	it.each([
		['letter case', 'WEB-1001', 'web-1001'],
		['composed and decomposed accents', 'Caf\u00e9-1001', 'Cafe\u0301-1001'],
		['fullwidth letters and digits', '\uff37\uff25\uff22-\uff11\uff10\uff10\uff12', 'WEB-1002'],
	])('Create, %s: the second run puts it out as already sent, keeping its number as given, and sends nothing', async (_form, a, b) => {
		const first = await fx.run(createWorkflow([order(a)]));
		const second = await fx.run(createWorkflow([order(b)]));
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(await sentOrderNumbers(fx)).toHaveLength(1);
		expect(out(second)[0].json).toMatchObject({ alreadySent: true });
		expect(out(second)[0].pairedItem).toEqual({ item: 0 });
	});

	it('Batch Create: WEB-2001 and web-2001 in one input are one order, sent once, for the first item', async () => {
		const result = await fx.run(batchWorkflow([order('WEB-2001'), order('web-2001')]));
		expect(result.error).toBeUndefined();
		const sent = (await fx.control.requests('BatchSalesOrder')).flatMap((r) =>
			(r.body.SalesOrdersInfo as Array<{ OrderInfo: { OrderNo: string } }>).map((o) => o.OrderInfo.OrderNo),
		);
		expect(sent).toEqual(['WEB-2001']);
		expect(out(result).map((i) => [i.json.OrderNo, i.json.alreadySent, i.pairedItem])).toEqual([
			['WEB-2001', false, { item: 0 }],
			['web-2001', true, { item: 1 }],
		]);
		// the message names the first item and its spelling
		expect(out(result)[1].json.Messages).toEqual(['The same order number as item 1 (WEB-2001), as the provider reads it: sent once, for that item']);
	});

	it('Batch Create after Create: web-2002 sent by Create as WEB-2002 comes out as already sent', async () => {
		expect((await fx.run(createWorkflow([order('WEB-2002')]))).error).toBeUndefined();
		const result = await fx.run(batchWorkflow([order('web-2002')]));
		expect(result.error).toBeUndefined();
		expect(out(result)[0].json).toMatchObject({ OrderNo: 'web-2002', alreadySent: true });
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	});

	it('Forget Sent Orders folds the same way: forgetting web-3001 lets WEB-3001 be sent again', async () => {
		expect((await fx.run(createWorkflow([order('WEB-3001')]))).error).toBeUndefined();
		const forgot = await fx.run(forget('web-3001'));
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: 'web-3001', forgotten: true }]);
		const again = await fx.run(createWorkflow([order('WEB-3001')]));
		expect(out(again)[0].json.alreadySent).toBe(false);
		expect(await sentOrderNumbers(fx)).toEqual(['WEB-3001', 'WEB-3001']);
	});

	it('Send Again folds the same way: Send Again for web-4001 forgets WEB-4001 and sends it once more', async () => {
		expect((await fx.run(createWorkflow([order('WEB-4001')]))).error).toBeUndefined();
		const again = await fx.run(createWorkflow([order('web-4001')], { sendOnceOptions: { sendAgain: true } }));
		expect(out(again)[0].json.alreadySent).toBe(false);
		// then recorded under the one identity: neither spelling is sent a third time
		const third = await fx.run(createWorkflow([order('WEB-4001'), order('web-4001')]));
		expect(out(third).map((i) => i.json.alreadySent)).toEqual([true, true]);
		expect(await sentOrderNumbers(fx)).toEqual(['WEB-4001', 'web-4001']);
	});

	it('Purchase Order → Create folds its reference too: PO-abc-1 after PO-ABC-1 is already sent', async () => {
		const run = (ref: string) =>
			fx.run(
				actionWorkflow({
					resource: 'purchaseOrder',
					operation: 'create',
					...purchaseHeader(ref),
					items: { item: [{ itemNo: SKU_A, itemQuantity: 24 }] },
					sendOnce: true,
				} as INodeParameters),
			);
		expect((await run('PO-ABC-1')).error).toBeUndefined();
		const second = await run('PO-abc-1');
		expect(second.error).toBeUndefined();
		expect(out(second)[0].json).toMatchObject({ alreadySent: true });
		expect(await fx.control.requests('CreatePurchaseOrder')).toHaveLength(1);
	});
});

describe('records an earlier release kept by the number as given', () => {
	/** Records `values` as the node before the fold did: keyed by the order number's exact text. */
	const keptBefore = async (orderNo: string, states: Array<'claim' | 'open'>) => {
		const url = new URL(fx.sandbox.baseUrl);
		const customerNo = Object.values(fx.credential())[0].customerNo;
		const key = JSON.stringify(['wine-fulfillment', `${customerNo}@${`${url.host}${url.pathname}`.toLowerCase().replace(/\/+$/, '')}`, 'salesOrder', orderNo]);
		await store().checkProcessedAndRecord(
			states.map((state) => `${state}:${key}`),
			'workflow',
			{ workflow: { id: 'test-workflow' } } as never,
			{ mode: 'entries', maxEntries: 10_000 },
		);
	};
	it('an order sent before the upgrade is still found sent, in either spelling, and nothing is sent', async () => {
		await keptBefore('WEB-9001', ['claim']);
		const first = await fx.run(createWorkflow([order('WEB-9001')]));
		expect(out(first)[0].json).toMatchObject({ alreadySent: true });
		// carried over to the folded record: the other spelling finds it too
		const second = await fx.run(createWorkflow([order('web-9001')]));
		expect(out(second)[0].json).toMatchObject({ alreadySent: true });
		expect(await sentOrderNumbers(fx)).toEqual([]);
	});

	it('an order left uncertain before the upgrade stays uncertain; Forget Sent Orders clears it, and it is sent', async () => {
		await keptBefore('WEB-9002', ['claim', 'open']);
		const blocked = await fx.run(createWorkflow([order('WEB-9002')]));
		expect(blocked.error?.message).toBe('The sales order WEB-9002 may already have been sent, so it was not sent again');
		const forgot = await fx.run(forget('WEB-9002'));
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: 'WEB-9002', forgotten: true }]);
		const sent = await fx.run(createWorkflow([order('WEB-9002')]));
		expect(out(sent)[0].json.alreadySent).toBe(false);
		expect(await sentOrderNumbers(fx)).toEqual(['WEB-9002']);
	});

	it('Forget Sent Orders takes out a record kept before the upgrade that no claim has carried over', async () => {
		await keptBefore('WEB-9003', ['claim']);
		const forgot = await fx.run(forget('WEB-9003'));
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: 'WEB-9003', forgotten: true }]);
		const sent = await fx.run(createWorkflow([order('WEB-9003')]));
		expect(out(sent)[0].json.alreadySent).toBe(false);
	});
});
