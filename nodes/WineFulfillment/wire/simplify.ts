// Simplified records: the members a workflow needs, camelCase, every date as ISO 8601 in the workflow's time zone.
// One shaper per record kind, shared by the action node's Simplify option and the polling trigger's items.
import type { IDataObject } from 'n8n-workflow';
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';

import { providerMs } from './dates';

const HOUR_MS = 3_600_000;

/**
 * Offsets (minutes) of a time zone by UTC hour, for hours without a transition. A trigger shapes every
 * record it reads, and luxon's IANA offset lookup (Intl) is by far the dearest step of a date.
 */
const offsetsByZone = new Map<string, Map<number, number>>();

function offsetAt(zone: IANAZone, ms: number): number {
	let hours = offsetsByZone.get(zone.name);
	// Stryker disable next-line ConditionalExpression,EqualityOperator: a cache and its bound: a new map more often, or never, only looks offsets up again (the same ones) or keeps more of them
	if (!hours || hours.size > 50_000) offsetsByZone.set(zone.name, (hours = new Map()));
	const hour = Math.floor(ms / HOUR_MS);
	const known = hours.get(hour);
	if (known !== undefined) return known;
	const start = zone.offset(hour * HOUR_MS);
	const next = (hour + 1) * HOUR_MS;
	// Stryker disable next-line ArithmeticOperator: the next hour's first millisecond differs from this hour's start only when a transition is there, which sends the hour to the exact lookup below: the same offset (transitions are never within an hour of each other)
	const end = zone.offset(next - 1);
	if (start !== end) return zone.offset(ms);
	hours.set(hour, start);
	return start;
}

/** An instant (epoch ms) as ISO 8601 with the zone's offset there (luxon, on the cached offset). */
function instantIn(ms: number, zone: IANAZone | null): string | null {
	const offset = zone ? offsetAt(zone, ms) : 0;
	return DateTime.fromMillis(ms, { zone: FixedOffsetZone.instance(offset) }).toISO({ suppressMilliseconds: true });
}

/** The workflow's zone for luxon, looked up once per zone name; null for UTC or a zone luxon does not know. */
const zones = new Map<string, IANAZone | null>();
function ianaZone(zone: string): IANAZone | null {
	let iana = zones.get(zone);
	// Stryker disable next-line ConditionalExpression: a cache: looking the name up again gives the same zone
	if (iana === undefined) {
		// Stryker disable next-line Regex: the valid zone names that start or end with "utc" (any case) are UTC and Etc/UTC, always at offset 0, which is what UTC gives
		iana = IANAZone.isValidZone(zone) && !/^utc$/i.test(zone) ? IANAZone.create(zone) : null;
		zones.set(zone, iana);
	}
	return iana;
}

/** Results by zone and text: a day repeats across records (estimated delivery, requested ship date). */
const shown = new Map<string, IDataObject[string]>();

/**
 * A provider date as ISO 8601 in the workflow's time zone (`zone`), whole seconds unless finer:
 * "01/07/2026" in America/New_York is "2026-01-07T00:00:00-05:00".
 * - a calendar day (MM/DD/YYYY) is that day's midnight in the workflow's time zone, so the day a
 *   workflow shows is the provider's day;
 * - a date-time with an offset is that instant;
 * - a date-time without an offset (ISO 8601 or MM/DD/YYYY HH:mm:ss) is read in UTC, as the interface's
 *   date-time members are and as the trigger's cursor reads the same stamps (trigger/time.ts stampMs).
 * A number is milliseconds since 1970, as inside .NET's "/Date(ms)/".
 * Absent or empty gives null, and so does the provider's "no date", a year outside 1900 to 2100 (.NET's
 * 0001-01-01T00:00:00; see wire/dates' providerMs, which the trigger's stamps read through too); anything no format
 * reads is kept as the provider sent it. A time zone luxon does not know gives the instant in UTC.
 */
