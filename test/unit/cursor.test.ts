// The trigger's cursor called directly: what a poll emits, where the cursor goes, which keys it keeps, what it remembers.
import type { IDataObject } from 'n8n-workflow';

import {
	PAST_KEYS_KEPT_MAX,
	PAST_KEYS_KEPT_MS,
	advance,
	effectiveLookback,
	rememberedPart,
	storedState,
	unseen,
	windowStart,
	type AdvanceOptions,
	type EventState,
	type ReadCandidate,
	type WindowRead,
} from '../../nodes/WineFulfillment/trigger/cursor';

const T = Date.parse('2026-03-01T12:00:00Z');
const S = 1000;
const MIN = 60 * S;
/** our clock in the tests of windowStart and rememberedPart: later than their cursors */
const NOW = T + 30 * MIN;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const cand = (key: string, at: number | undefined, bound = T): ReadCandidate => ({ key, at, bound, record: { key } });
const read = (candidates: ReadCandidate[], more: Partial<WindowRead> = {}): WindowRead => ({
	candidates,
	through: T + 60 * MIN,
	requests: 1,
	...more,
});
const opts = (more: Partial<AdvanceOptions> = {}): AdvanceOptions => ({
	field: 'stamp',
	query: 'q',
	lookbackMs: 10 * MIN,
	localNow: T + 30 * MIN,
	...more,
});
const state = (more: Partial<EventState> = {}): EventState => ({ cursor: iso(T), seen: {}, query: 'q', ...more });
const keys = (emit: IDataObject[]) => emit.map((r) => r.key);

describe('effectiveLookback and windowStart', () => {
	it('the lookback is at least one second', () => {
		expect(effectiveLookback(0)).toBe(1000);
		expect(effectiveLookback(999)).toBe(1000);
		expect(effectiveLookback(1001)).toBe(1001);
		expect(effectiveLookback(10 * MIN)).toBe(10 * MIN);
	});

	it('the next window starts the lookback before the cursor', () => {
		expect(windowStart(state(), 10 * MIN, NOW)).toBe(T - 10 * MIN);
		expect(windowStart(state(), 0, NOW)).toBe(T - S);
	});

	it('before our clock where the cursor is ahead of it (one activity recorded in the future)', () => {
		expect(windowStart(state({ cursor: iso(T + 60 * MIN) }), 10 * MIN, T + 5 * MIN)).toBe(T - 5 * MIN);
	});

	it('never before the floor (Start From), and the floor does not hold it back once passed', () => {
		expect(windowStart(state({ floor: iso(T - 2 * MIN) }), 10 * MIN, NOW)).toBe(T - 2 * MIN);
		expect(windowStart(state({ floor: iso(T - 20 * MIN) }), 10 * MIN, NOW)).toBe(T - 10 * MIN);
	});
});

describe('advance: what is emitted', () => {
	it('emits each record whose key was not seen, oldest stamp first, a record without a stamp counting as oldest', () => {
		const out = advance(
			state({ seen: { old: T - MIN } }),
			read([cand('c', T + 3 * S), cand('old', T - MIN), cand('a', T + S), cand('none', undefined), cand('b', T + 2 * S)]),
			opts({}),
		);
		expect(keys(out.emit)).toEqual(['none', 'a', 'b', 'c']);
	});

	it('emits a key read twice in one poll once', () => {
		const out = advance(state(), read([cand('a', T + S), cand('a', T + 2 * S)]), opts());
		expect(keys(out.emit)).toEqual(['a']);
	});

	it('the seed poll emits nothing but remembers what it read', () => {
		const out = advance(state(), read([cand('a', T + S), cand('b', T + 2 * S)], { providerTime: T + 5 * S }), opts({ seed: true }));
		expect(out.emit).toEqual([]);
		expect(out.next.seen).toEqual({ a: T + S, b: T + 2 * S });
	});
});

