// The Item Number picker (methods/listSearch.ts) scrolled to its end, as n8n's editor does (it appends each answer to
// the list it shows), against a provider on 127.0.0.1 whose Get Sellable pages repeat: one that answers every page with
// its first (it ignores PageNumber), and SKU records that come again on the next call's page. Bug hunt: the same SKU
// was listed twice, and scrolling went on for ever. The pagination token carries the item number of the last entry a
// call read; the next call lists none of its page up to that item number, and ends at a page that ends with it.
import type { IDataObject } from 'n8n-workflow';

import { SKU_PAGE_SIZE } from '../../nodes/WineFulfillment/methods/listSearch';
import { answer, provider } from '../harness/answeringProvider';
import { sandboxCredential } from '../harness/harness';
import { scrolledList, searchSkus } from '../harness/listSearch';
import { CREDENTIAL_ID } from '../harness/workflows';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const number = (i: number) => `WINE-${String(i).padStart(4, '0')}`;
/** SKUs WINE-0000 on, every 100th a Cabernet. */
const skus = (count: number, from = 0): IDataObject[] =>
	Array.from({ length: count }, (_, k) => ({ ItemNo: number(from + k), ItemDescription: (from + k) % 100 === 0 ? 'Cabernet 750 ml' : 'Merlot 750 ml' }));
const numbers = (records: IDataObject[]) => records.map((r) => String(r.ItemNo));

/** A provider whose Get Sellable answers each page with `page(n, body)`; the pages it was asked for, in order. */
async function sellable(page: (body: IDataObject) => IDataObject) {
	server = await provider((_n, body) => answer(page(body)));
	const s = server;
	return {
		scroll: async (filter?: string, maxCalls?: number) => await scrolledList({ [CREDENTIAL_ID]: sandboxCredential(s.baseUrl) }, filter, maxCalls),
		search: async (filter?: string, token?: string) => await searchSkus({ [CREDENTIAL_ID]: sandboxCredential(s.baseUrl) }, filter, token),
		pagesAsked: () => s.requests.map((r) => (JSON.parse(r.body) as IDataObject).PageNumber).filter((p) => p !== undefined),
	};
}

describe('Item Number picker: a provider that answers every page with its first (ignores PageNumber), without a total', () => {
	const first = skus(SKU_PAGE_SIZE);

	it('scrolled to its end, lists each SKU once, and the scroll ends', async () => {
		const p = await sellable(() => ({ Items: first }));
		const { shown, calls, ended } = await p.scroll();
		expect(shown).toEqual(numbers(first));
		expect(ended).toBe(true);
		expect(calls).toBe(2);
		// the scroll's page 2 came ending with the SKU page 1 ended with: the provider does not page
		expect(p.pagesAsked()).toEqual([1, 2]);
	});

	it('searching text: reads no page past the first that repeats, lists each match once, and ends on the first answer', async () => {
		const p = await sellable(() => ({ Items: first }));
		const { shown, ended } = await p.scroll('cabernet', 3);
		expect(shown).toEqual(['WINE-0000', 'WINE-0100', 'WINE-0200', 'WINE-0300', 'WINE-0400']);
		expect(ended).toBe(true);
		expect(p.pagesAsked()).toEqual([1, 2]);
	});
});

