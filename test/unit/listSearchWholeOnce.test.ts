// The Item Number picker lists the SKU whose whole item number was typed once: the first answer lists it (looked up
// directly) and its pagination token says so, so scrolling on does not list it again where its page comes (bug hunt
// 12: n8n's editor adds each scrolled answer to its list, and it showed twice).
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { SKU_PAGE_SIZE } from '../../nodes/WineFulfillment/methods/listSearch';
import { searchSkus } from '../../nodes/WineFulfillment/methods/listSearch';
import { fakeContext } from '../unit/fakeContext';

/** 6 pages of 500 SKUs: 20 Cabernets on page 1, the SKU whose item number is exactly "CAB" on page 6. */
function catalogue(): IDataObject[][] {
	const pages: IDataObject[][] = Array.from({ length: 6 }, (_, p) =>
		Array.from({ length: SKU_PAGE_SIZE }, (_, i) => ({ ItemNo: `MER-${p}-${i}`, ItemDescription: 'Merlot 750 ml' })),
	);
	for (let i = 0; i < 20; i++) pages[0][i] = { ItemNo: `CS-${i}`, ItemDescription: `Cabernet Sauvignon ${2000 + i}` };
	pages[5][250] = { ItemNo: 'CAB', ItemDescription: 'Cabernet house blend' };
	return pages;
}

/** `refusesFilter`: a provider that answers a lookup by item number 400, leaving the whole number to the pages. */
function provider(refusesFilter = false) {
	const pages = catalogue();
	const total = pages.flat().length;
	return fakeContext((request) => {
		const body = request.body as IDataObject;
		const numbers = body.ItemNumbers;
		if (Array.isArray(numbers)) {
			if (refusesFilter) return { statusCode: 400, body: { Message: 'ItemNumbers is not supported' } };
			return { body: { Items: pages.flat().filter((r) => (numbers as unknown[]).includes(r.ItemNo)), TotalRecordCount: 1 } };
		}
		const page = Number(body.PageNumber);
		return { body: { Items: pages[page - 1] ?? [], TotalRecordCount: total } };
	});
}

it.each([
	['looked up directly, listed first', false],
	['the lookup refused: listed where its page comes', true],
])('lists the SKU whose whole item number was typed once, however far the list is scrolled (%s)', async (_case, refusesFilter) => {
	const c = provider(refusesFilter);
	const search = async (token?: string) => await searchSkus.call(c.ctx as unknown as ILoadOptionsFunctions, 'CAB', token);
	// what n8n's editor shows: the first answer, then each answer asked for while the list is scrolled to its end
	const shown: string[] = [];
	let token: string | undefined;
	let calls = 0;
	do {
		const answer = await search(token);
		shown.push(...answer.results.map((r) => String(r.value)));
		token = answer.paginationToken === undefined ? undefined : String(answer.paginationToken);
		calls++;
	} while (token && calls < 10);
	if (!refusesFilter) expect(shown[0]).toBe('CAB');
	expect(shown.filter((value) => value === 'CAB')).toHaveLength(1);
	expect(new Set(shown).size).toBe(shown.length);
});