describe('advance: where the cursor goes', () => {
	it("moves to the provider's present when the read reached it", () => {
		const out = advance(state(), read([cand('a', T + S)], { providerTime: T + 5 * MIN }), opts());
		expect(out.next.cursor).toBe(iso(T + 5 * MIN));
		expect(out.next.behind).toBeUndefined();
		expect(out.next).not.toHaveProperty('behind');
	});

	it("follows the provider's present even when it is ahead of our clock less the margin", () => {
		const out = advance(state(), read([], { providerTime: T + 29 * MIN }), opts({ localNow: T + 30 * MIN }));
		expect(out.next.cursor).toBe(iso(T + 29 * MIN));
	});

	it("follows the provider's present at most an hour past our clock", () => {
		const localNow = T + 30 * MIN;
		const through = localNow + 24 * 60 * MIN;
		expect(advance(state(), read([], { providerTime: localNow + 60 * MIN, through }), opts({ localNow })).next.cursor).toBe(iso(localNow + 60 * MIN));
		const ahead = advance(state(), read([], { providerTime: localNow + 180 * MIN, through }), opts({ localNow }));
		expect(ahead.next.cursor).toBe(iso(localNow + 60 * MIN));
		expect(ahead.next).not.toHaveProperty('behind');
	});

	it('never passes what was read, and says a backlog is being read', () => {
		const out = advance(state(), read([cand('a', T + S)], { providerTime: T + 5 * MIN, through: T + 2 * MIN }), opts());
		expect(out.next.cursor).toBe(iso(T + 2 * MIN));
		expect(out.next.behind).toBe(true);
	});

	it('is not behind when the read stopped exactly at the present', () => {
		const out = advance(state(), read([], { providerTime: T + 5 * MIN, through: T + 5 * MIN }), opts());
		expect(out.next.cursor).toBe(iso(T + 5 * MIN));
		expect(out.next).not.toHaveProperty('behind');
	});

	it('never moves backwards', () => {
		const out = advance(state({ cursor: iso(T + 10 * MIN) }), read([cand('a', T + S)], { providerTime: T + 5 * MIN }), opts());
		expect(out.next.cursor).toBe(iso(T + 10 * MIN));
	});

	it('without a provider time: to the newest stamp read, not one in the future', () => {
		const localNow = T + 30 * MIN;
		const out = advance(
			state(),
			read([cand('a', T + 2 * MIN), cand('b', T + 7 * MIN), cand('c', T + 4 * MIN), cand('future', T + 2 * 60 * MIN)]),
			opts({ localNow }),
		);
		expect(out.next.cursor).toBe(iso(T + 7 * MIN));
		expect(keys(out.emit)).toEqual(['a', 'c', 'b', 'future']);
	});

	it('without a provider time: a stamp exactly at our clock less the margin counts, one a second later does not', () => {
		const localNow = T + 30 * MIN;
		const ceiling = localNow - 5 * MIN;
		expect(advance(state(), read([cand('a', T + MIN), cand('b', ceiling)]), opts({ localNow })).next.cursor).toBe(iso(ceiling));
		expect(advance(state(), read([cand('a', T + MIN), cand('b', ceiling + S)]), opts({ localNow })).next.cursor).toBe(iso(T + MIN));
	});

	it('without a provider time: a stamp already seen still moves the cursor', () => {
		const out = advance(state({ seen: { a: T + 3 * MIN } }), read([cand('a', T + 3 * MIN)]), opts());
		expect(out.emit).toEqual([]);
		expect(out.next.cursor).toBe(iso(T + 3 * MIN));
	});

	it('without a provider time nor stamps: stays where it was; the seed poll stands at our clock less the margin', () => {
		const localNow = T + 30 * MIN;
		expect(advance(state(), read([cand('x', undefined)]), opts({ localNow })).next.cursor).toBe(iso(T));
		expect(advance(state(), read([]), opts({ localNow, seed: true })).next.cursor).toBe(iso(localNow - 5 * MIN));
	});

	it('without a provider time: a read that reached past the newest stamp is not behind', () => {
		const localNow = T + 30 * MIN;
		const out = advance(state(), read([cand('a', T + 7 * MIN)], { through: T + 10 * MIN }), opts({ localNow }));
		expect(out.next.cursor).toBe(iso(T + 7 * MIN));
		expect(out.next).not.toHaveProperty('behind');
	});

	it('without a provider time: never past our clock less the margin, nor past what was read', () => {
		const localNow = T + 30 * MIN;
		const out = advance(state(), read([cand('a', T + 20 * MIN)], { through: T + 10 * MIN }), opts({ localNow }));
		expect(out.next.cursor).toBe(iso(T + 10 * MIN));
		expect(out.next.behind).toBe(true);
	});

	it('the seed poll anchors on the provider even before the stored cursor, since it has none of its own', () => {
		const out = advance(state({ cursor: iso(T + 10 * MIN) }), read([], { providerTime: T + MIN }), opts({ seed: true }));
		expect(out.next.cursor).toBe(iso(T + MIN));
	});

	it('a stored cursor that is not a time is replaced by our clock less the margin', () => {
		const localNow = T + 30 * MIN;
		const out = advance(state({ cursor: 'garbage' }), read([]), opts({ localNow }));
		expect(out.next.cursor).toBe(iso(localNow - 5 * MIN));
	});

	it('writes the cursor in whole seconds', () => {
		const out = advance(state(), read([], { providerTime: T + 5 * MIN + 999 }), opts());
		expect(out.next.cursor).toBe(iso(T + 5 * MIN));
	});
});

