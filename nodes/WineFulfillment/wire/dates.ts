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
 * Reads what n8n's date picker, an expression or a user types: ISO 8601 (also with a space for the T, and one before
 * the offset: 2024-03-08 10:15:00 -0500), MM/DD/YYYY (also M/D/YYYY), MM/DD/YYYY HH:mm:ss (or HH:mm), epoch ms, a Date.
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
export function dateOrRule(value: unknown): DateTime<true> | string {
	const reading = readingOrRule(value);
	return typeof reading === 'string' ? reading : reading.date;
}

/**
 * The end of a range a value gives (see `readDate`), or the rule it breaks: a value that names a day (`DAY_TEXT`)
 * ends with that day, at 23:59:59 in the zone it is read in; any other value is the moment it gives.
 */
export function endOrRule(value: unknown): DateTime<true> | string {
	const reading = readingOrRule(value);
	return typeof reading === 'string' ? reading : endOf(reading);
}

/** A date as read: the moment, and whether the value named a day rather than a moment (`DAY_TEXT`). */
interface Reading {
	date: DateTime<true>;
	day: boolean;
}

/**
 * The ISO 8601 forms of a calendar day: YYYY-MM-DD, ordinal YYYY-DDD and week YYYY-Www-D, each also in the basic form
 * without hyphens (20260104, 2026004, 2026W017); a year of six digits and a sign (+033658) is read, to be refused by
 * its year. luxon's ISO parser also takes a time alone (12, 10:00: today at that time) and a year or month alone
 * (2026, 2026-03): none names a day, and an order's ship date must not be made one.
 */
const ISO_DAY = String.raw`(?:\d{4}|[+-]\d{6})(?:-\d{2}-\d{2}|\d{4}|-\d{3}|\d{3}|-W\d{2}-\d|W\d{3})`;

/** ISO 8601 text the node reads: a calendar day, alone or followed by a time (see `ISO_DAY`). */
const ISO_WITH_DAY = new RegExp(`^${ISO_DAY}(?:T|$)`);

/**
 * Text that names a day and no moment: a date alone (2026-03-12, 03/12/2026, 3/12/2026, 20260312, 2026-071), or one
 * with the time 00:00:00 and no offset, the form n8n's date picker gives a picked day (2026-03-12T00:00:00; a sheet's
 * 2026-03-12 00:00:00; 20260312T000000; a US sheet's 3/12/2026 12:00:00 AM). A time of day, an offset (Z, +01:00), a number, a Date or a luxon DateTime give
 * a moment.
 */
const DAY_TEXT = new RegExp(
	String.raw`^(?:${ISO_DAY}(?:[T ]00:00(?::00(?:\.0+)?)?|T0000(?:00(?:\.0+)?)?)?|\d{1,2}/\d{1,2}/\d{4}(?: 0?0:00:00| 12:00(?::00)? [aA][mM])?)$`,
);

/**
 * ISO 8601 with a space for the T (2026-03-08 10:00:00, as SQL and sheets write a date-time): read as the ISO form
 * is, in the input zone unless it carries an offset. Only a date then a time: "2026-03-08 Monday" is no date.
 */
const SPACED_ISO = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}.*)$/;
/**
 * An offset after a space, as Shopify's CSV export writes "Created at" (2024-03-08 10:15:00 -0500): -05, -0500 or
 * -05:00 (and Z), joined to the time so that ISO 8601 reads it as that instant.
 */
