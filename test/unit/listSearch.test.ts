// The Item Number picker's search (methods/listSearch.ts) over answers the sandbox does not give: numbers for item
// numbers, records without an item number or description, pages with, without or with a null TotalRecordCount, empty
// pages and pages without a record list, search text with white space around it, and a search that has enough.
import { NodeApiError, type IDataObject, type ILoadOptionsFunctions } from 'n8n-workflow';

import {
	SKU_PAGE_SIZE,
	SKU_PAGES_PER_SEARCH,
	SKU_RESULTS_WANTED,
	SKU_SCROLLABLE_LIST,
	SKU_SEARCH_BUDGET_MS,
	searchForm,
	searchSkus,
} from '../../nodes/WineFulfillment/methods/listSearch';
import { fakeContext } from './fakeContext';

/**
 * The provider answers page N (1-based) with pages[N - 1]; a page beyond the list is an error. Asked by item number
 * (ItemNumbers, no page), it answers with the records of all pages whose ItemNo is one of them, as the provider filters.
 */
function provider(pages: IDataObject[]) {
	const c = fakeContext((request) => {
		const numbers = request.body.ItemNumbers;
		if (Array.isArray(numbers)) {
			const all = pages.flatMap((p) => (Array.isArray(p.Items) ? (p.Items as Array<IDataObject | null>) : []));
			return { body: { Items: all.filter((r) => r && (numbers as unknown[]).includes(r.ItemNo)) } };
		}
		const page = Number(request.body.PageNumber);
		if (!pages[page - 1]) throw new Error(`page ${page} was not expected`);
		return { body: pages[page - 1] };
	});
	return {
		search: async (filter?: string, token?: string) => await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, filter, token),
		pagesAsked: () => c.sent.filter((r) => r.body.PageNumber !== undefined).map((r) => r.body.PageNumber),
		numbersAsked: () => c.sent.filter((r) => r.body.ItemNumbers !== undefined).map((r) => r.body.ItemNumbers),
		sizesAsked: () => c.sent.filter((r) => r.body.PageNumber !== undefined).map((r) => r.body.PageSize),
	};
}

const skus = (n: number, prefix: string, description = 'Merlot 750 ml') =>
	Array.from({ length: n }, (_, i) => ({ ItemNo: `${prefix}-${i + 1}`, ItemDescription: description }));

