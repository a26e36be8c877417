// The trigger's events called directly: the request each one sends, the key and time of each record, the item it emits.
import type { IDataObject } from 'n8n-workflow';

import { EVENTS, packageItem, type SnapshotEvent, type WindowedEvent } from '../../nodes/WineFulfillment/trigger/events';
import { fakeContext } from './fakeContext';

const T = Date.parse('2026-03-01T12:00:00Z');
const S = 1000;
const DAY = 86_400_000;
const windowed = (name: keyof typeof EVENTS) => EVENTS[name] as WindowedEvent;

const pkg: IDataObject = {
	OrderNumber: 'SO-1',
	TrackingNo: '1Z999',
	TrackingURL: 'https://track.example/1Z999',
	Carrier: 'UPS',
	Service: 'Ground',
	Status: 'Delivered',
	StatusDescription: 'Left at door',
	ShipDate: '03/01/2026 08:00:00',
	EstimatedDeliveryDate: '03/03/2026',
	CarrierStatusTimestamp: '2026-03-02T10:00:00Z',
	ShipTo: { Name: 'Ann', EmailAddress: 'ann@example.com' },
};

describe('packageItem', () => {
	// the shaped fields come from wire/simplify.ts (tested with it); here: the event and the whole package beside them
	it('the event, the package as Simplify gives it, and the whole package', () => {
		const item = packageItem(pkg, 'newPackage', 'UTC');
		expect(item).toMatchObject({ event: 'newPackage', orderNumber: 'SO-1', trackingNumber: '1Z999', package: pkg });
		expect(packageItem(pkg, 'packageStatusChanged', 'UTC').event).toBe('packageStatusChanged');
	});
});

