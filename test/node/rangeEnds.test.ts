// A day given as the To / End of a range means through that day (23:59:59, or 23:59:59.999 where the end is ISO 8601,
// in the workflow's zone), in every query.
import type { INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { packages, returns, transactions } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 48 });

const HOUR = 3_600_000;

/** The node on version 2, raw records, every page; values arrive through expressions as a sheet row brings them. */
const run = (parameters: Record<string, unknown>, timezone: string, items = [{}]) =>
	fx.run(actionWorkflow({ simplify: false, returnAll: true, ...parameters } as INodeParameters, { timezone, items, typeVersion: 2 }));

const sentBody = async (path: string) => {
	const [sent] = await fx.control.requests(path);
	return sent.body;
};

describe('Tracking → Get Packages: a day as Ship Date To or Last Activity To', () => {
	// 7 packages shipped every 4 hours from 2026-01-04T00:00Z: six on 4 January (UTC), the last at midnight of the 5th
	const seedDay = () => fx.control.call('POST', 'seed-packages', { count: 7, startAt: '2026-01-04T00:00:00Z', spreadMs: 4 * HOUR });
	const shippedOn4January = () =>
		packages(fx.sandbox.state).filter((p) => (p.ShipDate ?? '') >= '2026-01-04T00:00:00Z' && (p.ShipDate ?? '') < '2026-01-05T00:00:00Z').length;

	it.each([
		['a sheet day in ISO 8601', '2026-01-04', '2026-01-04'],
		['a sheet day in MM/DD/YYYY', '01/04/2026', '01/04/2026'],
		['a picked day (its time left at 00:00:00)', '2026-01-04T00:00:00', '2026-01-04T00:00:00'],
	])('From and To the same day (%s): the range is that whole day and finds its packages', async (_form, from, to) => {
		await seedDay();
		const result = await run(
			{ resource: 'tracking', operation: 'getPackages', filters: { shipDateFrom: '={{ $json.from }}', shipDateTo: '={{ $json.to }}' } },
			'UTC',
			[{ from, to }],
		);
		expect(result.error).toBeUndefined();
		expect((await sentBody('GetPackages')).ShipDateRange).toBe('01/04/2026 00:00:00 - 01/04/2026 23:59:59');
		expect(shippedOn4January()).toBe(6);
		expect(result.output(ACTION_NODE)).toHaveLength(6);
	});

	it("ends the day in the workflow's zone: 4 January in Berlin ends at 22:59:59 UTC", async () => {
		const result = await run(
			{ resource: 'tracking', operation: 'getPackages', filters: { lastActivityFrom: '2026-01-04T00:00:00', lastActivityTo: '={{ "2026-01-04" }}' } },
			'Europe/Berlin',
		);
		expect(result.error).toBeUndefined();
		expect((await sentBody('GetPackages')).LastActivityDateRange).toBe('01/03/2026 23:00:00 - 01/04/2026 22:59:59');
	});

	it.each([
		['a time of day', '2026-01-04T12:00:00', '01/04/2026 12:00:00'],
		['midnight with an offset (an instant)', '2026-01-04T00:00:00Z', '01/04/2026 00:00:00'],
		['an expression\'s DateTime at midnight', "={{ DateTime.fromISO('2026-01-04T00:00:00', { zone: 'UTC' }) }}", '01/04/2026 00:00:00'],
	])('a To that gives a moment (%s) is that moment', async (_form, to, sentTo) => {
		const result = await run({ resource: 'tracking', operation: 'getPackages', filters: { shipDateFrom: '2026-01-03T00:00:00', shipDateTo: to } }, 'UTC');
		expect(result.error).toBeUndefined();
		expect((await sentBody('GetPackages')).ShipDateRange).toBe(`01/03/2026 00:00:00 - ${sentTo}`);
	});
});

describe('Inventory → Get Transactions: a day as End Date-Time', () => {
	it('a one-day range from a sheet (Start and End "2026-03-08") returns every transaction of that day', async () => {
		await fx.control.call('POST', 'seed-transactions', { count: 48, date: '03/08/2026' });
		await fx.control.call('POST', 'seed-transactions', { count: 5, date: '03/09/2026' });
		const result = await run(
			{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '={{ $json.day }}', endDateTime: '={{ $json.day }}' },
			'UTC',
			[{ day: '2026-03-08' }],
		);
		expect(result.error).toBeUndefined();
		expect(await sentBody('GetTransactions')).toMatchObject({ TransactionStartDateTime: '2026-03-08T00:00:00Z', TransactionEndDateTime: '2026-03-08T23:59:59.999Z' });
		const ofTheDay = transactions(fx.sandbox.state).filter((t) => t.TransactionDateTime.startsWith('2026-03-08'));
		expect(ofTheDay).toHaveLength(48);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(ofTheDay);
	});

	it("ends the day in the workflow's zone: 2026-03-08 in Los Angeles ends at 2026-03-09T06:59:59.999Z (after the DST change)", async () => {
		const result = await run(
			{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '={{ "03/01/2026" }}', endDateTime: '={{ "03/08/2026" }}', returnAll: false, limit: 1 },
			'America/Los_Angeles',
		);
		expect(result.error).toBeUndefined();
		expect(await sentBody('GetTransactions')).toMatchObject({ TransactionStartDateTime: '2026-03-01T08:00:00Z', TransactionEndDateTime: '2026-03-09T06:59:59.999Z' });
	});

	it('an End with a time of day is that moment', async () => {
		const result = await run(
			{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '2026-03-08T00:00:00', endDateTime: '2026-03-08T06:30:00', returnAll: false, limit: 1 },
			'UTC',
		);
		expect(result.error).toBeUndefined();
		expect((await sentBody('GetTransactions')).TransactionEndDateTime).toBe('2026-03-08T06:30:00Z');
	});
});

describe('Sales Order → Get Returns: a day as End Time', () => {
	it('Start and End Time the same picked day: the returns received that day, not the one at midnight after it', async () => {
		// 7 returns every 4 hours from 2026-01-10T00:00Z: six on 10 January, the last at midnight of the 11th
		await fx.control.call('POST', 'seed-returns', { count: 7, startAt: '2026-01-10T00:00:00Z', spreadMs: 4 * HOUR });
		const result = await run(
			{ resource: 'salesOrder', operation: 'getReturns', filters: { startTime: '2026-01-10T00:00:00', endTime: '2026-01-10T00:00:00' } },
			'UTC',
		);
		expect(result.error).toBeUndefined();
		expect(await sentBody('GetReturns')).toMatchObject({ StartTime: '2026-01-10T00:00:00Z', EndTime: '2026-01-10T23:59:59.999Z' });
		const ofTheDay = returns(fx.sandbox.state).filter((r) => String(r.ReceivedDate).startsWith('2026-01-10'));
		expect(ofTheDay).toHaveLength(6);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(ofTheDay);
	});
});
