// The pagination helper called directly against in-memory providers: what it asks for, when, and what it yields.
import type { IDataObject } from 'n8n-workflow';

import {
	ALIKE_PAGES_IN_A_ROW,
	PagingError,
	RecordsChangedError,
	pageRecords,
	paginate,
	paginatePages,
	toldTotal,
	type PaginateOptions,
} from '../../nodes/WineFulfillment/transport/pagination';

interface ProviderOptions {
	/** records the provider holds */
	total: number;
	/** page size the provider serves whatever is asked (a provider that ignores Top) */
	serves?: number;
	/** send TotalRecordCount */
	withTotal?: boolean;
	/** send MoreRecords (Skip/Top only) */
	withMore?: boolean;
	/** page style the provider reads */
	style?: 'skipTop' | 'pageNumber';
}

/** An in-memory provider: records R0, R1, …; logs every request and how many were in flight when it came. */
function provider({ total, serves, withTotal = true, withMore = true, style = 'skipTop' }: ProviderOptions) {
	const calls: IDataObject[] = [];
	let settled = 0;
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		calls.push({ ...paging });
		const size = serves ?? Number(style === 'skipTop' ? paging.Top : paging.PageSize);
		const from = style === 'skipTop' ? Number(paging.Skip) : (Number(paging.PageNumber) - 1) * Number(paging.PageSize);
		const count = Math.max(0, Math.min(size, total - from));
		const records = Array.from({ length: count }, (_, i) => ({ Id: `R${from + i}` }));
		// answered on the next turn of the event loop, as a network answer is: a paging loop that never ends then still
		// lets timers run (the test's timeout, a mutation run's deadline) instead of spinning on promises alone
		await new Promise((resolve) => setImmediate(resolve));
		settled += 1;
		return {
			...(withTotal ? { TotalRecordCount: total } : {}),
			...(withMore && style === 'skipTop' ? { MoreRecords: from + count < total } : {}),
			Records: records,
		};
	};
	return { calls, fetchPage, settled: () => settled };
}

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `R${from + i}`);

async function all(options: PaginateOptions): Promise<string[]> {
	const out: string[] = [];
	for await (const record of paginate(options)) out.push(String(record.Id));
	return out;
}

