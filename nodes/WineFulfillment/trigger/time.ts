// Times the trigger works with: the provider's stamps read as UTC instants, whole seconds, and the margins it allows.
import { DateTime } from 'luxon';

import { providerMs } from '../wire/dates';

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
 * The furthest ahead of our clock a cursor is stored. A LatestActivityTimestamp ahead of our clock (a provider
 * clock ahead of ours, or one activity entered in the future) is not a present the next window may start
 * from: that window starts from our clock (cursor.ts windowStart), the seen keys are kept from there, and a
 * stored cursor further ahead (an earlier version followed the provider there) is brought back to our clock.
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
 * MM/DD/YYYY (UTC), read as Simplify reads it (wire/dates' providerMs). Undefined when absent, unreadable or the
 * provider's "no date" (.NET's 0001-01-01T00:00:00, any year outside 1900 to 2100): taken as a time, a record stamp
 * of year 1 stays "late" for good and is emitted on every poll, and a LatestActivityTimestamp of year 1 made the
 * activation poll read the account's whole history. Independent of the workflow's time zone.
 */
export function stampMs(value: unknown): number | undefined {
	if (typeof value !== 'number' && typeof value !== 'string') return undefined;
	return providerMs(value, 'utc') ?? undefined;
}

export const floorSecond = (ms: number): number => Math.floor(ms / SECOND) * SECOND;
export const ceilSecond = (ms: number): number => Math.ceil(ms / SECOND) * SECOND;

/** ISO 8601 in UTC, whole seconds. */
export const isoSecond = (ms: number): string =>
	DateTime.fromMillis(floorSecond(ms), { zone: 'utc' }).toISO({ suppressMilliseconds: true }) ?? '';
