// Sandbox Tracking endpoints: GetDetails, GetPackages (packages progress over simulated time), GetDeliveryEstimates.
import {
	badRequest,
	fail,
	ok,
	oneOf,
	optObject,
	optString,
	optStringList,
	parseUsDate,
	reqString,
	skipTop,
	transactionReference,
	type JsonObject,
	type RequestContext,
	type SandboxResource,
} from '../frame';
import { itemDescription, itemNo, SANDBOX_WAREHOUSES } from '../seed';
import type { SandboxState } from '../state';
import { packages, usDate, type SandboxPackage } from '../stores';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CARRIERS = ['FEX', 'UPS', 'BSW', 'GSO', 'WIL', 'FCC', 'TMC', 'WST', 'WILL'] as const;

/** The sandbox's simulated time as ISO 8601 without milliseconds. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function hash(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

// ---- package life over simulated time ----

interface Step {
	after: number;
	Status: string;
	StatusDescription: string;
	CarrierStatus: string;
	CarrierStatusMessage: string;
}

const SHIPPED: Step = { after: 0, Status: 'SHIPPED', StatusDescription: 'Shipped', CarrierStatus: 'PU', CarrierStatusMessage: 'Picked up by the carrier' };
const IN_TRANSIT: Step = { after: 6 * HOUR, Status: 'IN TRANSIT', StatusDescription: 'In transit', CarrierStatus: 'IT', CarrierStatusMessage: 'On the way to the destination' };
const DELIVERED: Step = { after: 48 * HOUR, Status: 'DELIVERED', StatusDescription: 'Delivered', CarrierStatus: 'DL', CarrierStatusMessage: 'Delivered' };
const EXCEPTION: Step = { after: 30 * HOUR, Status: 'EXCEPTION', StatusDescription: 'Delivery exception', CarrierStatus: 'DE', CarrierStatusMessage: 'Recipient not available; adult signature required' };
const RETURNED: Step = { after: 96 * HOUR, Status: 'RETURNED', StatusDescription: 'Returned', CarrierStatus: 'RS', CarrierStatusMessage: 'Returned to shipper' };

/**
 * A package's deterministic journey, from its tracking number: 1 in 25 ends in EXCEPTION (after
 * 30 h), 1 in 25 goes EXCEPTION then RETURNED (after 96 h), the rest are DELIVERED after 48 h.
 * Every package is SHIPPED at its ship time and IN TRANSIT 6 h later.
 */
export function journey(trackingNo: string): Step[] {
	const fate = hash(trackingNo) % 25;
	if (fate === 0) return [SHIPPED, IN_TRANSIT, EXCEPTION];
	if (fate === 1) return [SHIPPED, IN_TRANSIT, EXCEPTION, RETURNED];
	return [SHIPPED, IN_TRANSIT, DELIVERED];
}

/** When a package shipped (epoch ms) from its ShipDate (ISO 8601, MM/DD/YYYY or MM/DD/YYYY HH:mm:ss). */
export function shipTime(pkg: Pick<SandboxPackage, 'ShipDate'>): number | undefined {
	const text = pkg.ShipDate;
	if (!text) return undefined;
	const us = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
	const ms = us
		? Date.UTC(+us[3], +us[1] - 1, +us[2], +(us[4] ?? 0), +(us[5] ?? 0), +(us[6] ?? 0))
		: Date.parse(text);
	return Number.isNaN(ms) ? undefined : ms;
}

/** A package exists for tracking once it has shipped (or, unshipped, once its first activity happened). */
export function isVisible(pkg: SandboxPackage, now: number): boolean {
	return (shipTime(pkg) ?? pkg.lastActivityAt) <= now;
}

/**
 * Moves every package forward along its journey to the simulated now; never backwards, and a
 * status set outside the journey (e.g. CANCELED by another resource) is left alone.
 * lastActivityAt and CarrierStatusTimestamp become the time of the latest step reached.
 */