describe('paginatePages, Skip/Top', () => {
	it('asks Skip 0, 10, 20 … with Top = the page size and yields every record once, in order', async () => {
		const p = provider({ total: 25 });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(25));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 10, Top: 10 },
			{ Skip: 20, Top: 10 },
		]);
	});

	it('stops on MoreRecords false even when the page was full', async () => {
		const p = provider({ total: 20, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(20));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 10, Top: 10 },
		]);
	});

	it('goes on while MoreRecords is true, even after a short page', async () => {
		// the provider serves 4 per page whatever is asked, and says so with MoreRecords
		const p = provider({ total: 10, serves: 4, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(10));
		// after the first short page the next Skip follows what came, not what was asked
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 4, 8]);
	});

	it('without MoreRecords, stops on TotalRecordCount when the last page is full', async () => {
		const p = provider({ total: 20, withMore: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(20));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 10, Top: 10 },
		]);
	});

	it('without MoreRecords or a total, a short page ends it and a full page asks for one more', async () => {
		const short = provider({ total: 15, withMore: false, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: short.fetchPage })).toEqual(ids(15));
		expect(short.calls.map((c) => c.Skip)).toEqual([0, 10]);

		const full = provider({ total: 20, withMore: false, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: full.fetchPage })).toEqual(ids(20));
		expect(full.calls.map((c) => c.Skip)).toEqual([0, 10, 20]);
	});

	it('an empty page ends it, whatever MoreRecords says', async () => {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push(paging);
			return { MoreRecords: true, Records: calls.length === 1 ? [{ Id: 'R0' }] : [] };
		};
		expect(await all({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage })).toEqual(['R0']);
		expect(calls).toHaveLength(2);
	});

	it.each([
		['missing, with MoreRecords false', { MoreRecords: false }],
		['null, with MoreRecords false', { MoreRecords: false, Records: null }],
		['missing, with a total of 0', { TotalRecordCount: 0 }],
		['null, with a total of "0"', { TotalRecordCount: '0', Records: null }],
	])('reads a records member %s as no records', async (_case, body) => {
		const fetchPage = async (): Promise<IDataObject> => body as IDataObject;
		const pages = [];
		for await (const page of paginatePages({ style: 'skipTop', pageSize: 5, recordsKey: 'Records', fetchPage })) pages.push(page);
		expect(pages).toEqual([{ body, records: [] }]);
	});

	it.each([
		['an empty body', undefined, 'The provider answered a page with an empty body instead of its records (Records)'],
		['a list', [{ Id: 'R0' }], 'The provider answered a page with a list instead of its records (Records)'],
		['text', 'maintenance', 'The provider answered a page with text instead of its records (Records)'],
		['null', null, 'The provider answered a page with null instead of its records (Records)'],
		['an error object', { Message: 'Service unavailable' }, 'The provider answered a page without its records (Records): Service unavailable'],
		['no records and more to come', { TotalRecordCount: 3, MoreRecords: true }, 'The provider answered a page without its records (Records): {"TotalRecordCount":3,"MoreRecords":true}'],
		['a member that is no list', { MoreRecords: false, Records: 'none' }, 'The provider answered a page without its records (Records is not a list): {"MoreRecords":false,"Records":"none"}'],
	])('refuses %s as a page (PagingError)', async (_case, body, message) => {
		const fetchPage = async (): Promise<IDataObject> => body as IDataObject;
		const read = async () => {
			for await (const page of paginatePages({ style: 'skipTop', pageSize: 5, recordsKey: 'Records', fetchPage })) void page;
		};
		await expect(read()).rejects.toThrow(new PagingError(message));
		await expect(read()).rejects.toBeInstanceOf(PagingError);
	});
});

