// Reads one time window completely, though records move while it is paged: checked Skip/Top pages, else slices that fit one answer.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { moreRecordsOf, pageRecords, toldTotal } from '../transport/pagination';
import { POLL_KEEPS_ITS_PLACE, unexpectedAnswerError } from '../transport/errors';
import { apiRequest } from '../transport/request';
import type { Endpoint } from '../wire/endpoints';
import { listed, type Candidate, type ReadCandidate, type WindowRead } from './cursor';
import { SECOND, ceilSecond, floorSecond } from './time';

/**
 * TotalRecordCount as the action's paging reads it (a number, or numeric text a gateway writes; 0 beside records is a
 * count not made, see toldTotal); undefined when not told. `got`: the answer's records.
 */
const totalOf = (body: IDataObject, got: number): number | undefined => {
	const total = toldTotal(body, got);
	return Number.isNaN(total) ? undefined : total;
};

/** What the reader needs to know about one query. */
export interface WindowQuery {
	endpoint: Endpoint;
	recordsKey: string;
	/** the largest Top the node sends */
	maxTop: number;
	/** the request body for the records whose window time is in [from, to] (whole seconds, both included) */
	body(from: number, to: number): IDataObject;
	/** one record as an event candidate */
	candidate(record: IDataObject): Candidate;
	/** the record itself (one package, one return), whatever its event: for checking that a read saw each once */
	identity(record: IDataObject): string;
	/** the provider's present in an answer, when it reports one */
	providerTime(body: IDataObject): number | undefined;
	/**
	 * The members that narrow a request to the records whose latest activity the provider recorded in [since, to]
	 * (whole seconds), where it keeps such a time of its own (GetPackages: LastActivityDateRange); absent where it
	 * keeps none (GetReturns).
	 */
	activitySince?(since: number, to: number): IDataObject;
}

export interface ReadOptions {
	pageSize: number;
	/** performance.now() by which reading must have stopped; Infinity without a budget */
	deadline: number;
	/** where the provider's present probably is when the first answer does not say (our clock) */
	presentHint: number;
	/** slices are read past this instant whatever the deadline (the stored cursor), so each poll makes progress */
	progressPast?: number;
	/**
	 * What the state already holds of the window (a stamp window: a record's time never changes):
	 * `count` records, whose keys are `keys`, all with a window time in [from, until); `since`: the
	 * provider's present in the first answer of the complete read that stored it (see readWindow).
	 */
	remembered?: { until: number; count: number; keys?: ReadonlySet<string>; since?: number };
}

/**
 * The records of an answer. One that holds no page (an error object answered with 200, an empty body) fails the poll
 * with an error naming what came back, and the poll's state stays: it is never an empty slice the cursor moves past.
 */
function recordsIn(ctx: IPollFunctions, body: unknown, key: string): IDataObject[] {
	try {
		return pageRecords(body, key);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		throw unexpectedAnswerError(ctx.getNode(), message, undefined, undefined, POLL_KEEPS_ITS_PLACE);
	}
}

/** A slice is sized for this share of a page, so that most slices fit in one answer. */
const FILL = 0.7;

interface Answer {
	body: IDataObject;
	records: IDataObject[];
	total: number | undefined;
	/** MoreRecords as a yes/no; undefined when not told */
	more: boolean | undefined;
	providerTime: number | undefined;
}

