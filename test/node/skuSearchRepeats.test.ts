// The Item Number picker (methods/listSearch.ts) scrolled to its end, as n8n's editor does (it appends each answer to
// the list it shows), against a provider on 127.0.0.1 whose Get Sellable pages repeat: one that answers every page with
// its first (it ignores PageNumber), and SKU records that come again on the next call's page. Bug hunt: the same SKU
// was listed twice, and scrolling went on for ever. The pagination token carries the last two item numbers of the page a
// call read last; the next call skips the entries a shift moved onto its page (its first entry the last of the two, or
// the two side by side further on), lists the last again nowhere, and ends at a page that ends with the two.
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
	it.each([1, 3])('%i SKU(s) added at the front between two calls: the SKUs moved from the end of page 1 onto page 2 are not listed again', async (added) => {
		let held = skus(2 * SKU_PAGE_SIZE + 200);
		const original = numbers(held);
		let calls = 0;
		const p = await sellable((body) => {
			// the scroll's first call has read page 1: SKUs are added at the front
			if (Number(body.PageNumber) === 2 && calls++ === 0) {
				held = [...Array.from({ length: added }, (_, k) => ({ ItemNo: `WINE-NEW${k}`, ItemDescription: 'New' })), ...held];
			}
			return paged(() => held)(body);
		});
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown.filter((value) => !value.startsWith('WINE-NEW'))).toEqual(original);
	});

	// bug hunt 27: the second entry, 200 SKUs into page 2, was taken for the SKU page 1 ended with pushed over, and the 200 were skipped
	it('one item number in two entries that are not side by side (the last of page 1, far into page 2): scrolled to its end, lists every SKU once', async () => {
		const x = 'CAB-2019';
		const held: IDataObject[] = [
			...skus(SKU_PAGE_SIZE - 1),
			{ ItemNo: x, ItemDescription: 'Cabernet 750 ml', ItemUnit: 'BOTTLE' },
			...skus(200, SKU_PAGE_SIZE),
			{ ItemNo: x, ItemDescription: 'Cabernet 750 ml (case of 12)', ItemUnit: 'CASE' },
			...skus(100, SKU_PAGE_SIZE + 200),
		];
		const p = await sellable(paged(() => held));
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual([...numbers(skus(SKU_PAGE_SIZE - 1)), x, ...numbers(skus(300, SKU_PAGE_SIZE))]);
	});

	it('one item number in two entries, the last of page 1 and the last of page 2: the scroll goes on past page 2', async () => {
		const x = 'CAB-2019';
		const held: IDataObject[] = [
			...skus(SKU_PAGE_SIZE - 1),
			{ ItemNo: x, ItemDescription: 'Cabernet 750 ml', ItemUnit: 'BOTTLE' },
			...skus(SKU_PAGE_SIZE - 1, SKU_PAGE_SIZE),
			{ ItemNo: x, ItemDescription: 'Cabernet 750 ml (case of 12)', ItemUnit: 'CASE' },
			...skus(100, 2 * SKU_PAGE_SIZE),
		];
		const p = await sellable(paged(() => held));
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual([...numbers(skus(SKU_PAGE_SIZE - 1)), x, ...numbers(skus(SKU_PAGE_SIZE - 1, SKU_PAGE_SIZE)), ...numbers(skus(100, 2 * SKU_PAGE_SIZE))]);
		expect(p.pagesAsked()).toEqual([1, 2, 3]);
	});

	it('one item number in two entries, the last of page 1 and the first of page 2: listed once', async () => {
		const held = [...skus(SKU_PAGE_SIZE), { ItemNo: number(SKU_PAGE_SIZE - 1), ItemDescription: 'Merlot 750 ml' }, ...skus(100, SKU_PAGE_SIZE)];
		const p = await sellable(paged(() => held));
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual(numbers(skus(SKU_PAGE_SIZE + 100)));
	});
});