describe('searchSkus: what a record shows', () => {
	it('lists a numeric item number and description as text, an item without description by its number, and skips records without a number', async () => {
		const p = provider([
			{
				Items: [
					{ ItemNo: 1001, ItemDescription: 750 },
					{ ItemNo: ' CAB-1 ', ItemDescription: '  ' },
					{ ItemNo: 'CAB-2' },
					{ ItemNo: 'CAB-3', ItemDescription: { text: 'Cabernet' } },
					{ ItemDescription: 'No number' },
					{ ItemNo: null, ItemDescription: 'Null number' },
					{ ItemNo: { id: 7 }, ItemDescription: 'Object number' },
					{ ItemNo: true, ItemDescription: 'Boolean number' },
				],
			},
		]);
		expect(await p.search()).toEqual({
			results: [
				{ name: '1001 (750)', value: '1001' },
				{ name: 'CAB-1', value: 'CAB-1' },
				{ name: 'CAB-2', value: 'CAB-2' },
				{ name: 'CAB-3', value: 'CAB-3' },
			],
		});
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('matches the search text against a numeric item number too', async () => {
		const p = provider([{ Items: [{ ItemNo: 1001, ItemDescription: 'Rosé' }, { ItemNo: 2002, ItemDescription: 'Merlot' }] }]);
		expect(await p.search('100')).toEqual({ results: [{ name: '1001 (Rosé)', value: '1001' }] });
	});
});

describe('searchSkus: when there is another page', () => {
	it('without TotalRecordCount, a full page means more and a short page is the last', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE, 'MER') }, { Items: [...skus(2, 'MER2'), { ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }] }]);
		expect(await p.search('cabernet')).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect(p.pagesAsked()).toEqual([1, 2]);
	});

	it('without TotalRecordCount, a page one short of full is the last', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE - 1, 'MER') }]);
		expect(await p.search('cabernet')).toEqual({ results: [] });
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('hands back the next page as the token after a full page without TotalRecordCount that already matched enough', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE, 'MER') }]);
		const found = await p.search();
		expect(found.results).toHaveLength(SKU_PAGE_SIZE);
		expect(found.paginationToken).toBe('2~["MER-499","MER-500"]');
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('with TotalRecordCount, a full page that reaches the count is the last', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE, 'MER'), TotalRecordCount: SKU_PAGE_SIZE }]);
		expect(await p.search('cabernet')).toEqual({ results: [] });
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('with TotalRecordCount, a first page shorter than asked shows the provider\'s page size: later pages are asked in it, and the token carries it', async () => {
		const page = (n: number, extra: IDataObject[] = []) => ({ Items: [...skus(3 - extra.length, `MER${n}`), ...extra], TotalRecordCount: 18 });
		const cab = (n: number) => ({ ItemNo: `CAB-${n}`, ItemDescription: 'Cabernet' });
		const pages = [page(1, [cab(1)]), page(2), page(3), page(4), page(5, [cab(15)]), page(6)];
		const p = provider(pages);
		// the whole item number found: the search answers after its page budget, however few it holds
		const first = await p.search('CAB-1');
		expect(first).toEqual({ results: [{ name: 'CAB-1 (Cabernet)', value: 'CAB-1' }], paginationToken: 'w:5/3~["MER4-2","MER4-3",18]' });
		expect(p.sizesAsked()).toEqual([SKU_PAGE_SIZE, 3, 3, 3]);
		const next = await p.search('CAB-1', first.paginationToken as string);
		expect(next).toEqual({ results: [{ name: 'CAB-15 (Cabernet)', value: 'CAB-15' }] });
		expect(p.pagesAsked()).toEqual([1, 2, 3, 4, 5, 6]);
		expect(p.sizesAsked().slice(4)).toEqual([3, 3]);
	});

	it('reads a token it did not make from the first page, in the size it asks', async () => {
		for (const token of ['0', 'x', '2/0', '2/9999', '']) {
			const p = provider([{ Items: skus(2, 'MER'), TotalRecordCount: 2 }, { Items: skus(1, 'CAB') }]);
			await p.search(undefined, token).catch(() => undefined);
			expect([token, p.pagesAsked()[0], p.sizesAsked()[0]]).toEqual([token, token.startsWith('2') ? 2 : 1, SKU_PAGE_SIZE]);
		}
	});

	it('a TotalRecordCount of null counts as not given: a full page means more', async () => {
		const p = provider([
			{ Items: skus(SKU_PAGE_SIZE, 'MER'), TotalRecordCount: null },
			{ Items: [{ ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }], TotalRecordCount: null },
		]);
		expect(await p.search('cabernet')).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect(p.pagesAsked()).toEqual([1, 2]);
	});

	it('an empty page ends the search, whatever TotalRecordCount still promises', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE, 'MER'), TotalRecordCount: 1200 }, { Items: [], TotalRecordCount: 1200 }]);
		expect(await p.search('cabernet')).toEqual({ results: [] });
		expect(p.pagesAsked()).toEqual([1, 2]);
	});

	it('a page without a list of records fails the search, naming the answer, while TotalRecordCount promises SKUs', async () => {
		const p = provider([{ TotalRecordCount: 1200 }]);
		await expect(p.search()).rejects.toThrow('The provider answered a page without its records (Items): {"TotalRecordCount":1200}');
		expect(p.pagesAsked()).toEqual([1]);
		const q = provider([{ Items: null, TotalRecordCount: 1200 }]);
		await expect(q.search()).rejects.toThrow('The provider answered a page without its records (Items)');
		expect(q.pagesAsked()).toEqual([1]);
		// a page that says there are none ends it: "No results"
		const none = provider([{ Items: null, TotalRecordCount: 0 }]);
		expect(await none.search()).toEqual({ results: [] });
	});
});

