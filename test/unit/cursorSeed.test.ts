// The trigger's seed (the state of a first poll, kept in the workflow's global static data) called directly: which
// recorded seed a poll goes on from (seedToTake).
import {
	SEED_TAKEN_WITHIN_MS,
	seedToTake,
	type EventState,
	type SeedRecord,
} from '../../nodes/WineFulfillment/trigger/cursor';
import { CURSOR_AHEAD_LIMIT_MS } from '../../nodes/WineFulfillment/trigger/time';

const T = Date.parse('2026-03-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const state: EventState = { cursor: '2026-03-01T11:59:00Z', seen: { a: T }, query: 'q' };
const seed = (more: Partial<SeedRecord> = {}): SeedRecord => ({ event: 'newOrder', query: 'q', at: iso(T), state, ...more });

describe('seedToTake', () => {
	it('takes the seed of the same Event under the same filters, recorded just now', () => {
		expect(seedToTake(seed(), 'newOrder', 'q', T)).toEqual(state);
	});

	it('is none for a seed recorded for another Event, or under other filters', () => {
		expect(seedToTake(seed({ event: 'newReturn' }), 'newOrder', 'q', T)).toBeUndefined();
		expect(seedToTake(seed({ query: 'other' }), 'newOrder', 'q', T)).toBeUndefined();
	});

	it('is none, without throwing, for a recorded value that is no seed: null (global static data edited by hand), text, nothing', () => {
		for (const odd of [null, 'garbage', undefined, 5]) {
			expect(seedToTake(odd, 'newOrder', 'q', T)).toBeUndefined();
		}
	});

	it('takes a seed up to exactly 24 hours old, not a millisecond older', () => {
		expect(seedToTake(seed(), 'newOrder', 'q', T + SEED_TAKEN_WITHIN_MS)).toEqual(state);
		expect(seedToTake(seed(), 'newOrder', 'q', T + SEED_TAKEN_WITHIN_MS + 1)).toBeUndefined();
	});

	it('takes a seed recorded ahead of our clock by up to the cursor ahead limit (the clock went back), not further', () => {
		expect(seedToTake(seed(), 'newOrder', 'q', T - 1)).toEqual(state);
		expect(seedToTake(seed(), 'newOrder', 'q', T - CURSOR_AHEAD_LIMIT_MS)).toEqual(state);
		expect(seedToTake(seed(), 'newOrder', 'q', T - CURSOR_AHEAD_LIMIT_MS - 1)).toBeUndefined();
		expect(seedToTake(seed(), 'newOrder', 'q', T - SEED_TAKEN_WITHIN_MS)).toBeUndefined();
	});
});
