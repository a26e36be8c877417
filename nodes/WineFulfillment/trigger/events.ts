// The polling trigger's events: what each one asks the provider for, its record keys and times, and its output item.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { ON_HOLD_404, unexpectedAnswer, unexpectedAnswerError, type NotFoundMeaning } from '../transport/errors';
import { notARecordIn } from '../transport/pagination';
import { answerClock, apiRequest, apiRequestOrNone } from '../transport/request';
import { ENDPOINTS } from '../wire/endpoints';
import { RETURNS_MAX_TOP, RETURNS_RECORDS } from '../wire/salesOrder';
import { simpleOrderOnHold, simplePackage, simpleReturn } from '../wire/simplify';
import { MAX_PACKAGES_TOP, PACKAGE_RECORDS, latestActivityTimestamp, rangeText, statusWord } from '../wire/tracking';
import type { Candidate, WindowField } from './cursor';
import { DAY, FUTURE_HORIZON_MS, MINUTE, isoSecond, stampMs } from './time';
import type { WindowQuery } from './window';

export type EventName = 'newPackage' | 'packageStatusChanged' | 'orderOnHold' | 'newReturn';

export interface Filters {
	carrier?: string;
	orderNumbers?: string[];
	warehouse?: string;
	statuses?: string[];
}

/** An event read through time windows. */
export interface WindowedEvent {
	kind: 'window';
	field: WindowField;
	/** `zone`: the workflow's time zone, in which the emitted items give their dates */
	query(filters: Filters, zone: string): WindowQuery;
	/**
	 * The provider's present, asked for cheaply (one record, a window around our clock); nothing where it reports none.
	 * `clock`: its clock is wanted (Start From); an event whose answers tell no time of their own asks only then.
	 */
	present(ctx: IPollFunctions, filters: Filters, localNow: number, clock: boolean): Promise<ProviderPresent>;
}

/** What one answer tells of the provider's present (epoch ms). */
export interface ProviderPresent {
	/** its latest activity (LatestActivityTimestamp): the present of an account in use, older on a quiet one */
	activity?: number;
	/** its clock (the answer's Date header), the present whether or not anything happened */
	clock?: number;
}

/** An event whose every poll sees the whole current list (orders on hold): keys not in it are forgotten. */
export interface SnapshotEvent {
	kind: 'snapshot';
	fetch(ctx: IPollFunctions): Promise<Candidate[]>;
	/** the group of a stored key (Candidate.group) */
	groupOf(key: string): string;
}

/**
 * An order on hold's group: its order number and hold reason, the whole key in earlier builds, which took orders that
 * share a number for one (the interface lets several sales orders share one: update and cancel answer 300 then).
 */
const onHoldGroup = (orderNo: unknown, holdReason: unknown) => `${String(orderNo)}|${String(holdReason ?? '')}`;

/**
 * The keys of the orders on hold: the group, the order type and date, and which of the orders alike in all of these it
 * is (the first, the second…), so that two orders sharing a number are two. An order's type or date edited while it
 * stays on hold makes another key of its group: `unseen` takes it as the same order.
 */
function onHoldCandidates(orders: IDataObject[], zone: string): Candidate[] {
	const alike = new Map<string, number>();
	return orders.map((o) => {
		const identity = [String(o.OrderNo), String(o.HoldReason ?? ''), String(o.OrderType ?? ''), String(o.OrderDate ?? '')];
		const before = alike.get(JSON.stringify(identity)) ?? 0;
		alike.set(JSON.stringify(identity), before + 1);
		return {
			key: JSON.stringify([...identity, before]),
			group: onHoldGroup(o.OrderNo, o.HoldReason),
			at: undefined,
			record: { event: 'orderOnHold', ...simpleOrderOnHold(o, zone), order: o },
		};
	});
}

/** The group of a stored order-on-hold key: of a key of earlier builds (`OrderNo|HoldReason`), the key itself. */
function onHoldGroupOf(key: string): string {
	const parts = jsonParse<unknown>(key, { fallbackValue: null });
	return Array.isArray(parts) && parts.length === 5 ? onHoldGroup(parts[0], parts[1]) : key;
}

function packageFilters(filters: Filters): IDataObject {
	const body: IDataObject = {};
	if (filters.carrier) body.ShippingCarrier = filters.carrier;
	if (filters.orderNumbers?.length) body.OrderNumbers = filters.orderNumbers;
	return body;
}

/**
 * A package event's item: the event, the package as the action node's Simplify gives it (one shaper,
 * wire/simplify.ts), and the whole package as the provider sent it.
 */
export function packageItem(p: IDataObject, event: EventName, zone: string): IDataObject {
	return { event, ...simplePackage(p, zone), package: p };
}

/** A number the provider gave (tracking, RMA); blank text counts as none: a package ready for pickup has none yet. */
const givenNumber = (value: unknown): string | undefined =>
	value === undefined || value === null || !String(value).trim() ? undefined : String(value);