describe('searchSkus: the search text and when a search answers', () => {
	it('ignores white space around the search text, and blank text matches every SKU', async () => {
		const p = provider([{ Items: [{ ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }, { ItemNo: 'MER-1', ItemDescription: 'Merlot' }] }]);
		expect(await p.search('  Cabernet\t')).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect((await p.search('   ')).results.map((r) => r.value)).toEqual(['CAB-9', 'MER-1']);
	});

	it('answers once a page brings the matches to exactly SKU_RESULTS_WANTED, with the next page as the token', async () => {
		const matching = skus(SKU_RESULTS_WANTED, 'CAB', 'Cabernet');
		const p = provider([
			{ Items: [...matching, ...skus(SKU_PAGE_SIZE - SKU_RESULTS_WANTED, 'MER')], TotalRecordCount: 3 * SKU_PAGE_SIZE },
			{ Items: skus(SKU_PAGE_SIZE, 'CAB2', 'Cabernet'), TotalRecordCount: 3 * SKU_PAGE_SIZE },
		]);
		const found = await p.search('cabernet');
		expect(found.results.map((r) => r.value)).toEqual(matching.map((s) => s.ItemNo));
		expect(found.paginationToken).toBe(`2~["MER-449","MER-450",${3 * SKU_PAGE_SIZE}]`);
		expect(p.pagesAsked()).toEqual([1]);
	});
});

describe('searchSkus: a few matches (n8n\'s editor scrolls for more only when its list is longer than it shows)', () => {
	/** `count` pages of SKU_PAGE_SIZE SKUs, each with one Cabernet (CAB-<page>) */
	const sparse = (count: number) =>
		Array.from({ length: count }, (_, i) => ({
			Items: [...skus(SKU_PAGE_SIZE - 1, `MER${i}`), { ItemNo: `CAB-${i + 1}`, ItemDescription: 'Cabernet' }],
			TotalRecordCount: count * SKU_PAGE_SIZE,
		}));

	it(`reads on past its page budget until ${SKU_SCROLLABLE_LIST} match, a list the editor can scroll, then hands back where to go on`, async () => {
		expect(SKU_SCROLLABLE_LIST).toBeGreaterThan(SKU_PAGES_PER_SEARCH);
		const p = provider(sparse(SKU_SCROLLABLE_LIST + 5));
		const found = await p.search('cabernet');
		expect(found.results.map((r) => r.value)).toEqual(Array.from({ length: SKU_SCROLLABLE_LIST }, (_, i) => `CAB-${i + 1}`));
		expect(found.paginationToken).toBe(`${SKU_SCROLLABLE_LIST + 1}~["MER${SKU_SCROLLABLE_LIST - 1}-499","CAB-${SKU_SCROLLABLE_LIST}",${(SKU_SCROLLABLE_LIST + 5) * SKU_PAGE_SIZE}]`);
		expect(p.pagesAsked()).toHaveLength(SKU_SCROLLABLE_LIST);
	});

	it('one match short of a list that scrolls: reads on to the next page', async () => {
		const p = provider(sparse(SKU_SCROLLABLE_LIST));
		const found = await p.search('cabernet');
		expect(found).toEqual({ results: Array.from({ length: SKU_SCROLLABLE_LIST }, (_, i) => ({ name: `CAB-${i + 1} (Cabernet)`, value: `CAB-${i + 1}` })) });
		expect(p.pagesAsked()).toHaveLength(SKU_SCROLLABLE_LIST);
	});

	it('scrolling on (the list shown scrolls already): answers after its page budget once one matches', async () => {
		const p = provider(sparse(SKU_SCROLLABLE_LIST + 5));
		const found = await p.search('cabernet', '2');
		expect(found.results.map((r) => r.value)).toEqual(Array.from({ length: SKU_PAGES_PER_SEARCH }, (_, i) => `CAB-${i + 2}`));
		expect(found.paginationToken).toBe(`${SKU_PAGES_PER_SEARCH + 2}~["MER${SKU_PAGES_PER_SEARCH}-499","CAB-${SKU_PAGES_PER_SEARCH + 1}",${(SKU_SCROLLABLE_LIST + 5) * SKU_PAGE_SIZE}]`);
	});

	it('scrolling on without a match yet: reads past its page budget until one, instead of handing back an empty part of the list', async () => {
		const pages = sparse(SKU_PAGES_PER_SEARCH + 6).map((page, i) => (i + 1 === SKU_PAGES_PER_SEARCH + 4 ? page : { ...page, Items: skus(SKU_PAGE_SIZE, `MER${i}`) }));
		const p = provider(pages);
		const found = await p.search('cabernet', '2');
		expect(found).toEqual({
			results: [{ name: `CAB-${SKU_PAGES_PER_SEARCH + 4} (Cabernet)`, value: `CAB-${SKU_PAGES_PER_SEARCH + 4}` }],
			paginationToken: `${SKU_PAGES_PER_SEARCH + 5}~["MER${SKU_PAGES_PER_SEARCH + 3}-499","CAB-${SKU_PAGES_PER_SEARCH + 4}",${(SKU_PAGES_PER_SEARCH + 6) * SKU_PAGE_SIZE}]`,
		});
	});

	it('hands back the few it holds, with where to go on, when its time runs out', async () => {
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		try {
			const pages = sparse(SKU_SCROLLABLE_LIST + 5);
			const c = fakeContext((request) => {
				if (request.body.ItemNumbers) return { body: { Items: [] } };
				now += SKU_SEARCH_BUDGET_MS / 5;
				return { body: pages[Number(request.body.PageNumber) - 1] };
			});
			const found = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'cabernet');
			expect(found.results.map((r) => r.value)).toEqual(['CAB-1', 'CAB-2', 'CAB-3', 'CAB-4', 'CAB-5']);
			expect(found.paginationToken).toBe(`6~["MER4-499","CAB-5",${(SKU_SCROLLABLE_LIST + 5) * SKU_PAGE_SIZE}]`);
		} finally {
			jest.restoreAllMocks();
		}
	});
});

