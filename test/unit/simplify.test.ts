// The provider's date forms as simplified output gives them (wire/simplify.ts isoDate).
import { isoDate } from '../../nodes/WineFulfillment/wire/simplify';

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
		['text no format reads is kept as sent', 'next Tuesday', 'America/New_York', 'next Tuesday'],
		['an unknown zone gives the instant in UTC', '2026-01-05T15:00:00Z', 'Mars/Olympus', '2026-01-05T15:00:00Z'],
	])('%s', (_case, value, zone, expected) => {
		expect(isoDate(value, zone)).toBe(expected);
	});

	it.each([undefined, null, ''])('%p is null', (value) => {
		expect(isoDate(value, 'America/New_York')).toBeNull();
	});
});
