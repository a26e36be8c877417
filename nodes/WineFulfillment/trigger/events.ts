// The polling trigger's events: what each one asks the provider for, its record keys and times, and its output item.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport/request';
import { ENDPOINTS } from '../wire/endpoints';
import { RETURNS_MAX_TOP, RETURNS_RECORDS } from '../wire/salesOrder';
import { simpleOrderOnHold, simplePackage, simpleReturn } from '../wire/simplify';
import { MAX_PACKAGES_TOP, PACKAGE_RECORDS, latestActivityTimestamp, rangeText } from '../wire/tracking';
import type { Candidate, WindowField } from './cursor';
import { DAY, FUTURE_HORIZON_MS, isoSecond, stampMs } from './time';
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
	 * The provider's present, asked for cheaply (one record, a window around our clock); undefined
	 * where the operation reports no time of its own.
	 */
	present(ctx: IPollFunctions, filters: Filters, localNow: number): Promise<number | undefined>;
}

/** An event whose every poll sees the whole current list (orders on hold): keys not in it are forgotten. */
export interface SnapshotEvent {
	kind: 'snapshot';
	fetch(ctx: IPollFunctions): Promise<Candidate[]>;
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

const trackingKey = (p: IDataObject) => String(p.TrackingNo ?? `${String(p.OrderNumber)}#${String(p.ShipDate)}`);
const providerTime = (body: IDataObject) => stampMs(latestActivityTimestamp(body));

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
			identity: trackingKey,
			providerTime,
		}),
		async present(ctx, filters, localNow) {
			const body = {
				...packageFilters(filters),
				LastActivityDateRange: rangeText(localNow - DAY, localNow + FUTURE_HORIZON_MS),
				Skip: 0,
				Top: 1,
			};
			return providerTime((await apiRequest.call(ctx, ENDPOINTS.getPackages, body)).body as IDataObject);
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
	newPackage: packageEvent('stamp', (p, zone) => ({
		key: trackingKey(p),
		at: stampMs(p.ShipDate),
		record: packageItem(p, 'newPackage', zone),
	})),
	packageStatusChanged: packageEvent('activity', (p, zone) => ({
		key: `${trackingKey(p)}|${String(p.Status)}`,
		at: stampMs(p.CarrierStatusTimestamp),
		record: packageItem(p, 'packageStatusChanged', zone),
	})),
	orderOnHold: {
		kind: 'snapshot',
		async fetch(ctx) {
			const res = await apiRequest.call(ctx, ENDPOINTS.getOrdersOnHold, {}, { acceptStatuses: [404] });
			const orders = res.statusCode === 404 || !Array.isArray(res.body) ? [] : (res.body as IDataObject[]);
			const zone = ctx.getTimezone();
			return orders.map((o) => ({
				key: `${String(o.OrderNo)}|${String(o.HoldReason ?? '')}`,
				at: undefined,
				record: { event: 'orderOnHold', ...simpleOrderOnHold(o, zone), order: o },
			}));
		},
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
			candidate: (r) => ({
				key: returnKey(r),
				at: stampMs(r.ReceivedDate),
				record: { event: 'newReturn', ...simpleReturn(r, zone), return: r },
			}),
			identity: returnKey,
			providerTime: () => undefined,
		}),
		// Stryker disable next-line BlockStatement: an empty body returns undefined, as this one does
		async present() {
			return undefined;
		},
	},
};

function returnKey(r: IDataObject): string {
	return String(r.RMANumber ?? `${String(r.OrderNo)}#${String(r.ReceivedDate)}`);
}
