// History Size against the values a check records: orders re-checked near History Size stay guarded (the open values
// and probes of a check once pushed the oldest records out, and each re-run then sent those orders again), Forget Sent
// Orders trims nothing, and a node with a shorter history than its workflow's record says so.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { countsOf, createWorkflow, duplicates, hints, orders, out, salesOrderParameters, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const batch = (items: IDataObject[], extra: Record<string, unknown> = {}) =>
	actionWorkflow(
		salesOrderParameters('batchCreate', { orderNo: '={{ $json.OrderNo }}', orderType: 'RETAIL', itemsInput: 'json', itemsJson: '={{ $json.items ?? [] }}', ...extra }),
		{ items, typeVersion: 2 },
	);
const alreadySent = (result: Awaited<ReturnType<typeof fx.run>>) => out(result).map((i) => i.json.alreadySent);

describe('orders re-checked near History Size stay guarded', () => {
	// at Concurrency 10, ten sends at once each have an open and a sending value in the records beside the claims (once 6
	// orders were sent again)
	it.each([
		['the default Concurrency (5)', 'CRECHECK', {}],
		['Concurrency 10', 'CCONC', { requestOptions: { concurrency: 10 } }],
	])('Create at %s, History Size 100, the same 97 orders run 3 times: each order created once, runs 2 and 3 all "already sent"', async (_c, prefix, extra) => {
		const input = orders(prefix, 97);
		const params = { sendOnceOptions: { historySize: 100 }, ...extra };
		const runs = [];
		for (let run = 0; run < 3; run++) runs.push(await fx.run(createWorkflow(input, params)));
		expect(runs.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(runs.map((r) => alreadySent(r).filter(Boolean).length)).toEqual([0, 97, 97]);
		expect(duplicates(fx)).toEqual({});
	});

	it('Batch Create, History Size 100, the same 90 orders in one batch run 3 times: each order created once', async () => {
		const input = orders('RECHECK', 90);
		const params = { sendOnceOptions: { historySize: 100 }, options: { batchSize: 100 } };
		const runs = [];
		for (let run = 0; run < 3; run++) runs.push(await fx.run(batch(input, params)));
		expect(runs.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
		expect(runs.map((r) => alreadySent(r).filter(Boolean).length)).toEqual([0, 90, 90]);
		expect(countsOf(fx, input.map((o) => String(o.OrderNo)))).toEqual(input.map(() => 1));
	});
});

describe('other nodes of the workflow and its one record', () => {
	it('Forget Sent Orders trims nothing: a Create with History Size 20,000 keeps guarding an order 12,000 orders old', async () => {
		const big = { sendOnceOptions: { historySize: 20_000 } };
		const [a] = orders('HS-A', 1);
		expect(alreadySent(await fx.run(createWorkflow([a], big)))).toEqual([false]);
		// 12,000 later orders' records, put in through the store's own call as the node records claims (faster than 12,000 sends)
		const later = Array.from({ length: 12_000 }, (_, i) => `claim:later-order-${i}`);
		await store().checkProcessedAndRecord(later, 'workflow', { workflow: { id: 'test-workflow' } } as never, { mode: 'entries', maxEntries: 20_000 });
		const [b] = orders('HS-B', 1);
		await fx.run(createWorkflow([b], big));
		const forget = await fx.run(actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: b.OrderNo })));
		expect(forget.error).toBeUndefined();
		expect(out(forget).map((i) => i.json.forgotten)).toEqual([true]);
		expect(alreadySent(await fx.run(createWorkflow([a], big)))).toEqual([true]);
		expect(countsOf(fx, [String(a.OrderNo)])).toEqual([1]);
	});

	it('a node whose History Size is far below what the record holds says that it shortens the other nodes\' guard', async () => {
		const later = Array.from({ length: 250 }, (_, i) => `claim:other-node-order-${i}`);
		await store().checkProcessedAndRecord(later, 'workflow', { workflow: { id: 'test-workflow' } } as never, { mode: 'entries', maxEntries: 10_000 });
		const result = await fx.run(createWorkflow(orders('SHORT', 1), { sendOnceOptions: { historySize: 100 } }));
		expect(result.error).toBeUndefined();
		expect(hints(result)).toEqual([
			"This workflow's record of sent orders holds 250 values, far more than this node's History Size (100): another node of the workflow keeps a longer history. The nodes of a workflow share one record, and each trims it to its own History Size as it writes, so this node shortens the other's guard. Give every node of this workflow that sends once the same History Size.",
		]);
		// at the default History Size, no such hint
		expect(hints(await fx.run(createWorkflow(orders('LONG', 1))))).toEqual([]);
	});

	it('Forget Sent Orders, which trims nothing, gives no "shorter history" hint however many values the record holds', async () => {
		const values = Array.from({ length: 2 * 10_000 + 50 }, (_, i) => `claim:long-history-order-${i}`);
		await store().checkProcessedAndRecord(values, 'workflow', { workflow: { id: 'test-workflow' } } as never, { mode: 'entries', maxEntries: 30_000 });
		const forget = await fx.run(actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: 'NEVER-SENT-1' })));
		expect(forget.error).toBeUndefined();
		expect(hints(forget)).toEqual([]);
		// a create at the default History Size is told
		expect(hints(await fx.run(createWorkflow(orders('DEFAULT', 1))))).toHaveLength(1);
	});

	it('no hint while the record holds at most twice the History Size', async () => {
		const values = Array.from({ length: 200 }, (_, i) => `claim:other-node-order-${i}`);
		await store().checkProcessedAndRecord(values, 'workflow', { workflow: { id: 'test-workflow' } } as never, { mode: 'entries', maxEntries: 10_000 });
		expect(hints(await fx.run(createWorkflow(orders('EVEN', 1), { sendOnceOptions: { historySize: 100 } })))).toEqual([]);
	});
});