/**
 * The identity of a record without a number: its order and time, and what it holds (`ITEM x2 + ITEM x1`), for the
 * boxes of one order shipped in the same second. Boxes alike in all of these cannot be told apart: they are one.
 */
function unnumberedKey(order: unknown, at: unknown, lines: unknown): string {
	const held = Array.isArray(lines)
		? lines.map((line: IDataObject | null) => `${String(line?.ItemNo)} x${String(line?.Quantity)}`).join(' + ')
		: '';
	return `${String(order)}#${String(at)}${held ? `#${held}` : ''}`;
}

/**
 * A numbered record's key from before its number was given (a package listed ready for pickup, a return received
 * before its RMA was issued): the key its seen entry was made under then (Candidate.formerKey). None without a number.
 */
const formerKey = (number: unknown, order: unknown, at: unknown, lines: unknown): string | undefined =>
	givenNumber(number) === undefined ? undefined : unnumberedKey(order, at, lines);

/**
 * A package's key: its tracking number with its order number (`1Z…@SO-1`), since orders shipped together in one box
 * are a package record each under one tracking number (bug hunt 42: keyed by the tracking number alone, only the first
 * order was emitted); the tracking number alone where the record names no order. Without a number, unnumberedKey.
 */
function trackingKey(p: IDataObject): string {
	const tracking = givenNumber(p.TrackingNo);
	if (tracking === undefined) return unnumberedKey(p.OrderNumber, p.ShipDate, p.PackageItems);
	const order = givenNumber(p.OrderNumber);
	return order === undefined ? tracking : `${tracking}@${order}`;
}

/**
 * The keys a package was known by before (Candidate.formerKey): its tracking number alone, the key of versions before
 * bug hunt 42 (so that an upgrade emits no package again), then its key from before it had a tracking number.
 */
function formerTrackingKeys(p: IDataObject): string[] {
	const tracking = givenNumber(p.TrackingNo);
	if (tracking === undefined) return [];
	const keys = trackingKey(p) === tracking ? [] : [tracking];
	return [...keys, unnumberedKey(p.OrderNumber, p.ShipDate, p.PackageItems)];
}
/**
 * A package's identity in a read's pages: its tracking number (the action node's record key, wire/recordKeys.ts), its
 * unnumbered key without one. The orders of one box share it: the pages count such records as alike (window.ts).
 */
const packageIdentity = (p: IDataObject) => givenNumber(p.TrackingNo) ?? unnumberedKey(p.OrderNumber, p.ShipDate, p.PackageItems);
const providerTime = (body: IDataObject) => stampMs(latestActivityTimestamp(body));

/** Statuses after which a package does not move on: its status is remembered for FINAL_STATUS_MEMORY_MS only. */
const FINAL_STATUSES = new Set(['DELIVERED', 'DELIVERED TO SHIPPER', 'RETURNED', 'CANCELED']);

/** How long a package on its way is remembered after its last activity: the status keys kept stay one per package. */
export const STATUS_MEMORY_MS = 14 * DAY;

/**
 * How long a package's final status is remembered after its last activity: a carrier's later scan of a delivered
 * package (a proof of delivery added hours later) changes no status and emits nothing (bug hunt 29: dropped after the
 * Late Reports Window, DELIVERED was emitted again). The state then holds the packages of the last 2 days' deliveries
 * besides those on their way.
 */
export const FINAL_STATUS_MEMORY_MS = 2 * DAY;

/**
 * A package event. New Package reads by ship date (a package's ship date never changes, so each
 * package falls in one window position for good); Package Status Changed reads by the provider's
 * last-activity time. Both take the provider's present from LatestActivityTimestamp.
 */
function packageEvent(field: WindowField, candidate: (p: IDataObject, zone: string) => Candidate): WindowedEvent {
	const member = field === 'stamp' ? 'ShipDateRange' : 'LastActivityDateRange';
	return {
		kind: 'window',
		field,
		query: (filters, zone) => ({
			endpoint: ENDPOINTS.getPackages,
			recordsKey: PACKAGE_RECORDS,
			maxTop: MAX_PACKAGES_TOP,
			body: (from, to) => ({ ...packageFilters(filters), [member]: rangeText(from, to) }),
			candidate: (p) => candidate(p, zone),
			identity: packageIdentity,
			providerTime,
			// GetPackages takes both ranges together (field notes): the packages shipped in the window with a recent activity
			// Stryker disable next-line ConditionalExpression: only a stamp window has a remembered part (cursor.ts rememberedPart), the one reader of activitySince
			...(field === 'stamp' ? { activitySince: (since: number, to: number) => ({ LastActivityDateRange: rangeText(since, to) }) } : {}),
		}),
		async present(ctx, filters, localNow) {
			const body = {
				...packageFilters(filters),
				LastActivityDateRange: rangeText(localNow - DAY, localNow + FUTURE_HORIZON_MS),
				Skip: 0,
				Top: 1,
			};
			const answer = await apiRequest.call(ctx, ENDPOINTS.getPackages, body);
			return { activity: providerTime(answer.body as IDataObject), clock: answerClock(answer.headers) };
		},
	};
}