/**
 * Reads every record whose window time is in [from, to].
 *
 * Paging with Skip/Top assumes the matching set and its order stay still between pages; they do not
 * (a package that moves shifts the ones after it, and one of them is never read). So:
 * 1. One request for the whole window; if the answer holds all of it, done.
 * 2. Otherwise, when the poll's budget allows, Skip/Top pages, kept only if they were consistent:
 *    each page starts with the record the page before it ended with (its Skip is one less than the
 *    records read so far), every page told the same TotalRecordCount, and they held as many distinct
 *    records as it told (records alike in their identity, such as one order's identical boxes without
 *    a tracking number, count as many times as one answer holds them). A net shift of the records
 *    before a page's start (one taken away there, one that moved on) makes the page start elsewhere,
 *    even when a record arriving elsewhere keeps the total and the count of distinct records the
 *    same: the record at the boundary would slide into the page already read and never be read.
 * 3. Otherwise, or when the budget does not allow, slices of the window read in time order, each
 *    small enough to come back in one answer: one answer is one moment of the provider's data, so
 *    nothing in a slice can be skipped, and a record that moves (its time only moves forward) lands
 *    in a slice not read yet or in the next poll's window. A slice that still does not fit is split
 *    again; a single second holding more than a page is read with checked Skip/Top pages, or else in one answer of
 *    the interface's largest page.
 * Records are kept only from complete units (a whole window, a slice), and `through` says how far
 * in time the read is complete: with a budget, reading stops between slices and the next poll goes
 * on from there, but only once the read has passed `progressPast` (the stored cursor): a poll
 * always makes progress, whatever the lookback costs. A complete read reports `activityFrom`, the
 * provider's present in its first answer: every record it missed entered the window after that
 * answer (recorded late, or changed into the filters), so the provider shows an activity for it at
 * or after that time.
 *
 * With `remembered` (the earlier polls' read of the window), a window that does not fit in one
 * answer is read only in part:
 * - Where the provider keeps an activity time (packages) and `since` is known: only the records
 *   with an activity at or after `since`, over the whole window. That is every record the state
 *   cannot hold: the new ones and the late ones, whatever left the window meanwhile (a package
 *   re-rated to another carrier, a ship date corrected). One that entered without an activity
 *   would still make the whole window's count larger than what the state remembers plus what this
 *   read brought that it did not: then the whole window is read. Without `since` (a state of an
 *   earlier version), the whole window is read. A poll then costs the pages of the records with an
 *   activity since the last poll, and one request more.
 * - Otherwise (returns: no activity time) only the part after `until`, when the counts show that
 *   nothing arrived late before it: the whole window's count, less the new part's count, is no
 *   more than the state remembers. This assumes records are not taken away from the lookback part:
 *   one taken away while another arrives late there cancels it out, and the late one is not read.
 *   A poll then costs the pages of its new records and at most one request more.
 */