const SPACED_OFFSET = / (Z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * The same month-first form as MM/DD/YYYY, with one digit for a month or day under 10: the date a US sheet shows
 * by default (3/8/2026). The month always comes first, as the interface writes it: 13/3/2026 is no date.
 */
const US_DATE_SHORT = 'M/d/yyyy';
/** A 24-hour clock with or without seconds (Excel shows and exports a date-time as 3/2/2026 14:30). */
const US_DATE_TIME_SHORT = ['M/d/yyyy H:mm:ss', 'M/d/yyyy H:mm'];
/** The same with a 12-hour clock, as a US sheet shows a date-time and .NET's DateTime.ToString() writes one (1/5/2026 3:00:00 PM). */
const US_DATE_TIME_12H = ['M/d/yyyy h:mm:ss a', 'M/d/yyyy h:mm a'];

/** The last whole second of a day a reading names (a form to the second); the moment itself when it names none. */
function endOf({ date, day }: Reading): DateTime<true> {
	return day ? date.endOf('day').startOf('second') : date;
}

/**
 * The last millisecond of a day a reading names (an ISO 8601 end); the moment itself when it names none. ISO 8601
 * carries fractions of a second and the provider records movements within a second (2026-03-08T23:59:59.600Z), so
 * 23:59:59 would leave out most of the day's last second, which Transaction Date of that day returns. .999 is the
 * day's last instant to the millisecond, the finest a JavaScript date and the record times seen hold: compared
 * inclusively, as an end is, it takes in all of the day and nothing of the next (00:00:00.000); three digits, the
 * fraction every ISO 8601 reader takes. Forms to the second (Get Packages' ranges) keep `endOf`.
 */
function isoEndOf({ date, day }: Reading): DateTime<true> {
	return day ? date.endOf('day') : date;
}

/** The reading of a value (see `readDate`), or the rule it breaks, in the words of the refusal. */
function readingOrRule(value: unknown): Reading | string {
	// NaN fails both comparisons: refused as any number outside the range
	if (typeof value === 'number' && !(value >= FIRST_MS && value < END_MS)) return NUMBER_RULE;
	const date = parse(value);
	if (!date) return DATE_RULE;
	if (date.year < FIRST_YEAR || date.year > LAST_YEAR) return YEAR_RULE;
	return { date, day: typeof value === 'string' && DAY_TEXT.test(value.trim()) };
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
	const spaced = SPACED_ISO.exec(text);
	// each format tried only when the ones before it fail; M/d/yyyy reads MM/DD/YYYY too
	const iso = spaced ? `${spaced[1]}T${spaced[2].replace(SPACED_OFFSET, '$1')}` : text;
	for (const read of [
		// only text that starts with a day: luxon's ISO parser reads "12" or "10:00" as today at that time
		() => (ISO_WITH_DAY.test(iso) ? DateTime.fromISO(iso, { setZone: true, zone }) : DateTime.invalid('names no day')),
		() => DateTime.fromFormat(text, US_DATE_SHORT, { zone }),
		...US_DATE_TIME_SHORT.map((format) => () => DateTime.fromFormat(text, format, { zone })),
		...US_DATE_TIME_12H.map((format) => () => DateTime.fromFormat(text, format, { zone, locale: 'en-US' })),
		() => DateTime.fromRFC2822(text, { setZone: true }),
	]) {
		const parsed = read();
		if (parsed.isValid) return parsed;
	}
	return undefined;
}

function dateSchema(format: (reading: Reading) => string) {
	return z.unknown().transform((value, ctx) => {
		const reading = readingOrRule(value);
		if (typeof reading === 'string') {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: reading });
			return z.NEVER;
		}
		return format(reading);
	});
}

const isoUtc = (date: DateTime<true>) => date.toUTC().toISO({ suppressMilliseconds: true });

/** MM/DD/YYYY (RequestedShipmentDate, purchase and transfer order create RequestedDate, TransactionDate). */
export const usDate = dateSchema(({ date }) => date.toFormat('MM/dd/yyyy'));

/** ISO 8601 date-time in UTC (OrderDate, TransactionStartDateTime, returns StartTime). */
export const isoDateTime = dateSchema(({ date }) => isoUtc(date));

/**
 * ISO 8601 date-time in UTC as the end of a range (TransactionEndDateTime, returns EndTime): a value that names a day
 * means through that day, its 23:59:59.999 in the zone it is read in (see `isoEndOf`).
 */
export const isoDateTimeEnd = dateSchema((reading) => isoUtc(isoEndOf(reading)));

/**
 * ISO 8601 date-time in UTC that keeps a day (transfer order update RequestedDate): a value at 00:00:00 in the zone it
 * is read in (a picked day, 2026-03-12 or 03/12/2026 from a sheet, $today) is sent as that calendar day at midnight
 * UTC, 2026-03-12T00:00:00Z, so its UTC day is the day given; a value with a time of day is sent as the UTC instant.
 */
export const dayOrDateTime = dateSchema(({ date }) =>
	// a value naming a day (DAY_TEXT) is read as that day's 00:00:00 too
	+date === +date.startOf('day') ? date.toFormat("yyyy-MM-dd'T'00:00:00'Z'") : isoUtc(date),
);