describe('advance: the state it stores', () => {
	it('stores the filters signature', () => {
		expect(advance(state({ query: 'old' }), read([]), opts({ query: 'new' })).next.query).toBe('new');
	});

	it('keeps the floor while the lookback from the new cursor still reaches before it, then drops it', () => {
		const floor = iso(T);
		const kept = advance(state({ floor }), read([], { providerTime: T + 5 * MIN }), opts({ lookbackMs: 10 * MIN }));
		expect(kept.next.floor).toBe(floor);
		const dropped = advance(state({ floor }), read([], { providerTime: T + 10 * MIN }), opts({ lookbackMs: 10 * MIN }));
		expect(dropped.next).not.toHaveProperty('floor');
		const later = advance(state({ floor }), read([], { providerTime: T + 11 * MIN }), opts({ lookbackMs: 10 * MIN }));
		expect(later.next).not.toHaveProperty('floor');
	});

	it('the floor is measured against the lookback of at least one second', () => {
		const floor = iso(T);
		const out = advance(state({ floor }), read([], { providerTime: T + 500 }), opts({ lookbackMs: 0 }));
		// the cursor stays on T (whole seconds); T > T - 1 s
		expect(out.next.floor).toBe(floor);
	});

	it('keeps a key while its reference time can fall in the next window, the newest first', () => {
		const out = advance(
			state({ seen: { old: T - 20 * MIN, edge: T - 5 * MIN, recent: T } }),
			read([cand('new', T + 2 * MIN)], { providerTime: T + 5 * MIN }),
			opts({ lookbackMs: 10 * MIN }),
		);
		// next window starts at T + 5 min - 10 min = T - 5 min: `edge` stays; `old`, before it, is kept after the window's
		// keys, as a stamp window keeps its keys for PAST_KEYS_KEPT_MS (bug hunt 42; before, it went)
		expect(Object.entries(out.next.seen)).toEqual([
			['new', T + 2 * MIN],
			['recent', T],
			['edge', T - 5 * MIN],
			['old', T - 20 * MIN],
		]);
	});

	it('a stamp window also keeps the keys before the next window, for PAST_KEYS_KEPT_MS, the newest first (bug hunt 42)', () => {
		const out = advance(
			state({ seen: { old: T - 20 * MIN, older: T - 5 * MIN - PAST_KEYS_KEPT_MS - S, edge: T - 5 * MIN, recent: T } }),
			read([cand('new', T + 2 * MIN)], { providerTime: T + 5 * MIN }),
			opts({ lookbackMs: 10 * MIN }),
		);
		// next window starts at T - 5 min: `old` is kept after the window's keys; `older`, a second past the time, goes
		expect(Object.entries(out.next.seen)).toEqual([
			['new', T + 2 * MIN],
			['recent', T],
			['edge', T - 5 * MIN],
			['old', T - 20 * MIN],
		]);
		// and read again under a later stamp (a ship date corrected), it is no new record
		const again = advance(out.next, read([cand('old', T + 20 * MIN)], { providerTime: T + 25 * MIN }), opts({ lookbackMs: 10 * MIN, localNow: T + 30 * MIN }));
		expect(again.emit).toEqual([]);
		expect(again.next.seen.old).toBe(T + 20 * MIN);
	});

	it('a stamp window keeps at most PAST_KEYS_KEPT_MAX keys before the next window, the newest', () => {
		const seen: Record<string, number> = {};
		for (let i = 1; i <= PAST_KEYS_KEPT_MAX + 5; i++) seen[`k${i}`] = T - 20 * MIN - i;
		const out = advance(state({ seen }), read([], { providerTime: T + 5 * MIN }), opts({ lookbackMs: 10 * MIN }));
		const kept = Object.keys(out.next.seen);
		expect(kept).toHaveLength(PAST_KEYS_KEPT_MAX);
		expect(kept[0]).toBe('k1');
		expect(kept[kept.length - 1]).toBe(`k${PAST_KEYS_KEPT_MAX}`);
	});

	it('keeps every key the next window still reaches, however many: 10,001 within it, none dropped', () => {
		const seen: Record<string, number> = {};
		for (let i = 0; i <= 10_000; i++) seen[`k${i}`] = T - i;
		const out = advance(state({ seen }), read([], { providerTime: T }), opts({ lookbackMs: 60 * MIN }));
		const keptKeys = Object.keys(out.next.seen);
		expect(keptKeys).toHaveLength(10_001);
		expect(keptKeys[0]).toBe('k0');
		expect(keptKeys.at(-1)).toBe('k10000');
	});

	it('a stamp window remembers a key at its own stamp, or the bound it was read under when it has none', () => {
		const out = advance(state(), read([cand('a', T + MIN, T + 9 * MIN), cand('b', undefined, T + 8 * MIN)], { providerTime: T + 9 * MIN }), opts());
		expect(out.next.seen).toEqual({ a: T + MIN, b: T + 8 * MIN });
	});

	it('an activity window remembers the bound it was read under, however old its own stamp', () => {
		const out = advance(
			state(),
			read([cand('a', T + MIN, T + 25 * MIN), cand('b', undefined, T + 24 * MIN)], { providerTime: T + 30 * MIN }),
			opts({ field: 'activity', lookbackMs: 10 * MIN }),
		);
		expect(out.next.seen).toEqual({ a: T + 25 * MIN, b: T + 24 * MIN });
	});

	it('an activity window without a provider time: the stamp plus the Late Reports Window, if before the bound', () => {
		const out = advance(
			state(),
			read([cand('a', T + MIN, T + 20 * MIN), cand('b', T + MIN, T + 5 * MIN), cand('c', undefined, T + 4 * MIN)], { through: T + 20 * MIN }),
			opts({ field: 'activity', lookbackMs: 10 * MIN }),
		);
		expect(out.next.seen).toEqual({ a: T + 11 * MIN, b: T + 5 * MIN, c: T + 4 * MIN });
	});
});

