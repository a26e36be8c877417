// Wine Fulfillment Trigger, package events: polled as n8n polls, with faults in the middle of multi-page polls.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PAST_KEYS_KEPT_MAX } from '../../nodes/WineFulfillment/trigger/cursor';
import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { journey, shipTime } from '../sandbox/tracking';

// The transport's backoff after a 500 or a dropped connection takes one turn of the event loop here instead of a
// quarter second and more: this file tests what the trigger emits through faults, not how long the transport waits
// before it retries (test/transport/retries.test.ts and test/unit/retry.test.ts do).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual<object>('n8n-workflow'),
	sleep: async () => await new Promise((resolve) => setImmediate(resolve)),
}));

const fx = useSandbox({ inventoryRecords: 20 });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function trigger(event: string, options: IDataObject = {}, filters: IDataObject = {}) {
	return triggerWorkflow({ event, filters, options: { pageSize: 40, ...options } } as INodeParameters);
}

async function poll(workflow: ReturnType<typeof trigger>, staticData: IDataObject, mode: 'trigger' | 'manual' = 'trigger') {
	return await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData, mode);
}

/** Faults to inject on poll number i: each lands in the middle of a multi-page poll. */
async function faultsFor(i: number) {
	const path = 'GetPackages';
	if (i % 7 === 1) await fx.control.fault({ kind: 'status', status: 429, retryAfter: '0', path, after: 1, count: 1 });
	if (i % 7 === 3) await fx.control.fault({ kind: 'status', status: 500, path, after: 1, count: 1 });
	if (i % 7 === 5) await fx.control.fault({ kind: 'reset', path, after: 1, count: 1 });
	// a failure the retries do not cover: the poll fails as a whole and must not move the cursor
	if (i % 11 === 6) await fx.control.fault({ kind: 'status', status: 400, path, after: 1, count: 1 });
}

async function advance(ms: number) {
	await fx.control.call('POST', 'clock', { advanceMs: ms });
}

describe('trigger: New Package', () => {
	it('emits each of 1,000 packages exactly once over simulated hours, through faults and restarts', async () => {
		let staticData: IDataObject = {};
		// pages of 10: each poll's new packages take several pages, so the faults land mid-pagination
		const workflow = trigger('newPackage', { pageSize: 10 });
		const first = await poll(workflow, staticData);
		expect(first.items).toHaveLength(0);
		staticData = first.staticData;

		const start = fx.sandbox.state.now();
		await fx.control.call('POST', 'seed-packages', { count: 1000, startAt: new Date(start + MINUTE).toISOString(), spreadMs: 36_000 });
		const emitted: string[] = [];
		let failedPolls = 0;
		for (let i = 0; i < 40; i++) {
			await advance(20 * MINUTE);
			await faultsFor(i);
			try {
				const result = await poll(workflow, staticData);
				// n8n stores static data as JSON between polls: every poll here is a restart
				staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
				emitted.push(...result.items.map((item) => String(item.json.trackingNumber)));
			} catch (error) {
				failedPolls += 1;
				expect((error as Error).message).toContain('rejected the request as invalid');
			}
		}
		expect(failedPolls).toBeGreaterThan(0);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted.sort()).toEqual(packages(fx.sandbox.state).map((p) => p.TrackingNo).sort());
		expect(emitted).toHaveLength(1000);
		// several polls needed more than one page
		const laterPages = (await fx.control.requests('GetPackages')).filter((r) => Number(r.body.Skip) > 0);
		expect(laterPages.length).toBeGreaterThan(20);
		// static data stays bounded: a cursor, the keys of the Late Reports Window and those of at most PAST_KEYS_KEPT_MAX
		// packages before it (bug hunt 42; 40.7 KB here, all 1,000 packages kept; before, under 10,000 characters)
		expect(JSON.stringify(staticData).length).toBeLessThan(10_000 + PAST_KEYS_KEPT_MAX * 45);
	}, 120_000);

	it('gives a notification the fields it needs', async () => {
		let staticData = (await poll(trigger('newPackage'), {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 2, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		await advance(10 * MINUTE);
		const result = await poll(trigger('newPackage'), staticData);
		staticData = result.staticData;
		expect(result.items).toHaveLength(2);
		const [item] = result.items;
		expect(item.json).toMatchObject({
			event: 'newPackage',
			orderNumber: expect.stringMatching(/^SO-/),
			trackingNumber: expect.any(String),
			trackingUrl: expect.stringContaining('https://'),
			carrier: expect.stringMatching(/FEX|UPS/),
			status: 'SHIPPED',
			shipToName: expect.stringContaining('Customer'),
			shipToEmail: expect.stringContaining('@example.com'),
		});
		expect(item.pairedItem).toBeUndefined();
	});

	it('first poll remembers what is there and emits nothing; Start From backfills', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 30, startAt: new Date(fx.sandbox.state.now() - 3 * HOUR).toISOString(), spreadMs: 6 * MINUTE });
		const seed = await poll(trigger('newPackage'), {});
		expect(seed.items).toHaveLength(0);
		await advance(5 * MINUTE);
		expect((await poll(trigger('newPackage'), seed.staticData)).items).toHaveLength(0);

		// shipped within 2 hours before the provider's latest activity (its present), not one more
		const backfill = await poll(trigger('newPackage', { startFromHours: 2 }), {});
		const latest = Math.max(...packages(fx.sandbox.state).map((p) => p.lastActivityAt));
		const cutoff = latest - 2 * HOUR;
		const expected = packages(fx.sandbox.state).filter((p) => (shipTime(p) ?? 0) >= cutoff);
		expect(backfill.items.map((i) => i.json.trackingNumber).sort()).toEqual(expected.map((p) => p.TrackingNo).sort());
	});

	it('Fetch Test Event returns the most recent package and leaves the stored state alone', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 5, startAt: new Date(fx.sandbox.state.now() - HOUR).toISOString(), spreadMs: MINUTE });
		const active = await poll(trigger('newPackage'), {});
		const manual = await poll(trigger('newPackage'), active.staticData, 'manual');
		expect(manual.items).toHaveLength(1);
		const newest = packages(fx.sandbox.state).reduce((a, b) => ((shipTime(a) ?? 0) > (shipTime(b) ?? 0) ? a : b));
		expect(manual.items[0].json.trackingNumber).toBe(newest.TrackingNo);
		expect(manual.staticData).toEqual(active.staticData);
		const fresh = await poll(trigger('newPackage'), {}, 'manual');
		expect(fresh.staticData).toEqual({});
	});

	it('filters by carrier and order numbers on the wire', async () => {
		const seed = await poll(trigger('newPackage', {}, { carrier: 'UPS', orderNumbers: 'SO-000002, SO-000003' }), {});
		await fx.control.call('POST', 'seed-packages', { count: 6, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		await advance(20 * MINUTE);
		const result = await poll(trigger('newPackage', {}, { carrier: 'UPS', orderNumbers: 'SO-000002, SO-000003' }), seed.staticData);
		expect(result.items.map((i) => i.json.orderNumber)).toEqual(['SO-000002']);
		const sent = (await fx.control.requests('GetPackages')).at(-1);
		expect(sent?.body).toMatchObject({ ShippingCarrier: 'UPS', OrderNumbers: ['SO-000002', 'SO-000003'] });
		expect(String(sent?.body.ShipDateRange)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} - \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
	});
});

