// Inventory → Get Sellable, end to end through n8n's engine against the sandbox.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import type { InventoryRecord } from '../sandbox/seed';

const fx = useSandbox({ inventoryRecords: 2400 });

/** Get Sellable on version 2 (its settings in Options), or on the version given. */
const getSellable = (extra: Record<string, unknown> = {}, typeVersion = 2) =>
	actionWorkflow({ resource: 'inventory', operation: 'getSellable', ...extra }, { typeVersion });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

/** Expected items, computed from the sandbox's inventory: GOOD-* stock, QuantityAvailable totalled per SKU. */
function sellable(inventory: InventoryRecord[], keep: (r: InventoryRecord) => boolean = () => true) {
	const totals = new Map<string, { ItemNo: string; ItemDescription: string; ItemUnit: string; SellableQuantity: number }>();
	for (const r of inventory) {
		if (!r.InventoryStatus.startsWith('GOOD-') || !keep(r)) continue;
		const entry = totals.get(r.ItemNo) ?? { ItemNo: r.ItemNo, ItemDescription: r.ItemDescription, ItemUnit: 'Bottle', SellableQuantity: 0 };
		entry.SellableQuantity += r.QuantityAvailable;
		totals.set(r.ItemNo, entry);
	}
	return [...totals.values()].filter((i) => i.SellableQuantity > 0);
}

describe('Inventory → Get Sellable', () => {
	it('returns one item per SKU over several PageNumber pages with Return All, matching the sandbox exactly', async () => {
		const result = await fx.run(getSellable({ returnAll: true, options: { pageSize: 30 } }));
		expect(result.error).toBeUndefined();
		const expected = sellable(fx.sandbox.state.inventory);
		expect(expected.length).toBe(100);
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => i.json)).toEqual(expected);
		expect(new Set(out.map((i) => i.json.ItemNo)).size).toBe(out.length);
		expect(out.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const pages = await fx.control.requests('GetSellable');
		expect(pages.map((p) => [p.body.PageNumber, p.body.PageSize])).toEqual([
			[1, 30],
			[2, 30],
			[3, 30],
			[4, 30],
		]);
		expect(pages[0].authShape).toBe('Authentication');
	});

	it.each([
		[2, 'options'],
		[1, 'sellableOptions'],
	])('totals only the chosen warehouses and items, and sends the flags and order type (version %i: %s)', async (typeVersion, settings) => {
		const items = [...new Set(fx.sandbox.state.inventory.map((r) => r.ItemNo))].slice(3, 6);
		const result = await fx.run(
			getSellable({
				itemNumbers: items.join('; '),
				warehouses: ['COB01', 'PRB02'],
				[settings]: {
					includeIncomingInventory: false,
					includeLibraryInventory: true,
					includeStorageInventory: true,
					includeUnavailableItems: false,
					orderSource: 'Shopify',
					orderType: 'CLUB',
					verbose: false,
				},
				returnAll: true,
			}, typeVersion),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetSellable');
		expect(sent.body).toEqual({
			ItemNumbers: items,
			Warehouses: ['COB01', 'PRB02'],
			IncludeIncomingInventory: false,
			IncludeLibraryInventory: true,
			IncludeStorageInventory: true,
			IncludeUnavailableItems: false,
			OrderSource: 'Shopify',
			OrderType: 'CLUB',
			Verbose: false,
			PageNumber: 1,
			PageSize: 1000,
		});
		const expected = sellable(
			fx.sandbox.state.inventory,
			(r) => items.includes(r.ItemNo) && ['COB01', 'PRB02'].includes(r.Warehouse),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
	});

	it('gives the raw pages with TotalRecordCount and SalesChannel on request', async () => {
		const result = await fx.run(
			getSellable({ returnAll: true, options: { orderType: 'WHOLESALE', output: 'pages', pageSize: 60 } }),
		);
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(2);
		expect(out[0]).toMatchObject({ TotalRecordCount: 100, SalesChannel: 'WHOLESALE' });
		expect((out[0].Items as unknown[]).length).toBe(60);
		expect((out[1].Items as unknown[]).length).toBe(40);
	});

	it('stops at the limit', async () => {
		const result = await fx.run(getSellable({ returnAll: false, limit: 7 }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(sellable(fx.sandbox.state.inventory).slice(0, 7));
		expect(await fx.control.requests('GetSellable')).toHaveLength(1);
	});

	it('sends warehouse codes from an expression, hinting at an older code', async () => {
		const result = await fx.run(getSellable({ warehouses: '={{ ["APC01", "MIY01"] }}', returnAll: true }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetSellable');
		expect(sent.body.Warehouses).toEqual(['APC01', 'MIY01']);
		expect(hints(result)).toEqual([expect.stringContaining('Warehouses "MIY01" is not one of')]);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(
			sellable(fx.sandbox.state.inventory, (r) => r.Warehouse === 'APC01'),
		);
	});

	it.each([
		['a malformed warehouse', { warehouses: '={{ ["apc 01"] }}' }, 'Warehouses line 1', 'must be a warehouse code such as APC01 (got "apc 01")'],
		['an unknown order type', { options: { orderType: '={{ "MAIL" }}' } }, 'Order Type', 'CLUB'],
		['Additional Fields (JSON) that is not an object', { additionalJson: '[1, 2]' }, 'Additional Fields (JSON)', 'must be a JSON object'],
	])('refuses %s before sending anything', async (_case, parameters, label, rule) => {
		const result = await fx.run(getSellable(parameters));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
