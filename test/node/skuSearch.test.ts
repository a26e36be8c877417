// The Item Number picker's listSearch (methods/listSearch.ts), called as n8n's editor calls it: a LoadOptionsContext
// for the node, the real credential type, against the sandbox.
import { NodeApiError, type INodeListSearchResult } from 'n8n-workflow';

import { methods } from '../../nodes/WineFulfillment/methods';
import { SKU_PAGE_SIZE, SKU_PAGES_PER_SEARCH, SKU_RESULTS_WANTED } from '../../nodes/WineFulfillment/methods/listSearch';
import { ACTION_TYPE, NodeTypes } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { searchSkus } from '../harness/listSearch';
import { itemDescription, itemNo } from '../sandbox/seed';

/** 24 inventory records per item (test/sandbox/seed.ts): this many SKUs fill more pages than one search reads. */
const SKUS = SKU_PAGE_SIZE * SKU_PAGES_PER_SEARCH + 300;
const fx = useSandbox({ inventoryRecords: SKUS * 24 });

const nodeTypes = new NodeTypes();

/** The picker's search as the editor calls it (version 1 node). */
const search = (filter?: string, token?: string, overrides = {}) => searchSkus(fx.credential(overrides), filter, token, 1);

describe('Item Number picker: listSearch searchSkus', () => {
	it('is registered on the node under the name the Item Number locators call', () => {
		expect(nodeTypes.getByNameAndVersion(ACTION_TYPE).methods?.listSearch?.searchSkus).toBe(methods.listSearch.searchSkus);
	});

	it('lists the SKUs by item number with the description beside it, pages on with the token, each SKU once', async () => {
		const first = await search();
		expect(first.results[0]).toEqual({ name: `${itemNo(0)} (${itemDescription(0)})`, value: itemNo(0) });
		expect(first.paginationToken).toBe(`2~${JSON.stringify([itemNo(SKU_PAGE_SIZE - 2), itemNo(SKU_PAGE_SIZE - 1), SKUS])}`);
		const seen = [...first.results];
		let token = first.paginationToken;
		while (token) {
			const next = await search(undefined, String(token));
			seen.push(...next.results);
			token = next.paginationToken;
		}
		const values = seen.map((r) => r.value);
		expect(values).toEqual(Array.from({ length: SKUS }, (_, i) => itemNo(i)));
		const sent = await fx.control.requests('GetSellable');
		expect(sent.map((r) => r.body)).toEqual(
			Array.from({ length: Math.ceil(SKUS / SKU_PAGE_SIZE) }, (_, i) => ({
				IncludeUnavailableItems: true,
				PageNumber: i + 1,
				PageSize: SKU_PAGE_SIZE,
			})),
		);
		expect(sent.every((r) => r.authShape === 'Authentication' && r.status === 200)).toBe(true);
	});

	it('keeps the SKUs whose number or description holds the search text, in any case', async () => {
		const wanted = Array.from({ length: SKUS }, (_, i) => i).filter((i) => itemDescription(i).startsWith('Riesling '));
		const found: string[] = [];
		let token: string | number | undefined;
		do {
			const page = await search('rIESLING', token === undefined ? undefined : String(token));
			found.push(...page.results.map((r) => String(r.value)));
			token = page.paginationToken;
		} while (token);
		expect(wanted.length).toBeGreaterThan(SKU_RESULTS_WANTED);
		expect(found).toEqual(wanted.map(itemNo));
	});

	it('finds a whole item number by number first, then reads at most its page budget for other matches, and hands back where to go on', async () => {
		const target = itemNo(SKUS - 1);
		const first = await search(target.toLowerCase());
		expect(first).toEqual({ results: [{ name: `${target} (${itemDescription(SKUS - 1)})`, value: target }], paginationToken: `w:${SKU_PAGES_PER_SEARCH + 1}~${JSON.stringify([itemNo(SKU_PAGES_PER_SEARCH * SKU_PAGE_SIZE - 2), itemNo(SKU_PAGES_PER_SEARCH * SKU_PAGE_SIZE - 1), SKUS])}` });
		const sent = await fx.control.requests('GetSellable');
		expect(sent.map((r) => r.body.PageNumber)).toEqual([undefined, ...Array.from({ length: SKU_PAGES_PER_SEARCH }, (_, i) => i + 1)]);
		const last = await search(target, first.paginationToken as string);
		// listed by the first answer: not again where its page comes (n8n's editor adds each answer to its list)
		expect(last).toEqual({ results: [] });
	});

	it('says what to fix when the credential is refused, without the secrets', async () => {
		const error = await search('x', undefined, { accessToken: 'wrong-token-123' }).catch((e: Error) => e);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/401|credential|refused|authori[sz]/i);
		expect(JSON.stringify(error)).not.toContain('wrong-token-123');
	});
});

