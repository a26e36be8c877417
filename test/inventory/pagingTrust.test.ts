// Return All when the provider's pages cannot be trusted: a page repeated, records past the total, an empty page
// where the total says more, its own smaller page size, records that change between pages, a 200 without records.
// Every read either outputs each record once or fails saying why, with nothing output for the item; never for ever.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 30 });

// version 2 of the node: page size and the other settings in Options
const getStatus = (extra: IDataObject = {}) =>
	actionWorkflow(
		{ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 }, ...extra },
		{ typeVersion: 2 },
	);
const getSellable = (extra: IDataObject = {}) =>
	actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, ...extra }, { typeVersion: 2 });

const statusKey = (r: IDataObject) => `${String(r.ItemNo)}|${String(r.Warehouse)}|${String(r.InventoryStatus)}`;
const repeated = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
const shift = (input: IDataObject) => fx.control.call('POST', 'inventory-shift', input);
const NOTHING_OUTPUT = 'Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again.';

describe('Return All: a provider that does not move on', () => {
	it('the last page answered again with MoreRecords true (Skip clamped): the read stops at the repeat, saying so', async () => {
		// the last page (each page after the first asked one record early: at Skip 27, records 27 to 29)
		const last = fx.sandbox.state.inventory.slice(27, 30);
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', count: 3, set: { MoreRecords: true } });
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 3, count: 200, set: { MoreRecords: true, TotalRecordCount: 30, WarehouseInventoryStatuses: last } });
		const result = await fx.run(getStatus());
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 18, 27, 29]);
		expect(result.error?.message).toBe('The provider answered the same page twice in a row (3 records after the first 30): it does not move on to the next page');
		expect(result.error?.description).toMatch(new RegExp(`^${NOTHING_OUTPUT.replace(/[.]/g, '\\.')}`));
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('Get Sellable: the same page whatever PageNumber asks, no total: stopped at the second request', async () => {
		const page = Array.from({ length: 10 }, (_, i) => ({ ItemNo: `SKU-${i}`, SellableQuantity: 1 }));
		await fx.control.fault({ kind: 'rewrite', path: 'GetSellable', count: 100, set: { Items: page, TotalRecordCount: null } });
		const result = await fx.run(getSellable({ options: { pageSize: 10 } }));
		expect((await fx.control.requests('GetSellable')).map((r) => r.body.PageNumber)).toEqual([1, 2]);
		expect(result.error?.message).toBe('The provider answered the same page twice in a row (10 records after the first 10): it does not move on to the next page');
	});

	it('new records on every page past twice the total it reports: stopped, saying how many were read', async () => {
		// every answer says MoreRecords and a total of 5, with 10 records never seen before
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', count: 50, set: { MoreRecords: true, TotalRecordCount: 5 } });
		fx.sandbox.state.inventory.push(
			...Array.from({ length: 200 }, (_, i) => ({ ...fx.sandbox.state.inventory[0], ItemNo: `WINE-X${String(i).padStart(4, '0')}` })),
		);
		const result = await fx.run(getStatus());
		// 10 records, then 9 new a page (each page after the first asked one record early)
		expect(result.error?.message).toBe('The provider kept sending records past twice the 5 it reported (37 read)');
		expect(await fx.control.requests('GetStatus')).toHaveLength(4);
	});
});

describe('Return All: an empty page where the total says more', () => {
	it('is asked for once more, and the read goes on: every record once', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 1, count: 1, set: { WarehouseInventoryStatuses: [] } });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 9, 18, 27]);
		const keys = result.output(ACTION_NODE).map((i) => statusKey(i.json));
		expect(keys).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
	});

	it('empty twice: the read stops short, saying where, instead of returning the first 10 of 30', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 1, count: 2, set: { WarehouseInventoryStatuses: [] } });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe('The provider answered no records past the first 10 of the 30 it reported, twice');
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('MoreRecords true on every page, no total: a page holding only the record the page before ended with ends the read (MoreRecords alone is no promise of records)', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', count: 10, set: { TotalRecordCount: null, MoreRecords: true } });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => statusKey(i.json))).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 18, 27, 29]);
	});

	it('an empty page 2 with MoreRecords true but no total, where the record page 1 ended with should begin it: the list changed, read again, each record once', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', after: 1, count: 1, set: { WarehouseInventoryStatuses: [], TotalRecordCount: null, MoreRecords: true } });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => statusKey(i.json))).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 0, 9, 18, 27]);
	});
});

