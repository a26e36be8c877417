// The interface's date formats as zod schemas (luxon underneath): MM/DD/YYYY, ISO 8601, and the tracking range form.
import { DateTime, type DateTimeMaybeValid } from 'luxon';
import { z } from 'zod';

/** MM/DD/YYYY HH:mm:ss in luxon's tokens: a date-time as the range members write it. */
export const US_DATE_TIME = 'MM/dd/yyyy HH:mm:ss';

const DATE_RULE = 'must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY';

/**
 * The years a date may fall in. MM/DD/YYYY has room for four digits only, and nothing the service schedules or
 * records (orders, shipments, transfers, inventory transactions, package activity) lies outside these years. 1900
 * rather than 2000 so that a wide query start such as 01/01/1970 ("from the beginning") stays a date; a year typed
 * with two digits (0026-03-01) or five (an epoch value far too large) is refused, never sent.
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;
const YEAR_RULE = `must be a date in the years ${FIRST_YEAR} to ${LAST_YEAR}`;

/**
 * A number is read as epoch milliseconds only from 2000-01-01T00:00:00Z up to the end of 2100 (UTC). Narrower than
 * the years of text on purpose: the numbers a date arrives as by mistake lie far below (a spreadsheet serial number,
 * 46082 for 2026-03-01; Unix seconds, 1772323200) or far above (microseconds), while milliseconds of a day before
 * 2000 are nothing a workflow sends this service; text or a picked date can still give such a day.
 */
const FIRST_MS_YEAR = 2000;
const FIRST_MS = Date.UTC(FIRST_MS_YEAR, 0, 1);
const END_MS = Date.UTC(LAST_YEAR + 1, 0, 1);
const NUMBER_RULE = `must be a date: a number is read as epoch milliseconds of the years ${FIRST_MS_YEAR} to ${LAST_YEAR}; for a spreadsheet serial number or Unix seconds, format the cell as a date or convert it with an expression such as DateTime.fromSeconds($json.date)`;

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
 * `DateTime.fromISO('…')` of bad text), a number outside epoch ms of 2000 to 2100 (a spreadsheet serial number,
 * Unix seconds) or a date outside the years 1900 to 2100 is no date.
 */
export function readDate(value: unknown): DateTime<true> | undefined {
	const date = dateOrRule(value);
	return typeof date === 'string' ? undefined : date;
}

/** The date a value holds (see `readDate`), or the rule it breaks, in the words of the refusal. */
function dateOrRule(value: unknown): DateTime<true> | string {
	// NaN fails both comparisons: refused as any number outside the range
	if (typeof value === 'number' && !(value >= FIRST_MS && value < END_MS)) return NUMBER_RULE;
	const date = parse(value);
	if (!date) return DATE_RULE;
	return date.year >= FIRST_YEAR && date.year <= LAST_YEAR ? date : YEAR_RULE;
}

/** The date a value holds in any form `readDate` reads, its bounds not yet checked. */
function parse(value: unknown): DateTime<true> | undefined {
	const zone = inputZone;
	const valid = (date: DateTimeMaybeValid) => (date.isValid ? date : undefined);
	if (value instanceof Date) return valid(DateTime.fromJSDate(value, { zone }));
	if (DateTime.isDateTime(value)) return valid(value);
	if (typeof value === 'number') return valid(DateTime.fromMillis(value, { zone }));
	// Stryker disable next-line MethodExpression: white space alone is trimmed below to '', which no format reads: undefined all the same
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	// each format tried only when the ones before it fail
	for (const read of [
		() => DateTime.fromISO(text, { setZone: true, zone }),
		() => DateTime.fromFormat(text, 'MM/dd/yyyy', { zone }),
		() => DateTime.fromFormat(text, US_DATE_TIME, { zone }),
		() => DateTime.fromRFC2822(text, { setZone: true }),
	]) {
		const parsed = read();
		if (parsed.isValid) return parsed;
	}
	return undefined;
}

function dateSchema(format: (d: DateTime<true>) => string) {
	return z.unknown().transform((value, ctx) => {
		const date = dateOrRule(value);
		if (typeof date === 'string') {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: date });
			return z.NEVER;
		}
		return format(date);
	});
}

/** MM/DD/YYYY (RequestedShipmentDate, purchase and transfer order create RequestedDate, TransactionDate). */
export const usDate = dateSchema((d) => d.toFormat('MM/dd/yyyy'));

/** ISO 8601 date-time in UTC (OrderDate, TransactionStartDateTime, transfer update RequestedDate). */
export const isoDateTime = dateSchema((d) => d.toUTC().toISO({ suppressMilliseconds: true }));

/** "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss" (GetPackages ShipDateRange / LastActivityDateRange). */
export function usDateTimeRange(from: DateTime, to: DateTime): string {
	return `${from.toFormat(US_DATE_TIME)} - ${to.toFormat(US_DATE_TIME)}`;
}