describe('Item Number picker: answers the editor within seconds when the provider is busy or failing', () => {
	/** The search's outcome (its error when it fails), how long it took, and the Get Sellable answers it got. */
	async function timedSearch(filter: string) {
		const started = Date.now();
		const outcome = await search(filter).catch((e: unknown) => e);
		return { outcome, ms: Date.now() - started, statuses: (await fx.control.requests('GetSellable')).map((r) => r.status) };
	}

	it('fails at once on a 429 whose Retry-After is beyond its budget, saying when to try again (a run would wait it out)', async () => {
		await fx.control.fault({ kind: 'status', status: 429, path: 'GetSellable', retryAfter: '20', count: 1 });
		const { outcome, ms, statuses } = await timedSearch('cab');
		expect(outcome).toBeInstanceOf(NodeApiError);
		const error = outcome as NodeApiError;
		// what the picker shows: "429 - <message>", the description below it
		expect([error.httpCode, error.message]).toEqual(['429', 'The provider is rate limiting requests; try the search again in 20 s']);
		expect(error.description).toContain('enter the item number with By ID');
		expect(ms).toBeLessThan(3_000);
		expect(statuses).toEqual([429]);
	});

	it('says to try again in a few seconds when the 429s give no Retry-After, after two short backoffs', async () => {
		await fx.control.fault({ kind: 'status', status: 429, path: 'GetSellable' });
		const { outcome, ms, statuses } = await timedSearch('cab');
		expect(outcome).toBeInstanceOf(NodeApiError);
		const error = outcome as NodeApiError;
		expect([error.httpCode, error.message]).toEqual(['429', 'The provider is rate limiting requests; try the search again in a few seconds']);
		expect(statuses).toEqual([429, 429, 429]);
		expect(ms).toBeLessThan(3_000);
	});

	it('waits out a short Retry-After within its budget and then answers', async () => {
		await fx.control.fault({ kind: 'status', status: 429, path: 'GetSellable', retryAfter: '1', count: 1 });
		const { outcome, statuses } = await timedSearch(itemNo(0));
		expect((outcome as INodeListSearchResult).results[0]?.value).toBe(itemNo(0));
		// the item number asked for by number (after the wait), then the whole page budget for other matches
		expect(statuses).toEqual([429, 200, ...Array<number>(SKU_PAGES_PER_SEARCH).fill(200)]);
	});

	it('gives up after one resend when the provider keeps failing (500), instead of 8 backoffs (~36 s)', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path: 'GetSellable', body: { Message: 'Internal error' } });
		const { outcome, ms, statuses } = await timedSearch('cab');
		expect((outcome as Error).message).toBe('The provider had an internal error (500)');
		expect(statuses).toEqual([500, 500]);
		expect(ms).toBeLessThan(3_000);
	});

	it('gives up after one resend when the answer is not JSON (cut short), instead of ~30 s of retries', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetSellable', body: '{"Items": [{"ItemNo": "WINE-', as: 'text' });
		const { outcome, ms, statuses } = await timedSearch('cab');
		expect((outcome as Error).message).toBe('The provider answered with a body that is not valid JSON');
		expect(statuses).toEqual([200, 200]);
		expect(ms).toBeLessThan(3_000);
	});
});

describe('Item Number picker: a 200 that holds no list of SKUs fails the search as it fails a run (not "No results")', () => {
	it.each([
		['an object of a gateway in maintenance', { status: 'ok', message: 'Service temporarily unavailable' }, 'Service temporarily unavailable'],
		['the list under another name', { TotalRecordCount: 2, Skus: [{ ItemNo: 'CAB-1' }] }, 'Skus'],
		['a list instead of the page', [{ ItemNo: 'CAB-1' }], 'with a list instead of its records'],
	])('%s', async (_case, body, named) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetSellable', body });
		for (const filter of [undefined, 'cab']) {
			const outcome = await search(filter).catch((error: unknown) => error);
			expect(outcome).toBeInstanceOf(NodeApiError);
			expect((outcome as NodeApiError).message).toContain('The provider answered a page');
			expect((outcome as NodeApiError).message).toContain(named);
			expect((outcome as NodeApiError).description).toContain('The list of SKUs was not loaded.');
		}
	});

	it('the page in camelCase (a .NET naming policy) is read as the interface spells it', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetSellable', body: { totalRecordCount: 1, items: [{ itemNo: 'CAB-1', itemDescription: 'Cabernet' }] } });
		// was: the search failed, naming totalRecordCount
		expect((await search('cab')).results.map((r) => r.value)).toEqual(['CAB-1']);
	});

	it('an answer that says there are none (TotalRecordCount 0, no list) is "No results"', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetSellable', body: { TotalRecordCount: 0, Items: null } });
		expect(await search('cab')).toEqual({ results: [] });
	});
});
