// The editor's lookups (methods/) as n8n's editor calls them, on what the hunt found: the Item Number picker over more
// SKUs than one search reads, a provider that pages by its own smaller size, a null entry among the SKUs, search text
// in another Unicode form or without its accents, and a credential Test answered 200 with an authentication failure.
import { NodeApiError } from 'n8n-workflow';

import { SLOW_SEARCH_TIP } from '../../nodes/WineFulfillment/methods/itemNumber';
import { SKU_PAGE_SIZE, SKU_PAGES_PER_SEARCH, SKU_SEARCH_BUDGET_MS } from '../../nodes/WineFulfillment/methods/listSearch';
import { testCredential } from '../harness/credentialTest';
import { ACTION_TYPE, NodeTypes, sandboxCredential } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { searchSkus } from '../harness/listSearch';
import { itemDescription, itemNo } from '../sandbox/seed';

/** More SKUs than SKU_PAGES_PER_SEARCH pages hold (24 inventory records per SKU, test/sandbox/seed.ts). */
const SKUS = SKU_PAGE_SIZE * (SKU_PAGES_PER_SEARCH + 2);
const fx = useSandbox({ inventoryRecords: SKUS * 24 });
const nodeTypes = new NodeTypes();

/** The picker's search as the editor calls it (version 2 node). */
const search = (filter?: string, token?: string | number) => searchSkus(fx.credential(), filter, token);

/** Every call the editor makes while the list is scrolled to its end. */
async function scrollToEnd(filter?: string) {
	const values: string[] = [];
	let token: string | number | undefined;
	let calls = 0;
	do {
		const page = await search(filter, token);
		calls++;
		values.push(...page.results.map((r) => String(r.value)));
		token = page.paginationToken;
	} while (token);
	return { values, calls };
}

const label = (i: number) => `${itemNo(i)} (${itemDescription(i)})`;

describe('Item Number picker: a search never answers "No results" while SKUs are left unread', () => {
	it('finds a SKU far beyond the pages one search reads, by part of its item number, on the first call', async () => {
		const last = SKUS - 1;
		// part of the number only: no SKU has it as its whole item number
		const typed = itemNo(last).slice(-5);
		const first = await search(typed);
		expect(first.results).toEqual([{ name: label(last), value: itemNo(last) }]);
		expect(first.paginationToken).toBeUndefined();
	});

	it('finds a whole item number with one request first, however far into the list, whatever its case', async () => {
		const last = SKUS - 1;
		const first = await search(` ${itemNo(last).toLowerCase()} `);
		expect(first.results[0]).toEqual({ name: label(last), value: itemNo(last) });
		const [probe] = await fx.control.requests('GetSellable');
		expect(probe.body).toEqual({ IncludeUnavailableItems: true, ItemNumbers: [itemNo(last).toLowerCase(), itemNo(last)] });
		// listed once, though the pages it went on to read could list it again
		expect(first.results.filter((r) => r.value === itemNo(last))).toHaveLength(1);
	});

	it(`fails with a message saying how far it searched and what to do when ${SKU_SEARCH_BUDGET_MS / 1000} s of reading find nothing`, async () => {
		// every page takes a quarter of the budget: the search stops after about four, with pages left
		await fx.control.fault({ kind: 'latency', path: 'GetSellable', ms: SKU_SEARCH_BUDGET_MS / 4 });
		const error = await search('no-such-wine').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		const { message, description } = error as NodeApiError;
		const pages = (await fx.control.requests('GetSellable')).filter((r) => r.body.PageNumber !== undefined);
		expect(pages.length).toBeLessThan(SKUS / SKU_PAGE_SIZE);
		const searched = (pages.length * SKU_PAGE_SIZE).toLocaleString('en-US');
		expect(message).toBe(`No SKU matches "no-such-wine" among the first ${searched} of the account's ${SKUS.toLocaleString('en-US')} SKUs`);
		expect(description).toContain('type the whole item number');
		expect(description).toContain('By ID');
	}, 60_000);
});

