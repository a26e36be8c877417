// Times the trigger works with: the provider's stamps read as UTC instants, whole seconds, and the margins it allows.
import { DateTime } from 'luxon';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * How far past our clock a read window reaches. Records stamped ahead of the present (a ship date
 * entered ahead, a provider clock ahead of ours) are then read at once, emitted once and remembered;
 * the cursor itself never passes the provider's present, so they cannot hide what comes after.
 */
export const FUTURE_HORIZON_MS = DAY;

/**
 * The furthest ahead of our clock a cursor is stored. A LatestActivityTimestamp further ahead (a provider
 * clock ahead of ours, or one activity entered in the future) is not a present the next window may start
 * from: the seen keys are kept from where that window really starts, and a stored cursor further ahead
 * (an earlier version followed the provider there) is brought back to our clock.
 */
export const CURSOR_AHEAD_LIMIT_MS = HOUR;

/**
 * When the provider reports no time of its own (GetReturns, or a GetPackages answer without
 * LatestActivityTimestamp), the cursor stays this far behind our clock: a record the provider has
 * stamped but not yet shown is not passed by.
 */
export const CLOCK_MARGIN_MS = 5 * MINUTE;

/**
 * A provider stamp as epoch ms: ISO 8601 (UTC unless it carries an offset), MM/DD/YYYY HH:mm:ss or
 * MM/DD/YYYY (UTC). Undefined when absent or unreadable. Independent of the workflow's time zone.
 */
export function stampMs(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	// Stryker disable next-line MethodExpression: white space alone is trimmed below to '', which no format reads: undefined all the same
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	for (const read of STAMP_READERS) {
		const parsed = read(text);
		if (parsed.isValid) return parsed.toMillis();
	}
	return undefined;
}

/** Tried in order, each only when the ones before it fail: most stamps are ISO 8601, and a format parse costs more. */
const STAMP_READERS = [
	(text: string) => DateTime.fromISO(text, { zone: 'utc' }),
	(text: string) => DateTime.fromFormat(text, 'MM/dd/yyyy HH:mm:ss', { zone: 'utc' }),
	(text: string) => DateTime.fromFormat(text, 'MM/dd/yyyy', { zone: 'utc' }),
];

export const floorSecond = (ms: number): number => Math.floor(ms / SECOND) * SECOND;
export const ceilSecond = (ms: number): number => Math.ceil(ms / SECOND) * SECOND;

/** ISO 8601 in UTC, whole seconds. */
export const isoSecond = (ms: number): string =>
	DateTime.fromMillis(floorSecond(ms), { zone: 'utc' }).toISO({ suppressMilliseconds: true }) ?? '';
