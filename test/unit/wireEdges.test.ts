// Edge values of the wire rules: a provider number that is no time, .NET's date forms, a Get Transactions range at the read's start,
// UPC codes from a sheet's number column at their digit bounds, a day with blanks around it.
import { DateTime } from 'luxon';

import { providerMs } from '../../nodes/WineFulfillment/wire/dates';
import { closedAtReadStart } from '../../nodes/WineFulfillment/wire/inventory';
import { upcCode } from '../../nodes/WineFulfillment/wire/product';
import { isoDay } from '../../nodes/WineFulfillment/wire/simplify';

describe('providerMs: a number', () => {
	it('NaN and the infinities are what no format reads (undefined), not the "no date" of a year out of range (null)', () => {
		expect(providerMs(Number.NaN, 'utc')).toBeUndefined();
		expect(providerMs(Number.POSITIVE_INFINITY, 'utc')).toBeUndefined();
		expect(providerMs(Number.NEGATIVE_INFINITY, 'America/New_York')).toBeUndefined();
		// a finite number of a year out of range is the provider's "no date"
		expect(providerMs(-62135596800000, 'utc')).toBeNull();
	});
});

describe('providerMs: .NET forms', () => {
	const ms = Date.UTC(2026, 0, 5, 15, 0, 0);
	it('ASP.NET JSON "/Date(ms)/" is epoch ms, its offset only the zone it was written in; out of the years, no date', () => {
		expect(providerMs(`/Date(${ms})/`, 'utc')).toBe(ms);
		expect(providerMs(` /Date(${ms}+0100)/ `, 'America/New_York')).toBe(ms);
		expect(providerMs(`/Date(${ms}-0500)/`, 'utc')).toBe(ms);
		expect(providerMs('/Date(-62135596800000)/', 'utc')).toBeNull();
		expect(providerMs(`/Date(${ms})`, 'utc')).toBeUndefined();
		expect(providerMs(`Date(${ms})/`, 'utc')).toBeUndefined();
		expect(providerMs(`/Date(${ms}+01)/`, 'utc')).toBeUndefined();
	});

	it("US culture's 12-hour DateTime.ToString() (1/5/2026 3:00:00 PM) is read in UTC, as other date-times without an offset", () => {
		expect(providerMs('1/5/2026 3:00:00 PM', 'America/New_York')).toBe(ms);
		expect(providerMs('01/05/2026 03:00 pm', 'utc')).toBe(ms);
		expect(providerMs('1/5/2026 12:00:00 AM', 'utc')).toBe(Date.UTC(2026, 0, 5));
		expect(providerMs('1/5/2026 12:30:00 PM', 'utc')).toBe(Date.UTC(2026, 0, 5, 12, 30));
	});
});

describe('closedAtReadStart: the range as the read starts', () => {
	const now = DateTime.fromISO('2026-03-01T12:00:00.400Z');
	const at = '2026-03-01T12:00:00Z';

	it('a start still to come is left as given: no end before it is added', () => {
		const body = { TransactionStartDateTime: '2026-03-01T12:00:01Z' };
		expect(closedAtReadStart(body, now)).toEqual({ body });
	});

	it('a start at the very second the read starts is closed there (an end equal to the start)', () => {
		const body = { TransactionStartDateTime: at };
		expect(closedAtReadStart(body, now)).toEqual({ body: { TransactionStartDateTime: at, TransactionEndDateTime: at }, end: at });
	});

	it('an end at the very second the read starts is already past: left as given, no end reported as fixed', () => {
		const body = { TransactionStartDateTime: '2026-03-01T11:00:00Z', TransactionEndDateTime: '2026-03-01T07:00:00-05:00' };
		const closed = closedAtReadStart(body, now);
		expect(closed).toEqual({ body });
		expect(closed.end).toBeUndefined();
	});

	it('an end one second later is closed at the read start', () => {
		const body = { TransactionStartDateTime: '2026-03-01T11:00:00Z', TransactionEndDateTime: '2026-03-01T12:00:01Z' };
		expect(closedAtReadStart(body, now)).toEqual({ body: { ...body, TransactionEndDateTime: at }, end: at });
	});
});

describe('upcCode: a number at the digit bounds', () => {
	it('0 is no UPC code', () => {
		expect(upcCode.safeParse(0).success).toBe(false);
	});
	it('a one-digit number is padded to the 12 digits of a UPC-A', () => {
		expect(upcCode.parse(7)).toBe('000000000007');
	});
	it('a 14-digit number (a GTIN-14) is sent as it is; 15 digits are refused', () => {
		expect(upcCode.parse(12345678901234)).toBe('12345678901234');
		expect(upcCode.safeParse(123456789012345).success).toBe(false);
	});
});

describe('isoDay: blanks around a provider date-time', () => {
	it('the day as written, not the UTC midnight read as the evening before in America', () => {
		expect(isoDay(' 2026-01-09T00:00:00 ', 'America/New_York')).toBe(isoDay('2026-01-09T00:00:00', 'America/New_York'));
		expect(isoDay('\t01/09/2026 00:00:00', 'America/New_York')).toBe(isoDay('01/09/2026 00:00:00', 'America/New_York'));
	});
});
