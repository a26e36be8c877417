// Retry-After dates in HTTP's older forms (RFC 850, asctime) and with zone words: UT, UTC and gmt read as GMT, a word that only contains one (UTCX, XGMT) makes the date unreadable.
import { DateTime } from 'luxon';

import { retryAfterMs } from '../../nodes/WineFulfillment/transport/request';

const now = DateTime.fromISO('2026-11-29T01:40:00Z', { zone: 'utc' });

it.each([
	['RFC 850', 'Sunday, 29-Nov-26 01:40:04 GMT'],
	['asctime', 'Sun Nov 29 01:40:04 2026'],
])('reads an HTTP date in the %s form (%p) as 4 s', (_form, value) => {
	expect(retryAfterMs(value, now)).toBe(4000);
});

it.each(['Sun, 29 Nov 2026 01:40:03 UT', 'Sun, 29 Nov 2026 01:40:03 UTC', 'Sun, 29 Nov 2026 01:40:03 gmt', '  Sun, 29 Nov 2026 01:40:03 UTC  '])(
	'reads %p as 3 s',
	(value) => {
		expect(retryAfterMs(value, now)).toBe(3000);
	},
);

it.each(['Sun, 29 Nov 2026 01:40:03 UTCX', 'Sun, 29 Nov 2026 01:40:03 XGMT', 'Sun, 29 Nov 2026 01:40:03 GMTUT', 'Sun, 29 Nov 2026 01:40:03 XUT'])(
	'a zone word that only contains GMT, UTC or UT (%p) is no zone: the Retry-After is unreadable',
	(value) => {
		expect(retryAfterMs(value, now)).toBeUndefined();
	},
);