describe('searchSkus: a search that has not matched yet', () => {
	afterEach(() => jest.restoreAllMocks());

	/** Pages of SKU_PAGE_SIZE SKUs that match nothing but "cabernet" on page `at` (1-based), `count` pages in all. */
	const catalogue = (count: number, at?: number) =>
		Array.from({ length: count }, (_, i) => ({
			Items: i + 1 === at ? [...skus(SKU_PAGE_SIZE - 1, `MER${i}`), { ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }] : skus(SKU_PAGE_SIZE, `MER${i}`),
			TotalRecordCount: count * SKU_PAGE_SIZE,
		}));

	it('reads on past its page budget until a match, and on to the last SKU while the list is too short to scroll', async () => {
		const p = provider(catalogue(SKU_PAGES_PER_SEARCH + 3, SKU_PAGES_PER_SEARCH + 2));
		const found = await p.search('cabernet');
		expect(found).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect(p.pagesAsked()).toHaveLength(SKU_PAGES_PER_SEARCH + 3);
	});

	it(`starts no page after ${SKU_SEARCH_BUDGET_MS} ms without a match, and fails saying how far it read and what to do`, async () => {
		// a clock that moves a third of the budget with every page the provider answers
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const pages = catalogue(10);
		const c = fakeContext((request) => {
			if (request.body.ItemNumbers) return { body: { Items: [] } };
			now += SKU_SEARCH_BUDGET_MS / 3;
			return { body: pages[Number(request.body.PageNumber) - 1] };
		});
		const error = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'Château').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe('No SKU matches "Château" among the first 1,500 of the account\'s 5,000 SKUs');
		expect((error as NodeApiError).description).toMatch(/type the whole item number .* or choose By ID/);
		expect(c.sent.map((r) => r.body.PageNumber)).toEqual([undefined, 1, 2, 3]);
	});

	it('hands back what it holds, with where to go on, when its time runs out after a match', async () => {
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const pages = catalogue(10, 1);
		const c = fakeContext((request) => {
			if (request.body.ItemNumbers) return { body: { Items: [] } };
			now += SKU_SEARCH_BUDGET_MS;
			return { body: pages[Number(request.body.PageNumber) - 1] };
		});
		const found = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'cabernet');
		expect(found).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }], paginationToken: `2~["MER0-499","CAB-9",${10 * SKU_PAGE_SIZE}]` });
	});

	it('says how far it read without a total when the provider gives none', async () => {
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const c = fakeContext((request) => {
			if (request.body.ItemNumbers) return { body: { Items: [] } };
			now += SKU_SEARCH_BUDGET_MS / 2;
			return { body: { Items: skus(SKU_PAGE_SIZE, 'MER') } };
		});
		const error = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'zinfandel').catch((e: unknown) => e);
		expect((error as Error).message).toBe('No SKU matches "zinfandel" among the first 1,000 SKUs');
	});

	it('scrolling on, hands back no SKUs and where to go on when its time runs out without a match: the editor keeps its list', async () => {
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const pages = catalogue(10);
		const c = fakeContext((request) => {
			now += SKU_SEARCH_BUDGET_MS / 2;
			return { body: pages[Number(request.body.PageNumber) - 1] };
		});
		expect(await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'cabernet', '3')).toEqual({ results: [], paginationToken: `5~["MER3-499","MER3-500",${10 * SKU_PAGE_SIZE}]` });
		expect(c.sent.map((r) => r.body.PageNumber)).toEqual([3, 4]);
	});
});

