// Inventory → Get Status, end to end through n8n's engine against the sandbox.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 12_000 });

/** Get Status on version 2 (its settings in Options), or on the version given. */
const getStatus = (extra: Record<string, unknown> = {}, typeVersion = 2) =>
	actionWorkflow({ resource: 'inventory', operation: 'getStatus', ...extra }, { typeVersion });

describe('Inventory → Get Status', () => {
	it('returns every available record over several pages with Return All, matching the sandbox exactly', async () => {
		const result = await fx.run(getStatus({ returnAll: true }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		const expected = fx.sandbox.state.inventory.filter((r) => r.QuantityAvailable > 0);
		expect(expected.length).toBeGreaterThan(10_000);
		expect(out).toHaveLength(expected.length);
		expect(out.map((i) => i.json)).toEqual(expected);
		expect(out.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const pages = await fx.control.requests('GetStatus');
		// each page after the first asked one record early (it begins with the record the page before ended with):
		// 2,500 records, then 2,499 new to the read a page
		expect(pages).toHaveLength(Math.ceil((expected.length - 1) / 2499));
		expect(pages.map((p) => p.body.Skip)).toEqual(pages.map((_, i) => i * 2499));
		expect(pages[0].authShape).toBe('Authentication');
	});

	it('stops at the limit and asks only for what it needs', async () => {
		const result = await fx.run(getStatus({ returnAll: false, limit: 7 }));
		expect(result.output(ACTION_NODE)).toHaveLength(7);
		const sent = await fx.control.requests('GetStatus');
		expect(sent).toHaveLength(1);
		expect(sent[0].body.Top).toBe(7);
	});

	it('filters by warehouse, item numbers, statuses and includes unavailable items on request', async () => {
		const inv = fx.sandbox.state.inventory;
		const items = [...new Set(inv.map((r) => r.ItemNo))].slice(0, 3);
		const result = await fx.run(
			getStatus({
				returnAll: true,
				warehouse: 'COB01',
				itemNumbers: items.join(', '),
				inventoryStatuses: ['GOOD-NO-TX'],
				includeUnavailableItems: true,
			}),
		);
		const expected = inv.filter(
			(r) => r.Warehouse === 'COB01' && items.includes(r.ItemNo) && r.InventoryStatus === 'GOOD-NO-TX',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
		const [sent] = await fx.control.requests('GetStatus');
		expect(sent.body).toMatchObject({
			Warehouse: 'COB01',
			ItemNumbers: items,
			InventoryStatuses: ['GOOD-NO-TX'],
			IncludeUnavailableItems: true,
		});
	});

	it('takes item numbers from an expression that yields a list, one query per input item', async () => {
		const inv = fx.sandbox.state.inventory;
		const a = inv[0].ItemNo;
		const b = inv[30].ItemNo;
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getStatus', returnAll: true, itemNumbers: '={{ $json.skus }}' },
				{ items: [{ skus: [a] }, { skus: [b] }] },
			),
		);
		const out = result.output(ACTION_NODE);
		expect(out.length).toBeGreaterThan(0);
		for (const item of out) {
			const paired = (item.pairedItem as { item: number }).item;
			expect(item.json.ItemNo).toBe(paired === 0 ? a : b);
		}
	});

	it.each([
		['itemNumbers', 'A,B,C,D,E,F', 'Item Numbers', 'at most 5 item numbers'],
		['inventoryStatuses', ['GOOD-NO-TX', 'GOOD-ST-EX', 'GOOD-ST-TX', 'GOOD-ST-BD', 'GOOD-ST-IM', 'GOOD-LB-TX'], 'Inventory Statuses', 'at most 5 status codes'],
	])('refuses more than 5 %s before sending anything', async (param, value, label, rule) => {
		const result = await fx.run(getStatus({ [param]: value }));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	describe('checks every input item before the first request', () => {
		const inv = () => fx.sandbox.state.inventory;
		// item 4 of 6 asks for six item numbers (at most 5): refused when read, before any item is sent
		const sixItems = () =>
			Array.from({ length: 6 }, (_, i) => ({ skus: i === 3 ? ['A', 'B', 'C', 'D', 'E', 'F'] : [inv()[i * 10].ItemNo] }));
		const perItem = (options: { continueOnFail?: boolean } = {}) =>
			actionWorkflow(
				{ resource: 'inventory', operation: 'getStatus', returnAll: false, limit: 1, itemNumbers: '={{ $json.skus }}', options: { concurrency: 1 } },
				{ typeVersion: 2, items: sixItems(), ...options },
			);

		it('one item refused: the run stops with nothing sent, naming the item', async () => {
			const result = await fx.run(perItem());
			expect(result.error?.message).toBe('Invalid "Item Numbers": at most 5 item numbers are allowed (got a list)');
			expect(result.error?.context?.itemIndex).toBe(3);
			expect(String(result.error?.description)).toContain('Item 4 of 6 was refused before anything was sent: no item was sent.');
			expect(await fx.control.requests()).toHaveLength(0);
			expect(result.output(ACTION_NODE)).toEqual([]);
		});

		it('with Continue On Fail: the refused item becomes an error item, the others are sent, in input order', async () => {
			const result = await fx.run(perItem({ continueOnFail: true }));
			expect(result.error).toBeUndefined();
			const out = result.output(ACTION_NODE);
			expect(out.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3, 4, 5]);
			expect(out[3].json).toEqual({
				error: 'Invalid "Item Numbers": at most 5 item numbers are allowed (got a list)',
				details: { description: 'Nothing was sent to the provider. Correct "Item Numbers" and run again.' },
			});
			for (const i of [0, 1, 2, 4, 5]) expect(out[i].json.ItemNo).toBe(inv()[i * 10].ItemNo);
			const sent = await fx.control.requests('GetStatus');
			expect(sent.map((r) => r.body.ItemNumbers)).toEqual([0, 1, 2, 4, 5].map((i) => [inv()[i * 10].ItemNo]));
		});
	});

	it.each([
		[2, 'options'],
		[1, 'queryOptions'],
	])('offers the raw pages instead of records (version %i: %s)', async (typeVersion, settings) => {
		const result = await fx.run(getStatus({ returnAll: true, [settings]: { output: 'pages', pageSize: 5000 / 2 } }, typeVersion));
		const out = result.output(ACTION_NODE);
		expect(out.length).toBe(Math.ceil(fx.sandbox.state.inventory.filter((r) => r.QuantityAvailable > 0).length / 2500));
		expect(out[0].json).toMatchObject({ Skip: 0, Top: 2500, MoreRecords: true });
		expect(out[out.length - 1].json.MoreRecords).toBe(false);
	});
});
