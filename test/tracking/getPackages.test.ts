// Tracking → Get Packages, end to end through n8n's engine against the sandbox.
import omit from 'lodash/omit';
import type { IDataObject } from 'n8n-workflow';

import { request } from 'undici';

import { latestActivityTimestamp } from '../../nodes/WineFulfillment/wire/tracking';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { packages, type SandboxPackage } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from '../trigger/clock';

const fx = useSandbox({ inventoryRecords: 240 });
// with no range set, the node's default window is counted from its own clock: the sandbox's
nodeClockFollowsSandbox(fx);

const HOUR = 3_600_000;
const START = Date.parse('2026-01-05T15:00:00Z'); // the sandbox clock's start

/** Get Packages on version 2 (its settings in Options), or on the version given. */
const getPackages = (extra: Record<string, unknown> = {}, typeVersion = 2) =>
	actionWorkflow({ resource: 'tracking', operation: 'getPackages', simplify: false, ...extra }, { typeVersion });

const seed = (input: Record<string, unknown>) => fx.control.call('POST', 'seed-packages', input);

/** What the wire should carry for a package: the store record less bookkeeping, Site and IcePack. */
const onTheWire = (p: SandboxPackage) => omit(p, ['lastActivityAt', 'Site', 'IcePack']) as unknown as IDataObject;

/** The test's own reading: shipped by now, ordered by last activity then tracking number. */
function expectedPackages(filter: (p: SandboxPackage) => boolean = () => true): IDataObject[] {
	const now = fx.sandbox.state.now();
	return packages(fx.sandbox.state)
		.filter((p) => Date.parse(p.ShipDate ?? '') <= now && filter(p))
		.sort((a, b) => a.lastActivityAt - b.lastActivityAt || (a.TrackingNo < b.TrackingNo ? -1 : 1))
		.map(onTheWire);
}

