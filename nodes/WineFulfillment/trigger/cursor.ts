// The polling trigger's stored state and what one poll emits: a cursor on the provider's clock and a bounded set of seen keys.
import type { IDataObject } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';
import maxBy from 'lodash/maxBy';

import { CLOCK_MARGIN_MS, CURSOR_AHEAD_LIMIT_MS, DAY, SECOND, floorSecond, isoSecond, stampMs } from './time';

export interface EventState {
	/**
	 * ISO 8601, provider's clock: every record whose window time is at or before it has been read
	 * (as far as the provider showed it then). The next window starts the Late Reports Window before it.
	 */
	cursor: string;
	/** key → the latest window time at which the record could still be read again (epoch ms), for dropping duplicates */
	seen: Record<string, number>;
	/** windows never start before this (Start From); dropped once the lookback no longer reaches it */
	floor?: string;
	/** the filters the seen keys were read under: the lookback's count check holds only for the same query */
	query?: string;
	/** the last poll stopped reading before the provider's present (its budget ran out): a backlog is being read */
	behind?: boolean;
	/**
	 * ISO 8601, provider's clock: the last poll read its whole window, and this was the provider's present in its
	 * first answer (at most the cursor). A record the seen keys miss entered the window later, with an activity at
	 * or after it: the next poll asks for those only (see readWindow). Absent where the provider reports no present.
	 */
	activityFrom?: string;
	/**
	 * ISO 8601, provider's clock: the seen keys hold every record emitted with a window time from here on, under
	 * `query` (where the next window starts at the Late Reports Window they were kept for, or later where a poll left
	 * the part before it unread). A record read before it that they do not hold (the window was made longer) was
	 * emitted and forgotten, or shown later than the window then reached: it is remembered, not emitted. Absent in
	 * states stored before it: those poll as before.
	 */
	coveredFrom?: string;
}

/** Which time a read window filters on. */
export type WindowField =
	/** the record's own stamp (ShipDate, ReceivedDate): what `at` holds */
	| 'stamp'
	/** the provider's record of the latest activity (LastActivity), which the record does not carry */
	| 'activity';

export interface Candidate {
	/** the event's identity: a record emitted under this key is not emitted again */
	key: string;
	/** when the event happened, by the record's own stamp (epoch ms); undefined when it does not say */
	at: number | undefined;
	record: IDataObject;
	/**
	 * The thing whose current state the event reports (a package), where the key is `subject|state`: emitting
	 * it forgets the subject's earlier states, so a state reached again is new.
	 */
	subject?: string;
	/**
	 * An activity window's record: how long after it was last read its key is kept beyond that (a package on
	 * its way: activity that changes no status, such as a carrier scan, reads it again days later).
	 */
	memoryMs?: number;
	/**
	 * A whole list's record (a snapshot): the entries its key may replace, which share this. See `unseen`.
	 */
	group?: string;
	/**
	 * For an event without subjects: the key the record had while it had no number (a package listed before its
	 * tracking number is given). Where the record's key was not seen and this one was, the record was read then: it is
	 * not new, and the seen key moves over to its own. Moved, not copied: a second record alike in every member, read as
	 * one with it while neither had a number, is new once it has a number of its own. Several: the keys it may have had,
	 * the first seen taken (a package's key of earlier versions, its tracking number alone, then its unnumbered one); moved,
	 * a key of earlier versions shared by two records (two orders in one box) goes to the first read, the one emitted then.
	 */
	formerKey?: string | readonly string[];
	/**
	 * The same for an event with subjects: the subject the record had while it had no number (or under an earlier
	 * version). Where the subject has no seen key of its own, the states remembered under the first of these that has
	 * some move over to it, so a number given (or an upgrade) is no new state.
	 */
	formerSubject?: string | readonly string[];
}

/** The parts of a key written as a JSON list (an order on hold's), else the key as its one part. */
function keyParts(key: string): unknown[] {
	const parts = jsonParse<unknown>(key, { fallbackValue: null });
	return Array.isArray(parts) ? parts : [key];
}