describe('searchSkus: a whole item number', () => {
	it('is asked for by number as typed and in capitals on the first call only, and listed first, once', async () => {
		const p = provider([{ Items: [...skus(3, 'MER'), { ItemNo: 'CAB-1', ItemDescription: 'Cab' }, { ItemNo: 'CAB-10', ItemDescription: 'Cab' }], TotalRecordCount: 5 }]);
		const found = await p.search('cab-1');
		expect(found.results.map((r) => r.value)).toEqual(['CAB-1', 'CAB-10']);
		expect(p.numbersAsked()).toEqual([['cab-1', 'CAB-1']]);
		await p.search('cab-1', '1');
		expect(p.numbersAsked()).toHaveLength(1);
	});

	it('keeps only the whole number from a provider that ignores the filter', async () => {
		const c = fakeContext(() => ({ body: { Items: [{ ItemNo: 'CAB-10' }, { ItemNo: 'CAB-1' }], TotalRecordCount: 2 } }));
		const found = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'CAB-1');
		expect(found.results.map((r) => r.value)).toEqual(['CAB-1', 'CAB-10']);
	});

	it.each([400, 404])('goes on through the pages when the provider refuses the filter (%i)', async (status) => {
		const c = fakeContext((request) =>
			request.body.ItemNumbers ? { statusCode: status, body: { Message: 'ItemNumbers not supported' } } : { body: { Items: [{ ItemNo: 'CAB-1' }], TotalRecordCount: 1 } },
		);
		expect(await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'CAB-1')).toEqual({ results: [{ name: 'CAB-1', value: 'CAB-1' }] });
	});

	it('a page refused (400) fails the search with the provider\'s error: only the lookup by number falls back to the pages', async () => {
		const c = fakeContext(() => ({ statusCode: 400, body: { Message: 'PageSize is invalid' } }));
		const error = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions).catch((e: unknown) => e);
		expect([(error as NodeApiError).httpCode, (error as Error).message]).toEqual(['400', 'The provider rejected the request as invalid: PageSize is invalid']);
		expect(c.sent).toHaveLength(1);
	});

	it('fails with the provider\'s error when the lookup by number fails otherwise', async () => {
		const c = fakeContext(() => ({ statusCode: 401, body: { Message: 'Unauthorized' } }));
		const error = await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'CAB-1').catch((e: unknown) => e);
		expect([(error as NodeApiError).httpCode, (error as Error).message]).toEqual(['401', 'The credentials were refused']);
		expect(c.sent).toHaveLength(1);
	});
});

describe('searchSkus: the entries of a page', () => {
	it('skips entries that are not records (null, text, a list), and counts them as sent for the paging', async () => {
		const entries = [null, 'CAB-X', ['CAB-Y'], ...skus(SKU_PAGE_SIZE - 3, 'MER')];
		const p = provider([{ Items: entries }, { Items: [{ ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }] }]);
		expect(await p.search('cab')).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect(p.pagesAsked()).toEqual([1, 2]);
	});
});

describe('searchForm: how a search compares text', () => {
	it.each([
		['Ros\u00e9', 'rose'],
		['Ros\u0065\u0301', 'rose'],
		['CH\u00c2TEAU', 'chateau'],
		['\u0130stanbul', 'istanbul'],
		['\ufb01ne', 'fine'],
		['CAB-2021-750', 'cab-2021-750'],
	])('%s reads as %s', (text, form) => {
		expect(searchForm(text)).toBe(form);
	});
});
