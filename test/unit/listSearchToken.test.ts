// The Item Number picker's pagination token (methods/listSearch.ts placeOf, carriedOf, tokenOf) on tokens it did not
// make: an item-number part holding an empty or non-text entry, or a total that is no count, carries nothing; a token
// that starts with "~" reads the first page in the search's own size; and the token handed back after a page without
// any item number carries the page alone.
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { SKU_PAGE_SIZE, searchSkus } from '../../nodes/WineFulfillment/methods/listSearch';
import { fakeContext } from './fakeContext';

const sku = (itemNo: string) => ({ ItemNo: itemNo, ItemDescription: 'Merlot 750 ml' });
const values = (found: { results: Array<{ value: unknown }> }) => found.results.map((r) => r.value);

/** Answers page N (1-based) with pages[N - 1] and its TotalRecordCount, whatever size was asked. */
function provider(pages: Array<Array<IDataObject | null>>, total?: number) {
	const c = fakeContext((request) => {
		if (request.body.ItemNumbers) return { body: { Items: [] } };
		const page = pages[Number(request.body.PageNumber) - 1];
		if (!page) throw new Error(`page ${String(request.body.PageNumber)} was not expected`);
		return { body: total === undefined ? { Items: page } : { Items: page, TotalRecordCount: total } };
	});
	return {
		search: async (filter?: string, token?: string) => await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, filter, token),
		asked: () => c.sent.filter((r) => r.body.PageNumber !== undefined).map((r) => [r.body.PageNumber, r.body.PageSize]),
	};
}

const page1 = [sku('A-1'), sku('A-2'), sku('A-3')];
const page2 = [sku('B-1'), sku('B-2'), sku('B-3')];

describe('searchSkus: a token whose part after "~" is no list of non-empty item numbers then a count carries none', () => {
	it.each(['[null,"B-1"]', '["","B-1"]', '[5,"B-1"]'])('%s: the page\'s first entry, the item number it names, is listed', async (part) => {
		const p = provider([page1, page2], 6);
		expect(values(await p.search(undefined, `2/3~${part}`))).toEqual(['B-1', 'B-2', 'B-3']);
		expect(p.asked()).toEqual([[2, 3]]);
	});

	it.each(['-1', '1.5'])('a total of %s: the item numbers before it are not carried either, and the page is listed whole', async (total) => {
		const p = provider([page1, page2], 6);
		expect(values(await p.search(undefined, `2/3~["A-3","B-1",${total}]`))).toEqual(['B-1', 'B-2', 'B-3']);
		expect(p.asked()).toEqual([[2, 3]]);
	});
});

describe('searchSkus: a token that is no page number', () => {
	it('starting with "~", reads the first page in its own size, whatever follows', async () => {
		const p = provider([page1]);
		expect(values(await p.search(undefined, '~/5'))).toEqual(['A-1', 'A-2', 'A-3']);
		expect(p.asked()).toEqual([[1, SKU_PAGE_SIZE]]);
	});

	it('starting with "~" then item numbers: the first page, past the item number carried', async () => {
		const p = provider([page1]);
		expect(values(await p.search(undefined, '~["A-1"]'))).toEqual(['A-2', 'A-3']);
		expect(p.asked()).toEqual([[1, SKU_PAGE_SIZE]]);
	});

	it('a JSON list of item numbers without "~" carries none: the first page is listed whole', async () => {
		const p = provider([page1]);
		expect(values(await p.search(undefined, '["A-1"]'))).toEqual(['A-1', 'A-2', 'A-3']);
		expect(p.asked()).toEqual([[1, SKU_PAGE_SIZE]]);
	});
});

describe('searchSkus: the token handed back after a page without any item number', () => {
	it('is the next page (and size) alone: no item numbers, no total', async () => {
		const nameless = [{ ItemDescription: 'Merlot 750 ml' }, null, { ItemNo: '', ItemDescription: 'Rosé' }];
		const pages = [page1, page2, [sku('C-1'), sku('C-2'), sku('C-3')], [sku('D-1'), sku('D-2'), sku('D-3')], nameless, [sku('F-1')]];
		const p = provider(pages, 16);
		const found = await p.search(undefined, '2/3');
		expect(found).toEqual({
			results: ['B-1', 'B-2', 'B-3', 'C-1', 'C-2', 'C-3', 'D-1', 'D-2', 'D-3'].map((n) => ({ name: `${n} (Merlot 750 ml)`, value: n })),
			paginationToken: '6/3',
		});
		expect(p.asked()).toEqual([
			[2, 3],
			[3, 3],
			[4, 3],
			[5, 3],
		]);
		expect(values(await p.search(undefined, found.paginationToken as string))).toEqual(['F-1']);
	});

	it('a page ending with entries without an item number: the token carries the last item numbers the page has', async () => {
		const p = provider([page1, page2, [sku('C-1'), null, null], [sku('D-1'), sku('D-2'), sku('D-3')], [sku('E-1'), sku('E-2'), null], [sku('F-1')]], 16);
		expect((await p.search(undefined, '2/3')).paginationToken).toBe('6/3~["E-1","E-2",16]');
	});
});
