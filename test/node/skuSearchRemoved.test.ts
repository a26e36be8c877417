// The Item Number picker (methods/listSearch.ts searchSkus) scrolled while SKUs are taken out of Get Sellable's list
// (retired, or no longer listed) between two scroll calls, against a provider on 127.0.0.1. Bug hunt 31: a SKU taken
// out before the scroll's place shifts the list back by one, and the SKU that moved from the start of the next page
// onto the page already read was never listed. The pagination token carries the total the provider told; a scroll
// call whose first page tells a smaller one reads the page before once more and lists the entries that moved back
// onto it, past the token's item numbers. An unchanged total costs no request more.
import type { IDataObject } from 'n8n-workflow';

import { SKU_PAGE_SIZE, SKU_PAGES_PER_SEARCH } from '../../nodes/WineFulfillment/methods/listSearch';
import { answer, provider } from '../harness/answeringProvider';
import { sandboxCredential } from '../harness/harness';
import { searchSkus } from '../harness/listSearch';
import { CREDENTIAL_ID } from '../harness/workflows';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const number = (i: number) => `WINE-${String(i).padStart(4, '0')}`;
/** SKUs WINE-0000 on, every 100th a Cabernet. */
const skus = (count: number): IDataObject[] =>
	Array.from({ length: count }, (_, k) => ({ ItemNo: number(k), ItemDescription: k % 100 === 0 ? 'Cabernet 750 ml' : 'Merlot 750 ml' }));
const numbers = (records: IDataObject[]) => records.map((r) => String(r.ItemNo));

/**
 * A provider paging `held` SKUs by PageNumber/PageSize with their total; `scroll` lists them as n8n's editor does
 * (each answer appended), calling `change` on the SKUs held after the first answer, before the user scrolls on.
 */
async function sellable(count: number) {
	let held = skus(count);
	server = await provider((_n, body) => {
		const size = Number(body.PageSize);
		const start = (Number(body.PageNumber) - 1) * size;
		return answer({ Items: held.slice(start, start + size), TotalRecordCount: held.length });
	});
	const s = server;
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(s.baseUrl) };
	return {
		held: () => held,
		scroll: async (change: (records: IDataObject[]) => IDataObject[], filter?: string) => {
			const first = await searchSkus(credentials, filter);
			const shown = first.results.map((r) => String(r.value));
			expect(first.paginationToken).toBeDefined();
			held = change(held);
			let token = first.paginationToken;
			let calls = 1;
			for (; token !== undefined && calls < 20; calls++) {
				const next = await searchSkus(credentials, filter, token);
				shown.push(...next.results.map((r) => String(r.value)));
				token = next.paginationToken;
			}
			return { shown, ended: token === undefined, first };
		},
		search: async (token: string, filter?: string) => await searchSkus(credentials, filter, token),
		pagesAsked: () => s.requests.map((r) => (JSON.parse(r.body) as IDataObject).PageNumber).filter((p) => p !== undefined),
	};
}

const twice = (shown: string[]) => shown.filter((n, i) => shown.indexOf(n) !== i);
const without = (...gone: string[]) => (records: IDataObject[]) => records.filter((r) => !gone.includes(String(r.ItemNo)));