describe('Get Sellable: a provider with its own page size', () => {
	const fxSkus = () => new Set(fx.sandbox.state.inventory.filter((r) => r.InventoryStatus.startsWith('GOOD-')).map((r) => r.ItemNo)).size;

	it('a first page shorter than asked while the total says more: the read goes on in that size, every SKU once', async () => {
		await fx.control.call('POST', 'reset', { inventoryRecords: 600 });
		await fx.control.call('POST', 'inventory-quirks', { sellableMaxPageSize: 10 });
		const result = await fx.run(getSellable({ options: { pageSize: 25, includeUnavailableItems: true } }));
		expect(result.error).toBeUndefined();
		const skus = result.output(ACTION_NODE).map((i) => String(i.json.ItemNo));
		expect(repeated(skus)).toEqual([]);
		expect(skus).toHaveLength(fxSkus());
		const pages = (await fx.control.requests('GetSellable')).map((r) => [r.body.PageNumber, r.body.PageSize]);
		expect(pages[0]).toEqual([1, 25]);
		expect(pages.slice(1)).toEqual(Array.from({ length: Math.ceil(fxSkus() / 10) - 1 }, (_, i) => [i + 2, 10]));
	});

	it('a short page after full ones while the total says more: stopped, saying so', async () => {
		await fx.control.call('POST', 'reset', { inventoryRecords: 600 });
		await fx.control.fault({ kind: 'rewrite', path: 'GetSellable', after: 1, count: 1, set: { Items: [{ ItemNo: 'SKU-SHORT', SellableQuantity: 1 }] } });
		const result = await fx.run(getSellable({ options: { pageSize: 10, includeUnavailableItems: true } }));
		expect(result.error?.message).toBe(`The provider answered page 2 with 1 records after full pages of 10, while its total says more follow`);
	});
});

describe('Return All over records that change between pages', () => {
	it('a record taken away after page 1: the read starts again and outputs every record there is, once', async () => {
		await shift({ after: 1, remove: 1 });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		// a changed total on page 2, then 4 pages of the 29 records (10, then 9 new a page)
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 0, 9, 18, 27]);
		const keys = result.output(ACTION_NODE).map((i) => statusKey(i.json));
		expect(keys).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
		expect(keys).toHaveLength(29);
	});

	it('a record added at the front after page 1: no record twice', async () => {
		await shift({ after: 1, insert: 1 });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		const keys = result.output(ACTION_NODE).map((i) => statusKey(i.json));
		expect(repeated(keys)).toEqual([]);
		expect(keys).toHaveLength(31);
	});

	it('records that change on every read: three reads, then an error saying so, nothing output', async () => {
		await shift({ after: 1, every: 2, insert: 1 });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe("The records changed while they were read, 3 times: The provider's total went from 32 to 33 between pages");
		expect(result.error?.description).toBe(
			`${NOTHING_OUTPUT} Records that change while they are read are read more surely by a narrower query (one warehouse, fewer items, a shorter date range, a smaller area). If it keeps happening, tell the provider what the message says.`,
		);
		expect(await fx.control.requests('GetStatus')).toHaveLength(6);
	});

	it('with Continue On Fail: the error item is paired to its input item, the other items are read', async () => {
		await shift({ after: 1, every: 2, insert: 1 });
		const workflow = actionWorkflow(
			{ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: '={{ $json.all }}', limit: 5, options: { pageSize: 10 } },
			{ items: [{ all: false }, { all: true }], continueOnFail: true, typeVersion: 2 },
		);
		const result = await fx.run(workflow);
		const out = result.output(ACTION_NODE);
		expect(out.filter((i) => i.json.error).map((i) => i.pairedItem)).toEqual([{ item: 1 }]);
		expect(out.filter((i) => !i.json.error)).toHaveLength(5);
	});
});

describe('a 200 answer that holds no page', () => {
	it.each([
		['an error object', { body: { Message: 'Service temporarily unavailable' } }, 'The provider answered a page without its records (WarehouseInventoryStatuses): Service temporarily unavailable'],
		['a list', { body: [{ ItemNo: 'X' }] }, 'The provider answered a page with a list instead of its records (WarehouseInventoryStatuses)'],
		['an empty body', { as: 'text', body: '' }, 'The provider answered a page with an empty body instead of its records (WarehouseInventoryStatuses)'],
	])('%s is an error, not zero records', async (_case, answer, message) => {
		await fx.control.fault({ kind: 'status', path: 'GetStatus', status: 200, ...(answer as IDataObject) });
		const result = await fx.run(getStatus());
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(new RegExp(`^${NOTHING_OUTPUT.replace(/[.]/g, '\\.')}`));
	});
});
