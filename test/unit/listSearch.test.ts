// The Item Number picker's search (methods/listSearch.ts) over answers the sandbox does not give: numbers for item
// numbers, records without an item number or description, pages with, without or with a null TotalRecordCount, empty
// pages and pages without a record list, search text with white space around it, and a search that has enough.
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { SKU_PAGE_SIZE, SKU_RESULTS_WANTED, searchSkus } from '../../nodes/WineFulfillment/methods/listSearch';
import { fakeContext } from './fakeContext';

/** The provider answers page N (1-based) with pages[N - 1]; a page beyond the list is an error. */
function provider(pages: IDataObject[]) {
	const c = fakeContext((request) => {
		const page = Number(request.body.PageNumber);
		if (!pages[page - 1]) throw new Error(`page ${page} was not expected`);
		return { body: pages[page - 1] };
	});
	return {
		search: async (filter?: string, token?: string) => await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, filter, token),
		pagesAsked: () => c.sent.map((r) => r.body.PageNumber),
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
		expect(found.paginationToken).toBe('2');
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('with TotalRecordCount, a full page that reaches the count is the last', async () => {
		const p = provider([{ Items: skus(SKU_PAGE_SIZE, 'MER'), TotalRecordCount: SKU_PAGE_SIZE }]);
		expect(await p.search('cabernet')).toEqual({ results: [] });
		expect(p.pagesAsked()).toEqual([1]);
	});

	it('with TotalRecordCount, a short page is not the last while the count is not reached', async () => {
		const p = provider([
			{ Items: skus(3, 'MER'), TotalRecordCount: SKU_PAGE_SIZE + 1 },
			{ Items: [{ ItemNo: 'CAB-9', ItemDescription: 'Cabernet' }], TotalRecordCount: SKU_PAGE_SIZE + 1 },
		]);
		expect(await p.search('cabernet')).toEqual({ results: [{ name: 'CAB-9 (Cabernet)', value: 'CAB-9' }] });
		expect(p.pagesAsked()).toEqual([1, 2]);
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

	it('a page without a list of records ends the search, whatever TotalRecordCount promises', async () => {
		const p = provider([{ TotalRecordCount: 1200 }]);
		expect(await p.search()).toEqual({ results: [] });
		expect(p.pagesAsked()).toEqual([1]);
		const q = provider([{ Items: null, TotalRecordCount: 1200 }]);
		expect(await q.search()).toEqual({ results: [] });
		expect(q.pagesAsked()).toEqual([1]);
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
		expect(found.paginationToken).toBe('2');
		expect(p.pagesAsked()).toEqual([1]);
	});
});