export async function readWindow(
	ctx: IPollFunctions,
	query: WindowQuery,
	from: number,
	to: number,
	options: ReadOptions,
): Promise<WindowRead> {
	const top = Math.max(1, Math.min(options.pageSize, query.maxTop));
	// the pages after the first overlap by one record: they need at least two
	const pageTop = Math.min(query.maxTop, Math.max(2, top));
	const start = floorSecond(from);
	const end = Math.max(start, ceilSecond(to));
	const candidates: ReadCandidate[] = [];
	let providerTime: number | undefined;
	let requests = 0;
	// the slowest answer so far, and the slowest for a slice (a small part of the window answers faster than the whole)
	let slowest = 0;
	let slowestSlice = 0;

	const send = async (a: number, b: number, paging: IDataObject): Promise<Answer> => {
		const started = performance.now();
		requests += 1;
		const body = (await apiRequest.call(ctx, query.endpoint, { ...query.body(a, b), ...paging })).body as IDataObject;
		const took = performance.now() - started;
		slowest = Math.max(slowest, took);
		if (a !== start || b !== end) slowestSlice = Math.max(slowestSlice, took);
		const records = recordsIn(ctx, body, query.recordsKey);
		const answer: Answer = {
			body,
			records,
			total: totalOf(body, records.length),
			more: moreRecordsOf(body.MoreRecords),
			providerTime: query.providerTime(body),
		};
		if (answer.providerTime !== undefined) providerTime = Math.max(providerTime ?? answer.providerTime, answer.providerTime);
		return answer;
	};
	const keep = (records: IDataObject[], bound: number) => {
		for (const record of records) candidates.push({ ...query.candidate(record), bound });
	};
	/** the provider's present in this answer bounds the activity time of what it holds */
	const boundOf = (answer: Answer, sliceEnd: number) => Math.min(sliceEnd + SECOND - 1, answer.providerTime ?? Number.POSITIVE_INFINITY);
	/** whether records follow this answer's: `read` records read so far, `asked` the Top it was asked with */
	const more = (answer: Answer, read: number, asked: number) =>
		answer.more ?? (answer.total !== undefined ? read < answer.total : answer.records.length >= asked);
	const fits = (answer: Answer) =>
		answer.total !== undefined ? answer.records.length >= answer.total : answer.more === false || (answer.more === undefined && answer.records.length < top);
	const parts = (answer: Answer) => (answer.total === undefined ? 4 : Math.max(2, Math.ceil(answer.total / (top * FILL))));
	const affords = (requestsMore: number, each = slowest) => performance.now() + (requestsMore + 1) * Math.max(each, 1) <= options.deadline;

	/**
	 * Skip/Top pages after a first answer, each overlapping the one before by one record; the records count only
	 * when the pages were consistent (see above).
	 */
	const checkedPages = async (first: Answer, a: number, b: number): Promise<boolean> => {
		const read: Array<{ record: IDataObject; bound: number }> = [];
		// how many records of each identity were read, and the most of them one answer held
		const times = new Map<string, number>();
		const held = new Map<string, number>();
		/** the records of a page that were not read before; false when one of them was (the pages moved) */
		const take = (answer: Answer, records: IDataObject[]): boolean => {
			// records alike in their identity (one order's boxes of the same wines, shipped in one second, no tracking
			// number yet) are as many as one answer holds: one answer is one moment of the provider's data, so they are
			// records of their own, not one read again. An identity read more often than that was read again: the pages moved.
			const inAnswer = new Map<string, number>();
			for (const record of answer.records) {
				const identity = query.identity(record);
				inAnswer.set(identity, (inAnswer.get(identity) ?? 0) + 1);
			}
			for (const [identity, count] of inAnswer) held.set(identity, Math.max(held.get(identity) ?? 0, count));
			const bound = boundOf(answer, b);
			for (const record of records) {
				const identity = query.identity(record);
				const count = (times.get(identity) ?? 0) + 1;
				if (count > (held.get(identity) ?? 0)) return false;
				times.set(identity, count);
				read.push({ record, bound });
			}
			return true;
		};
		if (!take(first, first.records)) return false;
		let page = first;
		let asked = top;
		while (more(page, read.length, asked)) {
			// a first answer without records while more should follow: nothing to start the next page from
			if (!page.records.length) return false;
			const last = query.identity(page.records[page.records.length - 1]);
			page = await send(a, b, { Skip: read.length - 1, Top: pageTop });
			asked = pageTop;
			// records were added or taken away, or those before this page shifted: it does not start where the last ended
			if (page.total !== first.total || !page.records.length || query.identity(page.records[0]) !== last) return false;
			// a page that brings nothing new where more should follow does not move on
			if (page.records.length === 1 && more(page, read.length, asked)) return false;
			if (!take(page, page.records.slice(1))) return false;
		}
		if (first.total !== undefined && read.length !== first.total) return false;
		for (const { record, bound } of read) keep([record], bound);
		return true;
	};

	const first = await send(start, end, { Skip: 0, Top: top });
	const complete = (through: number) => (through >= end ? first.providerTime : undefined);
	const done = (through: number): WindowRead => ({ candidates, through, providerTime, requests, total: first.total, activityFrom: complete(through) });
	if (fits(first)) {
		keep(first.records, boundOf(first, end));
		return done(end);
	}
	const remembered = options.remembered;
	const later = { ...options, remembered: undefined };
	const merged = (through: number, ...reads: WindowRead[]): WindowRead => {
		const newest = Math.max(...reads.map((r) => r.providerTime ?? Number.NEGATIVE_INFINITY), providerTime ?? Number.NEGATIVE_INFINITY);
		return {
			candidates: reads.flatMap((r) => r.candidates),
			through,
			providerTime: Number.isFinite(newest) ? newest : undefined,
			requests: requests + reads.reduce((sum, r) => sum + r.requests, 0),
			total: first.total,
			activityFrom: complete(through),
		};
	};
	const activitySince = query.activitySince;
	const keys = remembered?.keys;
	const since = remembered?.since;
	if (remembered && activitySince && keys && since !== undefined && since <= end && first.total !== undefined) {
		// the records with an activity since the read that stored the state: the new ones and the late ones
		const narrowed: WindowQuery = { ...query, body: (a, b) => ({ ...query.body(a, b), ...activitySince(since, end) }) };
		const recent = await readWindow(ctx, narrowed, from, to, later);
		// (a record remembered under a former key, as a package under its tracking number alone before bug hunt 42, is not one)
		const rememberedBefore = (c: Candidate) => [c.key, ...listed(c.formerKey)].some((key) => keys.has(key));
		const unseen = new Set(recent.candidates.filter((c) => !rememberedBefore(c)).map((c) => c.key));
		// the provider counts more than the state holds and this read brought: one entered without an activity
		if (recent.through >= end && first.total > keys.size + unseen.size) {
			const whole = await readWindow(ctx, query, from, to, later);
			return merged(whole.through, recent, whole);
		}
		return merged(recent.through, recent);
	}
	if (remembered && !activitySince && first.total !== undefined && remembered.until > start && remembered.until < end) {
		// nothing after `until` and nothing late before it: nothing to read
		if (first.total <= remembered.count) return done(end);
		const fresh = await readWindow(ctx, query, remembered.until, to, later);
		let before = fresh.total === undefined ? Number.POSITIVE_INFINITY : first.total - fresh.total;
		if (before < remembered.count) {
			// records arrived after `until` between the two answers: count the part before it exactly
			const exact = await countWindow(ctx, query, start, remembered.until - SECOND);
			requests += 1;
			before = exact.total ?? Number.POSITIVE_INFINITY;
		}
		if (before <= remembered.count) return merged(fresh.through, fresh);
		const lookback = await readWindow(ctx, query, start, remembered.until, later);
		// the lookback part must be complete for the cursor to move past it
		return merged(lookback.through < remembered.until ? lookback.through : fresh.through, fresh, lookback);
	}
	const pagesLeft = first.total === undefined ? Number.POSITIVE_INFINITY : Math.ceil(Math.max(0, first.total - first.records.length) / (pageTop - 1));
	if (affords(pagesLeft) && (await checkedPages(first, start, end))) return done(end);

	// Slices: up to the provider's present in equal parts sized from the count, then what lies beyond it.
	const present = Math.min(end, Math.max(start + SECOND, ceilSecond(first.providerTime ?? options.presentHint)));
	const queue: Array<[number, number]> = split(start, present, parts(first));
	if (present < end) queue.push([present, end]);
	let through = start;
	const progressPast = options.progressPast ?? start;
	while (queue.length > 0) {
		if (through > progressPast && !affords(1, slowestSlice)) return done(through);
		const [a, b] = queue.shift() as [number, number];
		const answer = await send(a, b, { Skip: 0, Top: top });
		if (fits(answer)) {
			keep(answer.records, boundOf(answer, b));
		} else if (b - a >= 2 * SECOND) {
			queue.unshift(...split(a, b, parts(answer)));
			continue;
		} else if (!(await checkedPages(answer, a, b))) {
			// one answer of the interface's largest page, one moment of the provider's data, may hold the whole second: alike
			// records (one order's unnumbered boxes) that no page of Page Size shows together count as read again in pages
			const whole = top < query.maxTop ? await send(a, b, { Skip: 0, Top: query.maxTop }) : undefined;
			if (whole && fits(whole)) keep(whole.records, boundOf(whole, b));
			// one second changing faster than it can be paged: the next poll reads it again
			else if (!(await checkedPages(await send(a, b, { Skip: 0, Top: top }), a, b))) return done(a);
		}
		through = b;
	}
	return done(end);
}