export function isoDate(value: unknown, zone: string): IDataObject[string] {
	if (
		value === undefined ||
		// Stryker disable next-line ConditionalExpression: null is returned as it is on the next line
		value === null ||
		value === ''
	)
		return null;
	// a number is milliseconds since 1970, as in "/Date(ms)/" (and as the trigger reads one)
	if (typeof value !== 'string' && typeof value !== 'number') return value as IDataObject[string];
	const key = `${zone}\n${typeof value}\n${value}`;
	let iso = shown.get(key);
	// Stryker disable next-line ConditionalExpression: a cache: shaping the text again gives the same result
	if (iso === undefined) {
		const iana = ianaZone(zone);
		const ms = providerMs(value, iana ? zone : 'utc');
		iso = ms === null ? null : ms === undefined ? value : (instantIn(ms, iana) ?? value);
		// Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's bound: emptied more often or never, the results are the same
		if (shown.size > 10_000) shown.clear();
		// Stryker disable next-line CallExpression: a cache: a text not remembered is shaped again, the same
		shown.set(key, iso);
	}
	return iso;
}

/** The day a provider's date-time text starts with, as written: "2026-01-09T00:00:00", "01/09/2026 00:00:00", "1/9/2026 0:00:00". */
const DAY_OF_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]|^(\d{1,2}\/\d{1,2}\/\d{4}) /;

/**
 * A member that means a day (an estimated delivery day, a requested ship day): that day's midnight in the workflow's
 * time zone, as isoDate shows a provider day, whatever time part the provider writes with it. A .NET service writes a
 * day as "2026-01-09T00:00:00", which isoDate reads as midnight UTC: the evening before in America. Anything without
 * a day to take is shaped by isoDate; a day no calendar has is kept as the provider sent it.
 */
export function isoDay(value: unknown, zone: string): IDataObject[string] {
	const day = typeof value === 'string' ? DAY_OF_DATE_TIME.exec(value.trim()) : null;
	if (!day) return isoDate(value, zone);
	const text = day[1] ?? day[2];
	const shown = isoDate(text, zone);
	return shown === text ? (value as string) : shown;
}

const objectOf = (value: unknown): IDataObject =>
	value &&
	// Stryker disable next-line ConditionalExpression: text, a number or true has none of the provider's member names, so its members read as {}'s do: undefined
	typeof value === 'object' &&
	!Array.isArray(value)
		? (value as IDataObject)
		: {};
const listOf = (value: unknown): IDataObject[] => (Array.isArray(value) ? value.map(objectOf) : []);
/** The first of the values that is set (not absent, null or empty text), else null. */
const first = (...values: unknown[]) =>
	(values.find((v) => v !== undefined && v !== null && v !== '') ?? null) as IDataObject[string];

// ---- tracking (field notes "Tracking") ----

/**
 * A package (GetDetails, GetPackages; the trigger's package events put `event` before these
 * members and the whole `package` after them).
 */
export function simplePackage(p: IDataObject, zone: string): IDataObject {
	const shipTo = objectOf(p.ShipTo);
	return {
		orderNumber: first(p.OrderNumber),
		trackingNumber: first(p.TrackingNo),
		trackingUrl: first(p.TrackingURL),
		carrier: first(p.Carrier),
		service: first(p.Service),
		status: first(p.Status),
		statusDescription: first(p.StatusDescription),
		carrierStatusMessage: first(p.CarrierStatusMessage),
		carrierStatusDate: isoDate(p.CarrierStatusTimestamp, zone),
		// days (a requested and an estimated day); ShipDate is when the package left: a date-time
		requestedShipDate: isoDay(p.RequestedShipDate, zone),
		shipDate: isoDate(p.ShipDate, zone),
		estimatedDeliveryDate: isoDay(p.EstimatedDeliveryDate, zone),
		warehouse: first(p.Warehouse),
		shipToName: first(shipTo.Name, shipTo.Contact),
		shipToEmail: first(shipTo.EmailAddress, shipTo.Email),
		items: listOf(p.PackageItems).map((i) => ({
			itemNo: first(i.ItemNo),
			itemDescription: first(i.ItemDescription),
			quantity: first(i.Quantity),
		})),
	};
}

