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
		const from = style === 'skipTop' ? Number(paging.Skip) : (Number(paging.PageNumber) - 1) * size;
		const items = Array.from({ length: size }, (_, i) => ({ ItemNo: `I${from + i}` }));
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
		// seven pages (each after the first asked one record early, to begin with the record the one before ended with),
		// the last one short; no request past the total
		expect(sent.map((r) => r.body.Skip).sort((a, b) => Number(a) - Number(b))).toEqual([0, 999, 1998, 2997, 3996, 4995, 5994]);
	});

	it('asks exactly for what the limit needs across page boundaries', async () => {
		const result = await fx.run(
			probe({ endpoint: 'getStatus', paginate: 'skipTop', recordsKey: 'WarehouseInventoryStatuses', limit: 5001, body: { IncludeUnavailableItems: true } }),
		);
		expect(result.output(PROBE_NODE)).toHaveLength(5001);
		const sent = await fx.control.requests('GetStatus');
		// each page after the first asked one record early: 2,500, 2,499 and 2 records new to the read
		expect(sent.map((r) => [r.body.Skip, r.body.Top])).toEqual([[0, 2500], [2499, 2500], [4998, 3]]);
	});

	it('follows MoreRecords to the end and returns the records in order', async () => {
		const result = await fx.run(
			probe({ endpoint: 'getStatus', paginate: 'skipTop', recordsKey: 'WarehouseInventoryStatuses', pageSize: 1000, body: { IncludeUnavailableItems: true } }),
		);
		expect(result.output(PROBE_NODE).map((i) => i.json)).toEqual(fx.sandbox.state.inventory);
		// 1,000 records, then 999 new to the read a page (each begins with the one the page before ended with)
		expect(await fx.control.requests('GetStatus')).toHaveLength(7);
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
	// Skip/Top: 10 records, then 9 new to the read (the second page begins with the first's last record): 19 in two full pages
	it.each([
		['skipTop', 19, [{ Skip: 0, Top: 10 }, { Skip: 9, Top: 10 }]],
		['pageNumber', 20, [{ PageNumber: 1, PageSize: 10 }, { PageNumber: 2, PageSize: 10 }]],
	] as const)('%s: full pages, no MoreRecords, a total of %i in two pages of 10', async (style, total, asked) => {
		const { calls, fetchPage } = endlessProvider(style, total);
		const all: IDataObject[] = [];
		for await (const r of paginate({ style, pageSize: 10, recordsKey: 'Items', fetchPage })) all.push(r);
		expect(all.map((r) => r.ItemNo)).toEqual(Array.from({ length: total }, (_, i) => `I${i}`));
		expect(calls).toEqual(asked);
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