/**
 * The records of a whole list (a snapshot) that were not in the stored one. A stored key no record has now is taken as
 * a record of its group whose key was not stored, with a member of its key changed (an order's type edited while it
 * stays on hold, a key written by an earlier version): the one most like it (the most parts of the key alike, the first
 * listed of those), so that an order edited beside a new order of its number is the edited one whatever order the
 * provider lists them in (bug hunt 35); the others are new. `groupOf`: the group of a stored key.
 */
export function unseen(candidates: Candidate[], seen: Record<string, number>, groupOf: (key: string) => string): Candidate[] {
	const leftOver = new Set(Object.keys(seen));
	const notStored = candidates.filter((c) => !leftOver.delete(c.key));
	// each record's key parts read once
	const open = notStored.map((c) => ({ c, parts: keyParts(c.key) }));
	const taken = new Set<Candidate>();
	for (const key of leftOver) {
		const parts = keyParts(key);
		const group = groupOf(key);
		// the first of the most alike (maxBy keeps the first of equals)
		const same = maxBy(
			open.filter(({ c }) => !taken.has(c) && (c.group ?? c.key) === group),
			(o) => o.parts.filter((part, i) => part === parts[i]).length,
		);
		if (same) taken.add(same.c);
	}
	return notStored.filter((c) => !taken.has(c));
}

export interface ReadCandidate extends Candidate {
	/** the window time of the record when it was read is at most this (slice end, or the answer's LatestActivityTimestamp) */
	bound: number;
}

/** What a read of one window brought back. */
export interface WindowRead {
	candidates: ReadCandidate[];
	/** every record with a window time up to this instant was read */
	through: number;
	/** the provider's present: the newest LatestActivityTimestamp of the answers; undefined when it reports none */
	providerTime?: number;
	/** requests sent */
	requests: number;
	/** the provider's count of the whole window in its first answer, when it tells one */
	total?: number;
	/** the read is complete, and this was the provider's present in its first answer (see readWindow) */
	activityFrom?: number;
}

export interface PollOutcome {
	emit: IDataObject[];
	next: EventState;
}

export interface AdvanceOptions {
	field: WindowField;
	/** the filters' signature, stored with the state */
	query: string;
	/** the Late Reports Window */
	lookbackMs: number;
	/** our clock (epoch ms) */
	localNow: number;
	/** first poll after activation: remember what is there, emit nothing, and anchor the cursor on what the provider shows */
	seed?: boolean;
	/**
	 * Where the part of the window the read holds whole starts, when not at the window's start: the prior
	 * coveredFrom, when the part before it was left unread (pollWindow).
	 */
	readFrom?: number;
}

/**
 * Whether a stored value is a time as isoSecond writes it: an ISO 8601 date and time, a time the provider's stamps can
 * be (stampMs: years 1900 to 2100). Date.parse alone takes more: "0" is 2000-01-01 and "12" 2001-12-01 to V8, and a
 * poll from there would emit the account's history.
 */
const isStoredTime = (value: unknown): boolean =>
	// the pattern refuses what stampMs takes without a T time ("2026-01-01", a space before the time)
	// Stryker disable next-line Regex: text a looser pattern lets through (unanchored, one minute digit) stampMs refuses itself
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && stampMs(value) !== undefined;

/**
 * The stored state of an event when this version can go on from it: its cursor (and floor, coveredFrom, when set) a
 * time, its seen keys an object whose every value is a time in epoch ms. Anything else (static data edited by hand or
 * imported) gives no place to go on from: windows computed from it would ask the provider for "Invalid DateTime" on
 * every poll, and a seen value that is not a number (ISO text) is pruned as NaN, its record emitted again: undefined.
 */
export function storedState(value: unknown): EventState | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const state = value as Partial<EventState>;
	if (!isStoredTime(state.cursor) || [state.floor, state.coveredFrom].some((time) => time !== undefined && !isStoredTime(time))) return undefined;
	if (typeof state.seen !== 'object' || state.seen === null || Array.isArray(state.seen)) return undefined;
	// Stryker disable next-line ConditionalExpression: Number.isFinite is false for anything but a number as well
	if (!Object.values(state.seen).every((ref) => typeof ref === 'number' && Number.isFinite(ref))) return undefined;
	return state as EventState;
}

