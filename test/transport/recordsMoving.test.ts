// Return All while the provider's list moves between pages (a record added at the front, one taken from the end, a
// package with new activity moved to the end): each Skip/Top page after the first begins with the record the page
// before ended with (known by its key), and PageNumber/PageSize pages (Get Sellable) know every record by its key, so a
// shift ends the read, which is read again from the first page (up to 3 reads) or fails saying so. Its records come
// out each once or not at all, and a read never goes on for ever.
import type { IDataObject } from 'n8n-workflow';

import { EVENTS } from '../../nodes/WineFulfillment/trigger/events';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { beforeRequest, useSandbox } from '../harness/sandbox';
import { packages, returns, transactions } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from '../trigger/clock';

const fx = useSandbox({ inventoryRecords: 30 });
// Get Packages' default window is counted from the node's clock: the sandbox's
nodeClockFollowsSandbox(fx);

const HOUR = 3_600_000;
const NOTHING_OUTPUT = 'Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again.';
const HINT =
	'Records that change while they are read are read more surely by a narrower query (one warehouse, fewer items, a shorter date range, a smaller area).';

const statusKey = (r: IDataObject) => `${String(r.ItemNo)}|${String(r.Warehouse)}|${String(r.InventoryStatus)}`;
const repeated = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);

afterEach(() => jest.restoreAllMocks());

/** A new record at the front of the inventory and the last one taken away: the total stays, the pages shift by one. */
function addFrontTakeLast() {
	const inv = fx.sandbox.state.inventory;
	const n = fx.sandbox.state.nextSequence('moved-inventory');
	inv.pop();
	inv.unshift({ ...inv[0], ItemNo: `WINE-FRONT-${n}` });
}

/** The first record of the inventory taken away and a new one added at the end: the total stays, the pages shift back. */
function takeFirstAddLast() {
	const inv = fx.sandbox.state.inventory;
	const n = fx.sandbox.state.nextSequence('moved-inventory');
	inv.shift();
	inv.push({ ...inv[0], ItemNo: `WINE-END-${n}` });
}