/** One delivery estimate for one carrier and service (a record of tracking's flattenEstimates). */
export function simpleEstimate(e: IDataObject, zone: string): IDataObject {
	return {
		carrier: first(e.Carrier),
		service: first(e.Service),
		// both days: the future ship days asked for (MM/DD/YYYY) and the day each arrives
		shipDate: isoDay(e.ShipmentDate, zone),
		estimatedDeliveryDate: isoDay(e.DeliveryDateEstimate, zone),
		// a time of day whose zone the interface does not give: kept as the provider wrote it
		cutoffTime: first(e.CutoffTime),
		warehouse: first(e.ShippingWarehouse),
	};
}

// ---- inventory (field notes "Inventory") ----

/** An inventory transaction: TransactionDateTime (else TransactionDate) as one date. */
export function simpleTransaction(t: IDataObject, zone: string): IDataObject {
	return {
		itemNo: first(t.ItemNo),
		itemDescription: first(t.ItemDescription),
		itemUnit: first(t.ItemUnit),
		alcoholPercentage: first(t.AlcoholPercentage),
		warehouse: first(t.Warehouse),
		inventoryStatus: first(t.InventoryStatus),
		// TransactionDate where TransactionDateTime is absent or the provider's "no date"
		transactionDate: first(isoDate(t.TransactionDateTime, zone), isoDate(t.TransactionDate, zone)),
		transactionType: first(t.TransactionType),
		reference: first(t.Reference),
		poNumber: first(t.PONumber),
		shipToName: first(t.ShipToName),
		orderType: first(t.OrderType),
		quantity: first(t.Quantity),
	};
}

// ---- sales orders (field notes "Fulfillment") ----

/** An order on hold (the trigger's Order Put On Hold puts `event` before and the whole `order` after). */
export function simpleOrderOnHold(o: IDataObject, zone: string): IDataObject {
	return {
		orderNumber: first(o.OrderNo),
		orderType: first(o.OrderType),
		orderDate: isoDate(o.OrderDate, zone),
		// the requested ship day (a .NET service writes it 2026-01-09T00:00:00): a day, as a package's requestedShipDate
		shipmentDate: isoDay(o.ShipmentDate, zone),
		warehouse: first(o.ShippingWarehouse),
		holdReason: first(o.HoldReason),
		holdReasonDescription: first(o.HoldReasonDescription),
		carrier: first(o.ShippingCarrier),
		service: first(o.ShippingCarrierService),
		items: listOf(o.OrderOnHoldItems).map((i) => ({
			itemNo: first(i.ItemNo),
			itemDescription: first(i.ItemDescription),
			quantity: first(i.Quantity),
			quantityReserved: first(i.QuantityReserved),
			incomingPreReserved: first(i.IncomingPreReserved),
			oversold: first(i.Oversold),
		})),
	};
}

/**
 * A return (the trigger's New Return puts `event` before and the whole `return` after). The field
 * notes spell the service member `ShippngServiceCode` (sic); the correct spelling is read too.
 */
export function simpleReturn(r: IDataObject, zone: string): IDataObject {
	return {
		rmaNumber: first(r.RMANumber),
		orderNumber: first(r.OrderNo),
		receivedDate: isoDate(r.ReceivedDate, zone),
		closeDate: isoDate(r.CloseDate, zone),
		returnStatus: first(r.ReturnStatus),
		returnReason: first(r.ReturnReason),
		dispositionCode: first(r.DispositionCode),
		warehouse: first(r.ReturnWarehouse),
		customerEmail: first(r.EmailAddress),
		customerPhone: first(r.PhoneNumber),
		originalTrackingNumber: first(r.OriginalTrackingNumber),
		carrier: first(r.ShippingCarrierCode),
		service: first(r.ShippngServiceCode, r.ShippingServiceCode),
		items: listOf(r.ReturnSalesOrderLines).map((l) => ({
			itemNo: first(l.ItemNo),
			itemDescription: first(l.ItemDescription),
			quantity: first(l.Quantity),
			unit: first(l.UOM),
			dispositionCode: first(l.DispositionCode),
			inventoryStatus: first(l.InventoryStatusCode),
		})),
	};
}