/**
 * A seed (the state of a first poll that only remembers where things stand) as the poll also records it in the
 * workflow's global static data, by node. n8n 2.x's durable poll cursors stage the node's static data of the
 * activation poll and throw it away when that poll emits nothing, while the global static data stays the workflow's
 * own (saved after activation, loaded by every scheduled poll): the next poll that finds no state of its Event goes
 * on from this seed instead of seeding again, which would pass over what happened in between.
 */
export interface SeedRecord {
	event: string;
	/** the filters' signature it was read under */
	query: string;
	/** ISO 8601, our clock: when it was recorded */
	at: string;
	state: EventState;
}

/**
 * How long after it was recorded a seed is taken: the gap it bridges is the activation poll to the first scheduled
 * poll, one poll interval (up to Every Day). A seed found later was left behind (the poll after it failed for a day,
 * the workflow deactivated at once and activated again days later): going on from it would turn Start From 0, "start
 * from now", into a backfill of all the days since, so such a poll starts from now again.
 */
export const SEED_TAKEN_WITHIN_MS = DAY;

/** The seed recorded for a node that a poll of `event` under the filters `query` goes on from, at `localNow`; else undefined. */
export function seedToTake(value: unknown, event: string, query: string, localNow: number): EventState | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const record = value as Partial<SeedRecord>;
	if (record.event !== event || record.query !== query || !isStoredTime(record.at)) return undefined;
	const age = localNow - Date.parse(record.at as string);
	// a seed recorded ahead of our clock by more than a cursor may be (the clock went back further) is not taken either
	if (age > SEED_TAKEN_WITHIN_MS || age < -CURSOR_AHEAD_LIMIT_MS) return undefined;
	return storedState(record.state);
}

/**
 * How long, and how many, keys of a stamp window (New Package, New Return) are kept before the window they were kept
 * for: a record whose stamp the provider corrects later within this time is not emitted again (bug hunt 42). Bounded by
 * count too: at most this many more keys (about 40 bytes each) in the stored state, the newest.
 */
export const PAST_KEYS_KEPT_MS = 7 * DAY;
export const PAST_KEYS_KEPT_MAX = 1000;

/** The lookback actually applied: at least one second, for records stamped in the second the cursor stands on. */
export const effectiveLookback = (lookbackMs: number): number => Math.max(SECOND, lookbackMs);

/**
 * Where the next read window starts for a state, at our clock `localNow`: the Late Reports Window before the cursor, or
 * before our clock where the cursor is ahead of it. A cursor up to CURSOR_AHEAD_LIMIT_MS ahead is either a provider clock
 * ahead of ours or one activity recorded in the future (LatestActivityTimestamp follows it): the two cannot be told
 * apart, and in the second the provider's real present is ours, so a window from the cursor would miss the records it
 * shows late. Before our clock, a provider clock ahead only has the window read further back.
 */
export function windowStart(state: EventState, lookbackMs: number, localNow: number): number {
	const start = Math.min(Date.parse(state.cursor), localNow) - effectiveLookback(lookbackMs);
	return state.floor === undefined ? start : Math.max(start, Date.parse(state.floor));
}

/**
 * From where the seen keys of a state hold every record emitted (its coveredFrom), for a poll under the same
 * filters; undefined for a state stored before coveredFrom, or read under other filters (a record the new filters
 * add was never read: the seen keys cannot tell it from one forgotten).
 */
export function coveredFrom(state: EventState, query: string): number | undefined {
	return state.coveredFrom === undefined || state.query !== query ? undefined : Date.parse(state.coveredFrom);
}

/**
 * The window time a record was read at, as far as the read tells: its own stamp for a stamp window (the
 * bound where it has none); for an activity window the bound, which its activity is at most.
 */