function returnFilters(filters: Filters, from: number, to: number): IDataObject {
	const body: IDataObject = { StartTime: isoSecond(from), EndTime: isoSecond(to), IncludeTotalRecordCount: true };
	if (filters.orderNumbers?.length) body.OrderNumbers = filters.orderNumbers;
	if (filters.warehouse) body.Warehouse = filters.warehouse;
	return body;
}

export const EVENTS: Record<EventName, WindowedEvent | SnapshotEvent> = {
	newPackage: packageEvent('stamp', (p, zone) => {
		const former = formerTrackingKeys(p);
		return {
			key: trackingKey(p),
			at: stampMs(p.ShipDate),
			record: packageItem(p, 'newPackage', zone),
			// a package read before its tracking number was given, or by an earlier version, is not new under its key now
			...(former.length ? { formerKey: former } : {}),
		};
	}),
	packageStatusChanged: packageEvent('activity', (p, zone) => {
		const former = formerTrackingKeys(p);
		return {
			key: `${trackingKey(p)}|${statusWord(p.Status)}`,
			at: stampMs(p.CarrierStatusTimestamp),
			record: packageItem(p, 'packageStatusChanged', zone),
			// the package's status is remembered while it is on its way: a scan that changes no status is no event,
			// and a status it reaches again (IN TRANSIT after an EXCEPTION) is one
			subject: trackingKey(p),
			memoryMs: FINAL_STATUSES.has(statusWord(p.Status)) ? FINAL_STATUS_MEMORY_MS : STATUS_MEMORY_MS,
			// a tracking number given, or an upgrade, is no status change: the status read before it is the package's
			...(former.length ? { formerSubject: former } : {}),
		};
	}),
	orderOnHold: {
		kind: 'snapshot',
		async fetch(ctx) {
			// the provider's 404 is none on hold; a 404 of no interface (a wrong Base URL) fails the poll, its state kept, since
			// read as none the trigger would forget the orders on hold and never fire
			const res = await apiRequestOrNone.call(ctx, ENDPOINTS.getOrdersOnHold, {}, ON_HOLD_TRIGGER_404);
			return onHoldCandidates(res ? ordersOnHold(ctx, res.body) : [], ctx.getTimezone());
		},
		groupOf: onHoldGroupOf,
	},
	/** Returns by ReceivedDate (StartTime/EndTime); GetReturns reports no time of its own. */
	newReturn: {
		kind: 'window',
		field: 'stamp',
		query: (filters, zone) => ({
			endpoint: ENDPOINTS.getReturns,
			recordsKey: RETURNS_RECORDS,
			maxTop: RETURNS_MAX_TOP,
			body: (from, to) => returnFilters(filters, from, to),
			candidate: (r) => {
				const former = formerKey(r.RMANumber, r.OrderNo, r.ReceivedDate, r.ReturnSalesOrderLines);
				return {
					key: returnKey(r),
					at: stampMs(r.ReceivedDate),
					record: { event: 'newReturn', ...simpleReturn(r, zone), return: r },
					// a return read before its RMA number was issued is not new once it has one
					...(former === undefined ? {} : { formerKey: former }),
				};
			},
			identity: returnKey,
			providerTime: () => undefined,
		}),
		// GetReturns tells no time of its own: its clock is the Date of an answer (one record of the last minute)
		async present(ctx, filters, localNow, clock) {
			if (!clock) return {};
			const body = { ...returnFilters(filters, localNow - MINUTE, localNow), Skip: 0, Top: 1 };
			return { clock: answerClock((await apiRequest.call(ctx, ENDPOINTS.getReturns, body)).headers) };
		},
	},
};

const ON_HOLD_TRIGGER_404: NotFoundMeaning = {
	...ON_HOLD_404,
	lead: 'Nothing was emitted and the trigger keeps the orders it knows to be on hold: the next poll asks again.',
};

/**
 * A 200 answer of GetOrdersOnHold: the list (field notes; none on hold is a 404). Anything else (an error
 * object answered with 200, null) is an error naming what came back, never "none on hold": the poll would
 * store an empty list, and every order still on hold would be emitted again by the next one.
 */
function ordersOnHold(ctx: IPollFunctions, body: unknown): IDataObject[] {
	const keeps = 'The trigger keeps the orders it knows to be on hold; the next poll asks again.';
	if (!Array.isArray(body)) throw unexpectedAnswer(ctx.getNode(), body, 'the list of orders on hold', undefined, keeps);
	// an entry that is no record (null, text, a number) would be emitted as an order of nulls, and its key would push
	// the real ones out of the state: every order still on hold emitted again by the next poll
	const refused = notARecordIn(body, 'as the list of orders on hold');
	if (refused !== undefined) throw unexpectedAnswerError(ctx.getNode(), refused, undefined, keeps);
	return body as IDataObject[];
}

function returnKey(r: IDataObject): string {
	return givenNumber(r.RMANumber) ?? unnumberedKey(r.OrderNo, r.ReceivedDate, r.ReturnSalesOrderLines);
}