/**
 * How many records the provider has with a window time in [from, to] (one request for one record),
 * with its present; the count is undefined when the answer does not tell it.
 */
export async function countWindow(
	ctx: IPollFunctions,
	query: WindowQuery,
	from: number,
	to: number,
): Promise<{ total: number | undefined; providerTime: number | undefined }> {
	const body = (await apiRequest.call(ctx, query.endpoint, { ...query.body(floorSecond(from), ceilSecond(to)), Skip: 0, Top: 1 }))
		.body as IDataObject;
	const held = body?.[query.recordsKey];
	return {
		total: totalOf(body ?? {}, Array.isArray(held) ? held.length : 0),
		providerTime: query.providerTime(body ?? {}),
	};
}

/** [a, b] in `parts` ranges on whole seconds; neighbours share their boundary second (read twice, kept once). */
export function split(a: number, b: number, parts: number): Array<[number, number]> {
	const seconds = Math.max(1, Math.round((b - a) / SECOND));
	const step = Math.max(1, Math.ceil(seconds / Math.max(1, parts))) * SECOND;
	const ranges: Array<[number, number]> = [];
	for (let x = a; x < b; x += step) ranges.push([x, Math.min(b, x + step)]);
	return ranges.length ? ranges : [[a, b]];
}

/** The most parts readNewest splits a window into: a count says how many records a window holds, not where. */
const NEWEST_PARTS = 8;

