// The forms of an HTTP Date the transport reads (transport/request.ts httpDate, through answerClock): ISO 8601 only with
// its zone at the end, the header's value read trimmed.
import { answerClock } from '../../nodes/WineFulfillment/transport/request';

describe('answerClock: an ISO 8601 Date', () => {
	const at = Date.parse('2026-11-29T16:39:08Z');

	it.each([[' 2026-11-29T16:39:08Z '], ['\t2026-11-29T17:39:08+01:00 '], ['  2026-11-29T11:39:08-0500']])('read with the blanks around it: %p', (date) => {
		expect(answerClock({ date })).toBe(at);
	});

	it.each([['+002026-11-29T16:39:08'], ['+002026-11-29T16:39:08.250'], ['-002026-11-29T16:39:08']])('none from %p: a time without its zone (the sign of an extended year is none)', (date) => {
		expect(answerClock({ Date: date })).toBeUndefined();
	});
});