describe('advance: the state of a subject (a package and its status)', () => {
	const status = (key: string, at: number, bound: number, memoryMs = 0): ReadCandidate => ({ ...cand(key, at, bound), subject: key.split('|')[0], memoryMs });
	const activity = opts({ field: 'activity', lookbackMs: 10 * MIN });

	it("emitting a subject's new state forgets its earlier ones, so a state reached again is new", () => {
		const prior = state({ seen: { 'P|IN TRANSIT': T, 'P|SHIPPED': T - MIN, 'Q|IN TRANSIT': T } });
		const out = advance(prior, read([status('P|EXCEPTION', T + MIN, T + 2 * MIN)], { providerTime: T + 2 * MIN }), activity);
		expect(keys(out.emit)).toEqual(['P|EXCEPTION']);
		expect(out.next.seen).toEqual({ 'P|EXCEPTION': T + 2 * MIN, 'Q|IN TRANSIT': T });
		const again = advance(out.next, read([status('P|IN TRANSIT', T + 3 * MIN, T + 4 * MIN)], { providerTime: T + 4 * MIN }), activity);
		expect(keys(again.emit)).toEqual(['P|IN TRANSIT']);
	});

	it('two states of one subject in one read: only the later is kept, and the earlier is new again next time', () => {
		const out = advance(
			state({ seen: { 'Q|IN TRANSIT': T } }),
			read([status('P|IN TRANSIT', T + MIN, T + 3 * MIN), status('P|EXCEPTION', T + 2 * MIN, T + 3 * MIN)], { providerTime: T + 3 * MIN }),
			activity,
		);
		expect(keys(out.emit)).toEqual(['P|IN TRANSIT', 'P|EXCEPTION']);
		expect(out.next.seen).toEqual({ 'P|EXCEPTION': T + 3 * MIN, 'Q|IN TRANSIT': T });
		const back = advance(out.next, read([status('P|IN TRANSIT', T + 4 * MIN, T + 5 * MIN)], { providerTime: T + 5 * MIN }), activity);
		expect(keys(back.emit)).toEqual(['P|IN TRANSIT']);
	});

	it('a stale row listed beside the subject on every read: its earlier state is emitted once, not again on every poll', () => {
		const rows = (at: number) => [status('P|SHIPPED', at - 30 * MIN, at), status('P|IN TRANSIT', at, at)];
		const first = advance(state({ seen: {} }), read(rows(T + MIN), { providerTime: T + MIN }), activity);
		expect(keys(first.emit)).toEqual(['P|SHIPPED', 'P|IN TRANSIT']);
		const second = advance(first.next, read(rows(T + 2 * MIN), { providerTime: T + 2 * MIN }), activity);
		expect(keys(second.emit)).toEqual([]);
		expect(Object.keys(second.next.seen)).toEqual(['P|IN TRANSIT']);
	});

	it('one subject in two states at its latest time (two boxes alike in all but status): each emitted once, both kept', () => {
		const rows = (at: number) => [status('P|RECEIVED', at, at), status('P|READY FOR PICKUP', at, at)];
		const first = advance(state({ seen: { 'P|SHIPPED': T } }), read(rows(T + MIN), { providerTime: T + MIN }), activity);
		expect(keys(first.emit)).toEqual(['P|RECEIVED', 'P|READY FOR PICKUP']);
		expect(Object.keys(first.next.seen).sort()).toEqual(['P|READY FOR PICKUP', 'P|RECEIVED']);
		const second = advance(first.next, read(rows(T + 2 * MIN).reverse(), { providerTime: T + 2 * MIN }), activity);
		expect(keys(second.emit)).toEqual([]);
		// one of them changes: only it is news, and the other box's state stays
		const third = advance(second.next, read([status('P|RECEIVED', T + 3 * MIN, T + 3 * MIN), status('P|PICKED UP', T + 3 * MIN, T + 3 * MIN)], { providerTime: T + 3 * MIN }), activity);
		expect(keys(third.emit)).toEqual(['P|PICKED UP']);
		expect(Object.keys(third.next.seen).sort()).toEqual(['P|PICKED UP', 'P|RECEIVED']);
	});

	it('an earlier state beside last states of which one was seen before: a stale row, not emitted; the new last state is', () => {
		const rows = [status('P|SHIPPED', T, T + MIN), status('P|RECEIVED', T + MIN, T + MIN), status('P|READY FOR PICKUP', T + MIN, T + MIN)];
		const out = advance(state({ seen: { 'P|READY FOR PICKUP': T } }), read(rows, { providerTime: T + MIN }), activity);
		expect(keys(out.emit)).toEqual(['P|RECEIVED']);
	});

	it('keeps a key memoryMs past the read it was last read under, and a read without a new event renews it', () => {
		const out = advance(state(), read([status('P|IN TRANSIT', T, T + MIN, 60 * MIN)], { providerTime: T + MIN }), activity);
		expect(out.next.seen).toEqual({ 'P|IN TRANSIT': T + 61 * MIN });
		const scanned = advance(out.next, read([status('P|IN TRANSIT', T + 50 * MIN, T + 50 * MIN, 60 * MIN)], { providerTime: T + 50 * MIN }), activity);
		expect(scanned.emit).toEqual([]);
		expect(scanned.next.seen).toEqual({ 'P|IN TRANSIT': T + 110 * MIN });
	});
});