describe('Item Number picker: a provider that answers every page with its first, with a total', () => {
	it('searching text: stops at the page that repeats (each match once, the scroll ends)', async () => {
		const first = skus(SKU_PAGE_SIZE);
		const p = await sellable(() => ({ Items: first, TotalRecordCount: 10 * SKU_PAGE_SIZE }));
		const { shown, ended } = await p.scroll('cabernet');
		expect(shown).toEqual(['WINE-0000', 'WINE-0100', 'WINE-0200', 'WINE-0300', 'WINE-0400']);
		expect(ended).toBe(true);
		expect(p.pagesAsked()).toEqual([1, 2]);
	});

	// a scroll call reads one page: the item number the call before read last, at the end of its page, tells it apart
	it('scrolled to its end without search text, lists each SKU once, and the scroll ends', async () => {
		const first = skus(SKU_PAGE_SIZE);
		const p = await sellable(() => ({ Items: first, TotalRecordCount: 3 * SKU_PAGE_SIZE }));
		const { shown, calls, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(calls).toBe(2);
		expect(shown).toEqual(numbers(first));
		expect(p.pagesAsked()).toEqual([1, 2]);
	});
});

describe('Item Number picker: SKU records that come again on the next call\'s page', () => {
	/** Pages `records()` as the provider holds them at the time of each request, with its total. */
	const paged = (records: () => IDataObject[]) => (body: IDataObject) => {
		const size = Number(body.PageSize);
		const start = (Number(body.PageNumber) - 1) * size;
		return { Items: records().slice(start, start + size), TotalRecordCount: records().length };
	};

	// a scroll call has only the token: the item number the call before read last marks the SKUs a SKU added between
	// the calls moved onto its page
	it('a SKU added at the front between two calls: the SKU moved from the end of page 1 onto page 2 is not listed again', async () => {
		let held = skus(2 * SKU_PAGE_SIZE + 200);
		const original = numbers(held);
		let calls = 0;
		const p = await sellable((body) => {
			// the scroll's first call has read page 1: a SKU is added at the front
			if (Number(body.PageNumber) === 2 && calls++ === 0) held = [{ ItemNo: 'WINE-NEW', ItemDescription: 'New' }, ...held];
			return paged(() => held)(body);
		});
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown.filter((value) => value !== 'WINE-NEW')).toEqual(original);
	});

	it('one item number in two entries, the last of page 1 and the first of page 2: listed once', async () => {
		const held = [...skus(SKU_PAGE_SIZE), { ItemNo: number(SKU_PAGE_SIZE - 1), ItemDescription: 'Merlot 750 ml' }, ...skus(100, SKU_PAGE_SIZE)];
		const p = await sellable(paged(() => held));
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual(numbers(skus(SKU_PAGE_SIZE + 100)));
	});
});

describe('Item Number picker: the item number the pagination token carries', () => {
	const paged = (held: IDataObject[]) => (body: IDataObject) => {
		const size = Number(body.PageSize);
		const start = (Number(body.PageNumber) - 1) * size;
		return { Items: held.slice(start, start + size), TotalRecordCount: held.length };
	};

	it('is read after the first "~", whatever it holds ("~", "/", "w:"), and lists a SKU sent at the end of one page and the start of the next once', async () => {
		const odd = { ItemNo: 'w:2~A/3~', ItemDescription: 'Merlot 750 ml' };
		const held = [...skus(SKU_PAGE_SIZE - 1), odd, odd, ...skus(100, SKU_PAGE_SIZE)];
		const p = await sellable(paged(held));
		expect((await p.search()).paginationToken).toBe('2~w:2~A/3~');
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual([...numbers(skus(SKU_PAGE_SIZE - 1)), 'w:2~A/3~', ...numbers(skus(100, SKU_PAGE_SIZE))]);
	});

	it('one on no entry of the page read skips none of it; one that ends the page read ends the list', async () => {
		const p = await sellable(paged(skus(2 * SKU_PAGE_SIZE + 10)));
		const elsewhere = await p.search(undefined, `2~${number(7)}`);
		expect(elsewhere.results.map((r) => r.value)).toEqual(numbers(skus(SKU_PAGE_SIZE, SKU_PAGE_SIZE)));
		expect(elsewhere.paginationToken).toBe(`3~${number(2 * SKU_PAGE_SIZE - 1)}`);
		expect(await p.search(undefined, `2~${number(2 * SKU_PAGE_SIZE - 1)}`)).toEqual({ results: [] });
		// with search text, from the entry after it
		const after = await p.search('cabernet', `2~${number(SKU_PAGE_SIZE + 100)}`);
		expect(after.results.map((r) => r.value)).toEqual([number(SKU_PAGE_SIZE + 200), number(SKU_PAGE_SIZE + 300), number(SKU_PAGE_SIZE + 400), number(2 * SKU_PAGE_SIZE)]);
	});
});