const windowTime = (c: ReadCandidate, field: WindowField): number => (field === 'stamp' ? (c.at ?? c.bound) : c.bound);

/**
 * Decides what a poll emits and the state it stores.
 *
 * Emitted: each record whose key was not seen (none on the seed poll, nor one before the prior
 * coveredFrom: see below). The cursor moves to the provider's present (LatestActivityTimestamp),
 * at most CURSOR_AHEAD_LIMIT_MS past our clock (the next window starts from our clock then: windowStart), or,
 * where the provider reports none, to the newest stamp it showed, never past our clock less
 * CLOCK_MARGIN_MS; in both cases never past what was read (`through`) and never backwards. So a
 * record stamped in the future is emitted once and moves nothing, and a provider clock behind ours
 * does not make the cursor skip its records. A key is kept while its record can still fall in the
 * next window (its memoryMs beyond that), however many there are: a key dropped sooner would have
 * its record read again and emitted again. Pruning by time bounds the set to the records of one
 * window. A candidate with a subject replaces that subject's earlier keys, but for the subject's last states in this
 * read (`lastStates`); an earlier state in a read whose last state was seen before is a stale row, not emitted: two
 * records of one subject in one answer emit each status once, not again on every poll. A candidate read earlier without its
 * number (formerKey, formerSubject) takes over the keys seen of it then: it is new only where they do not say so.
 *
 * The state stores from where its seen keys hold every record emitted (coveredFrom): the start of the
 * window they are kept for, or, where the read left a part before the prior one unread, the prior one.
 * A record before the prior coveredFrom whose key is not seen (a window made longer reads it again) is
 * remembered, not emitted: an earlier poll emitted it and forgot it, or the provider showed it later
 * than the window then was, which is not emitted either.
 */