describe('paginatePages, the limit', () => {
	it('asks exactly for what the limit still needs and yields no more than the limit', async () => {
		const p = provider({ total: 100 });
		expect(await all({ style: 'skipTop', pageSize: 10, limit: 23, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(23));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 10, Top: 10 },
			{ Skip: 20, Top: 3 },
		]);
	});

	it('a limit below one page asks for that many only', async () => {
		const p = provider({ total: 100 });
		expect(await all({ style: 'skipTop', pageSize: 10, limit: 4, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(4));
		expect(p.calls).toEqual([{ Skip: 0, Top: 4 }]);
	});

	it('trims a page that brings more than the limit still allows', async () => {
		// the provider ignores Top and serves 10 records a page
		const p = provider({ total: 100, serves: 10 });
		const pages = [];
		for await (const page of paginatePages({ style: 'skipTop', pageSize: 10, limit: 4, recordsKey: 'Records', fetchPage: p.fetchPage })) {
			pages.push(page.records.map((r) => r.Id));
		}
		expect(pages).toEqual([ids(4)]);
		expect(p.calls).toHaveLength(1);
	});

	it('a limit of 0 or less asks for nothing', async () => {
		for (const limit of [0, -1]) {
			const p = provider({ total: 100 });
			expect(await all({ style: 'skipTop', pageSize: 10, limit, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual([]);
			expect(p.calls).toEqual([]);
		}
	});

	it('an Infinity limit reads everything', async () => {
		const p = provider({ total: 12 });
		expect(await all({ style: 'skipTop', pageSize: 5, limit: Infinity, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(12));
	});
});

describe('paginatePages, asking ahead', () => {
	/** How many requests had been sent each time a page was handed over. */
	async function sentAtEachPage(options: PaginateOptions, calls: IDataObject[]): Promise<number[]> {
		const seen: number[] = [];
		for await (const page of paginatePages(options)) {
			void page;
			seen.push(calls.length);
		}
		return seen;
	}

	it('asks for the next page before handing over the current one, then keeps two in flight once the total is known', async () => {
		const p = provider({ total: 50 });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(seen).toEqual([2, 4, 5, 5, 5]);
		// never a request past the total
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 10, 20, 30, 40]);
	});

	it('without a total, one page ahead only', async () => {
		const p = provider({ total: 50, withTotal: false });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(seen).toEqual([2, 3, 4, 5, 5]);
	});

	it('never asks ahead past the limit', async () => {
		const p = provider({ total: 100 });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, limit: 30, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(seen).toEqual([2, 3, 3]);
		expect(p.calls.map((c) => [c.Skip, c.Top])).toEqual([
			[0, 10],
			[10, 10],
			[20, 10],
		]);
	});

	it('a consumer that stops after the first page costs one request more, not more', async () => {
		const p = provider({ total: 1000 });
		for await (const page of paginatePages({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })) {
			expect(page.records).toHaveLength(10);
			break;
		}
		expect(p.calls).toHaveLength(2);
	});

	it('after a short page, asks one page at a time from where the records ended', async () => {
		const p = provider({ total: 30, serves: 6 });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 6, 12, 18, 24]);
		expect(seen).toEqual([2, 3, 4, 5, 5]);
	});

	it('drops a page asked ahead at a Skip a short page made wrong, and yields every record once', async () => {
		// full pages up to record 20, then five a page whatever is asked
		const calls: number[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			calls.push(skip);
			const count = Math.min(skip < 20 ? Number(paging.Top) : 5, 40 - skip);
			return { TotalRecordCount: 40, MoreRecords: skip + count < 40, Records: ids(count, skip).map((Id) => ({ Id })) };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual(ids(40));
		expect(calls).toEqual([0, 10, 20, 30, 25, 30, 35]);
	});

	it('a total that changes between pages ends the read (RecordsChangedError), once the pages asked ahead have finished', async () => {
		// the total shrinks while paging: the page asked ahead (Skip 30) is not needed, but it is not left running
		const asked: number[] = [];
		const finished: number[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			asked.push(skip);
			for (let i = 0; i < (skip === 30 ? 5 : 1); i++) await new Promise((resolve) => setImmediate(resolve));
			finished.push(skip);
			const records = ids(10, skip).map((Id) => ({ Id }));
			return skip < 20 ? { TotalRecordCount: 40, MoreRecords: true, Records: records } : { TotalRecordCount: 30, MoreRecords: false, Records: records };
		};
		await expect(all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).rejects.toThrow(
			new RecordsChangedError("The provider's total went from 40 to 30 between pages"),
		);
		expect(asked).toEqual([0, 10, 20, 30]);
		expect([...finished].sort((a, b) => a - b)).toEqual([0, 10, 20, 30]);
	});

	it('a page without a total is not compared with the others', async () => {
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			return { TotalRecordCount: skip === 0 ? 20 : null, Records: skip < 20 ? ids(10, skip).map((Id) => ({ Id })) : [] };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual(ids(20));
	});

	it('follows the provider when it says there is more than its total said', async () => {
		// a stale total of 10, but 20 records and MoreRecords true on the first page
		const calls: number[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			calls.push(skip);
			return { TotalRecordCount: 10, MoreRecords: skip === 0, Records: ids(10, skip).map((Id) => ({ Id })) };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual(ids(20));
		expect(calls).toEqual([0, 10]);
	});

	it('a page asked ahead that fails after the consumer stopped leaves no unhandled rejection', async () => {
		const unhandled: unknown[] = [];
		const onUnhandled = (reason: unknown) => unhandled.push(reason);
		process.on('unhandledRejection', onUnhandled);
		try {
			const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
				if (Number(paging.Skip) > 0) throw new Error('ahead failed');
				return { TotalRecordCount: 100, Records: ids(10).map((Id) => ({ Id })) };
			};
			for await (const page of paginatePages({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })) {
				expect(page.records).toHaveLength(10);
				break;
			}
			for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
			expect(unhandled).toEqual([]);
		} finally {
			process.off('unhandledRejection', onUnhandled);
		}
	});

	it('an error of a page asked ahead surfaces when that page is reached, not before', async () => {
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			if (Number(paging.Skip) === 10) throw new Error('page 2 failed');
			return { TotalRecordCount: 30, Records: ids(10, Number(paging.Skip)).map((Id) => ({ Id })) };
		};
		const got: string[] = [];
		await expect(
			(async () => {
				for await (const record of paginate({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })) got.push(String(record.Id));
			})(),
		).rejects.toThrow('page 2 failed');
		expect(got).toEqual(ids(10));
	});
});

describe('paginatePages, PageNumber/PageSize', () => {
	it('asks page 1, 2, 3 … with the same PageSize and stops on TotalRecordCount', async () => {
		const p = provider({ total: 23, style: 'pageNumber' });
		expect(await all({ style: 'pageNumber', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(23));
		expect(p.calls).toEqual([
			{ PageNumber: 1, PageSize: 10 },
			{ PageNumber: 2, PageSize: 10 },
			{ PageNumber: 3, PageSize: 10 },
		]);
	});

	it('only the total can stop it when the last page is full', async () => {
		const p = provider({ total: 20, style: 'pageNumber' });
		expect(await all({ style: 'pageNumber', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(20));
		expect(p.calls.map((c) => c.PageNumber)).toEqual([1, 2]);
	});

	it('without a total, a short page ends it', async () => {
		const p = provider({ total: 15, style: 'pageNumber', withTotal: false });
		expect(await all({ style: 'pageNumber', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(15));
		expect(p.calls.map((c) => c.PageNumber)).toEqual([1, 2]);
	});

	it('keeps PageSize whole under a limit and trims the records instead', async () => {
		const p = provider({ total: 100, style: 'pageNumber' });
		expect(await all({ style: 'pageNumber', pageSize: 10, limit: 15, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(15));
		expect(p.calls).toEqual([
			{ PageNumber: 1, PageSize: 10 },
			{ PageNumber: 2, PageSize: 10 },
		]);
	});
});

describe('paginatePages, reading TotalRecordCount', () => {
	/** A provider whose pages are always full and carry no MoreRecords: only the total can stop it. */
	function endless(total: unknown, extra: IDataObject = {}) {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push(paging);
			if (calls.length > 4) return { Records: [] };
			return { TotalRecordCount: total, ...extra, Records: ids(10, (calls.length - 1) * 10).map((Id) => ({ Id })) } as IDataObject;
		};
		return { calls, fetchPage };
	}

	it.each([
		['a number', 20, 2],
		['numeric text', '20', 2],
		['numeric text with spaces', ' 20 ', 2],
	])('a total given as %s stops it', async (_case, total, requests) => {
		const p = endless(total);
		await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(p.calls).toHaveLength(requests);
	});

	it.each([
		['null (not asked for)', null],
		['empty text', ''],
		['blank text', '   '],
		['a negative number', -1],
		['words', 'many'],
		['a list', [20]],
		['zero beside records (a .NET count not asked for)', 0],
		['zero as text beside records', '0'],
	])('a total given as %s says nothing: full pages go on until an empty one', async (_case, total) => {
		const p = endless(total);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(40));
		expect(p.calls).toHaveLength(5);
	});

	it('PageNumber/PageSize goes by the total, not by a MoreRecords the provider adds', async () => {
		const p = endless(20, { MoreRecords: false });
		expect(await all({ style: 'pageNumber', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(20));
		expect(p.calls.map((c) => c.PageNumber)).toEqual([1, 2]);
	});
});

describe('pageRecords', () => {
	it('a page whose records member is missing or null is an error answer, not a wrong list: its message is shown', () => {
		expect(() => pageRecords({ Message: 'Customer locked' }, 'Records')).toThrow(
			new PagingError('The provider answered a page without its records (Records): Customer locked'),
		);
		expect(() => pageRecords({ Records: null, Message: 'Customer locked' }, 'Records')).toThrow(
			new PagingError('The provider answered a page without its records (Records): Customer locked'),
		);
	});

	it('a records member that is there but no list is said to be no list', () => {
		expect(() => pageRecords({ Records: 'none', Message: 'odd' }, 'Records')).toThrow(
			new PagingError('The provider answered a page without its records (Records is not a list): odd'),
		);
	});
});

describe('toldTotal: a total of 0 that counts nothing', () => {
	it.each([
		['a total of 20 beside records', { TotalRecordCount: 20 }, 5, false, 20],
		['0 on an empty first page: nothing there', { TotalRecordCount: 0 }, 0, false, 0],
		['0 beside records: not counted', { TotalRecordCount: 0 }, 5, false, Number.NaN],
		['"0" beside records: not counted', { TotalRecordCount: '0' }, 1, false, Number.NaN],
		['0 on an empty page after records read without a total: not counted', { TotalRecordCount: 0 }, 0, true, Number.NaN],
		['20 on an empty page after records read without a total', { TotalRecordCount: 20 }, 0, true, 20],
		['null', { TotalRecordCount: null }, 5, false, Number.NaN],
	])('%s', (_case, body: IDataObject, got: number, readUntold: boolean, told: number) => {
		expect(toldTotal(body, got, readUntold)).toBe(told);
	});
});

describe('paginatePages, TotalRecordCount 0 beside records', () => {
	/** 30 records in pages as asked, each page telling TotalRecordCount 0; `end`: what the page after the last says */
	function uncounted(style: 'skipTop' | 'pageNumber', withMore: boolean, end: IDataObject = {}) {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push({ ...paging });
			await new Promise((resolve) => setImmediate(resolve));
			const from = style === 'skipTop' ? Number(paging.Skip) : (Number(paging.PageNumber) - 1) * Number(paging.PageSize);
			const count = Math.max(0, Math.min(Number(paging.Top ?? paging.PageSize), 30 - from));
			if (count === 0) return { TotalRecordCount: 0, Records: [], ...end };
			return { TotalRecordCount: 0, ...(withMore ? { MoreRecords: true } : {}), Records: ids(count, from).map((Id) => ({ Id })) };
		};
		return { calls, fetchPage };
	}

	it('Skip/Top with MoreRecords true on every full page: read to the empty page, no "past twice the 0" error', async () => {
		const p = uncounted('skipTop', true);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(30));
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 10, 20, 30]);
	});

	it('Skip/Top without MoreRecords: a full page with a total of 0 goes on, not ends the read after its first page', async () => {
		const p = uncounted('skipTop', false);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(30));
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 10, 20, 30]);
	});

	it('PageNumber/PageSize: the same, page by page', async () => {
		const p = uncounted('pageNumber', false);
		expect(await all({ style: 'pageNumber', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(30));
		expect(p.calls.map((c) => c.PageNumber)).toEqual([1, 2, 3, 4]);
	});

	it('an empty first page telling 0 is still no records', async () => {
		const fetchPage = async (): Promise<IDataObject> => ({ TotalRecordCount: 0, MoreRecords: true, Records: [] });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual([]);
	});

	it('a total told on earlier pages, then 0 on an empty page: the total changed (RecordsChangedError)', async () => {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push(paging);
			return calls.length === 1 ? { TotalRecordCount: 20, Records: ids(10).map((Id) => ({ Id })) } : { TotalRecordCount: 0, Records: [] };
		};
		await expect(all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).rejects.toThrow(
			new RecordsChangedError("The provider's total went from 20 to 0 between pages"),
		);
	});
});

describe('paginatePages, the same page again with the Skip or PageNumber asked echoed', () => {
	const line = { ItemNo: 'CAB-2019', Reference: 'SO-1', Quantity: -6 };
	const other = { ItemNo: 'PINOT-2021', Reference: 'SO-1', Quantity: -2 };

	/** A provider that ignores where it is asked and answers `records` every time, echoing the Skip or PageNumber. */
	function same(records: IDataObject[], extra: IDataObject = {}) {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push({ ...paging });
			await new Promise((resolve) => setImmediate(resolve));
			return { ...paging, MoreRecords: true, TotalRecordCount: null, ...extra, Records: records };
		};
		return { calls, fetchPage };
	}

	async function read(options: PaginateOptions): Promise<{ records: number; error?: unknown }> {
		let records = 0;
		try {
			for await (const page of paginatePages(options)) records += page.records.length;
		} catch (error) {
			return { records, error };
		}
		return { records };
	}

	it('a page of different records: stopped at the second page, though its Skip is echoed', async () => {
		const p = same([line, other]);
		const { records, error } = await read({ style: 'skipTop', pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toEqual(new PagingError('The provider answered the same page twice in a row (2 records after the first 2): it does not move on to the next page'));
		expect(records).toBe(2);
		expect(p.calls).toHaveLength(2);
	});

	it('a page of different records alike at both ends: stopped too (every record is compared)', async () => {
		const p = same([line, other, line]);
		const { error } = await read({ style: 'skipTop', pageSize: 3, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toBeInstanceOf(PagingError);
		expect(p.calls).toHaveLength(2);
	});

	it.each([
		['Skip/Top', 'skipTop' as const, 'Skip'],
		['PageNumber/PageSize', 'pageNumber' as const, 'PageNumber'],
	])('%s: pages of records all alike are read as genuine, up to the bound in a row, then stopped', async (_case, style, member) => {
		const p = same([line, line]);
		const { records, error } = await read({ style, pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toEqual(
			new PagingError(
				`The provider answered the same page ${ALIKE_PAGES_IN_A_ROW + 1} times in a row (2 records alike, after the first ${2 * ALIKE_PAGES_IN_A_ROW}), each at the ${member} asked and without a total: it does not seem to move on to the next page. If that many records really are alike, a larger Page Size reads them in fewer pages`,
			),
		);
		expect(records).toBe(2 * ALIKE_PAGES_IN_A_ROW);
		expect(p.calls).toHaveLength(ALIKE_PAGES_IN_A_ROW + 1);
	});

	it('a Skip not echoed (the provider\'s own): pages alike are stopped at the second', async () => {
		const p = same([line], { Skip: 0 });
		const { error } = await read({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toBeInstanceOf(PagingError);
		expect(p.calls).toHaveLength(2);
	});

	it('with a recordKey, pages alike are never waived', async () => {
		const p = same([line]);
		const { error } = await read({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey: { required: ['NoSuchMember'] } });
		expect(error).toBeInstanceOf(PagingError);
		expect(p.calls).toHaveLength(2);
	});

	it('with a total, the run is not bounded by count but by the total: past twice it, stopped', async () => {
		const p = same([line], { TotalRecordCount: 3 });
		const { error } = await read({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toEqual(new PagingError('The provider kept sending records past twice the 3 it reported (9 read)'));
	});

	it('a run of alike pages up to the bound, a different page, then another such run: all read, no error', async () => {
		const runs = [...Array(ALIKE_PAGES_IN_A_ROW).fill(line), other, ...Array(ALIKE_PAGES_IN_A_ROW).fill(line)] as IDataObject[];
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push(paging);
			const at = Number(paging.Skip);
			return { ...paging, MoreRecords: at + 1 < runs.length, Records: runs.slice(at, at + 1) };
		};
		const { records, error } = await read({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage });
		expect(error).toBeUndefined();
		expect(records).toBe(runs.length);
		expect(calls).toHaveLength(runs.length);
	});
});
