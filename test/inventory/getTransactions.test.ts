// Inventory → Get Transactions, end to end through n8n's engine against the sandbox.
import { request } from 'undici';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { transactions } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 480 });

/** Get Transactions on version 2 (its settings in Options), or on the version given. */
const getTransactions = (extra: Record<string, unknown> = {}, typeVersion = 2) =>
	actionWorkflow({ resource: 'inventory', operation: 'getTransactions', simplify: false, ...extra }, { typeVersion });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

const seed = (count: number, date: string) => fx.control.call('POST', 'seed-transactions', { count, date });

describe('Inventory → Get Transactions', () => {
	it('returns every transaction of a day over several Skip/Top pages with Return All, matching the sandbox exactly', async () => {
		await seed(40, '02/09/2026');
		await seed(2345, '02/10/2026');
		await seed(25, '02/11/2026');
		const result = await fx.run(getTransactions({ transactionDate: '2026-02-10T00:00:00', returnAll: true }));
		expect(result.error).toBeUndefined();
		const expected = transactions(fx.sandbox.state).filter((t) => t.TransactionDate === '02/10/2026');
		expect(expected).toHaveLength(2345);
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => i.json)).toEqual(expected);
		expect(out.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const pages = await fx.control.requests('GetTransactions');
		// each page after the first asked one record early: it begins with the line the page before ended with
		expect(pages.map((p) => [p.body.Skip, p.body.Top])).toEqual([
			[0, 1000],
			[999, 1000],
			[1998, 1000],
		]);
		expect(pages.every((p) => p.body.TransactionDate === '02/10/2026' && p.authShape === 'Authentication')).toBe(true);
	});

	it('reads a date-time range (ISO 8601, UTC), and stops at the limit asking only for what it needs', async () => {
		await seed(48, '02/10/2026'); // one every 30 minutes
		const result = await fx.run(
			getTransactions({
				dateFilter: 'range',
				startDateTime: '2026-02-10T06:00:00Z',
				endDateTime: '2026-02-10T08:00:00+00:00',
				returnAll: false,
				limit: 3,
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body).toEqual({
			TransactionStartDateTime: '2026-02-10T06:00:00Z',
			TransactionEndDateTime: '2026-02-10T08:00:00Z',
			Skip: 0,
			Top: 3,
		});
		const [from, to] = [Date.parse('2026-02-10T06:00:00Z'), Date.parse('2026-02-10T08:00:00Z')];
		const inRange = transactions(fx.sandbox.state).filter((t) => {
			const at = Date.parse(t.TransactionDateTime);
			return at >= from && at <= to;
		});
		expect(inRange).toHaveLength(5);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(inRange.slice(0, 3));
	});

	it('sends type, warehouse, reference, status and item filters, and gets only the matching movements', async () => {
		const inv = fx.sandbox.state.inventory;
		const rec = inv.find((r) => r.Warehouse === 'COB01' && r.InventoryStatus === 'GOOD-NO-TX' && r.QuantityAvailable > 5);
		if (!rec) throw new Error('no stock to adjust');
		for (const [reference, quantity] of [['CYCLE-1', -2], ['CYCLE-1', 3], ['CYCLE-2', 1]] as const) {
			await fx.control.call('POST', 'adjust-inventory', {
				ItemNo: rec.ItemNo, Warehouse: 'COB01', InventoryStatus: 'GOOD-NO-TX', Quantity: quantity, Reference: reference,
			});
		}
		const result = await fx.run(
			getTransactions({
				transactionDate: '2026-01-05T00:00:00',
				transactionType: 'Inventory Adjustments',
				warehouse: 'COB01',
				reference: 'CYCLE-1',
				inventoryStatus: 'GOOD-NO-TX',
				itemNumbers: rec.ItemNo,
				returnAll: true,
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body).toEqual({
			TransactionDate: '01/05/2026',
			TransactionType: 'Inventory Adjustments',
			Warehouse: 'COB01',
			Reference: 'CYCLE-1',
			InventoryStatus: 'GOOD-NO-TX',
			ItemNumbers: [rec.ItemNo],
			Skip: 0,
			Top: 1000,
		});
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out.map((t) => [t.Reference, t.Quantity, t.TransactionType, t.ItemNo])).toEqual([
			['CYCLE-1', -2, 'Inventory Adjustments', rec.ItemNo],
			['CYCLE-1', 3, 'Inventory Adjustments', rec.ItemNo],
		]);
	});

	it.each([
		[2, 'options'],
		[1, 'queryOptions'],
	])('offers the raw pages, with the reference and counters the provider sent (version %i: %s)', async (typeVersion, settings) => {
		await seed(30, '02/10/2026');
		const result = await fx.run(
			getTransactions({ transactionDate: '2026-02-10', returnAll: true, [settings]: { output: 'pages', pageSize: 20 } }, typeVersion),
		);
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(2);
		expect(out[0]).toMatchObject({ TotalRecordCount: 30, Skip: 0, Top: 20, MoreRecords: true });
		expect(out[0].TransactionReferenceNumber).toEqual(expect.any(String));
		// asked one record early; its list leaves that record out (the first page ended with it)
		expect(out[1]).toMatchObject({ Skip: 19, MoreRecords: false });
		expect((out[1].InventoryTransactions as unknown[]).length).toBe(10);
	});

	it('sends an older warehouse code from an expression as given, with a hint', async () => {
		const result = await fx.run(getTransactions({ transactionDate: '2026-01-05', warehouse: '={{ "SMX01" }}' }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(0);
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.Warehouse).toBe('SMX01');
		expect(hints(result)).toEqual([expect.stringContaining('Warehouse "SMX01" is not one of')]);
	});

	describe('refuses input that breaks the filter rules, before sending anything', () => {
		it.each([
			[
				'neither a date nor a start date-time',
				{ transactionDate: '={{ "" }}' },
				'Transaction Date',
				'a transaction date or a start date-time is required',
			],
			[
				'both a date and a start date-time',
				{ transactionDate: '2026-02-10', additionalJson: '{"TransactionStartDateTime": "2026-02-10T00:00:00Z"}' },
				'Transaction Date',
				'not both',
			],
			[
				'an end date-time with the start left empty (the field the panel shows is named)',
				{ dateFilter: 'range', startDateTime: '={{ "" }}', endDateTime: '2026-02-10T10:00:00Z' },
				'Start Date-Time',
				'is required',
			],
			[
				'an end date-time with a transaction date',
				{ transactionDate: '2026-02-10', additionalJson: { TransactionEndDateTime: '2026-02-10T10:00:00Z' } },
				'End Date-Time',
				'only valid together with a start date-time',
			],
			[
				'an end before the start',
				{ dateFilter: 'range', startDateTime: '2026-02-10T10:00:00Z', endDateTime: '2026-02-10T09:00:00Z' },
				'End Date-Time',
				'must not be before the start',
			],
			['an unreadable date', { transactionDate: '={{ "yesterday-ish" }}' }, 'Transaction Date', 'must be a date'],
			[
				'more than 5 item numbers',
				{ transactionDate: '2026-02-10', itemNumbers: '={{ ["A","B","C","D","E","F"] }}' },
				'Item Numbers',
				'at most 5 item numbers',
			],
		])('%s', async (_case, parameters, label, rule) => {
			const result = await fx.run(getTransactions(parameters));
			expect(result.error?.message).toContain(`Invalid "${label}"`);
			expect(result.error?.message).toContain(rule);
			expect(result.error?.description).toContain('Nothing was sent');
			expect(await fx.control.requests()).toHaveLength(0);
		});
	});

	it.each([
		['no date filter', {}, 'TransactionDate is required'],
		['both date filters', { TransactionDate: '02/10/2026', TransactionStartDateTime: '2026-02-10T00:00:00Z' }, 'not both'],
		['an end without a start', { TransactionDate: '02/10/2026', TransactionEndDateTime: '2026-02-10T00:00:00Z' }, 'only valid with'],
		['a date not in MM/DD/YYYY form', { TransactionDate: '2026-02-10' }, 'MM/DD/YYYY'],
	])("the sandbox's own reading of the rules answers 400 to %s", async (_case, filters, message) => {
		const res = await request(`${fx.sandbox.baseUrl}/api/Inventory/GetTransactions`, {
			method: 'POST',
			headers: { authorization: `ServiceAuth ${SANDBOX_CREDENTIALS.token}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				Authentication: {
					UserKey: SANDBOX_CREDENTIALS.userKey,
					Password: SANDBOX_CREDENTIALS.password,
					CustomerNo: SANDBOX_CREDENTIALS.customerNo,
				},
				...filters,
			}),
		});
		expect(res.statusCode).toBe(400);
		expect(((await res.body.json()) as { Message: string }).Message).toContain(message);
	});
});
