// wire/dates: which values name a day, and how a day is sent as a range's end and as the transfer update's date-time.
import { DateTime } from 'luxon';

import { dayOrDateTime, endOrRule, inZone, isoDateTime, isoDateTimeEnd } from '../../nodes/WineFulfillment/wire/dates';
import { outcome, parsed } from './schemaResults';

const inBerlin = <T>(read: () => T) => inZone('Europe/Berlin', read);

describe('wire/dates: a day as the end of a range', () => {
	it.each([
		['an ISO 8601 date', '2026-01-04'],
		['MM/DD/YYYY', '01/04/2026'],
		["the date picker's form of a picked day", '2026-01-04T00:00:00'],
		['the picked day without seconds', '2026-01-04T00:00'],
		['the picked day with milliseconds', '2026-01-04T00:00:00.000'],
		['MM/DD/YYYY HH:mm:ss at 00:00:00', '01/04/2026 00:00:00'],
		['a day with white space around it, as a sheet cell may hold it', ' 2026-01-04 '],
		['M/D/YYYY, as a US sheet shows a day', '1/4/2026'],
		['ISO 8601 with a space for the T, at 00:00:00', '2026-01-04 00:00:00'],
		['an ISO 8601 day in the basic form', '20260104'],
		['an ordinal day', '2026-004'],
		['an ordinal day in the basic form', '2026004'],
		['a week day', '2026-W01-7'],
		['a week day in the basic form', '2026W017'],
		['a basic day at 00:00:00', '20260104T000000'],
		['an ordinal day at 00:00:00', '2026-004T00:00:00'],
	])('%s ends at the last millisecond of that day in the zone it is read in', (_form, value) => {
		expect(parsed(isoDateTimeEnd, value)).toBe('2026-01-04T23:59:59.999Z');
		expect(inBerlin(() => parsed(isoDateTimeEnd, value))).toBe('2026-01-04T22:59:59.999Z');
		// the start of a range is not moved
		expect(inBerlin(() => parsed(isoDateTime, value))).toBe('2026-01-03T23:00:00Z');
	});

	it.each([
		['a time of day', '2026-01-04T00:00:01', '2026-01-03T23:00:01Z'],
		['a time of day after a space', '2026-01-04 00:00:01', '2026-01-03T23:00:01Z'],
		['a time of day after M/D/YYYY', '1/4/2026 0:00:01', '2026-01-03T23:00:01Z'],
		['midnight with an offset', '2026-01-04T00:00:00Z', '2026-01-04T00:00:00Z'],
		['midnight with a numeric offset', '2026-01-04T00:00:00+01:00', '2026-01-03T23:00:00Z'],
		['a luxon DateTime at midnight', DateTime.fromISO('2026-01-04T00:00:00', { zone: 'Europe/Berlin' }), '2026-01-03T23:00:00Z'],
		['a Date', new Date('2026-01-04T00:00:00Z'), '2026-01-04T00:00:00Z'],
		['epoch milliseconds', Date.UTC(2026, 0, 4), '2026-01-04T00:00:00Z'],
	])('%s is the moment it gives', (_form, value, sent) => {
		expect(inBerlin(() => parsed(isoDateTimeEnd, value))).toBe(sent);
	});

	it('ends a day whose midnight a DST change skips (Santiago, 6 September 2026) with that day', () => {
		expect(inZone('America/Santiago', () => parsed(isoDateTimeEnd, '2026-09-06'))).toBe('2026-09-07T02:59:59.999Z');
	});

	it.each([['12'], [' 12 '], ['10:00'], ['10:00:00Z'], ['1200'], ['2026'], ['2026-03'], ['202603'], ['2026-W01'], ['T10:00']])(
		'refuses %j, which names no day (luxon reads a time alone as today), with the date rule',
		(value) => {
			expect(endOrRule(value)).toBe('must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
			expect(outcome(isoDateTime, value)).toBe(': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
		},
	);

	it('refuses what is no date with the rule of a single date', () => {
		expect(outcome(isoDateTimeEnd, 'yesterday')).toBe(': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
		expect(endOrRule('0026-01-04')).toBe('must be a date in the years 1900 to 2100');
		// the range forms to the second (Get Packages) end with the day's last whole second
		expect((endOrRule('2026-01-04') as DateTime).toISO()).toBe('2026-01-04T23:59:59.000Z');
		expect((endOrRule('1/4/2026') as DateTime).toISO()).toBe('2026-01-04T23:59:59.000Z');
	});
});

describe('wire/dates: the transfer update sends a day as that day at midnight UTC', () => {
	it.each([
		['an ISO 8601 date', '2026-03-12'],
		['MM/DD/YYYY', '03/12/2026'],
		['a picked day', '2026-03-12T00:00:00'],
		['a luxon DateTime at midnight in its zone', DateTime.fromISO('2026-03-12', { zone: 'Pacific/Kiritimati' })],
		['a Date at midnight in the workflow zone', DateTime.fromISO('2026-03-12', { zone: 'Europe/Berlin' }).toJSDate()],
		['midnight with its own offset', '2026-03-12T00:00:00+01:00'],
		['midnight UTC', '2026-03-12T00:00:00Z'],
	])('%s', (_form, value) => {
		expect(inBerlin(() => parsed(dayOrDateTime, value))).toBe('2026-03-12T00:00:00Z');
	});

	it('a time of day is the UTC instant, as before', () => {
		expect(inBerlin(() => parsed(dayOrDateTime, '2026-03-12T09:00:00'))).toBe('2026-03-12T08:00:00Z');
		expect(inBerlin(() => parsed(dayOrDateTime, '2026-03-12T00:00:00.500'))).toBe('2026-03-11T23:00:00.500Z');
	});
});
