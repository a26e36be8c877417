// The one pagination helper: Skip/Top with MoreRecords, or PageNumber/PageSize; lazy, stops at a limit.
import type { IDataObject } from 'n8n-workflow';

import { describeKey, keyOf, type RecordKey } from '../wire/recordKeys';
import { booleanOf } from '../wire/values';
import { answerShape, providerMessage } from './errors';

export type PagingStyle = 'skipTop' | 'pageNumber';

export interface PaginateOptions {
	style: PagingStyle;
	/** records per request (Top or PageSize) */
	pageSize: number;
	/** member of each page that holds the records, e.g. WarehouseInventoryStatuses */
	recordsKey: string;
	/** stop after this many records; undefined or Infinity for all */
	limit?: number;
	/** sends one page request; `paging` holds Skip/Top or PageNumber/PageSize to merge into the body */
	fetchPage: (paging: IDataObject) => Promise<IDataObject>;
	/**
	 * The identity of a record (wire/recordKeys.ts): what names the records at a seam of overlapping pages in a message
	 * (the seam compares every member), and, where pages do not overlap, one whose key came on an earlier page of the
	 * read shows the list moved under it (RecordsChangedError). A record lacking a member it needs is not checked there.
	 */
	recordKey?: RecordKey;
	/**
	 * Keys that came on two pages of an earlier read of the same query while its pages overlapped (KeyAgainError): two
	 * records of one key (two lots the provider lists apart), read as two.
	 */
	twice?: ReadonlySet<string>;
}

export interface Page {
	body: IDataObject;
	records: IDataObject[];
}

/** Pages kept in flight during a long read: the provider prepares one while the other is parsed. */
const LONG_READ_AHEAD = 2;

/**
 * Why a paged read was stopped: the provider's answers contradict themselves or stop moving on. The message says
 * what came back; the caller words it for the user (an action's item, a trigger's poll).
 */
export class PagingError extends Error {}

/**
 * The records changed while they were read (one may be missed, one read twice): pages told different totals, or a
 * record came again on a later page. The message says what showed it; the caller says that the records changed.
 */
export class RecordsChangedError extends PagingError {}

/**
 * Keys that came again on later pages of a read whose pages overlapped, while the seams and the total held: either the
 * list moved (a record read before traded places with one not yet read: one read twice, the other not at all, bug hunt
 * 31) or the provider lists two records of one key (two lots). Raised once every page was read; read again with
 * `twice` set to `keys`: a key that comes twice again is two records, one that does not was a move.
 */
export class KeyAgainError extends RecordsChangedError {
	constructor(
		message: string,
		readonly keys: ReadonlySet<string>,
	) {
		super(message);
	}
}

/**
 * MoreRecords as a yes/no, read as the node reads every one (true/false, "False" from a gateway that writes it as text,
 * 1/0); undefined when it is not given or says neither (null, other text): then the total or the page's length decides.
 */
export function moreRecordsOf(value: unknown): boolean | undefined {
	return booleanOf(value);
}

/** A count member as a number: a number or numeric text; anything else (null: not asked for) is NaN. */
export function countOf(value: unknown): number {
	const count = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : Number.NaN;
	return Number.isFinite(count) && count >= 0 ? count : Number.NaN;
}

/**
 * The records of one page. A page is an object whose `key` member is a list; the member may be missing or null only
 * when the answer itself says there is nothing (TotalRecordCount 0, or MoreRecords false). Anything else (an empty
 * body, a list, an error object answered with 200) is no page: read as none, a query would end early and report
 * fewer records, or none, as if that were all. An entry of the list that is no object is refused too (`notARecordIn`).
 */