describe('advance: a record read while it had no number (formerKey, formerSubject)', () => {
	const numbered = (key: string, formerKey: string, at: number | undefined = T + S): ReadCandidate => ({ ...cand(key, at), formerKey });
	const status = (key: string, formerSubject: string, at: number, bound: number): ReadCandidate => ({
		...cand(key, at, bound),
		subject: key.split('|')[0],
		formerSubject,
	});
	const activity = opts({ field: 'activity', lookbackMs: 10 * MIN });

	it('is not new where its former key was seen: the seen key moves over to its own, at the later reference', () => {
		const out = advance(state({ seen: { U: T - MIN, other: T } }), read([numbered('N', 'U')]), opts());
		expect(out.emit).toEqual([]);
		expect(out.next.seen).toEqual({ N: T + S, other: T });
	});

	it('the former key is consumed: of two records alike while unnumbered, read as one then, the second is new', () => {
		const out = advance(state({ seen: { U: T } }), read([numbered('N1', 'U'), numbered('N2', 'U')]), opts());
		expect(keys(out.emit)).toEqual(['N2']);
		expect(out.next.seen).toEqual({ N1: T + S, N2: T + S });
		// one numbered in one poll, the other in a later one: two events in all either way
		const first = advance(state({ seen: { U: T } }), read([numbered('N1', 'U', T), cand('U', T)]), opts());
		expect(keys(first.emit)).toEqual(['U']);
		expect(keys(advance(first.next, read([numbered('N1', 'U', T), numbered('N2', 'U', T)]), opts()).emit)).toEqual([]);
		const other = advance(state({ seen: { U: T } }), read([cand('U', T), numbered('N1', 'U', T)]), opts());
		expect(other.emit).toEqual([]);
		expect(keys(advance(other.next, read([numbered('N1', 'U', T), numbered('N2', 'U', T)]), opts()).emit)).toEqual(['N2']);
	});

	it("a record whose own key was seen leaves the former key alone (another record's, still without a number)", () => {
		const out = advance(state({ seen: { N1: T, U: T } }), read([numbered('N1', 'U', T)]), opts());
		expect(out.emit).toEqual([]);
		expect(out.next.seen).toEqual({ N1: T, U: T });
	});

	it('numbered records alike in their former key, never read without a number, are each new', () => {
		const out = advance(state(), read([numbered('N1', 'U'), numbered('N2', 'U')]), opts());
		expect(keys(out.emit)).toEqual(['N1', 'N2']);
		expect(out.next.seen).toEqual({ N1: T + S, N2: T + S });
	});

	it('the seed poll moves the key too, and emits nothing', () => {
		const out = advance(state({ seen: { U: T } }), read([numbered('N', 'U'), cand('b', T + 2 * S)]), opts({ seed: true }));
		expect(out.emit).toEqual([]);
		expect(out.next.seen).toEqual({ N: T + S, b: T + 2 * S });
	});

	it("a subject's states remembered under its former subject move over to it: the same state is no event", () => {
		const prior = state({ seen: { 'U|READY FOR PICKUP': T, 'Q|IN TRANSIT': T } });
		const out = advance(prior, read([status('N|READY FOR PICKUP', 'U', T, T + 2 * MIN)], { providerTime: T + 2 * MIN }), activity);
		expect(out.emit).toEqual([]);
		expect(out.next.seen).toEqual({ 'N|READY FOR PICKUP': T + 2 * MIN, 'Q|IN TRANSIT': T });
		const moved = advance(out.next, read([status('N|IN TRANSIT', 'U', T + 3 * MIN, T + 4 * MIN)], { providerTime: T + 4 * MIN }), activity);
		expect(keys(moved.emit)).toEqual(['N|IN TRANSIT']);
		expect(moved.next.seen).toEqual({ 'N|IN TRANSIT': T + 4 * MIN, 'Q|IN TRANSIT': T });
	});

	it('a new state read with the number is an event, and the state before it is forgotten as the subject says', () => {
		const out = advance(
			state({ seen: { 'U|READY FOR PICKUP': T } }),
			read([status('N|IN TRANSIT', 'U', T + MIN, T + 2 * MIN)], { providerTime: T + 2 * MIN }),
			activity,
		);
		expect(keys(out.emit)).toEqual(['N|IN TRANSIT']);
		expect(out.next.seen).toEqual({ 'N|IN TRANSIT': T + 2 * MIN });
	});

	it("a subject with seen states of its own keeps the former subject's (another box alike, still without a number)", () => {
		const out = advance(
			state({ seen: { 'N1|READY FOR PICKUP': T, 'U|READY FOR PICKUP': T } }),
			read([status('N1|IN TRANSIT', 'U', T + MIN, T + 2 * MIN)], { providerTime: T + 2 * MIN }),
			activity,
		);
		expect(keys(out.emit)).toEqual(['N1|IN TRANSIT']);
		expect(out.next.seen).toEqual({ 'N1|IN TRANSIT': T + 2 * MIN, 'U|READY FOR PICKUP': T });
	});

	it("the former subject is consumed: a second box alike, numbered later in the same read, has a state that is new", () => {
		const out = advance(
			state({ seen: { 'U|READY FOR PICKUP': T } }),
			read([status('N1|READY FOR PICKUP', 'U', T, T + 2 * MIN), status('N2|READY FOR PICKUP', 'U', T, T + 2 * MIN)], { providerTime: T + 2 * MIN }),
			activity,
		);
		expect(keys(out.emit)).toEqual(['N2|READY FOR PICKUP']);
		expect(out.next.seen).toEqual({ 'N1|READY FOR PICKUP': T + 2 * MIN, 'N2|READY FOR PICKUP': T + 2 * MIN });
	});
});

