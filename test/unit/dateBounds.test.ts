// wire/dates' bounds: a number is a date only as epoch milliseconds of the years 2000 to 2100 (UTC); any date only in
// the years 1900 to 2100, so that MM/DD/YYYY always has a four-digit year. Each refusal says its rule.
import { DateTime } from 'luxon';

import { inZone, isoDateTime, readDate, usDate } from '../../nodes/WineFulfillment/wire/dates';
import { dateTimeRange } from '../../nodes/WineFulfillment/wire/tracking';

import { outcome } from './schemaResults';

const NUMBER_RULE =
	': must be a date: a number is read as epoch milliseconds of the years 2000 to 2100; for a spreadsheet serial number or Unix seconds, format the cell as a date or convert it with an expression such as DateTime.fromSeconds($json.date)';
const YEAR_RULE = ': must be a date in the years 1900 to 2100';

const FIRST_MS = Date.UTC(2000, 0, 1);
const END_MS = Date.UTC(2101, 0, 1);

describe('wire/dates: a number is epoch milliseconds of the years 2000 to 2100', () => {
	it.each([
		['a spreadsheet serial number (2026-03-01)', 46082],
		['Unix seconds (2026-03-01)', 1772323200],
		['epoch microseconds (2026-03-01)', 1772323200000000],
		['1e15', 1e15],
		['zero', 0],
		['a negative number', -86400000],
		['the last millisecond of 1999', FIRST_MS - 1],
		['the first millisecond of 2101', END_MS],
		['NaN', Number.NaN],
		['Infinity', Number.POSITIVE_INFINITY],
	])('refuses %s, saying how a number is read', (_case, value) => {
		expect(readDate(value)).toBeUndefined();
		expect(outcome(usDate, value)).toBe(NUMBER_RULE);
		expect(outcome(isoDateTime, value)).toBe(NUMBER_RULE);
	});

	it('reads the first and the last millisecond of the range, and a day between', () => {
		expect(outcome(isoDateTime, FIRST_MS)).toBe('accepted "2000-01-01T00:00:00Z"');
		expect(outcome(isoDateTime, END_MS - 1)).toBe('accepted "2100-12-31T23:59:59.999Z"');
		expect(outcome(usDate, DateTime.fromISO('2026-03-01T00:00:00Z').toMillis())).toBe('accepted "03/01/2026"');
		expect(readDate(Date.UTC(2100, 5, 1))?.toUTC().toISO()).toBe('2100-06-01T00:00:00.000Z');
	});

	it("shows epoch milliseconds in the workflow's zone, so the day is the one seen there", () => {
		// 20:00 on 1 March in Los Angeles is 04:00 on 2 March in UTC
		const ms = DateTime.fromISO('2026-03-01T20:00:00', { zone: 'America/Los_Angeles' }).toMillis();
		expect(inZone('America/Los_Angeles', () => outcome(usDate, ms))).toBe('accepted "03/01/2026"');
		expect(outcome(usDate, ms)).toBe('accepted "03/02/2026"');
	});

	it('a Get Packages range end given as Unix seconds is no date', () => {
		expect(outcome(dateTimeRange, { from: 1772323200, to: '2026-03-02T00:00:00Z' })).toBe(`from${NUMBER_RULE}`);
	});
});

describe('wire/dates: every date falls in the years 1900 to 2100', () => {
	it.each([
		['a two-digit year read as year 26', '0026-03-01'],
		['a five-digit year', '+033658-09-26'],
		['the last day of 1899', '1899-12-31'],
		['the first day of 2101 as MM/DD/YYYY', '01/01/2101'],
		['a Date of 2101', new Date(Date.UTC(2101, 0, 1))],
		['a DateTime of 1899', DateTime.fromISO('1899-12-31T12:00:00Z')],
		['a DateTime of the year 33658', DateTime.fromMillis(1e15)],
	])('refuses %s', (_case, value) => {
		expect(readDate(value)).toBeUndefined();
		expect(outcome(usDate, value)).toBe(YEAR_RULE);
		expect(outcome(isoDateTime, value)).toBe(YEAR_RULE);
	});

	it('reads the first and the last day of the range', () => {
		expect(outcome(usDate, '1900-01-01')).toBe('accepted "01/01/1900"');
		expect(outcome(usDate, '12/31/2100')).toBe('accepted "12/31/2100"');
		expect(outcome(usDate, new Date(Date.UTC(1970, 0, 1)))).toBe('accepted "01/01/1970"');
		expect(outcome(isoDateTime, '2100-12-31T23:59:59Z')).toBe('accepted "2100-12-31T23:59:59Z"');
	});

	it('checks the year where the day is read: the last evening of 2100 in Los Angeles is a date there', () => {
		expect(inZone('America/Los_Angeles', () => outcome(usDate, '2100-12-31T20:00:00'))).toBe('accepted "12/31/2100"');
		expect(inZone('America/Los_Angeles', () => outcome(isoDateTime, '2100-12-31T20:00:00'))).toBe('accepted "2101-01-01T04:00:00Z"');
	});

	it('text that is no date keeps the rule that names the forms read', () => {
		expect(outcome(usDate, 'soon')).toBe(': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
	});
});