export function pageRecords(body: unknown, key: string): IDataObject[] {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw new PagingError(`The provider answered a page with ${answerShape(body)} instead of its records (${key})`);
	}
	const page = body as IDataObject;
	const value = page[key];
	if (Array.isArray(value)) {
		const refused = notARecordIn(value, `a page whose list of records (${key})`);
		if (refused !== undefined) throw new PagingError(refused);
		return value as IDataObject[];
	}
	if ((value === undefined || value === null) && (countOf(page.TotalRecordCount) === 0 || moreRecordsOf(page.MoreRecords) === false)) return [];
	const missing = value === undefined || value === null;
	// an object's message, or the object as JSON: never empty
	throw new PagingError(`The provider answered a page without its records (${key}${missing ? '' : ' is not a list'}): ${providerMessage(page)}`);
}

const isRecord = (entry: unknown) => typeof entry === 'object' && entry !== null && !Array.isArray(entry);

/**
 * Why an answer's list of records (a page's, or a whole answer's) is refused when an entry is no object (null, text, a
 * number, a list), as the answer itself would be: skipped, a record the provider meant to send would be lost without
 * notice; handed on, it would become an item n8n cannot hold (null fails the whole run, Continue On Fail or not). The
 * first such entry named (1 first); undefined when every entry is a record. Checked in place, not copied: a page of
 * 2,500 records is read on every long read's page. `answered`: what came, as the message names it ("a page whose list
 * of records (Packages)").
 */
export function notARecordIn(list: unknown[], answered: string): string | undefined {
	const index = list.findIndex((record) => !isRecord(record));
	if (index === -1) return undefined;
	const entry = list[index];
	const shape = typeof entry === 'number' ? 'a number' : typeof entry === 'boolean' ? 'true or false' : answerShape(entry);
	return `The provider answered ${answered} holds something else: entry ${index + 1} is ${shape}`;
}

/**
 * The total a page tells, as the pager trusts it: NaN when it tells none. A total of 0 beside records is none told,
 * not a count: a .NET provider writes the count it was not asked for as its int's default, 0, on every page. So is 0
 * on an empty page after records were read without a total: the same default on the page that ends the read.
 * `got`: the page's records; `readUntold`: records were handed over before it while no page told a total.
 */
export function toldTotal(body: IDataObject, got: number, readUntold = false): number {
	const told = countOf(body.TotalRecordCount);
	return told === 0 && (got > 0 || readUntold) ? Number.NaN : told;
}

/** What tells one page from another cheaply: its size and its first and last record. */
const fingerprint = (records: IDataObject[]) => `${records.length}\n${JSON.stringify(records[0])}\n${JSON.stringify(records.at(-1))}`;

/** Whether every record of a page is alike in every member (a page of one record is). */
const allAlike = (records: IDataObject[]) => {
	const first = JSON.stringify(records[0]);
	return records.every((record) => JSON.stringify(record) === first);
};

/**
 * Pages alike in a row, each echoing the Skip or PageNumber it was asked at, read while no total bounds the read.
 * Genuine ones are a run of lines alike in every member (one order's boxes of one wine) read in small pages; a
 * provider that ignores Skip but echoes it answers them forever. This many are read; the next stops the read (PagingError).
 */
export const ALIKE_PAGES_IN_A_ROW = 100;

/** Keys that came again on later pages of an overlapping read (KeyAgainError), how the first came, and those read as two. */
interface KeysAgain {
	keys: Set<string>;
	first?: string;
	twice?: ReadonlySet<string>;
}

/**
 * A page's records checked against the keys of the records handed over before it, whose keys it then keeps: a record
 * whose key came on an earlier page means the list moved under the read (records added before the page, or one moved
 * behind it), so another may have been skipped: the error saying so, else undefined. With `again` (pages that
 * overlap, whose seams already show a list that moved before them), such a key is added to `again` instead, unless it
 * is in `twice` (two records of one key, KeyAgainError), and the read goes on. A key twice on one page is the
 * provider's own answer, not a move, and names no one record (a placeholder): `shared` keeps it, unchecked for the rest
 * of the read; a record without a key is not checked. `seen`: every key handed over; `page`: the page's number in the
 * read; `before`: the records handed over before it. One look-up a record, the page counted only when a key came
 * before: a read of 100,000 records keeps as many keys.
 */