describe('Inventory → Get Status', () => {
	const getStatus = () =>
		actionWorkflow(
			{ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 } },
			{ typeVersion: 2 },
		);

	it('a record added at the front and the last one taken away after page 1 (total unchanged): read again, each record once', async () => {
		beforeRequest(fx, 'GetStatus', 2, addFrontTakeLast);
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		const keys = result.output(ACTION_NODE).map((i) => statusKey(i.json));
		expect(repeated(keys)).toEqual([]);
		expect(keys).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
		// page 2 of the first read began with page 1's second last record, not its last: the read started again
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 0, 9, 18, 27]);
	});

	it('the first record taken away and one added at the end after page 1 (total unchanged, no record again): read again, none skipped', async () => {
		beforeRequest(fx, 'GetStatus', 2, takeFirstAddLast);
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		const keys = result.output(ACTION_NODE).map((i) => statusKey(i.json));
		// was: page 2 asked at Skip 10 began with what had been the 12th record, and the 11th was never output
		expect(keys).toEqual(fx.sandbox.state.inventory.map((r) => statusKey(r as unknown as IDataObject)));
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Skip)).toEqual([0, 9, 0, 9, 18, 27]);
	});

	it('the list moves on every read: three reads, then an error naming the record that came again; nothing output', async () => {
		beforeRequest(fx, 'GetStatus', 2, addFrontTakeLast, 2);
		const result = await fx.run(getStatus());
		// the third read: its page 2 began with the second last record of its page 1, not the last (the 8th seeded)
		expect(result.error?.message).toBe(
			'The records changed while they were read, 3 times: Page 2 began with ItemNo "WINE-000000", Warehouse "PRB02", InventoryStatus "GOOD-NO-TX" instead of ItemNo "WINE-000000", Warehouse "PRB04", InventoryStatus "GOOD-NO-TX", the record the page before ended with: records were added or taken out before it',
		);
		expect(result.error?.description).toBe(`${NOTHING_OUTPUT} ${HINT} If it keeps happening, tell the provider what the message says.`);
		expect(result.output(ACTION_NODE)).toEqual([]);
		expect(await fx.control.requests('GetStatus')).toHaveLength(6);
	});

	describe('two records of one key at the seam of pages 1 and 2 (two lots the provider lists apart), bug hunt 27', () => {
		// a record as the user reads it: its key and its quantities
		const shown = (r: IDataObject) => `${statusKey(r)}|${String(r.QuantityOnHand)}`;
		/** The record at `at` (0-based) followed by a second record of its key, with other quantities; the last taken away. */
		function twoOfOneKey(at: number) {
			const inv = fx.sandbox.state.inventory;
			inv.splice(at + 1, 0, { ...inv[at], QuantityOnHand: 9_999, QuantityAvailable: 9_999, QuantityReserved: 0 });
			inv.pop();
		}

		// was: page 2 (Skip 9) began with the second of the two, taken for page 1's last by its key and left out: lost
		it('one record taken out before the seam and one added at the end (total unchanged): read again, the second lot not lost', async () => {
			twoOfOneKey(9);
			beforeRequest(fx, 'GetStatus', 2, takeFirstAddLast);
			const result = await fx.run(getStatus());
			expect(result.error).toBeUndefined();
			const out = result.output(ACTION_NODE).map((i) => shown(i.json));
			expect(out.filter((line) => line.endsWith('|9999'))).toHaveLength(1);
			expect(out).toEqual(fx.sandbox.state.inventory.map((r) => shown(r as unknown as IDataObject)));
		});

		// was: page 2 began with page 1's second last (the first of the two), taken for its last and left out, and the last
		// came again: output twice
		it('one record added before the seam and the last one taken away (total unchanged): read again, no lot twice', async () => {
			twoOfOneKey(8);
			beforeRequest(fx, 'GetStatus', 2, addFrontTakeLast);
			const result = await fx.run(getStatus());
			expect(result.error).toBeUndefined();
			const out = result.output(ACTION_NODE).map((i) => shown(i.json));
			expect(out.filter((line) => line.endsWith('|9999'))).toHaveLength(1);
			expect(out).toEqual(fx.sandbox.state.inventory.map((r) => shown(r as unknown as IDataObject)));
		});
	});

	it('the same record twice on one page is the provider\'s own answer: output as it came, no error', async () => {
		const inv = fx.sandbox.state.inventory;
		inv.splice(3, 0, { ...inv[2] });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => statusKey(i.json))).toEqual(inv.map((r) => statusKey(r as unknown as IDataObject)));
	});

	it('records without the members of their key are not checked: two alike across pages are no error', async () => {
		const inv = fx.sandbox.state.inventory as unknown as IDataObject[];
		// a record without a status, twice, across the boundary of pages 1 and 2
		inv[9] = { ...inv[9], InventoryStatus: undefined };
		inv[10] = { ...inv[9] };
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(30);
	});
});

describe('Inventory → Get Sellable', () => {
	it('a provider that ignores PageNumber and tells no total while a SKU sells: stopped at the repeat, never read for ever', async () => {
		let n = 0;
		const rule = fx.sandbox.faults.add({ kind: 'rewrite', path: 'GetSellable', count: 1_000_000 });
		Object.defineProperty(rule, 'set', {
			get() {
				n += 1;
				// always the first page of 10 SKUs; the first SKU's quantity changes with every answer
				return { TotalRecordCount: null, Items: Array.from({ length: 10 }, (_, i) => ({ ItemNo: `SKU-${i}`, SellableQuantity: i === 0 ? 1000 - n : 5 })) };
			},
		});
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { pageSize: 10 } }, { typeVersion: 2 }));
		expect(result.error?.message).toBe(
			'The records changed while they were read, 3 times: Page 2 held only records of earlier pages (ItemNo "SKU-0" first): the list moved, or the provider does not move on to the next page',
		);
		expect(result.output(ACTION_NODE)).toEqual([]);
		expect((await fx.control.requests('GetSellable')).map((r) => r.body.PageNumber)).toEqual([1, 2, 1, 2, 1, 2]);
	});

	it('a SKU that moves to a later page while the pages are read: read again, each SKU once', async () => {
		await fx.control.reset({ inventoryRecords: 720 });
		const first = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { pageSize: 10, includeUnavailableItems: true } }, { typeVersion: 2 }));
		const all = first.output(ACTION_NODE).map((i) => i.json);
		expect(all.length).toBeGreaterThan(20);
		// the second page as a provider answers it when the first page's last SKU has moved behind the second page's first
		await fx.control.fault({ kind: 'rewrite', path: 'GetSellable', after: 1, count: 1, set: { Items: [all[10], all[9], ...all.slice(11, 19)] } });
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { pageSize: 10, includeUnavailableItems: true } }, { typeVersion: 2 }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(all);
	});
});

