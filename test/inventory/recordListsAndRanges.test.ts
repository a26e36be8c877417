// Inventory queries through n8n's engine: entries of a record list that are no records, an open range read while
// movements keep arriving, the last second of a one-day range, and the date forms a sheet gives.
import type { RunResult } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import type { LoggedRequest } from '../sandbox/server';
import { recordTransaction, transactions } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 96 });

const inventory = (operation: string, extra: Record<string, unknown> = {}, options: Parameters<typeof actionWorkflow>[1] = {}) =>
	actionWorkflow({ resource: 'inventory', operation, returnAll: true, ...extra }, { typeVersion: 2, ...options });

const hints = (result: RunResult) => (result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

const status = { ItemNo: 'WINE-X', ItemDescription: 'X', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: 1 };
const sellable = { ItemNo: 'WINE-X', ItemDescription: 'X', SellableQuantity: 3 };
const movement = {
	ItemNo: 'WINE-X',
	Warehouse: 'APC01',
	TransactionDate: '01/05/2026',
	TransactionDateTime: '2026-01-05T15:00:00Z',
	TransactionType: 'Sales Orders',
	Quantity: -1,
};

describe('A record list with an entry that is no record', () => {
	it.each([
		['Get Status', 'getStatus', 'GetStatus', 'WarehouseInventoryStatuses', {}, [null, status], 'null'],
		['Get Status', 'getStatus', 'GetStatus', 'WarehouseInventoryStatuses', {}, [status, 'WINE-X'], 'text'],
		['Get Sellable', 'getSellable', 'GetSellable', 'Items', {}, [sellable, 7], 'number'],
		['Get Sellable', 'getSellable', 'GetSellable', 'Items', {}, [[sellable], sellable], 'a list'],
		['Get Transactions (Simplify)', 'getTransactions', 'GetTransactions', 'InventoryTransactions', { transactionDate: '2026-01-05', simplify: true }, [null, movement], 'null'],
		['Get Transactions (raw)', 'getTransactions', 'GetTransactions', 'InventoryTransactions', { transactionDate: '2026-01-05', simplify: false }, [movement, null], 'null'],
	])('%s: the item fails naming the member and what came; Continue On Fail gives an error item', async (_name, operation, path, key, extra, list, shape) => {
		await fx.control.fault({ kind: 'rewrite', path, set: { [key]: list, TotalRecordCount: 2, MoreRecords: false } });
		const items = [{ n: 1 }, { n: 2 }];
		const kept = await fx.run(inventory(operation, extra, { continueOnFail: true, items }));
		expect(kept.error).toBeUndefined();
		const out = kept.output(ACTION_NODE);
		// one error item per input item, each paired with its item; no record is output without the one that could not be read
		expect(out).toHaveLength(2);
		out.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(String(item.json.error)).toContain(key);
			expect(String(item.json.error)).toContain(shape);
		});

		const failed = await fx.run(inventory(operation, extra));
		expect(failed.error?.message).toContain(`${key}`);
		expect(failed.error?.message).toMatch(/entry \d+ is (null|text|a number|a list)/);
		expect(failed.output(ACTION_NODE)).toEqual([]);
	});
});

