// Paged reads whose answers contradict themselves or come back empty: every record once, or an error (bug hunt 8).
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 50 });

const getStatus = (extra: IDataObject = {}) =>
	actionWorkflow(
		{ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 }, ...extra },
		{ typeVersion: 2 },
	);
const statusKey = (r: IDataObject) => `${String(r.ItemNo)}|${String(r.Warehouse)}|${String(r.InventoryStatus)}`;
const allKeys = () => fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject));

describe('paged reads: an empty page asked again, MoreRecords against the total', () => {
	// README "A query's records come out each once or not at all ... an empty page where the total says more" is asked
	// for once more (pagination.ts doc) and the read goes on. The pages asked for ahead are dropped then; the Skip
	// counter was not wound back, so the dropped page was never asked again and its records went missing without notice.
	it('Get Status, 50 records, page size 10, the 3rd page empty once (pages asked ahead): every record once', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 2, count: 1, set: { WarehouseInventoryStatuses: [] } });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => statusKey(i.json))).toEqual(allKeys());
	});

	// README "when the provider's pages contradict their own counters ... the item fails with an error saying what came
	// back instead of a short or doubled list". MoreRecords false after 20 records while TotalRecordCount says 50 is such
	// a contradiction; the node gave 20 of 50 as if that were all (now 19: page 2 is asked one record early). MoreRecords is read as a gateway may write it (README
	// "Paging"): "False" or 0 ended the read as complete all the same, the check comparing with the boolean only (bug hunt 11).
	it.each([[false], ['False'], ['false'], [0], ['0']])('Get Status: MoreRecords %p on page 2 while TotalRecordCount is 50: an error, not 19 records as if complete', async (more) => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 1, count: 1, set: { MoreRecords: more } });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe('The provider said no more records follow (MoreRecords false) after 19 of the 50 it reported');
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('Get Status: MoreRecords false on the last page, or on a page past the Limit, is no contradiction', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 0, count: 1, set: { MoreRecords: false } });
		const limited = await fx.run(getStatus({ returnAll: false, limit: 10 }));
		expect(limited.error).toBeUndefined();
		expect(limited.output(ACTION_NODE)).toHaveLength(10);
		const all = await fx.run(getStatus());
		expect(all.output(ACTION_NODE).map((i) => statusKey(i.json))).toEqual(allKeys());
	});

	// The same for PageNumber/PageSize (Get Sellable): the page asked for ahead is asked for anew.
	it('Get Sellable, page size 3, the 3rd page empty once: every record once', async () => {
		await fx.control.reset({ inventoryRecords: 400 });
		const all = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { pageSize: 3 } }, { typeVersion: 2 }));
		expect(all.error).toBeUndefined();
		await fx.control.reset({ inventoryRecords: 400 });
		await fx.control.fault({ kind: 'rewrite', path: 'GetSellable', after: 2, count: 1, set: { Items: [] } });
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { pageSize: 3 } }, { typeVersion: 2 }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.ItemNo)).toEqual(all.output(ACTION_NODE).map((i) => i.json.ItemNo));
		expect(all.output(ACTION_NODE).length).toBeGreaterThan(12);
		// page 4, asked for ahead of the empty page 3 and dropped with it, is asked for again after page 3 is
		expect((await fx.control.requests('GetSellable')).map((r) => r.body.PageNumber).filter((n) => n === 4)).toHaveLength(2);
	});
});