describe('package events', () => {
	it('New Package reads by ship date, Package Status Changed by last activity, both from GetPackages', () => {
		const np = windowed('newPackage');
		const sc = windowed('packageStatusChanged');
		expect([np.kind, np.field, sc.kind, sc.field]).toEqual(['window', 'stamp', 'window', 'activity']);
		const q = np.query({}, 'UTC');
		expect([q.endpoint.path, q.recordsKey, q.maxTop]).toEqual(['/api/Tracking/GetPackages', 'Packages', 500]);
		expect(q.body(T, T + 59 * S)).toEqual({ ShipDateRange: '03/01/2026 12:00:00 - 03/01/2026 12:00:59' });
		expect(sc.query({}, 'UTC').body(T, T + S)).toEqual({ LastActivityDateRange: '03/01/2026 12:00:00 - 03/01/2026 12:00:01' });
	});

	it('sends the carrier and order number filters only when set', () => {
		const q = windowed('newPackage').query({ carrier: 'UPS', orderNumbers: ['A', 'B'], warehouse: 'IGNORED', statuses: ['x'] }, 'UTC');
		expect(q.body(T, T)).toEqual({ ShippingCarrier: 'UPS', OrderNumbers: ['A', 'B'], ShipDateRange: '03/01/2026 12:00:00 - 03/01/2026 12:00:00' });
		expect(windowed('newPackage').query({ carrier: '', orderNumbers: [] }, 'UTC').body(T, T)).toEqual({
			ShipDateRange: '03/01/2026 12:00:00 - 03/01/2026 12:00:00',
		});
	});

	it('a New Package is keyed by its tracking and order number and timed by its ship date', () => {
		const q = windowed('newPackage').query({}, 'UTC');
		expect(q.candidate(pkg)).toEqual({
			// bug hunt 42: two orders in one box share the tracking number (was: '1Z999')
			key: '1Z999@SO-1',
			at: Date.parse('2026-03-01T08:00:00Z'),
			record: packageItem(pkg, 'newPackage', 'UTC'),
			// the keys it had before: under earlier versions (its tracking number alone), and while it had no number; the
			// first seen moves over to its key (cursor.ts advance)
			formerKey: ['1Z999', 'SO-1#03/01/2026 08:00:00'],
		});
		expect(q.candidate({ OrderNumber: 'SO-2', ShipDate: '03/01/2026' })).not.toHaveProperty('formerKey');
		// its identity in the pages stays the tracking number (the action node's record key)
		expect(q.identity(pkg)).toBe('1Z999');
		// a record that names no order: its tracking number alone, as before
		expect(q.candidate({ ...pkg, OrderNumber: ' ' }).key).toBe('1Z999');
		expect(q.candidate({ ...pkg, OrderNumber: undefined }).formerKey).toEqual(['undefined#03/01/2026 08:00:00']);
		expect(q.candidate({ OrderNumber: 'SO-2', ShipDate: '03/01/2026' }).key).toBe('SO-2#03/01/2026');
		expect(q.identity({ OrderNumber: 'SO-2', ShipDate: '03/01/2026' })).toBe('SO-2#03/01/2026');
		expect(q.candidate({}).at).toBeUndefined();
	});

	it('a package whose tracking number is blank or not given is keyed by order, ship date and what it holds', () => {
		const q = windowed('newPackage').query({}, 'UTC');
		const box = { OrderNumber: 'SO-2', ShipDate: '03/01/2026', PackageItems: [{ ItemNo: 'CAB-750', Quantity: 6 }, { ItemNo: 'ZIN-750', Quantity: 2 }] };
		for (const TrackingNo of ['', ' \t', null, undefined]) {
			expect(q.identity({ ...box, TrackingNo })).toBe('SO-2#03/01/2026#CAB-750 x6 + ZIN-750 x2');
		}
		expect(q.identity({ ...box, TrackingNo: 0 })).toBe('0');
		expect(windowed('newReturn').query({}, 'UTC').identity({ RMANumber: '', OrderNo: 'SO-9', ReceivedDate: 'd', ReturnSalesOrderLines: [{ ItemNo: 'A', Quantity: 1 }] })).toBe(
			'SO-9#d#A x1',
		);
	});

	it('a status change is keyed by tracking number and status, timed by the carrier status time', () => {
		const q = windowed('packageStatusChanged').query({}, 'UTC');
		expect(q.candidate(pkg)).toEqual({
			key: '1Z999@SO-1|DELIVERED', // the status as the filter reads it (statusWord): "Delivered" and "DELIVERED" are one status
			at: Date.parse('2026-03-02T10:00:00Z'),
			record: packageItem(pkg, 'packageStatusChanged', 'UTC'),
			subject: '1Z999@SO-1',
			// a final status: remembered 2 days after the last activity (a later scan of it emits nothing)
			memoryMs: 2 * 24 * 3_600_000,
			// the subjects of earlier versions (bug hunt 42) and of the package before it had a number
			formerSubject: ['1Z999', 'SO-1#03/01/2026 08:00:00'],
		});
		expect(q.candidate({ ...pkg, TrackingNo: '' })).not.toHaveProperty('formerSubject');
		expect(q.identity(pkg)).toBe('1Z999');
	});

	it('a package on its way is remembered 14 days after its last activity; one at a final status 2 days', () => {
		const q = windowed('packageStatusChanged').query({}, 'UTC');
		for (const status of ['SHIPPED', 'IN TRANSIT', 'EXCEPTION', 'READY FOR PICKUP']) {
			expect(q.candidate({ ...pkg, Status: status }).memoryMs).toBe(14 * 24 * 3_600_000);
		}
		for (const status of ['DELIVERED', 'delivered ', 'DELIVERED TO SHIPPER', 'RETURNED', 'CANCELED']) {
			expect(q.candidate({ ...pkg, Status: status }).memoryMs).toBe(2 * 24 * 3_600_000);
		}
	});

	it("takes the provider's present from LatestActivityTimestamp", () => {
		const q = windowed('newPackage').query({}, 'UTC');
		expect(q.providerTime({ LatestActivityTimestamp: '2026-03-01T12:30:00Z', Packages: [] })).toBe(Date.parse('2026-03-01T12:30:00Z'));
		expect(q.providerTime({ Packages: [] })).toBeUndefined();
	});

	it("asks for the provider's present cheaply: one record of the last day's activity, with the filters", async () => {
		const c = fakeContext(() => ({
			body: { Packages: [], LatestActivityTimestamp: '2026-03-01T11:59:00Z' },
			headers: { Date: 'Sun, 01 Mar 2026 12:00:07 GMT' },
		}));
		const present = await windowed('packageStatusChanged').present(c.ctx, { carrier: 'FedEx', orderNumbers: ['A'] }, T, false);
		// its latest activity, and its clock: the answer's Date
		expect(present).toEqual({ activity: Date.parse('2026-03-01T11:59:00Z'), clock: Date.parse('2026-03-01T12:00:07Z') });
		expect(c.sent[0].url).toBe('/api/Tracking/GetPackages');
		expect(c.sent[0].body).toEqual({
			ShippingCarrier: 'FedEx',
			OrderNumbers: ['A'],
			LastActivityDateRange: '02/28/2026 12:00:00 - 03/02/2026 12:00:00',
			Skip: 0,
			Top: 1,
		});
		expect(DAY).toBe(86_400_000);
	});
});

