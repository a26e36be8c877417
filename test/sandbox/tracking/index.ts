// Sandbox Tracking endpoints: GetDetails, GetPackages (packages progress over the provider's clock), GetDeliveryEstimates.
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

// ---- the provider's clock ----

/**
 * The provider's clock: the simulated (true) now plus an offset, so a test can put the provider
 * behind or ahead of the node's clock; every stamp the provider writes and every range it filters
 * on is in this clock. `stepMs` moves the simulated clock forward after each GetPackages answer,
 * so packages change between any two pages a client reads.
 */
export const trackingClock = (state: SandboxState) => state.store('trackingClock', () => ({ offsetMs: 0, stepMs: 0 }));

/** Now on the provider's clock (epoch ms). */
export const providerNow = (state: SandboxState): number => state.now() + trackingClock(state).offsetMs;

/**
 * What a package's record does not show: when it really shipped (provider clock), how long the
 * provider takes to record each of its events (a late report), and how far ahead its own stamps
 * (ShipDate, CarrierStatusTimestamp) run. Absent: shipped at its ShipDate, recorded at once.
 */
interface PackageTiming {
	shippedAt: number;
	reportDelayMs: number;
	stampAheadMs: number;
}

const timings = (state: SandboxState) => state.store('packageTimings', () => new Map<string, PackageTiming>());

function timingOf(state: SandboxState, pkg: SandboxPackage): PackageTiming | undefined {
	const known = timings(state).get(pkg.TrackingNo);
	if (known) return known;
	const shipped = shipTime(pkg);
	return shipped === undefined ? undefined : { shippedAt: shipped, reportDelayMs: 0, stampAheadMs: 0 };
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
const FATES = [[SHIPPED, IN_TRANSIT, EXCEPTION], [SHIPPED, IN_TRANSIT, EXCEPTION, RETURNED], [SHIPPED, IN_TRANSIT, DELIVERED]];
/** journeys by tracking number (a pure function of it, so kept for every sandbox: large accounts are read often) */
const journeys = new Map<string, Step[]>();

export function journey(trackingNo: string): Step[] {
	let steps = journeys.get(trackingNo);
	if (!steps) {
		steps = FATES[Math.min(2, hash(trackingNo) % 25)];
		journeys.set(trackingNo, steps);
	}
	return steps;
}

const parsedShipDates = new WeakMap<object, { text: string; ms: number | undefined }>();

/** When a package shipped (epoch ms) from its ShipDate (ISO 8601, MM/DD/YYYY or MM/DD/YYYY HH:mm:ss). */
export function shipTime(pkg: Pick<SandboxPackage, 'ShipDate'>): number | undefined {
	const text = pkg.ShipDate;
	if (!text) return undefined;
	const known = parsedShipDates.get(pkg);
	if (known?.text === text) return known.ms;
	const us = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
	// an ISO date-time without an offset is UTC, as the interface's date-time members are (Date.parse would read it
	// in the process's time zone)
	const parsed = us
		? Date.UTC(+us[3], +us[1] - 1, +us[2], +(us[4] ?? 0), +(us[5] ?? 0), +(us[6] ?? 0))
		: Date.parse(/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text) ? `${text}Z` : text);
	const ms = Number.isNaN(parsed) ? undefined : parsed;
	parsedShipDates.set(pkg, { text, ms });
	return ms;
}

/** The statuses of a package's journey the provider has recorded by `now` (its clock), in order. */
export function recordedSteps(state: SandboxState, pkg: SandboxPackage, now: number = providerNow(state)): string[] {
	const timing = timingOf(state, pkg);
	if (!timing) return [];
	return journey(pkg.TrackingNo)
		.filter((step) => timing.shippedAt + step.after + timing.reportDelayMs <= now)
		.map((step) => step.Status);
}

/**
 * A package exists for tracking once the provider has recorded its shipping (or, unshipped, once its
 * first activity happened); `now` is on the provider's clock.
 */
export function isVisible(pkg: SandboxPackage, now: number, state?: SandboxState): boolean {
	const timing = state ? timings(state).get(pkg.TrackingNo) : undefined;
	if (timing) return timing.shippedAt + timing.reportDelayMs <= now;
	return (shipTime(pkg) ?? pkg.lastActivityAt) <= now;
}

/**
 * Moves every package forward along its journey to the provider's now; never backwards, and a
 * status set outside the journey (e.g. CANCELED by another resource) is left alone. A step counts
 * once the provider has recorded it (its time plus the package's report delay): lastActivityAt is
 * that recording time, CarrierStatusTimestamp the step's own time as the package stamps it.
 */