describe('advance: activityFrom, where the next poll asks for recent activity from', () => {
	it("stores a complete read's activityFrom, at most the cursor and our clock", () => {
		const out = advance(state(), read([cand('a', T + MIN)], { providerTime: T + 5 * MIN, activityFrom: T + 4 * MIN + 500 }), opts());
		expect(out.next.activityFrom).toBe(iso(T + 4 * MIN));
		// a provider present far ahead of our clock (one activity stamped hours ahead): the cursor stops an hour past our
		// clock, activityFrom at our clock, so the next poll's recent activity takes in what happens from now on
		const ahead = advance(state(), read([], { providerTime: T + 200 * MIN, through: T + 300 * MIN, activityFrom: T + 200 * MIN }), opts());
		expect(ahead.next).toMatchObject({ cursor: iso(T + 90 * MIN), activityFrom: iso(NOW) });
		// a cursor behind our clock bounds it first
		const slow = advance(state(), read([], { providerTime: T + 20 * MIN, activityFrom: T + 25 * MIN }), opts());
		expect(slow.next).toMatchObject({ cursor: iso(T + 20 * MIN), activityFrom: iso(T + 20 * MIN) });
	});

	it('stores none for a read that reports none, or one that stopped behind the provider', () => {
		expect(advance(state({ activityFrom: iso(T) }), read([], { providerTime: T + 5 * MIN }), opts()).next).not.toHaveProperty('activityFrom');
		const behind = advance(state(), read([], { providerTime: T + 50 * MIN, through: T + 10 * MIN, activityFrom: T + 50 * MIN }), opts());
		expect(behind.next).toMatchObject({ behind: true });
		expect(behind.next).not.toHaveProperty('activityFrom');
	});
});

describe('advance: coveredFrom, where the seen keys hold every record emitted from', () => {
	// the keys covered from 10 minutes before the cursor; the window is now 20 minutes and the cursor stays at T
	const covered = state({ coveredFrom: iso(T - 10 * MIN) });
	const longer = (more: Partial<AdvanceOptions> = {}) => opts({ lookbackMs: 20 * MIN, ...more });
	const stays = (candidates: ReadCandidate[] = [], more: Partial<WindowRead> = {}) => read(candidates, { providerTime: T, ...more });

	it('a record not seen is emitted from coveredFrom on, and only remembered before it (stamp: its own stamp; activity: its bound)', () => {
		const stamps = advance(covered, stays([cand('at', T - 10 * MIN), cand('before', T - 10 * MIN - S), cand('unstamped', undefined, T - 10 * MIN - S)]), longer());
		expect(keys(stamps.emit)).toEqual(['at']);
		expect(Object.keys(stamps.next.seen).sort()).toEqual(['at', 'before', 'unstamped']);
		const activity = advance(
			covered,
			stays([cand('at', T - 30 * MIN, T - 10 * MIN), cand('before', T + MIN, T - 10 * MIN - 1)]),
			longer({ field: 'activity' }),
		);
		expect(keys(activity.emit)).toEqual(['at']);
	});

	it('a read reaching coveredFrom joins it: the keys then hold from where the read started', () => {
		expect(advance(covered, stays(), longer()).next.coveredFrom).toBe(iso(T - 20 * MIN));
		// a read complete exactly up to coveredFrom meets it too
		expect(advance(covered, stays([], { through: T - 10 * MIN }), longer()).next.coveredFrom).toBe(iso(T - 20 * MIN));
	});

	it('a read that stopped before coveredFrom leaves a gap: the keys still hold from coveredFrom only', () => {
		const out = advance(covered, stays([], { through: T - 10 * MIN - S }), longer());
		expect(out.next).toMatchObject({ behind: true, coveredFrom: iso(T - 10 * MIN) });
	});

	it('the part before coveredFrom left unread (readFrom): coveredFrom stays', () => {
		expect(advance(covered, stays(), longer({ readFrom: T - 10 * MIN })).next.coveredFrom).toBe(iso(T - 10 * MIN));
	});

	it('a shorter window, or a cursor that moved on: from where the next window starts', () => {
		expect(advance(covered, stays(), opts({ lookbackMs: 5 * MIN })).next.coveredFrom).toBe(iso(T - 5 * MIN));
		expect(advance(covered, stays([], { providerTime: T + 30 * MIN }), longer()).next.coveredFrom).toBe(iso(T + 10 * MIN));
	});

	it('not used on the seed poll, nor under other filters, nor when the state has none: every record not seen is emitted', () => {
		const old = [cand('old', T - 15 * MIN)];
		expect(keys(advance(covered, stays(old), longer({ query: 'other' })).emit)).toEqual(['old']);
		expect(keys(advance(state(), stays(old), longer()).emit)).toEqual(['old']);
		const seed = advance(covered, stays(old), longer({ seed: true }));
		expect(seed.emit).toEqual([]);
		expect(seed.next.coveredFrom).toBe(iso(T - 20 * MIN));
	});
});