describe('New Return', () => {
	const ev = windowed('newReturn');
	const ret: IDataObject = {
		OrderNo: 'SO-9',
		RMANumber: 'RMA-1',
		ReturnStatus: 'Received',
		ReturnReason: 'Broken',
		EmailAddress: 'c@example.com',
		ReceivedDate: '2026-03-01T09:00:00',
	};

	it('reads GetReturns by StartTime and EndTime in ISO 8601, asking for the count, with the order and warehouse filters', () => {
		expect([ev.kind, ev.field]).toEqual(['window', 'stamp']);
		const q = ev.query({ orderNumbers: ['SO-9'], warehouse: 'NAP', carrier: 'IGNORED' }, 'UTC');
		expect([q.endpoint.path, q.recordsKey, q.maxTop]).toEqual(['/api/SalesOrder/GetReturns', 'ReturnSalesOrderHeaders', 100]);
		expect(q.body(T, T + 1500)).toEqual({
			StartTime: '2026-03-01T12:00:00Z',
			EndTime: '2026-03-01T12:00:01Z',
			IncludeTotalRecordCount: true,
			OrderNumbers: ['SO-9'],
			Warehouse: 'NAP',
		});
		expect(ev.query({ orderNumbers: [], warehouse: '' }, 'UTC').body(T, T)).toEqual({
			StartTime: '2026-03-01T12:00:00Z',
			EndTime: '2026-03-01T12:00:00Z',
			IncludeTotalRecordCount: true,
		});
	});

	it('a return is keyed by its RMA number (else order and date), timed by its received date', () => {
		const q = ev.query({}, 'UTC');
		const c = q.candidate(ret);
		expect([c.key, c.at]).toEqual(['RMA-1', Date.parse('2026-03-01T09:00:00Z')]);
		expect(c.record).toMatchObject({ event: 'newReturn', orderNumber: 'SO-9', return: ret });
		expect(q.identity(ret)).toBe('RMA-1');
		expect(q.identity({ OrderNo: 'SO-9', ReceivedDate: 'd' })).toBe('SO-9#d');
		expect(q.candidate({ OrderNo: 'SO-9', ReceivedDate: 'd' }).key).toBe('SO-9#d');
	});

	it('reports no time of its own: its clock is the Date of an answer, asked for only when wanted', async () => {
		expect(ev.query({}, 'UTC').providerTime({ LatestActivityTimestamp: '2026-03-01T12:00:00Z' })).toBeUndefined();
		const c = fakeContext(() => ({ body: { Returns: [] }, headers: { date: 'Sun, 01 Mar 2026 10:00:00 GMT' } }));
		expect(await ev.present(c.ctx, {}, T, false)).toEqual({});
		expect(c.sent).toHaveLength(0);
		expect(await ev.present(c.ctx, { warehouse: 'APC01' }, T, true)).toEqual({ clock: Date.parse('2026-03-01T10:00:00Z') });
		expect(c.sent[0].url).toBe('/api/SalesOrder/GetReturns');
		expect(c.sent[0].body).toEqual({
			StartTime: '2026-03-01T11:59:00Z',
			EndTime: '2026-03-01T12:00:00Z',
			IncludeTotalRecordCount: true,
			Warehouse: 'APC01',
			Skip: 0,
			Top: 1,
		});
	});
});