export function refreshPackages(state: SandboxState): void {
	const now = providerNow(state);
	const all = packages(state);
	const last = state.store('packagesRefreshed', () => ({ at: Number.NaN, count: -1 }));
	if (last.at === now && last.count === all.length) return;
	Object.assign(last, { at: now, count: all.length });
	byActivity(state).at = Number.NaN;
	const known = timings(state);
	for (const pkg of all) {
		const steps = journey(pkg.TrackingNo);
		if (pkg.Status === steps[steps.length - 1].Status) continue;
		const timing = known.get(pkg.TrackingNo);
		const shippedAt = timing?.shippedAt ?? shipTime(pkg);
		if (shippedAt === undefined) continue;
		const reportDelayMs = timing?.reportDelayMs ?? 0;
		const stampAheadMs = timing?.stampAheadMs ?? 0;
		if (shippedAt + reportDelayMs > now) continue;
		const current = steps.findIndex((s) => s.Status === pkg.Status);
		if (current < 0) continue;
		let reached = current;
		while (reached + 1 < steps.length && shippedAt + steps[reached + 1].after + reportDelayMs <= now) reached++;
		if (reached === current) continue;
		const step = steps[reached];
		const at = shippedAt + step.after;
		Object.assign(pkg, {
			Status: step.Status,
			StatusDescription: step.StatusDescription,
			CarrierStatus: step.CarrierStatus,
			CarrierStatusMessage: step.CarrierStatusMessage,
			CarrierStatusTimestamp: iso(at + stampAheadMs),
			PackageLocation: step.Status === 'DELIVERED' ? 'Front door' : `${pkg.ShipTo.City ?? ''} area`.trim(),
			lastActivityAt: at + reportDelayMs,
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

const optMs = (input: JsonObject, key: string): number => {
	const value = Number(input[key] ?? 0);
	if (!Number.isFinite(value) || value < 0) badRequest(`${key} must be a non-negative number of milliseconds`);
	return value;
};

/**
 * Creates `count` packages for orders SO-000001, SO-000002, ... (numbering continues across calls),
 * shipped at startAt (default the provider's now) + i × spreadMs (default one minute), whole
 * seconds, on the provider's clock. Carrier: the given one, else FEX and UPS alternately. A package
 * shipped after the provider's now stays invisible until its clock reaches it.
 * Late reports: each package's events are recorded reportDelayMs later, or, with reportDelayMaxMs,
 * a delay spread evenly from reportDelayMs to reportDelayMaxMs across the packages.
 * stampAheadMs: the packages' own stamps (ShipDate, CarrierStatusTimestamp) run that far ahead.
 */
function seedPackages(state: SandboxState, input: JsonObject) {
	const count = Number(input.count ?? 0);
	if (!Number.isInteger(count) || count < 0 || count > 100_000) badRequest('count must be an integer 0..100000');
	const startAt = readTime(input.startAt, providerNow(state));
	const spread = Number(input.spreadMs ?? 60_000);
	const carrier = optString(input, 'carrier');
	const delayMin = optMs(input, 'reportDelayMs');
	const delayMax = Math.max(delayMin, optMs(input, 'reportDelayMaxMs'));
	const ahead = optMs(input, 'stampAheadMs');
	const created: SandboxPackage[] = [];
	for (let i = 0; i < count; i++) {
		const n = state.nextSequence('seed-package');
		const shipAt = Math.floor((startAt + i * spread) / 1000) * 1000;
		const delay = Math.round(delayMin + (count > 1 ? ((delayMax - delayMin) * i) / (count - 1) : 0));
		const pkg = seededPackage(n, shipAt + ahead, carrier ?? (n % 2 === 0 ? 'UPS' : 'FEX'));
		pkg.lastActivityAt = shipAt + delay;
		if (delay || ahead) timings(state).set(pkg.TrackingNo, { shippedAt: shipAt, reportDelayMs: delay, stampAheadMs: ahead });
		created.push(pkg);
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

/**
 * Quirks tests can switch on: the documented " LatestActivityTimestamp" spelling with a leading
 * space, or an answer without the member at all (a provider that does not report its time).
 */
const quirks = (state: SandboxState) =>
	state.store('trackingQuirks', () => ({ leadingSpaceTimestamp: false, noLatestActivityTimestamp: false }));

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
	const now = providerNow(state);
	const found = packages(state).filter((p) => p.OrderNumber === orderNo && isVisible(p, now, state));
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

/**
 * The visible packages in GetPackages order (last activity, then tracking number), and by ship
 * time: indexes kept while the provider's clock and the packages stay as they are, so that a
 * query over a large account costs what it returns, as with the provider's database.
 */
const byActivity = (state: SandboxState) =>
	state.store('packagesByActivity', () => ({ at: Number.NaN, list: [] as SandboxPackage[], byShip: [] as SandboxPackage[] }));

const activityOrder = (a: SandboxPackage, b: SandboxPackage) =>
	a.lastActivityAt - b.lastActivityAt || (a.TrackingNo < b.TrackingNo ? -1 : a.TrackingNo > b.TrackingNo ? 1 : 0);

function visibleByActivity(state: SandboxState) {
	refreshPackages(state);
	const now = providerNow(state);
	const cache = byActivity(state);
	if (cache.at !== now) {
		cache.list = packages(state)
			.filter((p) => isVisible(p, now, state))
			.sort(activityOrder);
		cache.byShip = cache.list.filter((p) => shipTime(p) !== undefined).sort((a, b) => (shipTime(a) as number) - (shipTime(b) as number));
		cache.at = now;
	}
	return cache;
}

/** First index whose key is at least `min`, in a list sorted by key. */
function lowerBound(list: SandboxPackage[], key: (p: SandboxPackage) => number, min: number): number {
	let [lo, hi] = [0, list.length];
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (key(list[mid]) < min) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** The visible packages a range can match, in GetPackages order (the other conditions still to check). */
function rangeCandidates(state: SandboxState, shipRange?: [number, number], activityRange?: [number, number]): SandboxPackage[] {
	const { list, byShip } = visibleByActivity(state);
	// a range end is a whole second and includes it: a time matches while it is before the next second
	const slice = (sorted: SandboxPackage[], key: (p: SandboxPackage) => number, [from, to]: [number, number]) =>
		sorted.slice(lowerBound(sorted, key, from), lowerBound(sorted, key, to + 1000));
	if (activityRange) return slice(list, (p) => p.lastActivityAt, activityRange);
	if (shipRange) return slice(byShip, (p) => shipTime(p) as number, shipRange).sort(activityOrder);
	return list;
}

/** Ranges are whole seconds, both ends included: a time counts by its second. */
const within = (t: number, range?: [number, number]) => {
	if (!range) return true;
	const second = Math.floor(t / 1000) * 1000;
	return second >= range[0] && second <= range[1];
};

/**
 * GetPackages: ShipDateRange and/or LastActivityDateRange (field notes) — one of them is required,
 * so a client that sends neither fails loudly. LastActivity is when the provider recorded the
 * package's latest event (its own clock); LatestActivityTimestamp is the newest of those.
 */
function getPackages({ body, state }: RequestContext) {
	const shipRange = parseRange(body, 'ShipDateRange');
	const activityRange = parseRange(body, 'LastActivityDateRange');
	if (!shipRange && !activityRange) badRequest('ShipDateRange or LastActivityDateRange is required');
	const carrier = oneOf(optString(body, 'ShippingCarrier'), CARRIERS, 'ShippingCarrier');
	const orders = optStringList(body, 'OrderNumbers', 100);
	const orderSet = orders?.length ? new Set(orders) : undefined;
	const now = providerNow(state);
	const { list: visible } = visibleByActivity(state);
	const matching = rangeCandidates(state, shipRange, activityRange).filter(
		(p) =>
			within(shipTime(p) ?? Number.NaN, shipRange) &&
			within(p.lastActivityAt, activityRange) &&
			(!carrier || p.Carrier === carrier) &&
			(!orderSet || orderSet.has(p.OrderNumber)),
	);
	const latest = visible.length ? visible[visible.length - 1].lastActivityAt : Number.NEGATIVE_INFINITY;
	const { page, ...counters } = skipTop(matching, body, true);
	const q = quirks(state);
	const timestampKey = q.leadingSpaceTimestamp ? ' LatestActivityTimestamp' : 'LatestActivityTimestamp';
	const reply = ok({
		TransactionReferenceNumber: transactionReference(state),
		...(q.noLatestActivityTimestamp ? {} : { [timestampKey]: iso(Number.isFinite(latest) ? latest : now) }),
		...counters,
		Packages: page.map(packageRecord),
	});
	// time passes while the client reads: the next page sees packages that moved on
	const step = trackingClock(state).stepMs;
	if (step > 0) state.advance(step);
	return reply;
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
			if (typeof input.noLatestActivityTimestamp === 'boolean') q.noLatestActivityTimestamp = input.noLatestActivityTimestamp;
			return q;
		},
		/** Builds the package indexes now (a large account's first query would otherwise pay for it). */
		'tracking-index': (state) => ({ visible: visibleByActivity(state).list.length }),
		/** {offsetMs?, stepMs?}: the provider's clock against the simulated one, and the time each GetPackages answer takes. */
		'provider-clock': (state, input) => {
			const c = trackingClock(state);
			if (input.offsetMs !== undefined) c.offsetMs = Number(input.offsetMs);
			if (input.stepMs !== undefined) c.stepMs = optMs(input, 'stepMs');
			if (!Number.isFinite(c.offsetMs)) badRequest('offsetMs must be a number of milliseconds');
			return { ...c, now: iso(state.now()), providerNow: iso(providerNow(state)) };
		},
	},
};