describe('trigger: the Order Numbers filter', () => {
	const many = (n: number) => Array.from({ length: n }, (_, i) => `SO-${String(i + 1).padStart(6, '0')}`).join(', ');

	it.each(['newPackage', 'packageStatusChanged', 'newReturn'])('%s: more than 100 order numbers are refused before the poll asks', async (event) => {
		await expect(poll(trigger(event, {}, { orderNumbers: many(101) }), {})).rejects.toThrow(
			'Invalid "Order Numbers": at most 100 order numbers are allowed',
		);
		expect(await fx.control.requests()).toEqual([]);
	});

	it.each(['newPackage', 'newReturn'])('%s: an order number with a tab or an invisible character inside is refused before the poll asks', async (event) => {
		await expect(poll(trigger(event, {}, { orderNumbers: 'SO-000001, SO-00\t0002' }), {})).rejects.toThrow('must not contain control characters');
		await expect(poll(trigger(event, {}, { orderNumbers: 'SO-000\u200b001' }), {})).rejects.toThrow('must not contain invisible characters');
		expect(await fx.control.requests()).toEqual([]);
	});

	it('100 order numbers are sent', async () => {
		await poll(trigger('newPackage', {}, { orderNumbers: many(100) }), {});
		const sent = (await fx.control.requests('GetPackages')).at(-1);
		expect(sent?.body.OrderNumbers).toHaveLength(100);
	});
});

describe('trigger: Package Status Changed', () => {
	it('emits every status change of 1,000 packages exactly once, through faults', async () => {
		let staticData = (await poll(trigger('packageStatusChanged'), {})).staticData;
		const start = fx.sandbox.state.now();
		await fx.control.call('POST', 'seed-packages', { count: 1000, startAt: new Date(start + MINUTE).toISOString(), spreadMs: 36_000 });
		const emitted: string[] = [];
		for (let i = 0; i < 110; i++) {
			await advance(60 * MINUTE);
			await faultsFor(i);
			try {
				const result = await poll(trigger('packageStatusChanged', { overlapMinutes: 30 }), staticData);
				staticData = result.staticData;
				emitted.push(...result.items.map((item) => `${String(item.json.trackingNumber)}|${String(item.json.status)}`));
			} catch {
				// the retried poll picks it up
			}
		}
		const end = fx.sandbox.state.now();
		const expected = packages(fx.sandbox.state).flatMap((p) =>
			journey(p.TrackingNo)
				.filter((step) => (shipTime(p) ?? 0) + step.after <= end)
				.map((step) => `${p.TrackingNo}|${step.Status}`),
		);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted.sort()).toEqual(expected.sort());
		expect(expected.length).toBeGreaterThan(3000);
	}, 180_000);

	it('emits only the chosen statuses', async () => {
		let staticData = (await poll(trigger('packageStatusChanged', {}, { statuses: ['DELIVERED'] }), {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 10, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		const statuses: string[] = [];
		for (let i = 0; i < 8; i++) {
			await advance(8 * HOUR);
			const result = await poll(trigger('packageStatusChanged', {}, { statuses: ['DELIVERED'] }), staticData);
			staticData = result.staticData;
			statuses.push(...result.items.map((item) => String(item.json.status)));
		}
		expect(statuses.length).toBeGreaterThan(0);
		expect(new Set(statuses)).toEqual(new Set(['DELIVERED']));
	});
});