describe('Item Number picker: SKUs taken out of the list between two scroll calls', () => {
	// What the user saw: scrolling the picker (no search text) while a SKU on the part of the list already shown is
	// retired: the first SKU of the next page (WINE-0500 here) moved back onto page 1, which the next call does not read,
	// and it never appeared in the list. Every SKU still listed by the provider appears in the scrolled list, once.
	it('every SKU still listed appears once in the scrolled list', async () => {
		const p = await sellable(2 * SKU_PAGE_SIZE);
		// WINE-0010, already shown, is retired before the user scrolls on
		const { shown, ended } = await p.scroll(without('WINE-0010'));
		expect(ended).toBe(true);
		expect(twice(shown)).toEqual([]);
		expect(numbers(p.held()).filter((n) => !shown.includes(n))).toEqual([]);
	});

	// the token carries the total as the first call read it: 1000
	it('the token carries the total told after the item numbers', async () => {
		const p = await sellable(2 * SKU_PAGE_SIZE);
		const { first } = await p.scroll((held) => held);
		expect(first.paginationToken).toBe(`2~${JSON.stringify([number(SKU_PAGE_SIZE - 2), number(SKU_PAGE_SIZE - 1), 2 * SKU_PAGE_SIZE])}`);
	});

	// the item numbers the token carries themselves taken out: the entries past the one left moved back
	it.each([
		['the one before the last read', SKU_PAGE_SIZE - 2],
		['the last read', SKU_PAGE_SIZE - 1],
		['two before the scroll place', 3],
	])('%s taken out: every SKU still listed appears once, the page before read once more', async (_what, at) => {
		const p = await sellable(2 * SKU_PAGE_SIZE + 100);
		const gone = at === 3 ? [number(3), number(4)] : [number(at)];
		const { shown, ended } = await p.scroll(without(...gone));
		expect(ended).toBe(true);
		expect(twice(shown)).toEqual([]);
		expect(shown).toEqual([...numbers(skus(SKU_PAGE_SIZE)), ...numbers(p.held()).slice(SKU_PAGE_SIZE - gone.length)]);
		// page 2 told the smaller total: page 1 once more; page 3 told the same total as page 2: no page more
		expect(p.pagesAsked()).toEqual([1, 2, 1, 3]);
	});

	it('searching text: the match that moved back onto the page read is listed, as matches are', async () => {
		const p = await sellable((SKU_PAGES_PER_SEARCH + 2) * SKU_PAGE_SIZE);
		const { shown, ended, first } = await p.scroll(without('WINE-0010'), 'cabernet');
		// the first answer read its page budget: WINE-2000, the first SKU of the next page, moves back onto the last page read
		expect(first.paginationToken).toMatch(new RegExp(`^${SKU_PAGES_PER_SEARCH + 1}~`));
		expect(ended).toBe(true);
		expect(shown).toEqual(numbers(skus((SKU_PAGES_PER_SEARCH + 2) * SKU_PAGE_SIZE)).filter((n) => n.endsWith('00')));
	});

	it('the total unchanged: no request more than the pages (a SKU taken out is not looked for)', async () => {
		const p = await sellable(3 * SKU_PAGE_SIZE - 100);
		const { shown, ended } = await p.scroll((held) => held);
		expect(ended).toBe(true);
		expect(shown).toEqual(numbers(p.held()));
		expect(p.pagesAsked()).toEqual([1, 2, 3]);
	});

	// the list does not move back before the scroll's place: the page before, read once more, ends with the token's
	// item numbers, and lists nothing
	it('a SKU after the scroll place taken out: the total is smaller, no SKU is listed twice, none is lost', async () => {
		const p = await sellable(3 * SKU_PAGE_SIZE - 100);
		// WINE-0700, on page 2 (not read yet), is retired before the user scrolls on
		const { shown, ended } = await p.scroll(without('WINE-0700'));
		expect(ended).toBe(true);
		expect(twice(shown)).toEqual([]);
		expect(shown).toEqual(numbers(p.held()));
		// page 2 told the smaller total: page 1 once more; page 3 told the same total as page 2: no page more
		expect(p.pagesAsked()).toEqual([1, 2, 1, 3]);
	});

	// the page before no longer holds the token's item numbers: the SKUs it moved past them are lost, none is listed twice
	it('the list moved back by more than a page: nothing of the page before is listed again', async () => {
		const p = await sellable(4 * SKU_PAGE_SIZE);
		const gone = numbers(skus(SKU_PAGE_SIZE + 10)).slice(5);
		const { shown, ended } = await p.scroll(without(...gone));
		expect(ended).toBe(true);
		expect(twice(shown)).toEqual([]);
		// the SKUs that moved from page 2 onto page 1 (WINE-0510 to WINE-1004): not listed
		expect(numbers(p.held()).filter((n) => !shown.includes(n))).toEqual(numbers(skus(2 * SKU_PAGE_SIZE + 5)).slice(SKU_PAGE_SIZE + 10));
		expect(p.pagesAsked()).toEqual([1, 2, 1, 3]);
	});

	// a part after "~" that is not one or two item numbers then a count carries none: no total, so no page before, and
	// nothing skipped
	it.each(['["WINE-0498","WINE-0499",-1]', '["WINE-0498","WINE-0499",1.5]', '["WINE-0498",1000,"WINE-0499"]', '[1000]', '["A","B","WINE-0499",1000]', '["WINE-0499","1000"]'])(
		'a token whose part after "~" is %s carries no total nor item numbers',
		async (part) => {
			const p = await sellable(2 * SKU_PAGE_SIZE - 100);
			const found = await p.search(`2~${part}`);
			expect([found.results.length, found.results[0]?.value]).toEqual([SKU_PAGE_SIZE - 100, number(SKU_PAGE_SIZE)]);
			expect(p.pagesAsked()).toEqual([2]);
		},
	);

	it('a total in the token larger than told reads the page before once; one as large or smaller reads none', async () => {
		const p = await sellable(2 * SKU_PAGE_SIZE - 100);
		const read = [number(SKU_PAGE_SIZE - 2), number(SKU_PAGE_SIZE - 1)];
		for (const total of [2 * SKU_PAGE_SIZE - 100, 10]) {
			expect((await p.search(`2~${JSON.stringify([...read, total])}`)).results).toHaveLength(SKU_PAGE_SIZE - 100);
		}
		expect(p.pagesAsked()).toEqual([2, 2]);
		expect((await p.search(`2~${JSON.stringify([...read, 2 * SKU_PAGE_SIZE])}`)).results).toHaveLength(SKU_PAGE_SIZE - 100);
		expect(p.pagesAsked()).toEqual([2, 2, 2, 1]);
	});
});
