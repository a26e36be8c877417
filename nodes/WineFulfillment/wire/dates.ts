// The interface's date formats as zod schemas (luxon underneath): MM/DD/YYYY, ISO 8601, and the tracking range form.
import { DateTime, type DateTimeMaybeValid } from 'luxon';
import { z } from 'zod';

const DATE_RULE = 'must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY';

/**
 * The zone a date without an offset is read in: UTC, except while `inZone` runs a validation for a node,
 * when it is the workflow's time zone (as n8n's own nodes read a picked date). Validation is synchronous,
 * so setting it around one parse cannot leak into another.
 */
let inputZone = 'utc';

/** Whether luxon knows a zone name, by name: asking luxon costs an Intl lookup, and every item's validation asks. */
const knownZones = new Map<string, boolean>();

function isKnownZone(zone: string): boolean {
	let known = knownZones.get(zone);
	if (known === undefined) {
		known = DateTime.local().setZone(zone).isValid;
		// a handful of zones in practice; a bound all the same
		if (knownZones.size >= 64) knownZones.clear();
		knownZones.set(zone, known);
	}
	return known;
}

/** Runs a (synchronous) validation with dates that carry no offset read in `zone`. */
export function inZone<T>(zone: string, parse: () => T): T {
	const previous = inputZone;
	inputZone = isKnownZone(zone) ? zone : 'utc';
	try {
		return parse();
	} finally {
		inputZone = previous;
	}
}

/**
 * Reads what n8n's date picker, an expression or a user types: ISO 8601, MM/DD/YYYY, epoch ms, a Date.
 * Text without an offset is read in the input zone (see `inZone`); an instant is shown in that zone, so a
 * date-only member keeps the calendar day the user sees. An invalid Date or luxon DateTime (an expression's
 * `DateTime.fromISO('…')` of bad text), or epoch ms out of range, is no date.
 */
export function readDate(value: unknown): DateTime<true> | undefined {
	const zone = inputZone;
	const valid = (date: DateTimeMaybeValid) => (date.isValid ? date : undefined);
	if (value instanceof Date) return valid(DateTime.fromJSDate(value, { zone }));
	if (DateTime.isDateTime(value)) return valid(value);
	if (typeof value === 'number' && Number.isFinite(value)) return valid(DateTime.fromMillis(value, { zone }));
	// Stryker disable next-line MethodExpression: white space alone is trimmed below to '', which no format reads: undefined all the same
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	// each format tried only when the ones before it fail
	for (const read of [
		() => DateTime.fromISO(text, { setZone: true, zone }),
		() => DateTime.fromFormat(text, 'MM/dd/yyyy', { zone }),
		() => DateTime.fromFormat(text, 'MM/dd/yyyy HH:mm:ss', { zone }),
		() => DateTime.fromRFC2822(text, { setZone: true }),
	]) {
		const parsed = read();
		if (parsed.isValid) return parsed;
	}
	return undefined;
}

function dateSchema(format: (d: DateTime<true>) => string) {
	return z.unknown().transform((value, ctx) => {
		const date = readDate(value);
		if (!date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: DATE_RULE });
			return z.NEVER;
		}
		return format(date);
	});
}

/** MM/DD/YYYY (RequestedShipmentDate, RequestedDate, TransactionDate). */
export const usDate = dateSchema((d) => d.toFormat('MM/dd/yyyy'));

/** ISO 8601 date-time in UTC (OrderDate, TransactionStartDateTime, transfer update RequestedDate). */
export const isoDateTime = dateSchema((d) => d.toUTC().toISO({ suppressMilliseconds: true }));

/** "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss" (GetPackages ShipDateRange / LastActivityDateRange). */
export function usDateTimeRange(from: DateTime, to: DateTime): string {
	const f = 'MM/dd/yyyy HH:mm:ss';
	return `${from.toFormat(f)} - ${to.toFormat(f)}`;
}