export function refreshPackages(state: SandboxState): void {
	const now = state.now();
	for (const pkg of packages(state)) {
		const shipped = shipTime(pkg);
		if (shipped === undefined || shipped > now) continue;
		const steps = journey(pkg.TrackingNo);
		const current = steps.findIndex((s) => s.Status === pkg.Status);
		if (current < 0) continue;
		let reached = current;
		while (reached + 1 < steps.length && shipped + steps[reached + 1].after <= now) reached++;
		if (reached === current) continue;
		const step = steps[reached];
		const at = shipped + step.after;
		Object.assign(pkg, {
			Status: step.Status,
			StatusDescription: step.StatusDescription,
			CarrierStatus: step.CarrierStatus,
			CarrierStatusMessage: step.CarrierStatusMessage,
			CarrierStatusTimestamp: iso(at),
			PackageLocation: step.Status === 'DELIVERED' ? 'Front door' : `${pkg.ShipTo.City ?? ''} area`.trim(),
			lastActivityAt: at,
		});
	}
}

// ---- seeding (control `seed-packages`) ----

const CITIES = [
	{ City: 'Napa', State: 'CA', ZipCode: '94558' },
	{ City: 'Portland', State: 'OR', ZipCode: '97205' },
	{ City: 'Chicago', State: 'IL', ZipCode: '60601' },
	{ City: 'Austin', State: 'TX', ZipCode: '78701' },
	{ City: 'New York', State: 'NY', ZipCode: '10001' },
];

function seededPackage(n: number, shipAt: number, carrier: string): SandboxPackage {
	const orderNumber = `SO-${String(n).padStart(6, '0')}`;
	const trackingNo = carrier === 'UPS' ? `1ZSBX${String(n).padStart(10, '0')}` : `7700${String(n).padStart(8, '0')}`;
	const place = CITIES[n % CITIES.length];
	const item = n % 10;
	const quantity = 1 + (n % 6);
	return {
		OrderNumber: orderNumber,
		Carrier: carrier,
		Service: n % 3 === 0 ? '2DAY' : 'GRND',
		TrackingNo: trackingNo,
		TrackingURL: `https://tracking.example.com/${carrier.toLowerCase()}/${trackingNo}`,
		RequestedShipDate: usDate(shipAt),
		ShipDate: iso(shipAt),
		EstimatedDeliveryDate: usDate(shipAt + 2 * DAY),
		Status: SHIPPED.Status,
		StatusDescription: SHIPPED.StatusDescription,
		Type: 'Package',
		Site: 'NAPA',
		Warehouse: SANDBOX_WAREHOUSES[n % SANDBOX_WAREHOUSES.length],
		IcePack: n % 10 === 0,
		CarrierStatus: SHIPPED.CarrierStatus,
		CarrierStatusMessage: SHIPPED.CarrierStatusMessage,
		CarrierStatusTimestamp: iso(shipAt),
		PackageLocation: 'Origin facility',
		GrossWeight: 3 + (n % 6) * 1.5,
		ShipTo: {
			Name: `Customer ${n}`,
			Contact: `Customer ${n}`,
			EmailAddress: `customer${n}@example.com`,
			Address: `${100 + (n % 900)} Vine Street`,
			Address2: '',
			...place,
			Country: 'US',
		},
		PackageItems: [{ ItemNo: itemNo(item), Quantity: quantity, ReservedQuantity: quantity, ItemDescription: itemDescription(item) }],
		lastActivityAt: shipAt,
	};
}

function readTime(value: unknown, fallback: number): number {
	if (value === undefined || value === null) return fallback;
	const ms = typeof value === 'number' ? value : Date.parse(String(value));
	if (!Number.isFinite(ms)) return badRequest('startAt must be ISO 8601 or epoch milliseconds');
	return ms;
}

/**
 * Creates `count` packages for orders SO-000001, SO-000002, ... (numbering continues across calls),
 * shipped at startAt (default now) + i × spreadMs (default one minute), whole seconds. Carrier:
 * the given one, else FEX and UPS alternately. A package shipped after the simulated now stays
 * invisible until the clock reaches it.
 */
