// Reads one time window completely, though records move while it is paged: checked Skip/Top pages, else slices that fit one answer.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { PagingError, pageRecords, paginatePages } from '../transport/pagination';
import { POLL_KEEPS_ITS_PLACE, unexpectedAnswerError } from '../transport/errors';
import { apiRequest } from '../transport/request';
import type { Endpoint } from '../wire/endpoints';
import type { Candidate, ReadCandidate, WindowRead } from './cursor';
import { SECOND, ceilSecond, floorSecond } from './time';

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
	 * The state already holds `count` records with a window time in [from, until) (a stamp window:
	 * a record's time never changes). When the provider counts no more there, nothing arrived late
	 * in that part and only [until, to] is read.
	 */
	remembered?: { until: number; count: number };
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
	providerTime: number | undefined;
}

/**
 * Reads every record whose window time is in [from, to].
 *
 * Paging with Skip/Top assumes the matching set and its order stay still between pages; they do not
 * (a package that moves shifts the ones after it, and one of them is never read). So:
 * 1. One request for the whole window; if the answer holds all of it, done.
 * 2. Otherwise, when the poll's budget allows, Skip/Top pages, kept only if they were consistent:
 *    every page told the same TotalRecordCount and as many distinct records as it arrived. A record
 *    that moved between pages breaks that (it is read twice and another one not at all).
 * 3. Otherwise, or when the budget does not allow, slices of the window read in time order, each
 *    small enough to come back in one answer: one answer is one moment of the provider's data, so
 *    nothing in a slice can be skipped, and a record that moves (its time only moves forward) lands
 *    in a slice not read yet or in the next poll's window. A slice that still does not fit is split
 *    again; a single second holding more than a page is read with checked Skip/Top pages.
 * Records are kept only from complete units (a whole window, a slice), and `through` says how far
 * in time the read is complete: with a budget, reading stops between slices and the next poll goes
 * on from there, but only once the read has passed `progressPast` (the stored cursor): a poll
 * always makes progress, whatever the lookback costs.
 *
 * With `remembered` (the window up to `until` was read by earlier polls), a window that does not
 * fit in one answer is read as the part after `until` only, when the counts show that nothing
 * arrived late before it: the whole window's count, less the new part's count, is no more than the
 * state remembers (records are not taken away). A poll then costs the pages of its new records and
 * at most one request more.
 */
export async function readWindow(
	ctx: IPollFunctions,
	query: WindowQuery,
	from: number,
	to: number,
	options: ReadOptions,
): Promise<WindowRead> {
	const top = Math.max(1, Math.min(options.pageSize, query.maxTop));
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
		const answer: Answer = {
			body,
			records: recordsIn(ctx, body, query.recordsKey),
			total: typeof body.TotalRecordCount === 'number' ? body.TotalRecordCount : undefined,
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
	const fits = (answer: Answer) =>
		answer.total !== undefined
			? answer.records.length >= answer.total
			: answer.body.MoreRecords === false || (answer.body.MoreRecords === undefined && answer.records.length < top);
	const parts = (answer: Answer) => (answer.total === undefined ? 4 : Math.max(2, Math.ceil(answer.total / (top * FILL))));
	const affords = (requestsMore: number, each = slowest) => performance.now() + (requestsMore + 1) * Math.max(each, 1) <= options.deadline;

	/** Skip/Top pages after a first answer; the records count only when the pages were consistent. */
	const checkedPages = async (first: Answer, a: number, b: number): Promise<boolean> => {
		const records: Array<{ record: IDataObject; bound: number }> = [];
		const identities = new Set<string>();
		let consistent = true;
		const read = async () => {
			for await (const page of paginatePages({
				style: 'skipTop',
				pageSize: top,
				recordsKey: query.recordsKey,
				fetchPage: async (paging) => (paging.Skip === 0 ? first.body : (await send(a, b, paging)).body),
			})) {
				const total = typeof page.body.TotalRecordCount === 'number' ? page.body.TotalRecordCount : undefined;
				if (total !== first.total) consistent = false;
				const bound = Math.min(b + SECOND - 1, query.providerTime(page.body) ?? Number.POSITIVE_INFINITY);
				for (const record of page.records) {
					identities.add(query.identity(record));
					records.push({ record, bound });
				}
				if (!consistent) break;
			}
		};
		// pages that contradict themselves or changed between requests are as inconsistent as a changed total; the
		// transport's errors (NodeApiErrors already) go on as they are
		await read().catch((error: unknown) => {
			if (!(error instanceof PagingError)) throw error;
			consistent = false;
		});
		if (first.total !== undefined && identities.size !== first.total) consistent = false;
		if (consistent) for (const { record, bound } of records) keep([record], bound);
		return consistent;
	};

	const first = await send(start, end, { Skip: 0, Top: top });
	const done = (through: number): WindowRead => ({ candidates, through, providerTime, requests, total: first.total });
	if (fits(first)) {
		keep(first.records, boundOf(first, end));
		return done(end);
	}
	const remembered = options.remembered;
	if (remembered && first.total !== undefined && remembered.until > start && remembered.until < end) {
		// nothing after `until` and nothing late before it: nothing to read
		if (first.total <= remembered.count) return done(end);
		const later = { ...options, remembered: undefined };
		const fresh = await readWindow(ctx, query, remembered.until, to, later);
		const merged = (...reads: WindowRead[]): WindowRead => ({
			candidates: reads.flatMap((r) => r.candidates),
			// the lookback part must be complete for the cursor to move past it
			through: reads.length > 1 && reads[1].through < remembered.until ? reads[1].through : fresh.through,
			providerTime: Math.max(...reads.map((r) => r.providerTime ?? Number.NEGATIVE_INFINITY), providerTime ?? Number.NEGATIVE_INFINITY),
			requests: requests + reads.reduce((sum, r) => sum + r.requests, 0),
			total: first.total,
		});
		const finish = (read: WindowRead) => ({ ...read, providerTime: Number.isFinite(read.providerTime) ? read.providerTime : undefined });
		let before = fresh.total === undefined ? Number.POSITIVE_INFINITY : first.total - fresh.total;
		if (before < remembered.count) {
			// records arrived after `until` between the two answers: count the part before it exactly
			const exact = await countWindow(ctx, query, start, remembered.until - SECOND);
			requests += 1;
			before = exact.total ?? Number.POSITIVE_INFINITY;
		}
		if (before <= remembered.count) return finish(merged(fresh));
		return finish(merged(fresh, await readWindow(ctx, query, start, remembered.until, later)));
	}
	const pagesLeft = first.total === undefined ? Number.POSITIVE_INFINITY : Math.ceil(first.total / top) - 1;
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
		} else if (!(await checkedPages(answer, a, b)) && !(await checkedPages(await send(a, b, { Skip: 0, Top: top }), a, b))) {
			// one second changing faster than it can be paged: the next poll reads it again
			return done(a);
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
	return {
		total: typeof body?.TotalRecordCount === 'number' ? body.TotalRecordCount : undefined,
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
