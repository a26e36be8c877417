// The pager's totals: a 0 on an empty page after an untold read is no total, a text or 0-beside-records total never bounds the read-ahead, and the alike-pages bound (exactly ALIKE_PAGES_IN_A_ROW read) applies only without a total.
import type { IDataObject } from 'n8n-workflow';

import { ALIKE_PAGES_IN_A_ROW, PagingError, paginatePages, type PaginateOptions } from '../../nodes/WineFulfillment/transport/pagination';

const records = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ Id: `R${from + i}` }));

/** Pages answered by the request's order; the calls made so far when each page is handed over. */
async function readAll(options: PaginateOptions, calls: IDataObject[]) {
	const got: IDataObject[] = [];
	const seen: number[] = [];
	try {
		for await (const page of paginatePages(options)) {
			got.push(...page.records);
			seen.push(calls.length);
		}
	} catch (error) {
		return { got, seen, error };
	}
	return { got, seen, error: undefined };
}

function scripted(answer: (paging: IDataObject, n: number) => IDataObject) {
	const calls: IDataObject[] = [];
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		calls.push({ ...paging });
		const n = calls.length;
		if (n > 1_000) throw new Error('paged on for ever');
		await new Promise((resolve) => setImmediate(resolve));
		return answer(paging, n);
	};
	return { calls, fetchPage };
}

describe('a total of 0 on the empty page that ends a read no page counted', () => {
	it('PageNumber/PageSize: three full pages telling 0, then an empty one telling 0: all six records, no "past twice the 0" error', async () => {
		const p = scripted((paging) => {
			const n = Number(paging.PageNumber);
			return { TotalRecordCount: 0, Records: n <= 3 ? records((n - 1) * 2, 2) : [] };
		});
		const { got, error } = await readAll({ style: 'pageNumber', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeUndefined();
		expect(got).toEqual(records(0, 6));
		expect(p.calls.map((c) => c.PageNumber)).toEqual([1, 2, 3, 4]);
	});

	it('a total told on the first page, then 0 on an empty page: the total changed', async () => {
		const p = scripted((_paging, n) => (n === 1 ? { TotalRecordCount: 5, Records: records(0, 2) } : { TotalRecordCount: 0, Records: [] }));
		const { error } = await readAll({ style: 'pageNumber', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toEqual(new PagingError("The provider's total went from 5 to 0 between pages"));
	});
});

describe('which totals bound the pages asked for ahead', () => {
	it('a total written as text is not trusted for reading ahead: one page ahead only', async () => {
		const p = scripted((paging) => {
			const skip = Number(paging.Skip);
			return { TotalRecordCount: '50', MoreRecords: skip + 10 < 50, Records: records(skip, Math.max(0, Math.min(10, 50 - skip))) };
		});
		const { got, seen, error } = await readAll({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeUndefined();
		expect(got).toHaveLength(50);
		// Skip 0, 9, 18, 27, 36, 45 (pages after the first overlap by one record): 10 + 9 + 9 + 9 + 9 + 4 records
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36, 45]);
		expect(seen).toEqual([2, 3, 4, 5, 6, 6]);
	});

	it('a numeric total reads two pages ahead from the second page on', async () => {
		const p = scripted((paging) => {
			const skip = Number(paging.Skip);
			return { TotalRecordCount: 50, MoreRecords: skip + 10 < 50, Records: records(skip, Math.max(0, Math.min(10, 50 - skip))) };
		});
		const { got, seen } = await readAll({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(got).toHaveLength(50);
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36, 45]);
		expect(seen).toEqual([2, 4, 5, 6, 6, 6]);
	});

	it('a page telling 0 beside its records keeps the total told before: still two pages ahead', async () => {
		const p = scripted((paging) => {
			const skip = Number(paging.Skip);
			// the second page (asked one record early, at Skip 9) tells 0
			return { TotalRecordCount: skip === 9 ? 0 : 50, MoreRecords: skip + 10 < 50, Records: records(skip, Math.max(0, Math.min(10, 50 - skip))) };
		});
		const { got, seen, error } = await readAll({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeUndefined();
		expect(got).toHaveLength(50);
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36, 45]);
		expect(seen).toEqual([2, 4, 5, 6, 6, 6]);
	});
});

describe('pages alike in a row, each echoing the Skip asked', () => {
	const line = { ItemNo: 'CAB-2019', Reference: 'SO-1', Quantity: -6 };
	const last = { ItemNo: 'PINOT-2021', Reference: 'SO-1', Quantity: -2 };

	it(`exactly ${ALIKE_PAGES_IN_A_ROW} alike pages without a total, then a last page that differs: all read`, async () => {
		// pages of 2 overlap by one record: page 1 is Skip 0, page k Skip k - 1. The provider holds
		// ALIKE_PAGES_IN_A_ROW + 1 lines alike, then `last`: pages 1 to ALIKE_PAGES_IN_A_ROW are [line, line], the one
		// after them [line, last], and it says no more follow
		const held = [...Array(ALIKE_PAGES_IN_A_ROW + 1).fill(line), last] as IDataObject[];
		const p = scripted((paging) => {
			const skip = Number(paging.Skip);
			const top = Number(paging.Top);
			return { ...paging, TotalRecordCount: null, MoreRecords: skip + top < held.length, Records: held.slice(skip, skip + top) };
		});
		const { got, error } = await readAll({ style: 'skipTop', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeUndefined();
		expect(got).toEqual(held);
		expect(p.calls).toHaveLength(ALIKE_PAGES_IN_A_ROW + 1);
	});

	it(`one more alike page than that, without a total: stopped`, async () => {
		const p = scripted((paging) => ({ ...paging, TotalRecordCount: null, MoreRecords: true, Records: [line, line] }));
		const { got, error } = await readAll({ style: 'skipTop', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeInstanceOf(PagingError);
		// the first page's 2, then one new record on each of the next ALIKE_PAGES_IN_A_ROW - 1 (the other is the overlap)
		expect(got).toHaveLength(ALIKE_PAGES_IN_A_ROW + 1);
		expect(p.calls).toHaveLength(ALIKE_PAGES_IN_A_ROW + 1);
	});

	it('with a total told, far more alike pages are read to the total, not stopped by the bound', async () => {
		const pages = 2 * ALIKE_PAGES_IN_A_ROW;
		const p = scripted((paging) => {
			const skip = Number(paging.Skip);
			return { ...paging, TotalRecordCount: pages * 2, MoreRecords: skip + 2 < pages * 2, Records: [line, line] };
		});
		const { got, error } = await readAll({ style: 'skipTop', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(error).toBeUndefined();
		expect(got).toHaveLength(pages * 2);
	});
});