describe('rememberedPart', () => {
	const seen = { a: T - 9 * MIN, b: T - 2 * MIN + 400, c: T - 2 * MIN + 10, gone: T - 11 * MIN };

	it('counts the remembered keys of a stamp window from its start, up to the second after the newest', () => {
		expect(rememberedPart(state({ seen }), 10 * MIN, 'stamp', 'q', NOW)).toEqual({ until: T - 2 * MIN + S, count: 3, keys: new Set(['a', 'b', 'c']) });
	});

	it('a key exactly at the window start counts', () => {
		expect(rememberedPart(state({ seen: { a: T - 10 * MIN } }), 10 * MIN, 'stamp', 'q', NOW)).toEqual({ until: T - 10 * MIN + S, count: 1, keys: new Set(['a']) });
	});

	it('uses the floor as the window start', () => {
		expect(rememberedPart(state({ seen, floor: iso(T - 5 * MIN) }), 10 * MIN, 'stamp', 'q', NOW)).toEqual({ until: T - 2 * MIN + S, count: 2, keys: new Set(['b', 'c']) });
	});

	it("gives the state's activityFrom as `since`, when it is a time", () => {
		expect(rememberedPart(state({ seen, activityFrom: iso(T - MIN) }), 10 * MIN, 'stamp', 'q', NOW)?.since).toBe(T - MIN);
		expect(rememberedPart(state({ seen, activityFrom: 'garbage' }), 10 * MIN, 'stamp', 'q', NOW)).not.toHaveProperty('since');
	});

	it('is nothing for an activity window, other filters, while behind, or with no key in the window', () => {
		expect(rememberedPart(state({ seen }), 10 * MIN, 'activity', 'q', NOW)).toBeUndefined();
		expect(rememberedPart(state({ seen }), 10 * MIN, 'stamp', 'other', NOW)).toBeUndefined();
		expect(rememberedPart(state({ seen, behind: true }), 10 * MIN, 'stamp', 'q', NOW)).toBeUndefined();
		expect(rememberedPart(state({ seen: { gone: T - 11 * MIN } }), 10 * MIN, 'stamp', 'q', NOW)).toBeUndefined();
		expect(rememberedPart(state({ seen: {} }), 10 * MIN, 'stamp', 'q', NOW)).toBeUndefined();
	});
});