/** "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss" (GetPackages ShipDateRange / LastActivityDateRange). */
export function usDateTimeRange(from: DateTime, to: DateTime): string {
	return `${from.toFormat(US_DATE_TIME)} - ${to.toFormat(US_DATE_TIME)}`;
}

// ---- the provider's dates ----

/**
 * A calendar day without a time as the provider writes one: MM/DD/YYYY (the interface's date members; also M/D/YYYY, as
 * a .NET service formats a day for the US culture) or YYYY-MM-DD.
 */
const PROVIDER_US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PROVIDER_ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * ECMAScript's date-time string format (ISO 8601 as the provider writes it), which Date.parse reads exactly, on days
 * up to the 28th: Date.parse takes any day up to the 31st in every month (30 February as 2 March), so later days are
 * left to luxon, which refuses a day the month lacks.
 */
const ES_DATE_TIME = /^\d{4}-\d{2}-(0\d|1\d|2[0-8])T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
/** The offset that ends such a date-time; without one Date.parse would read the server's local time. */
const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/**
 * Legacy ASP.NET JSON's date (DataContractJsonSerializer, JavaScriptSerializer): "/Date(1767625200000)/", epoch ms,
 * with an offset after it ("+0100") that only says the zone it was written in.
 */
const ASP_NET_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;

/**
 * A date the provider sent, as epoch ms: the one reader of the provider's dates (Simplify's members, the trigger's
 * record stamps and the provider's present, LatestActivityTimestamp). A calendar day (MM/DD/YYYY, YYYY-MM-DD) is its
 * midnight in `zone`; a date-time with an offset is that instant, one without is read in UTC (as the interface's
 * date-time members are); any other form `readDate` reads, in UTC; a number, and ASP.NET's "/Date(ms)/", is epoch ms.
 *
 * Null for the provider's "no date": a year, as written, outside the years a date the node sends may have (1900 to
 * 2100). A .NET service writes a date it never set as 0001-01-01T00:00:00 (DateTime.MinValue; 9999-12-31T23:59:59 is
 * MaxValue) where it would write null; read as a time it is a year-0 date in America, a record stamp 2,000 years old
 * and a provider present before any window. Nothing the service records lies outside those years (see FIRST_YEAR).
 * Undefined for what no format reads.
 *
 * Date.parse reads ECMAScript's form: a trigger reads every record's stamp, and luxon's parser is the dearest step.
 */
export function providerMs(value: string | number, zone: string): number | null | undefined {
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return undefined;
		return inYears(new Date(value).getUTCFullYear()) ? value : null;
	}
	const text = value.trim();
	const aspNet = ASP_NET_DATE.exec(text);
	if (aspNet) return providerMs(Number(aspNet[1]), zone);
	const day = PROVIDER_US_DAY.exec(text) ?? PROVIDER_ISO_DAY.exec(text);
	if (day) {
		const [year, month, date] = text.includes('/') ? [day[3], day[1], day[2]] : [day[1], day[2], day[3]];
		if (!inYears(+year)) return null;
		const midnight = DateTime.fromObject({ year: +year, month: +month, day: +date }, { zone });
		return midnight.isValid ? midnight.toMillis() : undefined;
	}
	// Stryker disable next-line BlockStatement,ConditionalExpression: without the fast path every date-time goes to luxon below, which reads these the same
	if (ES_DATE_TIME.test(text)) {
		if (!inYears(+text.slice(0, 4))) return null;
		// Stryker disable next-line StringLiteral: Date.parse refuses the text without its Z (or '' instead), and luxon below reads it in UTC all the same
		const ms = Date.parse(WITH_OFFSET.test(text) ? text : `${text}Z`);
		// Stryker disable next-line ConditionalExpression: luxon below reads these date-times the same
		if (!Number.isNaN(ms)) return ms;
	}
	// Stryker disable next-line StringLiteral: luxon knows no zone '', and inZone then reads in UTC all the same
	const date = inZone('utc', () => parse(text));
	if (!date) return undefined;
	// the year as written: luxon keeps the offset the text gives (setZone), and reads the others in UTC
	return inYears(date.year) ? date.toMillis() : null;
}