describe('Inventory → Get Transactions', () => {
	it('has no key (a transaction carries no number): two lines alike in every member across pages are two records, no error', async () => {
		await fx.control.call('POST', 'seed-transactions', { count: 20, date: '02/10/2026' });
		const list = transactions(fx.sandbox.state);
		list[10] = { ...list[9] };
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', simplify: false, transactionDate: '2026-02-10T00:00:00', returnAll: true, options: { pageSize: 10 } },
				{ typeVersion: 2 },
			),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(20);
		expect(out[10]).toEqual(out[9]);
	});
});

describe('Tracking → Get Packages (the provider lists by last activity)', () => {
	const getPackages = (pageSize = 25) =>
		actionWorkflow({ resource: 'tracking', operation: 'getPackages', simplify: false, returnAll: true, options: { pageSize } }, { typeVersion: 2 });

	it('one package on page 1 gets new activity before page 2 (it moves to the end): read again, each package once', async () => {
		const now = fx.sandbox.state.now();
		await fx.control.call('POST', 'seed-packages', { count: 100, startAt: new Date(now - 3 * HOUR).toISOString(), spreadMs: 60_000 });
		beforeRequest(fx, 'GetPackages', 2, () => {
			const first = packages(fx.sandbox.state).find((p) => p.TrackingNo === '770000000001');
			if (!first) throw new Error('no package 770000000001');
			first.lastActivityAt = fx.sandbox.state.now();
			first.Status = 'EXCEPTION';
			// the sandbox rebuilds its activity index when its clock moves
			fx.sandbox.state.advance(1000);
		});
		const result = await fx.run(getPackages());
		expect(result.error).toBeUndefined();
		const nos = result.output(ACTION_NODE).map((i) => String(i.json.TrackingNo));
		expect(repeated(nos)).toEqual([]);
		expect(new Set(nos)).toEqual(new Set(packages(fx.sandbox.state).map((p) => p.TrackingNo)));
		// the moved package shifted the first read's page 2 back by one (it did not begin with the package page 1 ended
		// with): the second read is whole
		expect((await fx.control.requests('GetPackages')).map((r) => r.body.Skip)).toEqual([0, 24, 0, 24, 48, 72, 96]);
	});

	it('packages that keep moving while a long read pages: never one twice; an error saying so', async () => {
		// 300 packages shipped 5h50 to 0h ago: while the pages are read, the oldest reach IN TRANSIT and move to the end
		const now = fx.sandbox.state.now();
		await fx.control.call('POST', 'seed-packages', { count: 300, startAt: new Date(now - 5 * HOUR - 50 * 60_000).toISOString(), spreadMs: 60_000 });
		await fx.control.call('POST', 'provider-clock', { stepMs: 5 * 60_000 });
		const result = await fx.run(getPackages());
		// the packages that moved behind the others shift the pages after them
		expect(result.error?.message).toMatch(
			// a package named by its tracking and order numbers (bug hunt 48: one box may hold two orders)
			/^The records changed while they were read, 3 times: Page \d+ began with TrackingNo "\w+", OrderNumber "[\w-]+" instead of TrackingNo "\w+", OrderNumber "[\w-]+", the record the page before ended with: records were added or taken out before it$/,
		);
		expect(result.error?.description).toMatch(/^Nothing was output for this item/);
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('packages without a tracking number (ready for pickup) are not checked: two boxes alike across pages are no error', async () => {
		const now = fx.sandbox.state.now();
		await fx.control.call('POST', 'seed-packages', { count: 40, startAt: new Date(now - 3 * HOUR).toISOString(), spreadMs: 60_000 });
		const before = await fx.run(getPackages(10));
		const order = before.output(ACTION_NODE).map((i) => String(i.json.TrackingNo));
		// the 10th and 11th packages: two boxes of one order, alike, not yet with a tracking number
		const [a, b] = [order[9], order[10]].map((no) => packages(fx.sandbox.state).find((p) => p.TrackingNo === no));
		if (!a || !b) throw new Error('packages not found');
		Object.assign(b, { OrderNumber: a.OrderNumber, ShipDate: a.ShipDate, PackageItems: a.PackageItems });
		a.TrackingNo = '';
		b.TrackingNo = '';
		const result = await fx.run(getPackages(10));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(40);
		// the two boxes end page 1 and begin page 2
		expect([out[9], out[10]].map((p) => [p.TrackingNo, p.OrderNumber])).toEqual([
			['', a.OrderNumber],
			['', a.OrderNumber],
		]);
	});

	it('its key is the polling trigger\'s identity of a numbered package', () => {
		const newPackage = EVENTS.newPackage;
		if (newPackage.kind !== 'window') throw new Error('New Package is read through windows');
		const p = { TrackingNo: '770000000001', OrderNumber: 'SO-1', ShipDate: '2026-01-05T10:00:00Z' };
		expect(`TrackingNo ${JSON.stringify(newPackage.query({}, 'UTC').identity(p))}`).toBe('TrackingNo "770000000001"');
	});
});

describe('Sales Order → Get Returns (newest received first)', () => {
	const getReturns = () =>
		actionWorkflow({ resource: 'salesOrder', operation: 'getReturns', simplify: false, returnAll: true, options: { pageSize: 10 } }, { typeVersion: 2 });

	it('a return received while the pages are read (at the front): read again, each return once', async () => {
		await fx.control.call('POST', 'seed-returns', { count: 30, startAt: '2026-01-01T00:00:00Z' });
		beforeRequest(fx, 'GetReturns', 2, () => {
			const list = returns(fx.sandbox.state);
			list.unshift({ ...list[0], RMANumber: 'RMA-NEW', OrderNo: 'NEW-1' });
		});
		const result = await fx.run(getReturns());
		expect(result.error).toBeUndefined();
		const rmas = result.output(ACTION_NODE).map((i) => String(i.json.RMANumber));
		expect(rmas).toEqual(returns(fx.sandbox.state).map((r) => String(r.RMANumber)));
		expect(rmas).toHaveLength(31);
	});

	it('returns without an RMA number are not checked: two alike across pages are no error', async () => {
		await fx.control.call('POST', 'seed-returns', { count: 30, startAt: '2026-01-01T00:00:00Z' });
		const list = returns(fx.sandbox.state);
		list[9] = { ...list[9], RMANumber: null };
		list[10] = { ...list[9] };
		const result = await fx.run(getReturns());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(30);
	});

	it('its key is the polling trigger\'s identity of a return with an RMA number', () => {
		const newReturn = EVENTS.newReturn;
		if (newReturn.kind !== 'window') throw new Error('New Return is read through windows');
		expect(`RMANumber ${JSON.stringify(newReturn.query({}, 'UTC').identity({ RMANumber: 'RMA-7', OrderNo: 'SO-1' }))}`).toBe('RMANumber "RMA-7"');
	});
});

describe('Address → Get Carrier Locations', () => {
	const locations = () =>
		actionWorkflow({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', returnAll: true, options: { pageSize: 5 } }, { typeVersion: 2 });

	it('page 2 shifted by a location added before it: read again, each location once', async () => {
		const before = await fx.run(locations());
		const all = before.output(ACTION_NODE).map((i) => i.json);
		expect(all.length).toBeGreaterThan(10);
		const firstRead = (await fx.control.requests('GetCarrierLocations')).length;
		// page 2, asked at Skip 4, as the provider answers it once a location was added before it: one earlier
		await fx.control.fault({ kind: 'rewrite', path: 'GetCarrierLocations', after: 1, count: 1, set: { CarrierLocations: all.slice(3, 8) } });
		const result = await fx.run(locations());
		expect(result.error).toBeUndefined();
		const ids = result.output(ACTION_NODE).map((i) => String(i.json.LocationId));
		expect(ids).toEqual(all.map((l) => String(l.LocationId)));
		expect((await fx.control.requests('GetCarrierLocations')).slice(firstRead, firstRead + 3).map((r) => r.body.Skip)).toEqual([0, 4, 0]);
	});
});