describe('storedState', () => {
	it('takes a state whose cursor (and floor) are times and whose seen keys are an object', () => {
		expect(storedState(state())).toEqual(state());
		expect(storedState(state({ floor: iso(T) }))).toEqual(state({ floor: iso(T) }));
	});

	it('is none for anything else: a cursor or floor that is no time, seen keys that are no object, no object at all', () => {
		for (const odd of [
			{ cursor: 'garbage', seen: {} },
			{ cursor: T, seen: {} },
			{ seen: {} },
			{ cursor: iso(T), floor: 'garbage', seen: {} },
			{ cursor: iso(T), floor: null, seen: {} },
			{ cursor: iso(T), seen: null },
			{ cursor: iso(T), seen: [] },
			{ cursor: iso(T) },
			'garbage',
			null,
			undefined,
		]) {
			expect(storedState(odd)).toBeUndefined();
		}
	});
	it('is none when a seen value is not a finite number of epoch ms: text, null, NaN, Infinity (an edited or imported state)', () => {
		for (const value of [iso(T), String(T), null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
			expect(storedState(state({ seen: { a: T, b: value as number } }))).toBeUndefined();
		}
		expect(storedState(state({ seen: { a: T, b: 0 } }))).toEqual(state({ seen: { a: T, b: 0 } }));
	});
});

describe('what a poll keeps (bug hunt 8)', () => {
	it('storedState takes only an ISO date and time in the years a provider stamp can have', () => {
		for (const cursor of ['x2026-03-01T12:00:00Z', '0001-01-01T00:00:00Z', '2026-13-45T12:00:00Z', '0', '12']) {
			expect(storedState(state({ cursor }))).toBeUndefined();
		}
		expect(storedState(state({ cursor: '2026-03-01T14:00:00+02:00' }))).toEqual(state({ cursor: '2026-03-01T14:00:00+02:00' }));
	});

	// a key whose reference lies long before the next window, its record not read by this poll
	const old = { seen: { a: T - 120 * MIN } };
	const keptAfter = (field: 'stamp' | 'activity', through: number, providerTime?: number) =>
		'a' in advance(state(old), read([], { through, providerTime }), opts({ field, localNow: T + 30 * MIN })).next.seen;

	it('an activity window without a provider time keeps every key when its read stopped short of our clock', () => {
		expect(keptAfter('activity', T + 10 * MIN)).toBe(true);
		expect(keptAfter('activity', T + 30 * MIN)).toBe(false);
		expect(keptAfter('activity', T + 60 * MIN)).toBe(false);
	});

	it('an activity window with a provider time drops an old key as before, however far it read; a stamp window keeps it (PAST_KEYS_KEPT_MS)', () => {
		expect(keptAfter('activity', T + 10 * MIN, T + 10 * MIN)).toBe(false);
		expect(keptAfter('stamp', T + 10 * MIN)).toBe(true);
		const older = { seen: { a: T - PAST_KEYS_KEPT_MS - 120 * MIN } };
		expect('a' in advance(state(older), read([], { through: T + 10 * MIN }), opts({ localNow: T + 30 * MIN })).next.seen).toBe(false);
	});

	it('an activity window without a provider time keeps the key of a record it read again', () => {
		const out = advance(state(old), read([cand('a', T - 120 * MIN)], { through: T + 60 * MIN }), opts({ field: 'activity' }));
		expect(Object.keys(out.next.seen)).toContain('a');
	});
});

describe('unseen: the records of a whole list not in the stored one', () => {
	const c = (key: string, group: string) => ({ key, group, at: undefined, record: { key } });
	const groupOf = (key: string) => key.split(':')[0];
	const keys = (list: { key: string }[]) => list.map((x) => x.key);

	it('a key stored is not new; one not stored is, unless a stored key of its group is left over (the same record, changed)', () => {
		const seen = { 'A:1': 1, 'A:2': 1, 'B:1': 1 };
		expect(keys(unseen([c('A:1', 'A'), c('A:2', 'A'), c('B:1', 'B')], seen, groupOf))).toEqual([]);
		// B:1 changed to B:9: paired with the stored B:1 left over
		expect(keys(unseen([c('A:1', 'A'), c('A:2', 'A'), c('B:9', 'B')], seen, groupOf))).toEqual([]);
		// a third record of group A: new, as is one of a group not stored
		expect(keys(unseen([c('A:1', 'A'), c('A:2', 'A'), c('A:3', 'A'), c('C:1', 'C')], seen, groupOf))).toEqual(['A:3', 'C:1']);
		// two records of A changed and one more: one left over each for two of them, the third new
		expect(keys(unseen([c('A:7', 'A'), c('A:8', 'A'), c('A:9', 'A')], seen, groupOf))).toEqual(['A:9']);
		// nothing stored: all new
		expect(keys(unseen([c('A:1', 'A'), c('A:2', 'A')], {}, groupOf))).toEqual(['A:1', 'A:2']);
		// the new record listed before the stored one of its group: the new one is new, the stored one is not
		expect(keys(unseen([c('A:3', 'A'), c('A:1', 'A'), c('A:2', 'A')], seen, groupOf))).toEqual(['A:3']);
	});

	// bug hunt 35: the stored key left over is the record of its group most like it (most parts of a JSON key alike), not
	// the first listed: an order's type edited beside a new order of its number listed before it
	it('a stored key left over is taken for the record of its group most like it, the first listed of equals', () => {
		const k = (...parts: unknown[]) => JSON.stringify(parts);
		const ofGroup = (key: string) => String((JSON.parse(key) as unknown[])[0]);
		const stored = { [k('WEB-1', 'HOLD', 'RETAIL', '2026-01-02', 0)]: 1 };
		const edited = c(k('WEB-1', 'HOLD', 'CLUB', '2026-01-02', 0), 'WEB-1');
		const fresh = c(k('WEB-1', 'HOLD', 'WHOLESALE', '2026-01-09', 0), 'WEB-1');
		expect(keys(unseen([fresh, edited], stored, ofGroup))).toEqual([fresh.key]);
		expect(keys(unseen([edited, fresh], stored, ofGroup))).toEqual([fresh.key]);
		// alike in as many parts: the first listed is taken
		const other = c(k('WEB-1', 'HOLD', 'RETAIL', '2026-01-09', 1), 'WEB-1');
		const again = c(k('WEB-1', 'HOLD', 'CLUB', '2026-01-02', 1), 'WEB-1');
		const was = { [k('WEB-1', 'HOLD', 'CLUB', '2026-01-09', 1)]: 1 };
		expect(keys(unseen([other, again], was, ofGroup))).toEqual([again.key]);
		expect(keys(unseen([again, other], was, ofGroup))).toEqual([other.key]);
	});
});