function movedUnderRead(
	records: IDataObject[],
	recordKey: RecordKey,
	seen: Set<string>,
	page: number,
	before: number,
	shared: Set<string>,
	again?: KeysAgain,
): RecordsChangedError | undefined {
	const keys = records.map((record) => keyOf(record, recordKey));
	// the records whose key was kept before (on an earlier page, or earlier on this one)
	const known: number[] = [];
	for (let index = 0; index < keys.length; index++) {
		const key = keys[index];
		if (key === undefined) continue;
		const size = seen.size;
		if (seen.add(key).size === size) known.push(index);
	}
	if (known.length === 0) return undefined;
	// a key twice on this page names no one record (a placeholder such as "N/A"): not checked in this read again
	// a Map, not lodash's countBy: a key is any text, "__proto__" or "constructor" too
	const onPage = new Map<string, number>();
	for (const key of keys) if (key !== undefined) onPage.set(key, (onPage.get(key) ?? 0) + 1);
	for (const index of known) if ((onPage.get(keys[index] as string) as number) > 1) shared.add(keys[index] as string);
	const moved = known.filter((index) => !shared.has(keys[index] as string));
	if (moved.length === 0) return undefined;
	const first = describeKey(records[moved[0]], recordKey);
	if (again) {
		for (const index of moved) {
			const key = keys[index] as string;
			if (again.twice?.has(key) || again.keys.has(key)) continue;
			again.keys.add(key);
			again.first ??= `${describeKey(records[index], recordKey)} came again on page ${page}, after ${before} records`;
		}
		return undefined;
	}
	if (moved.length === records.length) {
		return new RecordsChangedError(
			`Page ${page} held only records of earlier pages (${first} first): the list moved, or the provider does not move on to the next page`,
		);
	}
	return new RecordsChangedError(`${first} came again on page ${page}, after ${before} records`);
}

/**
 * Whether a page's first record is the record the page before ended with, as the overlap of Skip/Top pages checks: in
 * every member. Not by key alone: two records of one key (two lots the provider lists apart) may meet at the seam, and
 * one taken for the other would be lost or read twice; a record whose quantities changed between the two pages is read
 * again with the rest (bug hunt 27).
 */
const sameRecord = (a: IDataObject, b: IDataObject) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Why an overlapping page shows that the list moved: what it began with (`first`; undefined: it came back empty), and
 * `last`, the record it should have begun with; each named by its key's members where it has them.
 */
function seamMoved(page: number, first: IDataObject | undefined, last: IDataObject, recordKey: RecordKey | undefined): RecordsChangedError {
	const named = (record: IDataObject) => (recordKey && describeKey(record, recordKey)) || undefined;
	const expected = named(last);
	const why = 'records were added or taken out before it';
	if (first !== undefined && expected !== undefined && named(first) === expected) {
		return new RecordsChangedError(
			`Page ${page} began with ${expected} in other quantities or members than the page before ended with it (the record changed, or another of the same key follows it): ${why}, or it changed`,
		);
	}
	const found = first === undefined ? 'came back empty' : `began with ${named(first) ?? 'another record'}`;
	return new RecordsChangedError(
		`Page ${page} ${found} instead of ${expected === undefined ? '' : `${expected}, `}the record the page before ended with: ${why}`,
	);
}

interface Requested {
	paging: IDataObject;
	body: Promise<IDataObject>;
	/** a Skip/Top page asked one record early: its first record must be the last one handed over (overlaps) */
	overlaps: boolean;
	/** the records the requests cover and the next PageNumber once this one was sent: where the read goes on from it */
	after: { requested: number; pageNumber: number };
}

