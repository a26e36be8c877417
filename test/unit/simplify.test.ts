// The provider's date forms as simplified output gives them (wire/simplify.ts isoDate), and members that are not records.
import { isoDate, isoDay, simpleOrderOnHold, simplePackage, simpleTransaction } from '../../nodes/WineFulfillment/wire/simplify';

describe('isoDate: provider dates as ISO 8601 in the workflow\'s time zone', () => {
	it.each([
		['a calendar day (MM/DD/YYYY) is its midnight in the zone', '01/07/2026', 'America/Chicago', '2026-01-07T00:00:00-06:00'],
		['a calendar day (YYYY-MM-DD) too', '2026-07-01', 'Europe/Berlin', '2026-07-01T00:00:00+02:00'],
		['an instant with an offset is shown in the zone', '2026-01-05T15:00:00Z', 'Asia/Tokyo', '2026-01-06T00:00:00+09:00'],
		['milliseconds are kept only when there are some', '2026-01-05T15:00:00.250Z', 'UTC', '2026-01-05T15:00:00.250Z'],
		['a date-time without an offset is read in UTC', '2026-01-05T15:00:00', 'America/New_York', '2026-01-05T10:00:00-05:00'],
		['MM/DD/YYYY HH:mm:ss too', '01/05/2026 15:00:00', 'America/New_York', '2026-01-05T10:00:00-05:00'],
		['RFC 2822 through the node\'s date reader', 'Mon, 05 Jan 2026 15:00:00 +0000', 'America/New_York', '2026-01-05T10:00:00-05:00'],
		// Newfoundland moves its clocks at 05:30 UTC, in the middle of a UTC hour
		['just before a transition inside an hour', '2026-03-08T05:29:00Z', 'America/St_Johns', '2026-03-08T01:59:00-03:30'],
		['just after it', '2026-03-08T05:31:00Z', 'America/St_Johns', '2026-03-08T03:01:00-02:30'],
		// St. John's falls back at 04:30 UTC, and its offset in 1970 (-03:30) is the one after
		['just before a fall-back inside an hour', '2026-11-01T04:29:00Z', 'America/St_Johns', '2026-11-01T01:59:00-02:30'],
		['just after it', '2026-11-01T04:31:00Z', 'America/St_Johns', '2026-11-01T01:01:00-03:30'],
		// Singapore was at +07:30 until 1982
		['an instant in 1970 with that year\'s offset', '1970-01-01T00:00:00.001Z', 'Asia/Singapore', '1970-01-01T07:30:00.001+07:30'],
		['a calendar day in UTC', '01/07/2026', 'UTC', '2026-01-07T00:00:00Z'],
		['a calendar day with white space around', ' 01/07/2026 ', 'America/Chicago', '2026-01-07T00:00:00-06:00'],
		['the last day of a month', '2026-01-31T10:00:00Z', 'UTC', '2026-01-31T10:00:00Z'],
		// Date.parse refuses an offset of 24 hours; luxon, and so the trigger's cursor, reads it
		['an offset of 24 hours', '2026-01-05T10:00:00+24:00', 'UTC', '2026-01-04T10:00:00Z'],
		['text no format reads is kept as sent', 'next Tuesday', 'America/New_York', 'next Tuesday'],
		['so is a date in words, which only Date.parse would read', 'March 7, 2026', 'America/New_York', 'March 7, 2026'],
		['and a day the month lacks', '2026-02-30T10:00:00Z', 'America/New_York', '2026-02-30T10:00:00Z'],
		['an unknown zone gives the instant in UTC', '2026-01-05T15:00:00Z', 'Mars/Olympus', '2026-01-05T15:00:00Z'],
		['and a calendar day\'s midnight in UTC', '01/07/2026', 'Venus/Maxwell', '2026-01-07T00:00:00Z'],
	])('%s', (_case, value, zone, expected) => {
		expect(isoDate(value, zone)).toBe(expected);
	});

	it.each([undefined, null, ''])('%p is null', (value) => {
		expect(isoDate(value, 'America/New_York')).toBeNull();
	});

	it.each([
		['0001-01-01T00:00:00'],
		['0001-01-01T00:00:00Z'],
		['0001-01-01T00:00:00.0000000'],
		['01/01/0001 00:00:00'],
		['01/01/0001'],
		['0001-01-01'],
		['9999-12-31T23:59:59.9999999'],
		['1899-12-31T23:59:59'],
		['2101-01-01T00:00:00Z'],
	])("the provider's \"no date\" %s (a year outside 1900 to 2100, as .NET writes a date never set) is null", (value) => {
		expect(isoDate(value, 'America/New_York')).toBeNull();
		expect(isoDay(value, 'America/New_York')).toBeNull();
		// a second time, from the cache
		expect(isoDate(value, 'America/New_York')).toBeNull();
	});

	it('the first and last instants of 1900 to 2100, as written, are dates', () => {
		expect(isoDate('1900-01-01T00:00:00', 'UTC')).toBe('1900-01-01T00:00:00Z');
		expect(isoDate('2100-12-31T23:59:59-05:00', 'UTC')).toBe('2101-01-01T04:59:59Z');
		expect(isoDate('01/01/1900', 'Asia/Tokyo')).toBe('1900-01-01T00:00:00+09:00');
	});

	it('reads a date-time without an offset in UTC on a server in another time zone', () => {
		const parse = Date.parse;
		// what Date.parse does on a server in New York (UTC-05:00 in January): a date-time without an offset is local time
		const local = jest.spyOn(Date, 'parse').mockImplementation((text) => parse(text) + (/T[\d:.]+$/.test(text) ? 5 * 3_600_000 : 0));
		try {
			expect(isoDate('2026-01-05T15:00:07', 'UTC')).toBe('2026-01-05T15:00:07Z');
			expect(isoDate('2026-01-05T15:00:07+01:00', 'UTC')).toBe('2026-01-05T14:00:07Z');
		} finally {
			local.mockRestore();
		}
	});
});