describe('Get Transactions: an open range read while movements keep arriving', () => {
	const original = Array.prototype.push;
	afterEach(() => {
		// the sandbox's request log is an array whose push the test below wraps
		delete (fx.sandbox.requests as { push?: unknown }).push;
	});

	/** After every page the sandbox answered, one new movement is recorded, stamped after the read began. */
	const movementAfterEveryPage = (stamp: () => string = () => new Date(Date.now() + 1000).toISOString()) => {
		const rec = fx.sandbox.state.inventory.find((r) => r.QuantityAvailable > 10);
		if (!rec) throw new Error('no stock');
		let arrived = 0;
		fx.sandbox.requests.push = function (this: LoggedRequest[], ...entries: LoggedRequest[]) {
			for (const entry of entries) {
				if (!entry.path.endsWith('GetTransactions')) continue;
				recordTransaction(fx.sandbox.state, {
					ItemNo: rec.ItemNo,
					Warehouse: rec.Warehouse,
					InventoryStatus: rec.InventoryStatus,
					TransactionType: 'Inventory Adjustments',
					Reference: `LIVE-${++arrived}`,
					Quantity: 1,
					TransactionDateTime: stamp(),
				});
			}
			return original.apply(this, entries);
		};
		return () => arrived;
	};

	it.each([
		['End left empty', '', 'empty'],
		['End tomorrow (a day not yet over)', '={{ $now.plus({ days: 1 }).toISODate() }}', 'later'],
	])('%s: the range ends when the read starts, so every page tells the same total', async (_name, endDateTime, endWas) => {
		await fx.control.call('POST', 'seed-transactions', { count: 2500, date: '01/05/2026' });
		const arrived = movementAfterEveryPage();
		const before = Date.now();
		const result = await fx.run(
			inventory('getTransactions', { dateFilter: 'range', startDateTime: '2026-01-05T00:00:00Z', endDateTime, simplify: false, options: { pageSize: 500 } }),
		);
		const after = Date.now();
		expect(result.error).toBeUndefined();
		expect(arrived()).toBeGreaterThanOrEqual(5);
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(2500);
		expect(out.every((o) => String(o.json.Reference).startsWith('SEED-'))).toBe(true);
		const sent = await fx.control.requests('GetTransactions');
		// one read: six pages (each after the first asked one record early), every one with the same end, the second the
		// read started in
		expect(sent.map((s) => s.body.Skip)).toEqual([0, 499, 998, 1497, 1996, 2495]);
		const ends = new Set(sent.map((s) => s.body.TransactionEndDateTime as string));
		expect(ends.size).toBe(1);
		const [end] = ends;
		expect(end).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		expect(Date.parse(end)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		expect(Date.parse(end)).toBeLessThanOrEqual(after);
		expect(hints(result)).toContain(
			`Movements up to ${end}, the moment the read started, were read (End Date-Time was ${endWas}): movements recorded after it are not in this output, a later run reads them.`,
		);
	});

	it('Transaction Date of a day still going on: the failure says how to read it while it moves', async () => {
		await fx.control.call('POST', 'seed-transactions', { count: 1200, date: '01/05/2026' });
		// the sandbox's day: its movements are of 01/05/2026 too
		const arrived = movementAfterEveryPage(() => new Date(fx.sandbox.state.now()).toISOString());
		const result = await fx.run(inventory('getTransactions', { transactionDate: '01/05/2026', simplify: false, options: { pageSize: 500 } }));
		expect(arrived()).toBeGreaterThan(0);
		expect(result.error?.message).toContain('The records changed while they were read, 3 times');
		expect(result.error?.description).toContain("Date Filter 'Date-Time Range' with Start Date-Time at that day and End Date-Time empty");
	});

	it('a range in the past whose movements keep changing (recorded late, stamped inside it): the failure gives the general advice, not the day one', async () => {
		await fx.control.call('POST', 'seed-transactions', { count: 1200, date: '01/05/2026' });
		const arrived = movementAfterEveryPage(() => '2026-01-05T12:00:00Z');
		const result = await fx.run(
			inventory('getTransactions', { dateFilter: 'range', startDateTime: '2026-01-05T00:00:00Z', endDateTime: '2026-01-06T00:00:00Z', simplify: false, options: { pageSize: 500 } }),
		);
		expect(arrived()).toBeGreaterThan(0);
		expect(result.error?.message).toContain('The records changed while they were read, 3 times');
		expect(result.error?.description).toContain(
			'Records that change while they are read are read more surely by a narrower query (one warehouse, fewer items, a shorter date range, a smaller area).',
		);
		expect(result.error?.description).not.toContain('Date-Time Range');
	});

	it('an End in the past is sent as given, with no notice', async () => {
		const result = await fx.run(
			inventory('getTransactions', { dateFilter: 'range', startDateTime: '2026-01-05T00:00:00Z', endDateTime: '2026-01-06T00:00:00Z', simplify: false }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionEndDateTime).toBe('2026-01-06T00:00:00Z');
		expect(hints(result).join('\n')).not.toContain('up to');
	});
});

describe('Get Transactions: a one-day range holds the whole day', () => {
	it.each([
		['ISO days', '2026-03-08', '2026-03-08', 'UTC', '2026-03-08T23:59:59.999Z'],
		['picked days', '2026-03-08T00:00:00', '2026-03-08T00:00:00', 'UTC', '2026-03-08T23:59:59.999Z'],
		['US days in Berlin', '03/08/2026', '03/08/2026', 'Europe/Berlin', '2026-03-08T22:59:59.999Z'],
	])('Start = End = the day (%s) finds a movement in its last second, as Transaction Date does', async (_name, start, end, timezone, sentEnd) => {
		const last = sentEnd.replace('.999Z', '.600Z');
		await fx.control.reset({ inventoryRecords: 96, startTime: last });
		const rec = fx.sandbox.state.inventory.find((r) => r.QuantityAvailable > 10);
		if (!rec) throw new Error('no stock');
		await fx.control.call('POST', 'adjust-inventory', {
			ItemNo: rec.ItemNo,
			Warehouse: rec.Warehouse,
			InventoryStatus: rec.InventoryStatus,
			Quantity: 1,
			Reference: 'LAST-SECOND',
		});
		expect(transactions(fx.sandbox.state).map((t) => t.TransactionDateTime)).toEqual([last]);
		const result = await fx.run(
			inventory('getTransactions', { dateFilter: 'range', startDateTime: start, endDateTime: end, simplify: false }, { timezone }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionEndDateTime).toBe(sentEnd);
		expect(result.output(ACTION_NODE).map((o) => o.json.Reference)).toEqual(['LAST-SECOND']);
	});
});

describe('Get Transactions: the date forms a sheet gives', () => {
	it.each([
		['3/8/2026 (a sheet\'s default US display)', '3/8/2026', '03/08/2026'],
		['3/12/2026', '3/12/2026', '03/12/2026'],
		['12/3/2026 (month first, as MM/DD/YYYY)', '12/3/2026', '12/03/2026'],
		['2026-03-08 10:00:00 (a space for the T)', '2026-03-08 10:00:00', '03/08/2026'],
	])('Transaction Date %s is read', async (_name, value, sentDate) => {
		const result = await fx.run(inventory('getTransactions', { transactionDate: '={{ $json.d }}' }, { items: [{ d: value }] }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionDate).toBe(sentDate);
	});

	it.each([
		// New York's summer time begins at 02:00 that day
		['2026-03-08 10:00:00', 'America/New_York', '2026-03-08T14:00:00Z'],
		['2026-03-08 10:00:00', 'Asia/Tokyo', '2026-03-08T01:00:00Z'],
		['2026-03-08 10:00:00.250', 'UTC', '2026-03-08T10:00:00.250Z'],
		['3/8/2026', 'UTC', '2026-03-08T00:00:00Z'],
	])("Start Date-Time %s is read in the workflow's zone (%s)", async (value, timezone, sentStart) => {
		const result = await fx.run(inventory('getTransactions', { dateFilter: 'range', startDateTime: '={{ $json.d }}' }, { items: [{ d: value }], timezone }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionStartDateTime).toBe(sentStart);
	});

	it('a one-digit day as the End of a range means through that day', async () => {
		const result = await fx.run(
			inventory('getTransactions', { dateFilter: 'range', startDateTime: '3/1/2026', endDateTime: '={{ $json.d }}' }, { items: [{ d: '3/8/2026' }], timezone: 'UTC' }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionEndDateTime).toBe('2026-03-08T23:59:59.999Z');
	});

	it.each([['March 8, 2026'], ['8 Mar 2026'], ['13/3/2026'], ['31/12/2026'], ['3/8/26'], ['2026-03-08 25:00:00']])(
		'%s is refused, naming the field, before any request',
		async (value) => {
			const result = await fx.run(inventory('getTransactions', { transactionDate: '={{ $json.d }}' }, { items: [{ d: value }] }));
			expect(result.error?.message).toContain('Transaction Date');
			expect(`${result.error?.message} ${result.error?.description}`).toContain('must be a date');
			expect(await fx.control.requests('GetTransactions')).toEqual([]);
		},
	);
});