/**
 * Yields pages lazily, asking only for what the limit still needs. The next page is requested as
 * soon as the current one arrives, so the network overlaps the caller's work on the current page.
 * From the second page on, when the provider has told the total (TotalRecordCount), two pages are
 * kept in flight, never past the total or the limit: a long read then costs about the provider's
 * time or ours per page, whichever is longer, not both. A consumer that stops after the first page
 * costs at most one extra request.
 *
 * It never reads for ever or comes back short without saying so (PagingError): a page that repeats the one
 * before it (a provider that ignores Skip or PageNumber; without a recordKey, a page of records alike in every member
 * that echoes the Skip or PageNumber asked is read again, up to ALIKE_PAGES_IN_A_ROW in a row without a total), reading
 * on past twice the total told (and two pages; a total of 0 beside records is none told, see toldTotal), a total
 * that differs from the first page's (RecordsChangedError: a page may then miss a record or repeat one; a page
 * without a total is not compared), an empty page where the total says more records follow (asked for
 * once more first, the pages asked for ahead then asked for anew), MoreRecords false where the total says more follow, a
 * short page of PageNumber/PageSize after full ones while the total says more follow. A first PageNumber/PageSize
 * page shorter than asked while the total says more follow shows the provider's own page size: the read goes
 * on in that size. Skip/Top pages after the first are asked one record early (Skip one less, Top never above the page
 * size) and must begin with the record the page before ended with (sameRecord: in every member), which is
 * then left out: a page that begins with another record, or comes back empty, shows that records were added or taken
 * out before it (RecordsChangedError: a record may have been skipped or read twice, also with the total unchanged); a
 * page that holds only that record ends the read as an empty page does. PageNumber/PageSize pages, and pages of one
 * record (Top 1, or a provider that serves one whatever Top asks), are not asked early. Every page's records new to the
 * read are checked by key too: with a recordKey, a record whose key came on an earlier page of the read ends it
 * (RecordsChangedError: the list moved, whether or not at a seam: two records that trade places across it leave the
 * seam and the total as they were); where pages overlap, that may also be two records of one key (two lots the provider
 * lists apart), so the read goes on and ends, once every page was handed over, with a KeyAgainError naming those keys:
 * read again with them as `twice`, a key that comes twice again is two records. Only the keys are kept. A provider
 * that answers the same records whatever page is asked then stops at the second page, however their quantities change.
 */