describe('Item Number picker: the item numbers the pagination token carries', () => {
	const paged = (held: IDataObject[]) => (body: IDataObject) => {
		const size = Number(body.PageSize);
		const start = (Number(body.PageNumber) - 1) * size;
		return { Items: held.slice(start, start + size), TotalRecordCount: held.length };
	};
	/** The token for page `page` carrying `read` (the last item numbers of the page read before). */
	const token = (page: number, ...read: string[]) => `${page}~${JSON.stringify(read)}`;
	/** The token a search hands back: `read`, then the total the provider told. */
	const handed = (page: number, total: number, ...read: string[]) => `${page}~${JSON.stringify([...read, total])}`;

	it('are the last two of the page read, as JSON after the first "~", whatever they hold ("~", "/", "w:", quotes), and list a SKU sent at the end of one page and the start of the next once', async () => {
		const odd = { ItemNo: 'w:2~["A/3~"]', ItemDescription: 'Merlot 750 ml' };
		const held = [...skus(SKU_PAGE_SIZE - 1), odd, odd, ...skus(100, SKU_PAGE_SIZE)];
		const p = await sellable(paged(held));
		expect((await p.search()).paginationToken).toBe(`2~["${number(SKU_PAGE_SIZE - 2)}","w:2~[\\"A/3~\\"]",${held.length}]`);
		const { shown, ended } = await p.scroll();
		expect(ended).toBe(true);
		expect(shown).toEqual([...numbers(skus(SKU_PAGE_SIZE - 1)), odd.ItemNo, ...numbers(skus(100, SKU_PAGE_SIZE))]);
	});

	it('on no entry of the page read skip none of it; the last two of the page read end the list, one of them alone does not', async () => {
		const p = await sellable(paged(skus(2 * SKU_PAGE_SIZE + 10)));
		const page2 = numbers(skus(SKU_PAGE_SIZE, SKU_PAGE_SIZE));
		for (const elsewhere of [await p.search(undefined, token(2, number(7))), await p.search(undefined, token(2, number(6), number(7)))]) {
			expect(elsewhere.results.map((r) => r.value)).toEqual(page2);
			expect(elsewhere.paginationToken).toBe(handed(3, 2 * SKU_PAGE_SIZE + 10, number(2 * SKU_PAGE_SIZE - 2), number(2 * SKU_PAGE_SIZE - 1)));
		}
		expect(await p.search(undefined, token(2, number(2 * SKU_PAGE_SIZE - 2), number(2 * SKU_PAGE_SIZE - 1)))).toEqual({ results: [] });
		expect(await p.search(undefined, token(2, number(2 * SKU_PAGE_SIZE - 1)))).toEqual({ results: [] });
		// the page ends with the last, not after the one before it: another entry of that item number, not the page read;
		// nothing moved, so none is skipped, and the last (read) is not listed again
		const distant = await p.search(undefined, token(2, number(SKU_PAGE_SIZE), number(2 * SKU_PAGE_SIZE - 1)));
		expect(distant.results.map((r) => r.value)).toEqual(page2.slice(0, -1));
		expect(distant.paginationToken).toBe(handed(3, 2 * SKU_PAGE_SIZE + 10, number(2 * SKU_PAGE_SIZE - 2), number(2 * SKU_PAGE_SIZE - 1)));
	});

	it('side by side further into the page: the entries up to them moved there (a shift), and are skipped; the first entry alone: a shift by one', async () => {
		const p = await sellable(paged(skus(2 * SKU_PAGE_SIZE + 10)));
		const shifted = await p.search('cabernet', token(2, number(SKU_PAGE_SIZE + 99), number(SKU_PAGE_SIZE + 100)));
		expect(shifted.results.map((r) => r.value)).toEqual([number(SKU_PAGE_SIZE + 200), number(SKU_PAGE_SIZE + 300), number(SKU_PAGE_SIZE + 400), number(2 * SKU_PAGE_SIZE)]);
		const byOne = await p.search('cabernet', token(2, number(SKU_PAGE_SIZE - 1), number(SKU_PAGE_SIZE)));
		expect(byOne.results.map((r) => r.value)).toEqual([number(SKU_PAGE_SIZE + 100), number(SKU_PAGE_SIZE + 200), number(SKU_PAGE_SIZE + 300), number(SKU_PAGE_SIZE + 400), number(2 * SKU_PAGE_SIZE)]);
	});

	it('a part after "~" that is no JSON list of one or two item numbers carries none: nothing is skipped', async () => {
		const p = await sellable(paged(skus(2 * SKU_PAGE_SIZE + 10)));
		const first = number(SKU_PAGE_SIZE);
		for (const read of [first, `"${first}"`, `["${first}"`, '[]', '[500]', '[""]', `["${first}","${first}","${first}"]`, `{"0":"${first}"}`]) {
			const found = await p.search(undefined, `2~${read}`);
			expect([read, found.results.length, found.results[0]?.value]).toEqual([read, SKU_PAGE_SIZE, first]);
		}
	});
});