describe('Order On Hold', () => {
	const ev = EVENTS.orderOnHold as SnapshotEvent;

	it('the whole list from GetOrdersOnHold, keyed by order, hold reason, type, date and which of the orders alike it is', async () => {
		const orders = [
			{ OrderNo: 'A', HoldReason: 'ADDR', HoldReasonDescription: 'Address' },
			{ OrderNo: 'B', HoldReasonDescription: 'Other' },
			{ OrderNo: 'A', HoldReason: 'ADDR', OrderType: 'CLUB', OrderDate: '2026-01-05' },
			{ OrderNo: 'A', HoldReason: 'ADDR', HoldReasonDescription: 'Address' },
		];
		const c = fakeContext(() => ({ body: orders }));
		const candidates = await ev.fetch(c.ctx);
		expect(ev.kind).toBe('snapshot');
		expect(c.sent[0].url).toBe('/api/SalesOrder/GetOrdersOnHold');
		expect(c.sent[0].body).toEqual({});
		expect(candidates.map((c) => [c.key, c.group, c.at])).toEqual([
			['["A","ADDR","","",0]', 'A|ADDR', undefined],
			['["B","","","",0]', 'B|', undefined],
			['["A","ADDR","CLUB","2026-01-05",0]', 'A|ADDR', undefined],
			['["A","ADDR","","",1]', 'A|ADDR', undefined],
		]);
		// a stored key's group; a key of earlier builds (number|reason) is its own, whatever its text
		expect(['["A","ADDR","CLUB","2026-01-05",0]', 'A|ADDR', '[A]|X', '["A","B"]'].map((key) => ev.groupOf(key))).toEqual(['A|ADDR', 'A|ADDR', '[A]|X', '["A","B"]']);
		expect(candidates[0].record).toMatchObject({ event: 'orderOnHold', orderNumber: 'A', order: orders[0] });
		expect(candidates[1].record).toMatchObject({ event: 'orderOnHold', orderNumber: 'B', order: orders[1] });
	});

	it('none when the provider answers 404', async () => {
		expect(await ev.fetch(fakeContext(() => ({ statusCode: 404, body: { Message: 'none' } })).ctx)).toEqual([]);
		expect(await ev.fetch(fakeContext(() => ({ statusCode: 404, body: [{ OrderNo: 'A' }] })).ctx)).toEqual([]);
	});

	it('a 200 answer that is not the list is an error naming what came back, never "none on hold"', async () => {
		await expect(ev.fetch(fakeContext(() => ({ body: { OrderNo: 'A' } })).ctx)).rejects.toThrow(
			'The provider answered without the list of orders on hold: {"OrderNo":"A"}',
		);
		await expect(ev.fetch(fakeContext(() => ({ body: { Message: 'An error has occurred.' } })).ctx)).rejects.toThrow(
			'The provider answered without the list of orders on hold: An error has occurred.',
		);
		await expect(ev.fetch(fakeContext(() => ({ body: 'null' })).ctx)).rejects.toThrow('The provider answered with null instead of the list of orders on hold');
		await expect(ev.fetch(fakeContext(() => ({ body: '' })).ctx)).rejects.toThrow('The provider answered with an empty body instead of the list of orders on hold');
		const error = (await ev.fetch(fakeContext(() => ({ body: '' })).ctx).catch((e: unknown) => e)) as { description?: string };
		expect(error.description).toBe(
			'Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again. The trigger keeps the orders it knows to be on hold; the next poll asks again. If it keeps happening, tell the provider what the message says.',
		);
	});
});