export async function* paginatePages(options: PaginateOptions): AsyncGenerator<Page> {
	const limit = options.limit ?? Number.POSITIVE_INFINITY;
	if (!(limit > 0)) return;
	const skipTop = options.style === 'skipTop';
	let delivered = 0;
	// records the requests sent so far cover: the next Skip
	let requested = 0;
	let pageNumber = 1;
	// PageSize: the one asked for, until the provider shows its own
	let pageSize = options.pageSize;
	let total = Number.POSITIVE_INFINITY;
	// the total the first page that told one told: every later page must tell the same, or none
	let firstTold: number | undefined;
	// off after a page shorter or longer than asked: the provider pages by another size, so Skips cannot be foreseen
	let lookAhead = true;
	let previous: string | undefined;
	// pages in a row with the print of this one (1: it differs from the one before)
	let samePages = 0;
	// the paging an empty page was asked for again (once)
	let askedAgain: IDataObject | undefined;
	// Skip/Top pages after the first are asked one record early, to begin with the record the page before ended with
	// (not with pages of one record: asked for Top 1, or a provider that serves one whatever Top asks)
	let overlapping = skipTop && options.pageSize >= 2;
	// the last record handed over (of the page before, as it came)
	let last: IDataObject | undefined;
	// requested pages not yet handed over, in order
	const queue: Requested[] = [];
	// the keys of the records handed over so far (recordKey)
	const seen = new Set<string>();
	// keys that came again on a later page while pages overlapped (KeyAgainError), and how the first of them came
	const again: KeysAgain = { keys: new Set(), twice: options.twice };
	// keys that came twice on one page: they name no one record
	const shared = new Set<string>();

	const send = (paging: IDataObject, after: Requested['after'], overlaps: boolean): void => {
		const body = options.fetchPage(paging);
		// a page asked for ahead may fail before it is awaited; its error surfaces when it is
		body.catch(() => undefined);
		queue.push({ paging, body, after, overlaps });
	};
	const request = (): void => {
		const overlaps = overlapping && requested > 0;
		const early = overlaps ? 1 : 0;
		// the records new to the read it asks for (Top, less the one it overlaps by)
		const size = Math.max(1, Math.min(options.pageSize - early, limit - requested));
		const paging = skipTop ? { Skip: requested - early, Top: size + early } : { PageNumber: pageNumber, PageSize: pageSize };
		requested += skipTop ? size : pageSize;
		pageNumber += 1;
		send(paging, { requested, pageNumber }, overlaps);
	};
	/** what was asked for ahead is not needed, or was asked at a Skip or PageNumber that is no longer right */
	const dropAhead = async () => {
		await Promise.allSettled(queue.splice(0).map((r) => r.body));
	};

	request();
	for (let handedOver = 0; queue.length > 0; handedOver++) {
		const { paging, body: pending, after, overlaps } = queue.shift() as Requested;
		const body = await pending;
		const page: Page = { body, records: pageRecords(body, options.recordsKey) };
		const got = page.records.length;
		const asked = Number(paging.Top ?? paging.PageSize);
		const told = toldTotal(body, got, firstTold === undefined && delivered > 0);
		if (typeof body.TotalRecordCount === 'number' && !Number.isNaN(told)) total = told;
		if (!Number.isNaN(told)) {
			firstTold ??= told;
			if (told !== firstTold) {
				await dropAhead();
				throw new RecordsChangedError(`The provider's total went from ${firstTold} to ${told} between pages`);
			}
		}
		// where this page starts (with the record it overlaps by) and how far the records read so far reach
		const from = skipTop ? Number(paging.Skip) : delivered;
		// the records of the page new to the read
		const fresh = got - (overlaps && got > 0 ? 1 : 0);
		if (fresh === 0 && delivered < told) {
			// no record past those read (an empty page; one that overlaps, only that record) where the total says more
			// follow: asked for once more, then the read stops short, saying so
			if (askedAgain === paging) {
				throw new PagingError(`The provider answered no records past the first ${delivered} of the ${told} it reported, twice`);
			}
			// the pages asked for ahead are dropped: the read goes on after this page again, asking for them anew
			await dropAhead();
			({ requested, pageNumber } = after);
			askedAgain = { ...paging };
			send(askedAgain, after, overlaps);
			handedOver -= 1;
			continue;
		}
		// Stryker disable next-line ConditionalExpression,EqualityOperator: an empty page here ends the read (no total says more); its print matches none before it
		if (got > 0) {
			const print = fingerprint(page.records);
			// records without an identity may be alike in every member (one order's two boxes of one wine: two lines of
			// Get Transactions); a page of only such records that echoes the Skip or PageNumber it was asked at has moved
			// on. A page of different records the same as the one before has not, whatever it echoes.
			const echoed = () =>
				!options.recordKey && countOf(skipTop ? body.Skip : body.PageNumber) === Number(skipTop ? paging.Skip : paging.PageNumber) && allAlike(page.records);
			if (print === previous && !echoed()) {
				throw new PagingError(`The provider answered the same page twice in a row (${got} records after the first ${delivered}): it does not move on to the next page`);
			}
			samePages = print === previous ? samePages + 1 : 1;
			// with a total, reading on past twice it stops the read; without one, only the run's length can
			if (firstTold === undefined && samePages > ALIKE_PAGES_IN_A_ROW) {
				await dropAhead();
				throw new PagingError(
					`The provider answered the same page ${samePages} times in a row (${got} records alike, after the first ${delivered}), each at the ${skipTop ? 'Skip' : 'PageNumber'} asked and without a total: it does not seem to move on to the next page. If that many records really are alike, a larger Page Size reads them in fewer pages`,
				);
			}
			previous = print;
		}
		if (overlaps && (got === 0 || !sameRecord(page.records[0], last as IDataObject))) {
			// a record taken out before the seam would have let one be skipped, one added there would be read twice
			await dropAhead();
			throw seamMoved(handedOver + 1, page.records[0], last as IDataObject, options.recordKey);
		}
		// the keys of the page's records new to the read, against those read before: a list that moved without moving the
		// seam (a record read before traded places with one not yet read, the total as it was: bug hunt 31) shows one
		// again; where pages overlap, that may also be two records of one key: told apart by a second read (KeyAgainError)
		const moved =
			options.recordKey &&
			movedUnderRead(page.records.slice(got - fresh), options.recordKey, seen, handedOver + 1, delivered, shared, overlapping ? again : undefined);
		if (moved) {
			await dropAhead();
			throw moved;
		}
		if (firstTold !== undefined && delivered + fresh > 2 * (firstTold + options.pageSize)) {
			throw new PagingError(`The provider kept sending records past twice the ${firstTold} it reported (${delivered + fresh} read)`);
		}
		if (skipTop && moreRecordsOf(body.MoreRecords) === false && from + got < told && delivered + fresh < limit) {
			// the page contradicts itself: ending here would hand over part of the records as if they were all
			await dropAhead();
			throw new PagingError(`The provider said no more records follow (MoreRecords false) after ${from + got} of the ${told} it reported`);
		}
		// a page that overlaps and holds only that record ends the read as an empty page does, whatever MoreRecords says
		const more = fresh > 0 && hasMore(options.style, body, got, asked, from, told) && delivered + fresh < limit;
		const short = got < asked;
		if (!skipTop && short && more) {
			// the first page shows the provider's own page size; a short page after full ones has no place to go on from
			if (delivered > 0) {
				throw new PagingError(`The provider answered page ${String(paging.PageNumber)} with ${got} records after full pages of ${asked}, while its total says more follow`);
			}
			pageSize = got;
			pageNumber = 2;
			requested = got;
		}
		// a provider that pages in its own size (more records than Top asked for) is followed as one that sends fewer:
		// the next Skip counts the records that came, so no record is read twice
		const offSize = skipTop && got !== asked;
		if (!more || offSize) {
			await dropAhead();
			if (skipTop) requested = Number(paging.Skip) + got;
			// Stryker disable next-line ConditionalExpression: reached at the read's end too, where reading ahead has ended
			if (offSize) lookAhead = false;
		}
		// a provider that serves one record a page whatever Top asks: a page asked one early would hold only that one, so
		// the read goes on without overlapping (every record's key is checked, as on every page)
		if (more && overlapping && !overlaps && got === 1) overlapping = false;
		if (more) {
			const ahead = lookAhead && handedOver > 0 && Number.isFinite(total) ? LONG_READ_AHEAD : 1;
			while (queue.length < ahead && requested < Math.min(limit, total)) request();
			// the provider says there is more although the total said otherwise: follow the provider
			if (queue.length === 0) request();
		}
		last = page.records.at(-1);
		// without the record it overlaps by, never past the limit (a page of up to the page size, copied)
		const early = got - fresh;
		page.records = page.records.slice(early, early + limit - delivered);
		delivered += page.records.length;
		yield page;
	}
	// every page read: keys that came again are a list that moved or two records of one key, which a second read tells apart
	if (again.first !== undefined) throw new KeyAgainError(again.first, again.keys);
}

/**
 * Whether another page follows: the provider's MoreRecords when it sends it (Skip/Top), else its
 * TotalRecordCount, else a full page means there may be more. `from`: the records before this page;
 * `told`: its total as toldTotal reads it (NaN: none told).
 */
function hasMore(style: PagingStyle, body: IDataObject, got: number, asked: number, from: number, told: number): boolean {
	if (got === 0) return false;
	const more = moreRecordsOf(body.MoreRecords);
	if (style === 'skipTop' && more !== undefined) return more;
	// a number, or a numeric string; null (a total not asked for) or 0 beside records says nothing
	if (!Number.isNaN(told)) return from + got < told;
	return got >= asked;
}

/** Yields records one by one over all pages, stopping at the limit. */
export async function* paginate(options: PaginateOptions): AsyncGenerator<IDataObject> {
	for await (const page of paginatePages(options)) yield* page.records;
}
