// The Item Number picker scrolled on (methods/listSearch.ts searchSkus with a token carrying the last item numbers
// read, and the total told): which entries of its first page it skips (skipped), when that page is the page read
// before (readBefore), and which entries of the page before it lists again when the total shrank (movedBack), on
// pages where an item number stands more than once. Pages of 4 or 5 (the size carried by the token).
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { searchSkus } from '../../nodes/WineFulfillment/methods/listSearch';
import { fakeContext } from './fakeContext';

const sku = (itemNo: string) => ({ ItemNo: itemNo, ItemDescription: 'Merlot 750 ml' });
const skus = (...numbers: string[]) => numbers.map(sku);
const values = (found: { results: Array<{ value: unknown }> }) => found.results.map((r) => r.value);

/** Answers page N (1-based) with pages[N - 1] and `total`, whatever size was asked; any other page is empty. */
function provider(pages: Array<Array<IDataObject | null>>, total: number) {
	const c = fakeContext((request) => {
		if (request.body.ItemNumbers) return { body: { Items: [] } };
		const page = pages[Number(request.body.PageNumber) - 1] ?? [];
		return { body: { Items: page, TotalRecordCount: total } };
	});
	return {
		search: async (token: string) => await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, undefined, token),
		pagesAsked: () => c.sent.filter((r) => r.body.PageNumber !== undefined).map((r) => r.body.PageNumber),
		sent: c.sent,
	};
}

const b = skus('B-1', 'B-2', 'B-3', 'B-4');

describe('searchSkus scrolled on: the entries of its first page the call before read', () => {
	it('a first page starting with the last item number read skips that entry only, though the two read stand side by side further on', async () => {
		const p = provider([b, skus('A', 'P', 'A', 'C')], 8);
		expect(values(await p.search('2/4~["P","A"]'))).toEqual(['P', 'C']);
	});

	it('one item number carried: no entry further on is skipped, even where it stands twice side by side', async () => {
		const p = provider([b, skus('C', 'A', 'A', 'D')], 8);
		expect(values(await p.search('2/4~["A"]'))).toEqual(['C', 'D']);
	});

	it('a first page holding fewer item numbers than the token carries is not the page read before: its entry is listed', async () => {
		const p = provider([b, [sku('P'), null, null, null]], 8);
		expect(values(await p.search('2/4~["P","A"]'))).toEqual(['P']);
	});

	it('the pages after the first are not compared with the token: entries before the two read are listed', async () => {
		const p = provider([b, b, skus('C', 'P', 'A', 'D')], 12);
		expect(values(await p.search('2/4~["P","A"]'))).toEqual(['B-1', 'B-2', 'B-3', 'B-4', 'C', 'P', 'D']);
		expect(p.pagesAsked()).toEqual([2, 3]);
	});

	it('a later page ending with the two read does not end the list', async () => {
		const p = provider([b, b, skus('C', 'D', 'P', 'A')], 12);
		expect(values(await p.search('2/4~["P","A"]'))).toEqual(['B-1', 'B-2', 'B-3', 'B-4', 'C', 'D', 'P']);
		expect(p.pagesAsked()).toEqual([2, 3]);
	});
});

describe('searchSkus scrolled on after SKUs were taken out (a smaller total): the entries that moved back onto the page before', () => {
	const page2 = skus('B-1', 'B-2', 'B-3', 'B-4', 'B-5');

	it('are those past the two read side by side, though the last read stands again further on; the page before is read as the pages are', async () => {
		const p = provider([skus('P', 'A', 'X', 'A', 'Y'), page2], 10);
		expect(values(await p.search('2/5~["P","A",100]'))).toEqual(['X', 'Y', 'B-1', 'B-2', 'B-3', 'B-4', 'B-5']);
		expect(p.pagesAsked()).toEqual([2, 1]);
		expect(p.sent.map((r) => r.body)).toEqual([
			{ IncludeUnavailableItems: true, PageNumber: 2, PageSize: 5 },
			{ IncludeUnavailableItems: true, PageNumber: 1, PageSize: 5 },
		]);
	});

	it('the two read not side by side: those past the last entry of the last read', async () => {
		const p = provider([skus('X', 'A', 'Y', 'A', 'Z'), page2], 10);
		expect(values(await p.search('2/5~["P","A",100]'))).toEqual(['Z', 'B-1', 'B-2', 'B-3', 'B-4', 'B-5']);
	});

	it('one item number carried: those past its last entry, though it stands twice side by side before', async () => {
		const p = provider([skus('A', 'A', 'X', 'A', 'Y'), page2], 10);
		expect(values(await p.search('2/5~["A",100]'))).toEqual(['Y', 'B-1', 'B-2', 'B-3', 'B-4', 'B-5']);
	});

	it('the page before is read once, for the first page only', async () => {
		const p = provider([skus('A-1', 'A-2', 'A-3', 'A-4', 'A-5'), page2, skus('C-1', 'C-2', 'C-3', 'C-4', 'C-5')], 15);
		expect(values(await p.search('2/5~["A-4","A-5",100]'))).toEqual([...page2, ...skus('C-1', 'C-2', 'C-3', 'C-4', 'C-5')].map((r) => r.ItemNo));
		expect(p.pagesAsked()).toEqual([2, 1, 3]);
	});

	it('a token for the first page asks for no page before it', async () => {
		const p = provider([skus('A-1', 'A-2', 'A-3', 'A-4', 'A-5')], 5);
		expect(values(await p.search('1/5~["P","Q",100]'))).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
		expect(p.pagesAsked()).toEqual([1]);
	});
});