function seedPackages(state: SandboxState, input: JsonObject) {
	const count = Number(input.count ?? 0);
	if (!Number.isInteger(count) || count < 0 || count > 100_000) badRequest('count must be an integer 0..100000');
	const startAt = readTime(input.startAt, state.now());
	const spread = Number(input.spreadMs ?? 60_000);
	const carrier = optString(input, 'carrier');
	const created: SandboxPackage[] = [];
	for (let i = 0; i < count; i++) {
		const n = state.nextSequence('seed-package');
		const shipAt = Math.floor((startAt + i * spread) / 1000) * 1000;
		created.push(seededPackage(n, shipAt, carrier ?? (n % 2 === 0 ? 'UPS' : 'FEX')));
	}
	packages(state).push(...created);
	return {
		created: created.length,
		firstOrder: created[0]?.OrderNumber ?? null,
		lastOrder: created[created.length - 1]?.OrderNumber ?? null,
		firstShipDate: created[0]?.ShipDate ?? null,
		lastShipDate: created[created.length - 1]?.ShipDate ?? null,
	};
}

/** Quirks tests can switch on: the documented " LatestActivityTimestamp" spelling with a leading space. */
const quirks = (state: SandboxState) => state.store('trackingQuirks', () => ({ leadingSpaceTimestamp: false }));

// ---- wire records ----

function without(pkg: SandboxPackage, keys: string[]): JsonObject {
	const record: Record<string, unknown> = { ...pkg };
	for (const key of keys) delete record[key];
	return record as JsonObject;
}

/** GetDetails record: the package less the sandbox's bookkeeping. */
const detailRecord = (pkg: SandboxPackage) => without(pkg, ['lastActivityAt']);

/** GetPackages record: GetDetails fields less Site and IcePack. */
const packageRecord = (pkg: SandboxPackage) => without(pkg, ['lastActivityAt', 'Site', 'IcePack']);

// ---- handlers ----

function getDetails({ body, state }: RequestContext) {
	const orderNo = reqString(body, 'OrderNo').trim();
	if (orderNo.length < 5 || orderNo.length > 50) badRequest('OrderNo must be 5 to 50 characters');
	refreshPackages(state);
	const now = state.now();
	const found = packages(state).filter((p) => p.OrderNumber === orderNo && isVisible(p, now));
	if (!found.length) fail(404, `No tracking information found for order ${orderNo}`);
	return ok(found.map(detailRecord));
}

