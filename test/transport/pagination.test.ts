// The one pagination helper: Skip/Top with MoreRecords and PageNumber/PageSize, lazy, stopping at a limit.
import type { IDataObject } from 'n8n-workflow';

import { paginate, paginatePages } from '../../nodes/WineFulfillment/transport/pagination';
import { useSandbox } from '../harness/sandbox';
import { PROBE_NODE, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 6000 });

/** A provider in memory for the PageNumber/PageSize style (GetSellable's), counting requests. */
function pagedProvider(total: number, withTotal: boolean) {
	const calls: IDataObject[] = [];
	const fetchPage = async (paging: IDataObject) => {
		calls.push(paging);
		const n = Number(paging.PageNumber);
		const size = Number(paging.PageSize);
		const items = Array.from({ length: Math.max(0, Math.min(size, total - (n - 1) * size)) }, (_, i) => ({
			ItemNo: `I${(n - 1) * size + i}`,
		}));
		return { ...(withTotal ? { TotalRecordCount: total } : {}), Items: items } as IDataObject;
	};
	return { calls, fetchPage };
}

/**
 * A provider that never runs out: every page is full, whatever is asked, and only TotalRecordCount
 * tells where the records end (no MoreRecords). Refuses to go on for ever.
 */
function endlessProvider(style: 'skipTop' | 'pageNumber', total: number) {
	const calls: IDataObject[] = [];
	const fetchPage = async (paging: IDataObject) => {
		calls.push(paging);
		if (calls.length > 10) throw new Error('paged past the total');
		const size = Number(style === 'skipTop' ? paging.Top : paging.PageSize);
		const items = Array.from({ length: size }, (_, i) => ({ ItemNo: `I${calls.length}-${i}` }));
		return { TotalRecordCount: total, Items: items } as IDataObject;
	};
	return { calls, fetchPage };
}

describe('pagination: Skip/Top over the sandbox', () => {
	it('stops on TotalRecordCount when the last page is full and MoreRecords is absent', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', drop: ['MoreRecords'] });
		const result = await fx.run(
			probe({
				endpoint: 'getStatus',
				paginate: 'skipTop',
				recordsKey: 'WarehouseInventoryStatuses',
				pageSize: 1000,
				body: { IncludeUnavailableItems: true, IncludeTotalRecordCount: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)).toHaveLength(6000);
		const sent = await fx.control.requests('GetStatus');
		// six full pages; no seventh request past the total
		expect(sent.map((r) => r.body.Skip).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
	});

	it('asks exactly for what the limit needs across page boundaries', async () => {
		const result = await fx.run(
			probe({ endpoint: 'getStatus', paginate: 'skipTop', recordsKey: 'WarehouseInventoryStatuses', limit: 5001, body: { IncludeUnavailableItems: true } }),
		);
		expect(result.output(PROBE_NODE)).toHaveLength(5001);
		const sent = await fx.control.requests('GetStatus');
		expect(sent.map((r) => [r.body.Skip, r.body.Top])).toEqual([[0, 2500], [2500, 2500], [5000, 1]]);
	});

	it('follows MoreRecords to the end and returns the records in order', async () => {
		const result = await fx.run(
			probe({ endpoint: 'getStatus', paginate: 'skipTop', recordsKey: 'WarehouseInventoryStatuses', pageSize: 1000, body: { IncludeUnavailableItems: true } }),
		);
		expect(result.output(PROBE_NODE).map((i) => i.json)).toEqual(fx.sandbox.state.inventory);
		expect(await fx.control.requests('GetStatus')).toHaveLength(6);
	});

	it('retries a page that fails in the middle and still returns everything once', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'GetStatus', after: 2, count: 1 });
		await fx.control.fault({ kind: 'reset', path: 'GetStatus', after: 4, count: 1 });
		const result = await fx.run(
			probe({ endpoint: 'getStatus', paginate: 'skipTop', recordsKey: 'WarehouseInventoryStatuses', pageSize: 1000, body: { IncludeUnavailableItems: true } }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE).map((i) => i.json)).toEqual(fx.sandbox.state.inventory);
	});
});

describe('pagination: only TotalRecordCount can stop it', () => {
	it.each(['skipTop', 'pageNumber'] as const)('%s: full pages, no MoreRecords, total 20 in pages of 10', async (style) => {
		const { calls, fetchPage } = endlessProvider(style, 20);
		const all: IDataObject[] = [];
		for await (const r of paginate({ style, pageSize: 10, recordsKey: 'Items', fetchPage })) all.push(r);
		expect(all).toHaveLength(20);
		expect(calls).toEqual(
			style === 'skipTop'
				? [{ Skip: 0, Top: 10 }, { Skip: 10, Top: 10 }]
				: [{ PageNumber: 1, PageSize: 10 }, { PageNumber: 2, PageSize: 10 }],
		);
	});

	it('a TotalRecordCount of null (not asked for) does not stop it', async () => {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject) => {
			calls.push(paging);
			const n = Number(paging.PageNumber);
			return { TotalRecordCount: null, Items: n <= 2 ? Array.from({ length: 10 }, (_, i) => ({ ItemNo: `I${(n - 1) * 10 + i}` })) : [] } as unknown as IDataObject;
		};
		const all: IDataObject[] = [];
		for await (const r of paginate({ style: 'pageNumber', pageSize: 10, recordsKey: 'Items', fetchPage })) all.push(r);
		expect(all).toHaveLength(20);
		expect(calls).toHaveLength(3);
	});
});

describe('pagination: PageNumber/PageSize', () => {
	it('pages by number until TotalRecordCount is reached', async () => {
		const { calls, fetchPage } = pagedProvider(23, true);
		const all: IDataObject[] = [];
		for await (const r of paginate({ style: 'pageNumber', pageSize: 10, recordsKey: 'Items', fetchPage })) all.push(r);
		expect(all.map((r) => r.ItemNo)).toEqual(Array.from({ length: 23 }, (_, i) => `I${i}`));
		expect(calls).toEqual([
			{ PageNumber: 1, PageSize: 10 },
			{ PageNumber: 2, PageSize: 10 },
			{ PageNumber: 3, PageSize: 10 },
		]);
	});

	it('without a total, stops at the first short page', async () => {
		const { calls, fetchPage } = pagedProvider(20, false);
		const all: IDataObject[] = [];
		for await (const r of paginate({ style: 'pageNumber', pageSize: 10, recordsKey: 'Items', fetchPage })) all.push(r);
		expect(all).toHaveLength(20);
		expect(calls).toHaveLength(3);
	});

	it('stops early at a limit and is lazy: a consumer that stops asks for no more pages', async () => {
		const { calls, fetchPage } = pagedProvider(1000, true);
		const limited: IDataObject[] = [];
		for await (const r of paginate({ style: 'pageNumber', pageSize: 10, recordsKey: 'Items', limit: 15, fetchPage })) limited.push(r);
		expect(limited).toHaveLength(15);
		expect(calls).toHaveLength(2);

		const lazy = pagedProvider(1000, true);
		for await (const page of paginatePages({ style: 'pageNumber', pageSize: 10, recordsKey: 'Items', fetchPage: lazy.fetchPage })) {
			expect(page.records).toHaveLength(10);
			break;
		}
		// the first page plus the one prefetched while the first was handed over
		expect(lazy.calls.length).toBeLessThanOrEqual(2);
	});
});
