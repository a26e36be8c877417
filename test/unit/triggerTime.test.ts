// The trigger's time helpers called directly: provider stamps read as UTC instants, whole seconds, the margins.
import { Settings } from 'luxon';

import {
	CLOCK_MARGIN_MS,
	DAY,
	FUTURE_HORIZON_MS,
	HOUR,
	MINUTE,
	SECOND,
	ceilSecond,
	floorSecond,
	isoSecond,
	stampMs,
} from '../../nodes/WineFulfillment/trigger/time';

const utc = (iso: string) => Date.parse(iso);

// a zone far from UTC for every date library default, so that nothing here holds only because the machine runs in UTC
const defaultZone = Settings.defaultZone;
beforeAll(() => {
	Settings.defaultZone = 'Asia/Tokyo';
});
afterAll(() => {
	Settings.defaultZone = defaultZone;
});

describe('trigger/time constants', () => {
	it('a second, minute, hour and day in milliseconds; the future horizon is a day, the clock margin five minutes', () => {
		expect([SECOND, MINUTE, HOUR, DAY]).toEqual([1000, 60_000, 3_600_000, 86_400_000]);
		expect(FUTURE_HORIZON_MS).toBe(86_400_000);
		expect(CLOCK_MARGIN_MS).toBe(300_000);
	});
});

describe('stampMs', () => {
	it('reads ISO 8601 without an offset as UTC, whatever the process time zone', () => {
		expect(stampMs('2026-03-01T12:34:56')).toBe(utc('2026-03-01T12:34:56Z'));
		expect(stampMs('2026-03-01T12:34:56.789')).toBe(utc('2026-03-01T12:34:56.789Z'));
		expect(stampMs('2026-03-01')).toBe(utc('2026-03-01T00:00:00Z'));
	});

	it('keeps the offset an ISO 8601 stamp carries', () => {
		expect(stampMs('2026-03-01T12:00:00+02:00')).toBe(utc('2026-03-01T10:00:00Z'));
		expect(stampMs('2026-03-01T12:00:00Z')).toBe(utc('2026-03-01T12:00:00Z'));
	});

	it('reads MM/DD/YYYY HH:mm:ss and MM/DD/YYYY as UTC', () => {
		expect(stampMs('03/01/2026 12:34:56')).toBe(utc('2026-03-01T12:34:56Z'));
		expect(stampMs('03/01/2026')).toBe(utc('2026-03-01T00:00:00Z'));
		expect(stampMs('12/31/2025 23:59:59')).toBe(utc('2025-12-31T23:59:59Z'));
	});

	it('trims the text first', () => {
		expect(stampMs('  03/01/2026 12:34:56 \n')).toBe(utc('2026-03-01T12:34:56Z'));
		expect(stampMs(' 03/01/2026 ')).toBe(utc('2026-03-01T00:00:00Z'));
		expect(stampMs(' 2026-03-01T12:00:00Z ')).toBe(utc('2026-03-01T12:00:00Z'));
	});

	it('takes a finite number as epoch milliseconds', () => {
		expect(stampMs(0)).toBe(0);
		expect(stampMs(1_772_366_400_000)).toBe(1_772_366_400_000);
	});

	it('is undefined for the provider\'s "no date": a year outside 1900 to 2100 (.NET writes 0001-01-01T00:00:00)', () => {
		for (const value of ['0001-01-01T00:00:00', '0001-01-01T00:00:00Z', '01/01/0001 00:00:00', '01/01/0001', '9999-12-31T23:59:59.9999999', '1899-12-31T23:59:59', '2101-01-01T00:00:00', Date.parse('0001-01-01T00:00:00Z'), Date.UTC(2101, 0, 1)]) {
			expect([value, stampMs(value)]).toEqual([value, undefined]);
		}
		expect(stampMs('1900-01-01T00:00:00')).toBe(utc('1900-01-01T00:00:00Z'));
		expect(stampMs('12/31/2100 23:59:59')).toBe(utc('2100-12-31T23:59:59Z'));
	});

	it('is undefined for a time alone, which names no day', () => {
		for (const value of ['10:00', '12', '10:00:00Z']) expect([value, stampMs(value)]).toEqual([value, undefined]);
	});

	it('is undefined for what is absent, empty, unreadable or not a time', () => {
		for (const value of [undefined, null, '', '   ', 'soon', '13/01/2026', '2026-13-01', '03/01/2026 25:00:00', NaN, Infinity, -Infinity, {}, [], true]) {
			expect([value, stampMs(value)]).toEqual([value, undefined]);
		}
	});
});

describe('whole seconds', () => {
	it('floorSecond and ceilSecond round down and up to the second; a whole second stays', () => {
		expect(floorSecond(1999)).toBe(1000);
		expect(ceilSecond(1001)).toBe(2000);
		expect(floorSecond(3000)).toBe(3000);
		expect(ceilSecond(3000)).toBe(3000);
		expect(floorSecond(-1)).toBe(-1000);
		expect(ceilSecond(-1999)).toBe(-1000);
	});

	it('isoSecond writes UTC ISO 8601 without milliseconds, rounding down', () => {
		expect(isoSecond(utc('2026-03-01T12:34:56.999Z'))).toBe('2026-03-01T12:34:56Z');
		expect(isoSecond(utc('2026-03-01T12:34:56Z'))).toBe('2026-03-01T12:34:56Z');
		expect(isoSecond(0)).toBe('1970-01-01T00:00:00Z');
	});

	it('isoSecond of a time that is not one is empty text', () => {
		expect(isoSecond(NaN)).toBe('');
	});
});