describe('simplePackage: members that are not records', () => {
	it('reads a ship-to or an item that is null, a list or text as one without members', () => {
		const shaped = simplePackage({ ShipTo: null, PackageItems: [null, ['x'], 'text', { ItemNo: 'A1' }] }, 'UTC');
		expect([shaped.shipToName, shaped.shipToEmail]).toEqual([null, null]);
		expect(shaped.items).toEqual([
			{ itemNo: null, itemDescription: null, quantity: null },
			{ itemNo: null, itemDescription: null, quantity: null },
			{ itemNo: null, itemDescription: null, quantity: null },
			{ itemNo: 'A1', itemDescription: null, quantity: null },
		]);
		expect(simplePackage({ ShipTo: ['Ann'] }, 'UTC').shipToName).toBeNull();
	});
});

describe('day members and the provider\'s "no date" in the shapers', () => {
	it('an order on hold keeps the ship day a .NET provider writes as a date-time', () => {
		const shaped = simpleOrderOnHold({ OrderDate: '2026-01-05T15:00:00', ShipmentDate: '2026-01-09T00:00:00' }, 'America/New_York');
		expect([shaped.orderDate, shaped.shipmentDate]).toEqual(['2026-01-05T10:00:00-05:00', '2026-01-09T00:00:00-05:00']);
	});

	it('a transaction whose TransactionDateTime is the "no date" shows its TransactionDate', () => {
		const shaped = simpleTransaction({ TransactionDateTime: '0001-01-01T00:00:00', TransactionDate: '01/09/2026' }, 'UTC');
		expect(shaped.transactionDate).toBe('2026-01-09T00:00:00Z');
		expect(simpleTransaction({ TransactionDateTime: '0001-01-01T00:00:00' }, 'UTC').transactionDate).toBeNull();
		expect(simpleTransaction({ TransactionDateTime: '2026-01-09T10:00:00Z', TransactionDate: '01/08/2026' }, 'UTC').transactionDate).toBe('2026-01-09T10:00:00Z');
	});
});