describe('Tracking → Get Packages', () => {
	it('returns every visible package over several pages with Return All, matching the sandbox exactly', async () => {
		// 1,000 packages, one every 5 minutes from 72 h ago: about 860 shipped by now, the rest in the future.
		await seed({ count: 1000, startAt: new Date(START - 72 * HOUR).toISOString(), spreadMs: 5 * 60_000 });
		const result = await fx.run(getPackages({ returnAll: true, options: { pageSize: 100 } }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		const expected = expectedPackages();
		expect(expected.length).toBeGreaterThan(800);
		expect(expected.length).toBeLessThan(1000);
		expect(out.map((i) => i.json)).toEqual(expected);
		expect(out.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		// statuses moved with simulated time: the oldest delivered (or failed), the newest just shipped
		const statuses = new Set(out.map((i) => i.json.Status));
		for (const s of ['SHIPPED', 'IN TRANSIT', 'DELIVERED', 'EXCEPTION']) expect(statuses).toContain(s);
		expect(out.some((i) => 'lastActivityAt' in i.json || 'Site' in i.json || 'IcePack' in i.json)).toBe(false);

		const pages = await fx.control.requests('GetPackages');
		// each page after the first asked one record early (it begins with the package the page before ended with)
		expect(pages).toHaveLength(Math.ceil((expected.length - 1) / 99));
		expect(pages.map((p) => p.body.Skip)).toEqual(pages.map((_, i) => i * 99));
		expect(pages.every((p) => p.body.Top === 100 && p.authShape === 'Authentication')).toBe(true);
		// no range set: the documented default, activity from 30 days before the node's clock to a day after
		expect(pages.every((p) => p.body.LastActivityDateRange === '12/06/2025 15:00:00 - 01/06/2026 15:00:00' && !('ShipDateRange' in p.body))).toBe(true);
	});

	it('the sandbox refuses a GetPackages with neither range, as the field notes require one', async () => {
		const send = async (extra: Record<string, unknown>) => {
			const res = await request(`${fx.sandbox.baseUrl}/api/Tracking/GetPackages`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: `ServiceAuth ${SANDBOX_CREDENTIALS.token}` },
				body: JSON.stringify({
					Authentication: { UserKey: SANDBOX_CREDENTIALS.userKey, Password: SANDBOX_CREDENTIALS.password, CustomerNo: SANDBOX_CREDENTIALS.customerNo },
					Skip: 0,
					Top: 10,
					...extra,
				}),
			});
			return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
		};
		const refused = await send({ ShippingCarrier: 'UPS' });
		expect(refused).toEqual({ status: 400, body: { Message: 'ShipDateRange or LastActivityDateRange is required' } });
		expect((await send({ ShipDateRange: '01/01/2026 00:00:00 - 01/05/2026 00:00:00' })).status).toBe(200);
		expect((await send({ LastActivityDateRange: '01/01/2026 00:00:00 - 01/05/2026 00:00:00' })).status).toBe(200);
	});

	it('sends the pickers as "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss" (UTC) and filters by both ranges and carrier', async () => {
		await seed({ count: 300, startAt: new Date(START - 60 * HOUR).toISOString(), spreadMs: 10 * 60_000 });
		// picked dates without an offset are read in the workflow's time zone: UTC here
		const result = await fx.run({
			...getPackages({
				returnAll: true,
				filters: {
					shipDateFrom: '2026-01-03T05:00:00',
					shipDateTo: '2026-01-04T01:00:00+02:00', // 23:00:00 UTC the day before
					lastActivityFrom: '2026-01-03T00:00:00',
					lastActivityTo: '2026-01-05T12:00:00',
					shippingCarrier: 'UPS',
				},
			}),
			settings: { timezone: 'UTC' },
		});
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetPackages');
		expect(sent.body).toMatchObject({
			ShipDateRange: '01/03/2026 05:00:00 - 01/03/2026 23:00:00',
			LastActivityDateRange: '01/03/2026 00:00:00 - 01/05/2026 12:00:00',
			ShippingCarrier: 'UPS',
		});
		const [shipFrom, shipTo] = [Date.parse('2026-01-03T05:00:00Z'), Date.parse('2026-01-03T23:00:00Z')];
		const [actFrom, actTo] = [Date.parse('2026-01-03T00:00:00Z'), Date.parse('2026-01-05T12:00:00Z')];
		const expected = expectedPackages((p) => {
			const shipped = Date.parse(p.ShipDate ?? '');
			return (
				p.Carrier === 'UPS' &&
				shipped >= shipFrom &&
				shipped <= shipTo &&
				p.lastActivityAt >= actFrom &&
				p.lastActivityAt <= actTo
			);
		});
		expect(expected.length).toBeGreaterThan(10);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
	});

	it.each([
		['a From later than To', { shipDateFrom: '2026-01-04T00:00:00', shipDateTo: '2026-01-03T00:00:00' }, 'Ship Date To', 'must not be before the From date'],
		['a range with only one end', { lastActivityFrom: '2026-01-04T00:00:00' }, 'Last Activity To', 'is required: a range needs both a From and a To date'],
		['an unreadable date', { shipDateFrom: '={{ "yesterday-ish" }}', shipDateTo: '2026-01-03T00:00:00' }, 'Ship Date From', 'must be a date'],
	])('refuses %s before sending anything', async (_case, filters, label, rule) => {
		const result = await fx.run(getPackages({ filters }));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('sends a ship date range alone, without the default activity window', async () => {
		const result = await fx.run(getPackages({ filters: { shipDateFrom: '2026-01-03T05:00:00Z', shipDateTo: '2026-01-04T05:00:00Z' } }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetPackages');
		expect(sent.body.ShipDateRange).toBe('01/03/2026 05:00:00 - 01/04/2026 05:00:00');
		expect(sent.body).not.toHaveProperty('LastActivityDateRange');
	});

	it('refuses a range with only its To end before sending anything', async () => {
		const result = await fx.run(getPackages({ filters: { shipDateTo: '2026-01-04T05:00:00' } }));
		expect(result.error?.message).toBe('Invalid "Ship Date From": is required: a range needs both a From and a To date');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([
		['empty', '={{ "" }}'],
		['null', '={{ null }}'],
	])('reads pickers an expression leaves %s as not set: the default activity window is sent', async (_case, empty) => {
		const result = await fx.run(getPackages({ filters: { shipDateFrom: empty, shipDateTo: empty, lastActivityFrom: empty, lastActivityTo: empty } }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetPackages');
		expect(sent.body).not.toHaveProperty('ShipDateRange');
		expect(sent.body.LastActivityDateRange).toBe('12/06/2025 15:00:00 - 01/06/2026 15:00:00');
	});

	it('refuses more than 100 order numbers before sending anything, and sends 100', async () => {
		await seed({ count: 150, startAt: new Date(START - 10 * HOUR).toISOString(), spreadMs: 60_000 });
		const orders = packages(fx.sandbox.state).map((p) => p.OrderNumber);
		const tooMany = await fx.run(getPackages({ returnAll: true, filters: { orderNumbers: orders.slice(0, 101).join(',') } }));
		expect(tooMany.error?.message).toContain('Invalid "Order Numbers": at most 100 order numbers are allowed');
		expect(await fx.control.requests()).toHaveLength(0);

		const chosen = orders.slice(20, 120);
		const withList = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getPackages', returnAll: true, simplify: false, filters: { orderNumbers: '={{ $json.orders }}' } },
				{ items: [{ orders: chosen }] },
			),
		);
		expect(withList.error).toBeUndefined();
		const sent = await fx.control.requests('GetPackages');
		expect(sent[sent.length - 1].body.OrderNumbers).toEqual(chosen);
		expect(withList.output(ACTION_NODE).map((i) => i.json)).toEqual(expectedPackages((p) => chosen.includes(p.OrderNumber)));

		// the list as JSON text (an expression's JSON.stringify, a cell holding JSON) is the same list (bug hunt 11)
		const asJson = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getPackages', returnAll: true, simplify: false, filters: { orderNumbers: '={{ JSON.stringify($json.orders) }}' } },
				{ items: [{ orders: chosen.slice(0, 3) }] },
			),
		);
		expect(asJson.error).toBeUndefined();
		const again = await fx.control.requests('GetPackages');
		expect(again[again.length - 1].body.OrderNumbers).toEqual(chosen.slice(0, 3));
	});

	it('stops at the limit and asks only for what it needs', async () => {
		await seed({ count: 40, startAt: new Date(START - 2 * HOUR).toISOString(), spreadMs: 60_000 });
		const result = await fx.run(getPackages({ returnAll: false, limit: 7 }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expectedPackages().slice(0, 7));
		const sent = await fx.control.requests('GetPackages');
		expect(sent).toHaveLength(1);
		expect(sent[0].body).toMatchObject({ Skip: 0, Top: 7 });
	});

	it('shows packages only once they have shipped on the simulated clock', async () => {
		await seed({ count: 5, startAt: new Date(START + HOUR).toISOString(), spreadMs: 60_000 });
		const before = await fx.run(getPackages({ returnAll: true }));
		expect(before.output(ACTION_NODE)).toHaveLength(0);
		await fx.control.call('POST', 'clock', { advanceMs: HOUR + 2 * 60_000 });
		const after = await fx.run(getPackages({ returnAll: true }));
		expect(after.output(ACTION_NODE).map((i) => i.json.OrderNumber)).toEqual(['SO-000001', 'SO-000002', 'SO-000003']);
	});

	it.each([
		[2, 'options'],
		[1, 'queryOptions'],
	])('gives raw pages with LatestActivityTimestamp, read under either documented spelling (version %i: %s)', async (typeVersion, settings) => {
		await seed({ count: 30, startAt: new Date(START - 80 * HOUR).toISOString(), spreadMs: 2 * HOUR });
		const raw = await fx.run(getPackages({ returnAll: true, [settings]: { output: 'pages', pageSize: 10 } }, typeVersion));
		const pages = raw.output(ACTION_NODE).map((i) => i.json);
		// 10 packages, then 9 new a page: each page after the first was asked one early and leaves out the package
		// the page before ended with
		expect(pages.map((p) => (p.Packages as unknown[]).length)).toEqual([10, 9, 9, 2]);
		const latest = Math.max(...packages(fx.sandbox.state).filter((p) => Date.parse(p.ShipDate ?? '') <= START).map((p) => p.lastActivityAt));
		expect(latestActivityTimestamp(pages[0])).toBe(new Date(latest).toISOString().replace('.000Z', 'Z'));
		expect(pages[3]).toMatchObject({ MoreRecords: false, TotalRecordCount: 30 });

		await fx.control.call('POST', 'tracking-quirks', { leadingSpaceTimestamp: true });
		const quirky = await fx.run(getPackages({ returnAll: false, limit: 1, [settings]: { output: 'pages' } }, typeVersion));
		const [page] = quirky.output(ACTION_NODE).map((i) => i.json);
		expect(page).toHaveProperty([' LatestActivityTimestamp']);
		expect(page).not.toHaveProperty(['LatestActivityTimestamp']);
		expect(latestActivityTimestamp(page)).toBe(latestActivityTimestamp(pages[0]));
		expect(latestActivityTimestamp({})).toBeUndefined();
	});
});