describe('Item Number picker: while a search loads', () => {
	it('shows n8n 2.x\'s slow-load tip after 3 s: a whole item number is found at once, or By ID', () => {
		const property = nodeTypes.getByNameAndVersion(ACTION_TYPE).description.properties.find((p) => p.name === 'itemNo' && p.type === 'resourceLocator');
		expect(property?.modes?.[0].typeOptions?.slowLoadNotice).toEqual({ message: SLOW_SEARCH_TIP, timeout: 3_000 });
	});
});

describe('Item Number picker: a provider that pages by a smaller size than asked', () => {
	it('lists every SKU once when scrolled to the end, asking by the size the provider showed', async () => {
		await fx.control.call('POST', 'inventory-quirks', { sellableMaxPageSize: 100 });
		const { values } = await scrollToEnd();
		expect(values).toEqual(Array.from({ length: SKUS }, (_, i) => itemNo(i)));
		const sent = await fx.control.requests('GetSellable');
		expect(sent[0].body.PageSize).toBe(SKU_PAGE_SIZE);
		expect(sent.slice(1).map((r) => r.body.PageSize)).toEqual(Array<number>(sent.length - 1).fill(100));
		expect(sent.map((r) => r.body.PageNumber)).toEqual(Array.from({ length: SKUS / 100 }, (_, i) => i + 1));
	});
});

describe('Item Number picker: what the provider lists', () => {
	it('skips a null entry and what is not a record among the SKUs, and lists the rest', async () => {
		await fx.control.fault({
			kind: 'rewrite',
			path: 'GetSellable',
			set: { Items: [null, 'WINE-Y', [], { ItemNo: 'WINE-X', ItemDescription: 'X' }], TotalRecordCount: 4 },
		});
		expect(await search()).toEqual({ results: [{ name: 'WINE-X (X)', value: 'WINE-X' }] });
	});

	it.each([
		['rosé typed composed, the description decomposed', 'ros\u00e9', 'PNK-24', 'Ros\u0065\u0301 2024 750ml'],
		['rose typed without its accent', 'rose', 'PNK-24', 'Ros\u00e9 2024 750ml'],
		['ROSÉ typed in capitals', 'ROS\u00c9', 'PNK-24', 'Ros\u0065\u0301 2024 750ml'],
		['an item number with an accent typed without it', 'rose-24', 'ROS\u00c9-24', 'Sparkling'],
		['an item number typed exactly', 'ROS\u00c9-24', 'ROS\u00c9-24', 'Sparkling'],
	])('matches %s', async (_case, typed, number, description) => {
		await fx.control.fault({
			kind: 'rewrite',
			path: 'GetSellable',
			set: { Items: [{ ItemNo: number, ItemDescription: description }, { ItemNo: 'CAB-1', ItemDescription: 'Cabernet' }], TotalRecordCount: 2 },
		});
		const found = await search(typed);
		expect(found.results.map((r) => r.value)).toEqual([number]);
	});
});

describe('credential Test: a 200 answer', () => {
	it('fails when the answer holds no records and a message that authentication failed', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetStatus',
			body: { Message: 'Authentication failed: invalid UserKey', TotalRecordCount: 0, WarehouseInventoryStatuses: null },
		});
		const result = await testCredential('wineFulfillmentApi', sandboxCredential(fx.sandbox.baseUrl));
		expect(result.status).toBe('Error');
		expect(result.message).toContain('The credentials were refused');
		expect(result.message).toContain('Authentication failed: invalid UserKey');
	});

	it.each([
		['an empty list and no message', { TotalRecordCount: 0, WarehouseInventoryStatuses: [] }],
		['a null list and a message that there is nothing', { Message: 'No records found', TotalRecordCount: 0, WarehouseInventoryStatuses: null }],
	])('passes for an account with no inventory: %s', async (_case, body) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body });
		const result = await testCredential('wineFulfillmentApi', sandboxCredential(fx.sandbox.baseUrl));
		expect(result.status).toBe('OK');
	});
});
