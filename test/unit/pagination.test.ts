// The pagination helper called directly against in-memory providers: what it asks for, when, and what it yields.
import type { IDataObject } from 'n8n-workflow';

import {
	ALIKE_PAGES_IN_A_ROW,
	KeyAgainError,
	PagingError,
	RecordsChangedError,
	pageRecords,
	paginate,
	paginatePages,
	toldTotal,
	type PaginateOptions,
} from '../../nodes/WineFulfillment/transport/pagination';
import { pagesOf } from '../harness/pages';

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
	/**
	 * Called before the provider answers a request (`request`: 1 for the first) with the list it holds, to change it
	 * between pages (records added, taken out, changed): the answer, its TotalRecordCount and MoreRecords follow the list.
	 */
	before?: (request: number, list: IDataObject[]) => void;
}

/** An in-memory provider: records R0, R1, …; logs every request and how many were in flight when it came. */
function provider({ total, serves, withTotal = true, withMore = true, style = 'skipTop', before }: ProviderOptions) {
	const calls: IDataObject[] = [];
	let settled = 0;
	const list: IDataObject[] = Array.from({ length: total }, (_, i) => ({ Id: `R${i}` }));
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		calls.push({ ...paging });
		before?.(calls.length, list);
		const size = serves ?? Number(style === 'skipTop' ? paging.Top : paging.PageSize);
		const from = style === 'skipTop' ? Number(paging.Skip) : (Number(paging.PageNumber) - 1) * Number(paging.PageSize);
		const count = Math.max(0, Math.min(size, list.length - from));
		// copies, as every answer's records are
		const records = list.slice(from, from + count).map((record) => ({ ...record }));
		// answered on the next turn of the event loop, as a network answer is: a paging loop that never ends then still
		// lets timers run (the test's timeout, a mutation run's deadline) instead of spinning on promises alone
		await new Promise((resolve) => setImmediate(resolve));
		settled += 1;
		return {
			...(withTotal ? { TotalRecordCount: list.length } : {}),
			...(withMore && style === 'skipTop' ? { MoreRecords: from + count < list.length } : {}),
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
	it('asks Skip 0, 9, 18 … (each page after the first one record early) with Top = the page size and yields every record once, in order', async () => {
		const p = provider({ total: 25 });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(25));
		// R0–R9, then R9–R18 and R18–R24, each beginning with the record the page before ended with
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
			{ Skip: 18, Top: 10 },
		]);
	});

	it('stops on MoreRecords false even when the page was full', async () => {
		// 19 records: R0–R9, then a full page R9–R18 that says no more follow
		const p = provider({ total: 19, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(19));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
		]);
	});

	it('goes on while MoreRecords is true, even after a short page', async () => {
		// the provider serves 4 per page whatever is asked, and says so with MoreRecords
		const p = provider({ total: 10, serves: 4, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(10));
		// after the first short page the next Skip follows what came, not what was asked: R0–R3, R3–R6, R6–R9
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 3, 6]);
	});

	it('without MoreRecords, stops on TotalRecordCount when the last page is full', async () => {
		// 19 records: R0–R9, then a full page R9–R18 that reaches the total
		const p = provider({ total: 19, withMore: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(19));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
		]);
	});

	it('without MoreRecords or a total, a short page ends it and a full page asks for one more', async () => {
		// R0–R9, then R9–R14: short
		const short = provider({ total: 15, withMore: false, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: short.fetchPage })).toEqual(ids(15));
		expect(short.calls.map((c) => c.Skip)).toEqual([0, 9]);

		// R0–R9, then R9–R18 full, then the page that holds only R18 (no record new to the read) ends it
		const full = provider({ total: 19, withMore: false, withTotal: false });
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: full.fetchPage })).toEqual(ids(19));
		expect(full.calls.map((c) => c.Skip)).toEqual([0, 9, 18]);
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
		// 10 new, 9 new, then the 4 the limit still needs (R19–R22) after the record the page overlaps by (R18)
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
			{ Skip: 18, Top: 5 },
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
		// 10 + 9 + 9 + 9 + 9 + 4 new records: six pages
		expect(seen).toEqual([2, 4, 5, 6, 6, 6]);
		// never a request past the total
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36, 45]);
	});

	it('without a total, one page ahead only', async () => {
		const p = provider({ total: 50, withTotal: false });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(seen).toEqual([2, 3, 4, 5, 6, 6]);
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36, 45]);
	});

	it('never asks ahead past the limit', async () => {
		const p = provider({ total: 100 });
		const seen = await sentAtEachPage({ style: 'skipTop', pageSize: 10, limit: 30, recordsKey: 'Records', fetchPage: p.fetchPage }, p.calls);
		expect(seen).toEqual([2, 4, 4, 4]);
		// 10 + 9 + 9 + 2 new records: the last asks for the 2 the limit still needs after the record it overlaps by
		expect(p.calls.map((c) => [c.Skip, c.Top])).toEqual([
			[0, 10],
			[9, 10],
			[18, 10],
			[27, 3],
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
		// R0–R5, then six a page from the last record that came: R5–R10, R10–R15, R15–R20, R20–R25, R25–R29
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 5, 10, 15, 20, 25]);
		expect(seen).toEqual([2, 3, 4, 5, 6, 6]);
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
		// R0–R9, R9–R18, R18–R27 full; Skip 36 asked ahead; Skip 27 brings five (R27–R31): Skip 36 is dropped and the
		// read goes on from R31, five a page
		expect(calls).toEqual([0, 9, 18, 27, 36, 31, 35]);
	});

	it('a total that changes between pages ends the read (RecordsChangedError), once the pages asked ahead have finished', async () => {
		// the total shrinks while paging (told on the page at Skip 27): the page asked ahead (Skip 36) is not needed, but
		// it is not left running
		const asked: number[] = [];
		const finished: number[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			asked.push(skip);
			for (let i = 0; i < (skip === 36 ? 5 : 1); i++) await new Promise((resolve) => setImmediate(resolve));
			finished.push(skip);
			const records = ids(10, skip).map((Id) => ({ Id }));
			return skip < 20 ? { TotalRecordCount: 40, MoreRecords: true, Records: records } : { TotalRecordCount: 30, MoreRecords: false, Records: records };
		};
		await expect(all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).rejects.toThrow(
			new RecordsChangedError("The provider's total went from 40 to 30 between pages"),
		);
		expect(asked).toEqual([0, 9, 18, 27, 36]);
		expect([...finished].sort((a, b) => a - b)).toEqual([0, 9, 18, 27, 36]);
	});

	it('a page without a total is not compared with the others', async () => {
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			// 20 records, from the Skip asked: R0–R9, R9–R18, R18–R19
			return { TotalRecordCount: skip === 0 ? 20 : null, Records: ids(Math.max(0, Math.min(10, 20 - skip)), skip).map((Id) => ({ Id })) };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual(ids(20));
	});

	it('follows the provider when it says there is more than its total said', async () => {
		// a stale total of 10, but 20 records, and MoreRecords true while more follow
		const calls: number[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			const skip = Number(paging.Skip);
			calls.push(skip);
			const count = Math.max(0, Math.min(10, 20 - skip));
			return { TotalRecordCount: 10, MoreRecords: skip + count < 20, Records: ids(count, skip).map((Id) => ({ Id })) };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage })).toEqual(ids(20));
		// R0–R9, R9–R18 and R18–R19: every page after the total followed on the provider's word
		expect(calls).toEqual([0, 9, 18]);
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
			// the second page (asked one record early, at Skip 9)
			if (Number(paging.Skip) === 9) throw new Error('page 2 failed');
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
	/**
	 * A provider of 37 records that tells `total` whatever it holds and carries no MoreRecords: only the total can stop
	 * it. Asked Skip/Top (10), its pages are full (R0–R9, R9–R18, R18–R27, R27–R36) until one that holds only the record
	 * it overlaps by (R36): no record new to the read. Answers by the Skip or PageNumber asked.
	 */
	function endless(total: unknown, extra: IDataObject = {}) {
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push(paging);
			const from = paging.Skip !== undefined ? Number(paging.Skip) : (Number(paging.PageNumber) - 1) * Number(paging.PageSize);
			const count = Math.max(0, Math.min(Number(paging.Top ?? paging.PageSize), 37 - from));
			return { TotalRecordCount: total, ...extra, Records: ids(count, from).map((Id) => ({ Id })) } as IDataObject;
		};
		return { calls, fetchPage };
	}

	// Skip 0, 9, 18: the page R18–R27 goes past a total of 20, and ends the read
	it.each([
		['a number', 20, 3],
		['numeric text', '20', 3],
		['numeric text with spaces', ' 20 ', 3],
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
	])('a total given as %s says nothing: full pages go on until one without a new record', async (_case, total) => {
		const p = endless(total);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(37));
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 36]);
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

	it('Skip/Top with MoreRecords true on every page that holds records: read to the end, no "past twice the 0" error', async () => {
		// R0–R9, R9–R18, R18–R27 full; R27–R29 short but MoreRecords true, so followed at Skip 29: R29 alone, no record
		// new to the read, ends it (as an empty page did before pages overlapped, whatever MoreRecords says)
		const p = uncounted('skipTop', true);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(30));
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27, 29]);
	});

	it('Skip/Top without MoreRecords: a full page with a total of 0 goes on, not ends the read after its first page', async () => {
		const p = uncounted('skipTop', false);
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage })).toEqual(ids(30));
		// R0–R9, R9–R18, R18–R27 full, then R27–R29 short
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 9, 18, 27]);
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

	// Skip/Top pages of 2 overlap by one record: 2 records on the first page, then 1 new on each of the next 99;
	// PageNumber/PageSize pages do not overlap: 2 on each of the 100
	it.each([
		['Skip/Top', 'skipTop' as const, 'Skip', ALIKE_PAGES_IN_A_ROW + 1],
		['PageNumber/PageSize', 'pageNumber' as const, 'PageNumber', 2 * ALIKE_PAGES_IN_A_ROW],
	])('%s: pages of records all alike are read as genuine, up to the bound in a row, then stopped', async (_case, style, member, read100) => {
		const p = same([line, line]);
		const { records, error } = await read({ style, pageSize: 2, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toEqual(
			new PagingError(
				`The provider answered the same page ${ALIKE_PAGES_IN_A_ROW + 1} times in a row (2 records alike, after the first ${read100}), each at the ${member} asked and without a total: it does not seem to move on to the next page. If that many records really are alike, a larger Page Size reads them in fewer pages`,
			),
		);
		expect(records).toBe(read100);
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

describe('paginatePages, Skip/Top pages overlap by one record', () => {
	const recordKey = { required: ['Id'] };

	const idsOf = (pages: IDataObject[][]) => pages.map((page) => page.map((record) => record.Id));

	it('hands each page over without the record it overlaps by', async () => {
		const p = provider({ total: 25 });
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toBeUndefined();
		// asked R0–R9, R9–R18, R18–R24
		expect(idsOf(pages)).toEqual([ids(10), ids(9, 10), ids(6, 19)]);
	});

	it.each([true, false])('a provider that serves one record a page whatever Top asks (total told: %s): read without overlapping, every record once', async (withTotal) => {
		const p = provider({ total: 5, serves: 1, withTotal });
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toBeUndefined();
		expect(idsOf(pages).flat()).toEqual(ids(5));
		// one record a page from the first: the pages after it asked where the records ended, not one early
		expect(p.calls.map((c) => c.Skip)).toEqual([0, 1, 2, 3, 4]);
	});

	it('a provider that serves one record a page: a record that comes again is still caught, by its key', async () => {
		const p = provider({
			total: 5,
			serves: 1,
			before: (request, list) => {
				// before page 3, a record added at the front: R1 comes again
				if (request === 3) list.unshift({ Id: 'R-NEW' });
			},
		});
		const { error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toBeInstanceOf(RecordsChangedError);
	});

	// bug hunt 31: the seam and the total stay as they were; page 3 held R2 again and R20 was never read
	it('a record read before and one not yet read trade places (seam and total unchanged): every page, then KeyAgainError naming it', async () => {
		const p = provider({
			total: 25,
			before: (request, list) => {
				if (request === 2) [list[2], list[20]] = [list[20], list[2]];
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toBeInstanceOf(KeyAgainError);
		expect((error as KeyAgainError).message).toBe('Id "R2" came again on page 3, after 19 records');
		expect([...(error as KeyAgainError).keys]).toEqual(['R2']);
		// handed over as read (the caller reads again: test/transport/recordsSwapAcrossSeam.test.ts)
		expect(pages.flat().filter((record) => record.Id === 'R2')).toHaveLength(2);
	});

	it('two records of one key on pages 1 and 3: KeyAgainError; read again with that key as twice, two records, no error', async () => {
		const lots = () =>
			provider({
				total: 25,
				before: (request, list) => {
					if (request === 1) list[20] = { Id: 'R2', Lot: 'B' };
				},
			});
		const first = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: lots().fetchPage, recordKey });
		expect(first.error).toBeInstanceOf(KeyAgainError);
		const again = await pagesOf({
			style: 'skipTop',
			pageSize: 10,
			recordsKey: 'Records',
			fetchPage: lots().fetchPage,
			recordKey,
			twice: (first.error as KeyAgainError).keys,
		});
		expect(again.error).toBeUndefined();
		expect(again.pages.flat()).toHaveLength(25);
		expect(again.pages.flat().filter((record) => record.Id === 'R2')).toEqual([{ Id: 'R2' }, { Id: 'R2', Lot: 'B' }]);
	});

	it('pages that do not overlap (one record a page): a key again ends the read at that page, as before', async () => {
		const p = provider({
			total: 5,
			serves: 1,
			before: (request, list) => {
				if (request === 3) [list[0], list[3]] = [list[3], list[0]];
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey, twice: new Set(['R1']) });
		expect(error).toEqual(
			new RecordsChangedError('Page 4 held only records of earlier pages (Id "R0" first): the list moved, or the provider does not move on to the next page'),
		);
		expect(error).not.toBeInstanceOf(KeyAgainError);
		expect(pages.flat()).toHaveLength(3);
	});

	it('a record taken out before the seam, the total unchanged: RecordsChangedError naming both records', async () => {
		// before page 2: R3 taken out, R25 added at the end; Skip 9 now begins with R10
		const p = provider({
			total: 25,
			before: (request, list) => {
				if (request === 2) {
					list.splice(3, 1);
					list.push({ Id: 'R25' });
				}
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toEqual(
			new RecordsChangedError('Page 2 began with Id "R10" instead of Id "R9", the record the page before ended with: records were added or taken out before it'),
		);
		expect(error).toBeInstanceOf(RecordsChangedError);
		// R10 is not handed over as if R9's successor: nothing of page 2 is
		expect(idsOf(pages)).toEqual([ids(10)]);
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
		]);
	});

	it('a record added before the seam, the total unchanged: RecordsChangedError naming both records', async () => {
		// before page 2: N1 added after R2, the last record taken out; Skip 9 now begins with R8
		const p = provider({
			total: 25,
			before: (request, list) => {
				if (request === 2) {
					list.splice(3, 0, { Id: 'N1' });
					list.pop();
				}
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toEqual(
			new RecordsChangedError('Page 2 began with Id "R8" instead of Id "R9", the record the page before ended with: records were added or taken out before it'),
		);
		expect(error).toBeInstanceOf(RecordsChangedError);
		expect(idsOf(pages)).toEqual([ids(10)]);
	});

	// bug hunt 27: compared by key alone, a second record of the same key at the seam (two lots) was taken for the first
	// and lost, or the first read twice; a record that changed cannot be told from it, and is read again too
	it('the seam record with other quantities but the same key: RecordsChangedError saying so (the record changed, or another of its key)', async () => {
		const p = provider({
			total: 25,
			before: (request, list) => {
				if (request === 2) list[9] = { Id: 'R9', Quantity: 5 };
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toEqual(
			new RecordsChangedError(
				'Page 2 began with Id "R9" in other quantities or members than the page before ended with it (the record changed, or another of the same key follows it): records were added or taken out before it, or it changed',
			),
		);
		expect(idsOf(pages)).toEqual([ids(10)]);
	});

	it('without a recordKey, the seam record changed in any member: RecordsChangedError', async () => {
		const p = provider({
			total: 25,
			before: (request, list) => {
				if (request === 2) list[9] = { Id: 'R9', Quantity: 5 };
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toEqual(
			new RecordsChangedError('Page 2 began with another record instead of the record the page before ended with: records were added or taken out before it'),
		);
		expect(error).toBeInstanceOf(RecordsChangedError);
		expect(idsOf(pages)).toEqual([ids(10)]);
	});

	it('without a recordKey, the seam record unchanged: every record once', async () => {
		const p = provider({ total: 25 });
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toBeUndefined();
		expect(idsOf(pages)).toEqual([ids(10), ids(9, 10), ids(6, 19)]);
	});

	it('an empty page where the record it overlaps by should be, without a total: RecordsChangedError, not the end of the read', async () => {
		// before page 2: R9 and every record after it taken out; Skip 9 answers no records (and MoreRecords false)
		const p = provider({
			total: 25,
			withTotal: false,
			before: (request, list) => {
				if (request === 2) list.splice(9);
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toEqual(
			new RecordsChangedError('Page 2 came back empty instead of Id "R9", the record the page before ended with: records were added or taken out before it'),
		);
		expect(error).toBeInstanceOf(RecordsChangedError);
		expect(idsOf(pages)).toEqual([ids(10)]);
		expect(p.calls).toHaveLength(2);
	});

	it.each([
		[
			25,
			[
				{ Skip: 0, Top: 10 },
				{ Skip: 9, Top: 10 },
				{ Skip: 18, Top: 7 },
			],
			[10, 9, 6],
		],
		[
			20,
			[
				{ Skip: 0, Top: 10 },
				{ Skip: 9, Top: 10 },
				{ Skip: 18, Top: 2 },
			],
			[10, 9, 1],
		],
		[
			19,
			[
				{ Skip: 0, Top: 10 },
				{ Skip: 9, Top: 10 },
			],
			[10, 9],
		],
	])('a limit of %i in pages of 10: exactly that many records, no Top above 10', async (limit, calls, sizes) => {
		const p = provider({ total: 100 });
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 10, limit, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toBeUndefined();
		expect(pages.flat().map((record) => record.Id)).toEqual(ids(limit));
		expect(pages.map((page) => page.length)).toEqual(sizes);
		expect(p.calls).toEqual(calls);
		for (const call of p.calls) expect(Number(call.Top)).toBeLessThanOrEqual(10);
	});

	it('page size 1 cannot overlap: Skip 0, 1, 2 … with Top 1', async () => {
		const p = provider({ total: 3 });
		expect(await all({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey })).toEqual(ids(3));
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 1 },
			{ Skip: 1, Top: 1 },
			{ Skip: 2, Top: 1 },
		]);
	});

	it('page size 1: a record again is still caught by its key (the check of pages that do not overlap)', async () => {
		// before page 3: N0 and N1 added first, the last two records taken out; Skip 2 answers R0 again
		const p = provider({
			total: 4,
			before: (request, list) => {
				if (request === 3) {
					list.unshift({ Id: 'N0' }, { Id: 'N1' });
					list.splice(-2);
				}
			},
		});
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage, recordKey });
		expect(error).toEqual(
			new RecordsChangedError('Page 3 held only records of earlier pages (Id "R0" first): the list moved, or the provider does not move on to the next page'),
		);
		expect(idsOf(pages)).toEqual([['R0'], ['R1']]);
	});

	it('a page that holds only the record it overlaps by ends the read, whatever MoreRecords says', async () => {
		// the counterpart of an empty page before pages overlapped ('an empty page ends it, whatever MoreRecords says'):
		// 20 records, MoreRecords true on every page; R18–R19 is short, so Skip 19 is asked and brings R19 alone
		const calls: IDataObject[] = [];
		const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
			calls.push({ ...paging });
			const skip = Number(paging.Skip);
			return { MoreRecords: true, Records: ids(Math.max(0, Math.min(Number(paging.Top), 20 - skip)), skip).map((Id) => ({ Id })) };
		};
		expect(await all({ style: 'skipTop', pageSize: 10, recordsKey: 'Records', fetchPage, recordKey })).toEqual(ids(20));
		expect(calls.map((c) => c.Skip)).toEqual([0, 9, 18, 19]);
	});
});