export function advance(prior: EventState, read: WindowRead, options: AdvanceOptions): PollOutcome {
	const lookback = effectiveLookback(options.lookbackMs);
	const provider = read.providerTime;
	// never more than CURSOR_AHEAD_LIMIT_MS ahead of our clock: the next poll would bring such a cursor back, to a
	// window starting before the seen keys kept for it (every record there emitted again)
	const ceiling = Math.min(provider ?? options.localNow - CLOCK_MARGIN_MS, options.localNow + CURSOR_AHEAD_LIMIT_MS);
	const priorCursor = options.seed ? Number.NEGATIVE_INFINITY : Date.parse(prior.cursor);
	const covered = options.seed ? undefined : coveredFrom(prior, options.query);

	const seen: Record<string, number> = { ...prior.seen };
	const emit: IDataObject[] = [];
	let newestStamp: number | undefined;
	// in the order they happened: by their stamp, or, without one (null, .NET's 0001-01-01), by the bound they were read
	// under (a package's DELIVERED read in a later slice than its IN TRANSIT comes after it, not before every stamp)
	const ordered = [...read.candidates].sort((a, b) => (a.at ?? a.bound) - (b.at ?? b.bound));
	let subjects: Map<string, string[]> | undefined;
	const last = lastStates(ordered);
	for (const c of ordered) {
		if (c.at !== undefined && c.at <= ceiling) newestStamp = Math.max(newestStamp ?? c.at, c.at);
		const ref = referenceTime(c, options.field, provider, options.lookbackMs);
		if (!(c.key in seen)) subjects = carryOver(c, seen, subjects);
		if (c.key in seen) {
			// read again without a new event (a carrier scan): remembered from this read on
			seen[c.key] = Math.max(seen[c.key], ref);
			continue;
		}
		if (c.subject !== undefined) {
			const now = last.get(c.subject) as Set<string>;
			// an earlier state of a subject whose last state in this read was seen before: a stale row, not news (emitted,
			// it would forget that state, emitted again next poll, and so on every poll)
			if (!now.has(c.key) && [...now].some((key) => key in seen)) continue;
			subjects ??= keysBySubject(seen);
			const earlier = subjects.get(c.subject) ?? [];
			for (const key of earlier) if (!now.has(key)) delete seen[key];
			subjects.set(c.subject, [...earlier.filter((key) => now.has(key)), c.key]);
		}
		seen[c.key] = ref;
		if (!options.seed && !(covered !== undefined && windowTime(c, options.field) < covered)) emit.push(c.record);
	}

	const target = provider ?? newestStamp ?? (options.seed ? ceiling : priorCursor);
	const cursor = Math.max(priorCursor, Math.min(target, ceiling, read.through));
	const behind = read.through < Math.min(target, ceiling);
	const floor = prior.floor !== undefined && Date.parse(prior.floor) > Math.min(cursor, options.localNow) - lookback ? prior.floor : undefined;
	const stored = Number.isFinite(cursor) ? cursor : ceiling;
	const next: EventState = {
		cursor: isoSecond(stored),
		seen: {},
		...(floor ? { floor } : {}),
		query: options.query,
		...(behind ? { behind } : {}),
		// no later than our clock either: a provider present made of one activity stamped hours ahead would otherwise ask
		// the next polls for activity from an hour past our clock, and what happens before then is left to the count check
		...(read.activityFrom !== undefined && !behind ? { activityFrom: isoSecond(Math.min(read.activityFrom, stored, options.localNow)) } : {}),
	};
	// the next window is read from its whole second on: its keys are kept from there (our clock only moves on: the next
	// poll's window starts no earlier)
	const keepFrom = floorSecond(windowStart(next, options.lookbackMs, options.localNow));
	// An activity window without a provider time: a reference is only how late the provider should record an activity,
	// and one it records later stays in the next windows by its activity (emitted on every poll once its key was
	// dropped). Its key is kept while a poll reads it; one that a poll reading up to our clock did not read has its
	// activity before that window, which never goes back: only then does its reference drop it.
	const unbounded = options.field === 'activity' && provider === undefined;
	const readNow = unbounded ? new Set(read.candidates.map((c) => c.key)) : undefined;
	const keepAll = unbounded && read.through < options.localNow;
	const sorted = Object.entries(seen).sort((a, b) => b[1] - a[1]);
	const inWindow = sorted.filter(([key, ref]) => ref >= keepFrom || keepAll || readNow?.has(key));
	// a stamp window also keeps the newest keys before it, for a while (bug hunt 42): a record whose stamp the provider
	// moves later (a ship date corrected to the pickup) is read again in a later window, and its key must still be there
	const past =
		options.field === 'stamp'
			? sorted.filter(([, ref]) => ref < keepFrom && ref >= keepFrom - PAST_KEYS_KEPT_MS).slice(0, PAST_KEYS_KEPT_MAX)
			: [];
	next.seen = Object.fromEntries([...inWindow, ...past]);
	// the keys hold the prior's from `covered` on and what this read holds whole: from the earlier start when the two meet
	const readFrom = options.readFrom ?? windowStart(prior, options.lookbackMs, options.localNow);
	const held = covered === undefined ? keepFrom : read.through >= covered ? Math.min(readFrom, covered) : covered;
	next.coveredFrom = isoSecond(Math.max(keepFrom, held));
	return { emit, next };
}

/**
 * What the state remembers of the next window: `count` records, their `keys`, with a window time in
 * [windowStart, until), `until` being the second after the newest one, and `since`, the state's
 * activityFrom. Comparable with the provider's records there only for a stamp window (a key's
 * reference is then the record's own, unchanging stamp) read under the same filters; a record
 * there the state has not seen makes the provider's count larger.
 */
export function rememberedPart(
	state: EventState,
	lookbackMs: number,
	field: WindowField,
	query: string,
	localNow: number,
): { until: number; count: number; keys: Set<string>; since?: number } | undefined {
	// while a backlog is read, the window does not fit in one answer anyway: read it whole
	if (field !== 'stamp' || state.query !== query || state.behind) return undefined;
	const from = windowStart(state, lookbackMs, localNow);
	const kept = Object.entries(state.seen).filter(([, ref]) => ref >= from);
	if (!kept.length) return undefined;
	const since = state.activityFrom === undefined ? Number.NaN : Date.parse(state.activityFrom);
	return {
		// every remembered reference is below the second after the newest one
		until: floorSecond(Math.max(...kept.map(([, ref]) => ref))) + SECOND,
		count: kept.length,
		keys: new Set(kept.map(([key]) => key)),
		...(Number.isFinite(since) ? { since } : {}),
	};
}