const RANGE = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) - (\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/** "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss" (UTC) as [start, end] epoch ms, both inclusive. */
export function parseRange(body: JsonObject, key: string): [number, number] | undefined {
	const text = optString(body, key);
	if (text === undefined) return undefined;
	const m = RANGE.exec(text.trim());
	const at = (o: number) => {
		const [mo, d, y, h, mi, s] = [1, 2, 3, 4, 5, 6].map((k) => Number(m?.[o + k - 1]));
		const ms = Date.UTC(y, mo - 1, d, h, mi, s);
		const back = new Date(ms);
		return back.getUTCDate() === d && back.getUTCMonth() === mo - 1 && h < 24 && mi < 60 && s < 60 ? ms : NaN;
	};
	const range: [number, number] = m ? [at(1), at(7)] : [NaN, NaN];
	if (range.some(Number.isNaN)) {
		return badRequest(`${key} must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss`);
	}
	if (range[0] > range[1]) badRequest(`${key} starts after it ends`);
	return range;
}

const within = (t: number, range?: [number, number]) => !range || (t >= range[0] && t <= range[1]);

function getPackages({ body, state }: RequestContext) {
	const shipRange = parseRange(body, 'ShipDateRange');
	const activityRange = parseRange(body, 'LastActivityDateRange');
	const carrier = oneOf(optString(body, 'ShippingCarrier'), CARRIERS, 'ShippingCarrier');
	const orders = optStringList(body, 'OrderNumbers', 100);
	const orderSet = orders?.length ? new Set(orders) : undefined;
	refreshPackages(state);
	const now = state.now();
	const visible = packages(state).filter((p) => isVisible(p, now));
	const matching = visible
		.filter(
			(p) =>
				within(shipTime(p) ?? Number.NaN, shipRange) &&
				within(p.lastActivityAt, activityRange) &&
				(!carrier || p.Carrier === carrier) &&
				(!orderSet || orderSet.has(p.OrderNumber)),
		)
		.sort((a, b) => a.lastActivityAt - b.lastActivityAt || a.TrackingNo.localeCompare(b.TrackingNo));
	const latest = visible.reduce((max, p) => Math.max(max, p.lastActivityAt), Number.NEGATIVE_INFINITY);
	const { page, ...counters } = skipTop(matching, body, true);
	const timestampKey = quirks(state).leadingSpaceTimestamp ? ' LatestActivityTimestamp' : 'LatestActivityTimestamp';
	return ok({
		TransactionReferenceNumber: transactionReference(state),
		[timestampKey]: iso(Number.isFinite(latest) ? latest : now),
		...counters,
		Packages: page.map(packageRecord),
	});
}

// ---- delivery estimates ----

const SERVICES = [
	{ Service: 'ONPR', days: () => 1 },
	{ Service: '2DAY', days: () => 2 },
	{ Service: 'GRND', days: (zone: number) => 1 + zone },
];

/**
 * Deterministic estimates: for each ship date in the range (Sundays skipped), one option per service
 * class (ONPR 1 day, 2DAY 2 days, GRND 1 + zone days, zone = first ZIP digit mod 5), each offered by
 * FEX and UPS, from PRB02 for western ZIPs (8, 9) and COB01 otherwise; cutoff 14:00.
 */
function getDeliveryEstimates({ body, state }: RequestContext) {
	const reference = optString(body, 'ClientReferenceCode');
	const address = optObject(body, 'DeliveryAddress') ?? badRequest('DeliveryAddress is required');
	const lines = optStringList(address, 'StreetLines');
	if (!lines?.some((l) => l.trim())) badRequest('DeliveryAddress.StreetLines needs at least one line');
	const zip = reqString(address, 'ZipCode').trim();
	if (!/^\d{5}(-\d{4})?$/.test(zip)) badRequest('DeliveryAddress.ZipCode must be a US ZIP code');
	const country = optString(address, 'Country');
	if (country && !['US', 'USA'].includes(country.trim().toUpperCase())) badRequest('Delivery estimates cover the USA only');
	const range = optObject(body, 'DeliveryEstimateRange') ?? badRequest('DeliveryEstimateRange is required');
	const start = parseUsDate(reqString(range, 'StartDate'), 'DeliveryEstimateRange.StartDate');
	const end = parseUsDate(reqString(range, 'EndDate'), 'DeliveryEstimateRange.EndDate');
	const today = Math.floor(state.now() / DAY) * DAY;
	if (start < today) badRequest('DeliveryEstimateRange.StartDate must be today or a future date');
	if (end < start) badRequest('DeliveryEstimateRange.EndDate must not be before StartDate');
	if (end - start > 14 * DAY) badRequest('DeliveryEstimateRange may span at most 14 days');

	const digit = Number(zip[0]);
	const zone = digit % 5;
	const warehouse = digit >= 8 ? 'PRB02' : 'COB01';
	const options: JsonObject[] = [];
	for (let day = start; day <= end; day += DAY) {
		if (new Date(day).getUTCDay() === 0) continue;
		for (const s of SERVICES) {
			options.push({
				DeliveryDateEstimate: usDate(day + s.days(zone) * DAY),
				ShipmentDate: usDate(day),
				CutoffTime: '14:00',
				ShippingWarehouse: warehouse,
				ShippingOptions: [
					{ Carrier: 'FEX', Service: s.Service },
					{ Carrier: 'UPS', Service: s.Service },
				],
			});
		}
	}
	return ok({
		TransactionReferenceNumber: transactionReference(state),
		...(reference !== undefined ? { ClientReferenceCode: reference } : {}),
		DeliveryEstimateOptions: options,
	});
}

export const tracking: SandboxResource = {
	routes: [
		{ method: 'POST', path: '/api/Tracking/GetDetails', auth: 'AuthenticationDetails', handler: getDetails },
		{ method: 'POST', path: '/api/Tracking/GetPackages', auth: 'Authentication', handler: getPackages },
		{ method: 'POST', path: '/api/Tracking/GetDeliveryEstimates', auth: 'Authentication', handler: getDeliveryEstimates },
	],
	controls: {
		'seed-packages': seedPackages,
		'tracking-quirks': (state, input) => {
			const q = quirks(state);
			if (typeof input.leadingSpaceTimestamp === 'boolean') q.leadingSpaceTimestamp = input.leadingSpaceTimestamp;
			return q;
		},
	},
};