/**
 * The most requests readNewest sends for [a, b]: the first one, then at most NEWEST_PARTS parts a level for as many
 * levels as splitting the seconds of [a, b] into NEWEST_PARTS parts takes to reach one second, and two levels more
 * (fewer parts a level, seconds rounded up, a present that moves on). A search without a Statuses filter reads the
 * newest non-empty part of each level and needs no more; one that would (a filter that matches nothing recent) ends
 * with what it found, as at the deadline.
 */
export function newestRequests(a: number, b: number): number {
	const seconds = Math.max(2, Math.ceil((b - a) / SECOND));
	return 1 + NEWEST_PARTS * (Math.ceil(Math.log(seconds) / Math.log(NEWEST_PARTS)) + 2);
}

export interface NewestOptions {
	pageSize: number;
	/** performance.now() by which reading must have stopped; Infinity without a budget */
	deadline: number;
	/** where the provider's present probably is when an answer does not say (our clock) */
	presentHint: number;
	/** whether a record is one to show (Fetch Test Event's Statuses filter) */
	wanted(candidate: Candidate): boolean;
}

/**
 * The most recent records of [from, to] that `wanted` takes, for Fetch Test Event: newest part first. A part that
 * does not fit in one answer is split by its count (at most NEWEST_PARTS parts up to the provider's present, the
 * newest one reaching to `to`) and its parts read newest first, down to the newest part that fits and holds a wanted
 * record: those records. A part that cannot be split further (no more than a second up to the provider's present,
 * however many records it holds: the newest part would be the part itself) ends there too, with that page's wanted
 * records; it is never asked for again. The first request is always sent, each other one only when it can end before
 * the deadline and within newestRequests (n8n 1.x has no deadline); when none can, the wanted records of the answers
 * read so far (a page of a part that did not fit: recent, not surely the most recent; each record once), perhaps
 * none. Nothing is stored.
 */
export async function readNewest(ctx: IPollFunctions, query: WindowQuery, from: number, to: number, options: NewestOptions): Promise<Candidate[]> {
	const top = Math.max(1, Math.min(options.pageSize, query.maxTop));
	const start = floorSecond(from);
	const end = Math.max(start, ceilSecond(to));
	// parts still to read, the newest last
	const parts: Array<[number, number]> = [[start, end]];
	const limit = newestRequests(start, end);
	// the wanted records of the parts that did not fit, each record once (a part's page and its parts' pages overlap)
	const readSoFar = new Map<string, Candidate>();
	let slowest = 0;
	let sent = 0;
	while (parts.length > 0) {
		if (sent > 0 && (sent >= limit || performance.now() + Math.max(slowest, 1) > options.deadline)) break;
		const [a, b] = parts.pop() as [number, number];
		const started = performance.now();
		const body = (await apiRequest.call(ctx, query.endpoint, { ...query.body(a, b), Skip: 0, Top: top })).body as IDataObject;
		slowest = Math.max(slowest, performance.now() - started);
		sent += 1;
		const records = recordsIn(ctx, body, query.recordsKey);
		const wanted = records.map((record) => query.candidate(record)).filter((c) => options.wanted(c));
		const total = totalOf(body, records.length);
		const told = moreRecordsOf(body.MoreRecords);
		const fits = total !== undefined ? records.length >= total : told === false || (told === undefined && records.length < top);
		// Stryker disable next-line ArithmeticOperator: a present at or before a + SECOND leaves one piece, which becomes [a, b] below: the part is not narrowed, whether the present is a + SECOND or earlier
		const present = Math.min(b, Math.max(a + SECOND, ceilSecond(query.providerTime(body) ?? options.presentHint)));
		const count = total === undefined ? 4 : Math.ceil(total / (top * FILL));
		const pieces = split(a, present, Math.min(NEWEST_PARTS, Math.max(2, count)));
		// records stamped ahead of the present are the newest: the newest part reaches to the end
		pieces[pieces.length - 1] = [pieces[pieces.length - 1][0], b];
		// a part that cannot be narrowed (a second, or a second up to the present, holding more than a page) is read no further
		// Stryker disable next-line MethodExpression: only a single piece can be [a, b] (of several, the first ends before b and the last starts after a), so some and every agree
		const narrower = !pieces.some(([x, y]) => x === a && y === b);
		if (fits || !narrower) {
			if (wanted.length) return wanted;
			continue;
		}
		for (const candidate of wanted) readSoFar.set(query.identity(candidate.record), candidate);
		parts.push(...pieces);
	}
	return [...readSoFar.values()];
}