/**
 * The latest window time at which a record could be read again without a new event: its own stamp
 * for a stamp window; for an activity window the bound it was read under, or, where the provider
 * reports no time, its stamp plus the Late Reports Window (how late the provider may record it);
 * and its memoryMs beyond that.
 */
function referenceTime(c: ReadCandidate, field: WindowField, provider: number | undefined, lookbackMs: number): number {
	if (field === 'stamp') return c.at ?? c.bound;
	const read = provider === undefined && c.at !== undefined ? Math.min(c.bound, c.at + lookbackMs) : c.bound;
	return read + (c.memoryMs ?? 0);
}

/**
 * Moves what the seen keys remember of a record read while it had no number (formerKey, formerSubject) over to the
 * key and subject it has now, for a record whose key was not seen. A subject that has seen keys of its own was read
 * with its number already: the former subject's keys are then another record's (a box alike in every member, still
 * without a number), and stay its own. Returns the keys by subject, kept up to date with the move.
 */
function carryOver(c: Candidate, seen: Record<string, number>, subjects: Map<string, string[]> | undefined): Map<string, string[]> | undefined {
	// called for a key not seen: a former key equal to it is not in the seen keys either
	const formerKey = listed(c.formerKey).find((key) => key in seen);
	if (formerKey !== undefined) {
		seen[c.key] = seen[formerKey];
		delete seen[formerKey];
	}
	const { subject } = c;
	const formerSubjects = listed(c.formerSubject);
	if (subject === undefined || !formerSubjects.length) return subjects;
	const bySubject = subjects ?? keysBySubject(seen);
	// (a former subject equal to the subject has keys of its own: left as they are)
	if (bySubject.has(subject)) return bySubject;
	const formerSubject = formerSubjects.find((s) => bySubject.has(s));
	if (formerSubject === undefined) return bySubject;
	const former = bySubject.get(formerSubject) as string[];
	const moved = former.map((key) => {
		// the key's state after the subject: `formerSubject|state` becomes `subject|state`
		const to = `${subject}${key.slice(formerSubject.length)}`;
		seen[to] = seen[key];
		delete seen[key];
		return to;
	});
	bySubject.delete(formerSubject);
	bySubject.set(subject, moved);
	return bySubject;
}

/**
 * Each subject's last state in a read, in time order: the keys of its records read at its latest time. More than one
 * where the answer lists one subject in two states at once (two boxes alike in all but their status, a stale row beside
 * the package): each of those is a state the subject has now, none an earlier one.
 */
function lastStates(ordered: readonly ReadCandidate[]): Map<string, Set<string>> {
	const last = new Map<string, { at: number; keys: Set<string> }>();
	for (const c of ordered) {
		if (c.subject === undefined) continue;
		const at = c.at ?? c.bound;
		const known = last.get(c.subject);
		if (known?.at === at) known.keys.add(c.key);
		else last.set(c.subject, { at, keys: new Set([c.key]) });
	}
	return new Map([...last].map(([subject, { keys }]) => [subject, keys]));
}

/** A former key or subject as a list: none, one or several. */
export const listed = (value: string | readonly string[] | undefined): readonly string[] =>
	value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** The seen keys of the form `subject|state`, by subject. */
function keysBySubject(seen: Record<string, number>): Map<string, string[]> {
	const bySubject = new Map<string, string[]>();
	for (const key of Object.keys(seen)) {
		// every key of an event with subjects has the form subject|state
		const subject = key.slice(0, key.lastIndexOf('|'));
		const keys = bySubject.get(subject);
		if (keys) keys.push(key);
		else bySubject.set(subject, [key]);
	}
	return bySubject;
}
