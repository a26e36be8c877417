// listSearch methods: the account's SKUs for the Item Number pickers ("From List"), read with Inventory Get Sellable.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../wire/endpoints';
import { SELLABLE_RECORDS } from '../wire/inventory';
import { pageRecords, toldTotal } from '../transport/pagination';
import { unexpectedAnswerError } from '../transport/errors';
import { apiRequest } from '../transport/request';
import { EDITOR_LOOKUP_MS, EDITOR_REQUEST, isRateLimited, tryAgainIn } from './editor';

/** Records asked for per Get Sellable page while searching. */
export const SKU_PAGE_SIZE = 500;
/** A search answers once it holds this many matches (or the account has no more SKUs). */
export const SKU_RESULTS_WANTED = 50;
/** Pages one search reads at most once it may answer (see SKU_SCROLLABLE_LIST), before handing back what it found and where to go on. */
export const SKU_PAGES_PER_SEARCH = 4;
/**
 * Matches that make a list n8n's editor can scroll. The picker shows about seven rows (236 px of 32 px rows in n8n 2.41)
 * and asks for the next part of the list only when it is scrolled to its end: a shorter list handed back with where to
 * go on draws no scroll bar, so the matches past it could never be shown. A search with fewer reads on (within
 * SKU_SEARCH_BUDGET_MS), unless the whole item number typed was found.
 */
export const SKU_SCROLLABLE_LIST = 15;
/**
 * How long one search may go on reading while its list cannot be scrolled (no match, or fewer than SKU_SCROLLABLE_LIST
 * and not the whole item number): it starts no page after this. n8n's editor shows "No results" for an empty answer and
 * asks for no more (its list loads more only when scrolled, and an empty or short list cannot be), so a search reads on
 * until enough match, the end of the SKUs, or this. 10 s is when n8n's own editor counts a list as slow to load (its
 * resource locator's slow-load notice); each key typed starts another search.
 */
export const SKU_SEARCH_BUDGET_MS = 10_000;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * Text as a search compares it: lower case, compatibility-decomposed (NFKD), accents and other marks dropped, so
 * "rosé" typed composed finds "Rosé" sent decomposed, and "rose" finds both. Lower-cased first: some capitals
 * lower-case to a letter and a mark (İ).
 */
export const searchForm = (value: string) => value.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** Where a search goes on: the next page, in the size the provider pages by. */
interface Place {
	page: number;
	size: number;
	/** the first answer listed the SKUs of the whole item number typed (looked up directly): not listed again */
	wholeListed: boolean;
	/**
	 * the last two item numbers of the last page read, in order (one when that page held one): in the token, the call
	 * before's; handed back, this call's (see skipped, readBefore, movedBack)
	 */
	read?: string[];
	/**
	 * the provider's TotalRecordCount on the last page read, when told: in the token, the call before's; handed back,
	 * this call's. A smaller one on a scroll call's first page shows SKUs taken out since (see movedBack)
	 */
	total?: number;
}

/** Marks a pagination token whose search listed the whole item number typed first. */
const WHOLE_LISTED = 'w:';
/** Comes before the item numbers a pagination token carries; the page part never holds it, an item number may. */
const AFTER = '~';

/**
 * What a token carries after AFTER: a JSON list of one or two (non-empty) item numbers, then the total when told (a
 * count). Anything else carries none of them: a total alone is of no use without the item number it ends at.
 */
function carriedOf(json: string): Pick<Place, 'read' | 'total'> {
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch {
		return {};
	}
	if (!Array.isArray(value)) return {};
	const told = value.at(-1);
	const total = typeof told === 'number' ? told : undefined;
	const read: unknown[] = total === undefined ? value : value.slice(0, -1);
	const ok =
		read.length >= 1 &&
		read.length <= 2 &&
		read.every((n) => typeof n === 'string' && n !== '') &&
		(total === undefined || (Number.isSafeInteger(total) && total >= 0));
	return ok ? { read: read as string[], total } : {};
}

/**
 * The pagination token: the page number, and after a slash the provider's own page size when it showed a smaller
 * one than asked ("7/100"), after WHOLE_LISTED where the first answer listed the whole item number ("w:7"), and after
 * the first AFTER the last two item numbers of the last page read, then the total it told if any, as JSON
 * (`7~["WINE-0498","WINE-0499",3200]`, `w:7/100~["WINE-0499"]`); a token whose page part reads as none of these starts
 * from the first page, one whose part after AFTER is no such list carries none. The item numbers are only compared
 * with those sent; the total only with the next call's.
 */
function placeOf(token: string | number | undefined): Place {
	// Stryker disable next-line StringLiteral: any text that is no token reads as none
	const text = String(token ?? '');
	const cut = text.indexOf(AFTER);
	const head = cut < 0 ? text : text.slice(0, cut);
	const { read, total } = cut < 0 ? {} : carriedOf(text.slice(cut + AFTER.length));
	const wholeListed = head.startsWith(WHOLE_LISTED);
	const [page, size] = (wholeListed ? head.slice(WHOLE_LISTED.length) : head).split('/').map((part) => Math.trunc(Number(part)));
	// Stryker disable next-line EqualityOperator: at the bound (page 1, size SKU_PAGE_SIZE) either branch gives the same
	return { page: page >= 1 ? page : 1, size: size >= 1 && size <= SKU_PAGE_SIZE ? size : SKU_PAGE_SIZE, wholeListed, read, total };
}

// a page without item numbers hands back neither: the total is of use only beside the item number it ends at
const tokenOf = ({ page, size, wholeListed, read, total }: Place) =>
	`${wholeListed ? WHOLE_LISTED : ''}${size === SKU_PAGE_SIZE ? String(page) : `${page}/${size}`}${read === undefined ? '' : `${AFTER}${JSON.stringify(total === undefined ? read : [...read, total])}`}`;

/**
 * A page's entries as sent; an entry that is not a record is skipped when listed. An answer without the list has none
 * only when it says so (pageRecords: a count of 0, MoreRecords false); any other (an error object answered with 200, a
 * list under another name) fails the search as it fails a run, saying what came back: read as no entries, the editor
 * would show "No results" and never ask for more.
 */
function entriesOf(ctx: ILoadOptionsFunctions, body: unknown): unknown[] {
	const entries = (body as IDataObject | undefined)?.[SELLABLE_RECORDS];
	if (Array.isArray(entries)) return entries;
	try {
		return pageRecords(body, SELLABLE_RECORDS);
	} catch (error) {
		throw unexpectedAnswerError(ctx.getNode(), (error as Error).message, undefined, undefined, 'The list of SKUs was not loaded.');
	}
}

/** An entry as a picker item, with the text a search looks in; undefined for one that is not a record or has no item number. */
function itemOf(entry: unknown): { item: INodeListSearchItems; searched: string } | undefined {
	// Stryker disable next-line ConditionalExpression: text or a number has no ItemNo either
	if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
	const record = entry as IDataObject;
	const itemNo = text(record.ItemNo);
	if (!itemNo) return undefined;
	const description = text(record.ItemDescription);
	return {
		item: { name: description ? `${itemNo} (${description})` : itemNo, value: itemNo },
		searched: searchForm(`${itemNo}\n${description}`),
	};
}

/** A page's item numbers, in order (undefined for an entry that is no record or has none). */
const numbersOf = (found: Array<ReturnType<typeof itemOf>>) => found.map((f) => (f === undefined ? undefined : String(f.item.value)));

/** The indexes of a page's entries that have an item number (those a token's item numbers are compared with). */
const named = (numbers: Array<string | undefined>) => numbers.flatMap((n, i) => (n === undefined ? [] : [i]));

/**
 * How many entries of a scroll call's first page the call before it read already, `read` being the last two item
 * numbers of the page it read last (the token's: `prev`, `after`). SKUs added before them move the last SKUs of a
 * page onto the next one, and a SKU sent twice may end one page and start the next: the page starts with `after`
 * (a shift by one), or has `prev` then `after` side by side further on (a shift by more); those up to `after` were
 * listed. Anything else is no shift: `after` further on alone is another entry of the same item number (a SKU listed
 * by the bottle and by the case), and the entries before it are new.
 */
function skipped(numbers: Array<string | undefined>, read: string[] | undefined): number {
	if (read === undefined) return 0;
	const at = named(numbers);
	const after = read[read.length - 1];
	if (at.length > 0 && numbers[at[0]] === after) return at[0] + 1;
	if (read.length < 2) return 0;
	for (let k = 1; k < at.length; k++) if (numbers[at[k - 1]] === read[0] && numbers[at[k]] === after) return at[k] + 1;
	return 0;
}

/**
 * A scroll call's first page is the page the call before read (a provider that ignores PageNumber answers each with
 * its first, however many its total promises): its last item numbers are the token's (see skipped). None past it follows.
 */
function readBefore(numbers: Array<string | undefined>, read: string[] | undefined): boolean {
	if (read === undefined) return false;
	const tail = named(numbers).slice(-read.length).map((i) => numbers[i]);
	return tail.length === read.length && tail.every((n, k) => n === read[k]);
}

/**
 * Where the entries that moved back onto the page before a scroll call's first page start, `read` being the token's
 * item numbers (`prev`, `after`): SKUs taken out before them move the first SKUs of the next page onto the page the
 * call before read, after `after`. Found by `prev` then `after` side by side; else (one of them was the SKU taken
 * out) by the last entry of `after`, or of `prev`. The entries past it moved there, and those before it were listed
 * by the calls before. At the page's end (the SKUs were taken out after it) none moved; not found (the list moved
 * back by more than a page), none is listed: the page's length. A shift back by more than a page is not caught:
 * the SKUs it moved past the token's item numbers are not listed.
 */
function movedBack(numbers: Array<string | undefined>, read: string[]): number {
	const at = named(numbers);
	const after = read[read.length - 1];
	const prev = read.length === 2 ? read[0] : undefined;
	for (let k = 1; k < at.length; k++) if (numbers[at[k - 1]] === prev && numbers[at[k]] === after) return at[k] + 1;
	const lastOf = (n: string | undefined) => (n === undefined ? undefined : at.filter((i) => numbers[i] === n).at(-1));
	const end = lastOf(after) ?? lastOf(prev);
	return end === undefined ? numbers.length : end + 1;
}

/**
 * One Get Sellable read, within the editor's budget (methods/editor.ts) and what is left of the search's own (`until`,
 * a time: the search's requests together end within EDITOR_LOOKUP_MS, as one lookup does). A 429 the budget does not
 * wait out ends the search at once, saying when to try again in the message: the picker shows the message first, the
 * description below it. `whenRefused`: the answer to read instead when the provider refuses the request as invalid or
 * finds nothing (400, 404).
 */
async function readSellable(ctx: ILoadOptionsFunctions, until: number, body: IDataObject, whenRefused?: IDataObject): Promise<unknown> {
	const left = Math.max(1, until - Date.now());
	try {
		const response = await apiRequest.call(ctx, ENDPOINTS.getSellable, body, {
			...EDITOR_REQUEST,
			retry: { ...EDITOR_REQUEST.retry, maxCallMs: Math.min(EDITOR_LOOKUP_MS, left) },
		});
		return response.body;
	} catch (error) {
		if (whenRefused && error instanceof NodeApiError && ['400', '404'].includes(String(error.httpCode))) return whenRefused;
		// the transport's errors are already NodeApiError or NodeOperationError, scrubbed
		throw isRateLimited(error) ? rateLimitedSearch(ctx, error) : error;
	}
}

function rateLimitedSearch(ctx: ILoadOptionsFunctions, error: NodeApiError): NodeApiError {
	const message = `The provider is rate limiting requests; try the search again ${tryAgainIn(error)}`;
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
		message,
		description:
			"The list was not loaded: the editor does not wait out the provider's limit as a workflow run does. To go on now, enter the item number with By ID.",
		httpCode: '429',
	});
}

/**
 * The SKUs whose whole item number is the typed text (in search form), asked of the provider by item number: one
 * request finds it however many SKUs the account has. Asked as typed and in capitals (item numbers are usually
 * capitals, and the provider may compare them exactly). A provider that refuses the filter (400, 404) leaves it to
 * the pages; any other failure is the search's.
 */
async function wholeItemNumber(ctx: ILoadOptionsFunctions, until: number, typed: string, wanted: string): Promise<INodeListSearchItems[]> {
	const numbers = [...new Set([typed, typed.toUpperCase()])];
	// Stryker disable next-line ArrayDeclaration: an entry that is no record lists nothing
	const body = await readSellable(ctx, until, { IncludeUnavailableItems: true, ItemNumbers: numbers }, { [SELLABLE_RECORDS]: [] });
	// only the whole number: a provider that ignores the filter answers with other SKUs
	return entriesOf(ctx, body)
		.map(itemOf)
		.filter((found) => found !== undefined && searchForm(String(found.item.value)) === wanted)
		.map((found) => (found as { item: INodeListSearchItems }).item);
}

/**
 * No match in the first answer after the search's time: an error, since an empty answer would read "No results" in
 * the editor and it would never ask for the SKUs left. A NodeApiError: n8n's editor shows the description only of that kind.
 */
function nothingFoundYet(ctx: ILoadOptionsFunctions, typed: string, searched: number, total: number | undefined): NodeApiError {
	const count = (n: number) => n.toLocaleString('en-US');
	const of = total === undefined ? '' : ` of the account's ${count(total)}`;
	const shown = typed.length > 100 ? `${typed.slice(0, 100)}…` : typed;
	const message = `No SKU matches "${shown}" among the first ${count(searched)}${of} SKUs`;
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
		message,
		description:
			'Searching every SKU would keep the editor waiting too long. To find the SKU, type the whole item number (it is looked up directly, however many SKUs there are) or more of it, or choose By ID and enter the item number.',
	});
}

/**
 * The account's SKUs whose item number or description contains the search text (in search form: any case, accents
 * ignored), in the provider's order; on the first call a whole item number first. Get Sellable lists every SKU once
 * (with Include Unavailable Items, also those with nothing to sell); the provider has no text filter, so pages are
 * read until enough match: at most SKU_PAGES_PER_SEARCH once the list can be scrolled (SKU_SCROLLABLE_LIST matches,
 * or the whole item number found; scrolling on, once one matches), until SKU_SEARCH_BUDGET_MS while it cannot (then a
 * first answer without a match fails, saying how far it read; one with a few hands them back with where to go on; a
 * later one, scrolling on, hands back none and where to go on).
 * Paging goes by the records the provider sent: a first page shorter than asked while its total says more follow
 * shows the provider's own page size, and the search goes on in that size. A page with the same SKUs as the page before
 * it shows a provider that answers every page alike (it ignores PageNumber): the search ends there, as at the last
 * page (its item numbers in the order sent). The token carries the last two item numbers read, so that the next call lists none of the
 * entries a shift moved onto its page again, and ends at a page that ends with them (see skipped, readBefore). It
 * carries the total told too: a scroll call whose first page tells a smaller one (SKUs taken out) reads the page
 * before once more and lists the entries that moved back onto it past those item numbers (see movedBack), which no
 * call would read otherwise; an unchanged or larger total costs no request. Its requests together end within
 * EDITOR_LOOKUP_MS, so a provider that answers slowly, then hangs, is given up on as one lookup would be.
 */
export async function searchSkus(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string | number,
): Promise<INodeListSearchResult> {
	const started = Date.now();
	const until = started + EDITOR_LOOKUP_MS;
	const typed = (filter ?? '').trim();
	const wanted = searchForm(typed);
	const place = placeOf(paginationToken);
	const results: INodeListSearchItems[] = [];
	const listed = new Set<string>();
	// the last two item numbers of the page the call before read last (the token's): they may start this call's first page
	const carried = place.read;
	// the total the call before read last (the token's): a smaller one now shows SKUs taken out since
	const carriedTotal = place.total;
	// the last of them was read, and listed if it matched: another entry of it (a SKU by the bottle, then by the case) is not listed again
	if (carried !== undefined) listed.add(carried[carried.length - 1]);
	const list = (item: INodeListSearchItems) => {
		if (listed.has(String(item.value))) return;
		listed.add(String(item.value));
		results.push(item);
	};
	// the first call only: scrolling on (a token) goes on through the pages, where the SKUs it listed are not listed again
	// (n8n's editor adds each answer to the list it shows)
	const whole = wanted && paginationToken === undefined ? await wholeItemNumber(this, until, typed, wanted) : [];
	whole.forEach(list);
	if (whole.length > 0) place.wholeListed = true;
	// Stryker disable next-line ConditionalExpression: on the first call `list` itself keeps the whole number once
	const listedBefore = (item: INodeListSearchItems) => place.wholeListed && paginationToken !== undefined && searchForm(String(item.value)) === wanted;
	// the search may hand back what it holds: scrolling on, once it holds a match (the list shown scrolls already); on
	// the first call, a list the editor can scroll for more, or one with the SKU typed in whole
	const scrollable = () =>
		paginationToken === undefined ? results.length >= SKU_SCROLLABLE_LIST || whole.length > 0 : results.length > 0;
	const listMatches = (found: Array<{ item: INodeListSearchItems; searched: string } | undefined>) => {
		for (const match of found) {
			if (match && match.searched.includes(wanted) && !listedBefore(match.item)) list(match.item);
		}
	};
	// the item numbers of the page read before, in this call, as JSON (an entry that is no record as null): a provider that
	// ignores PageNumber answers every page with the same SKUs, in the same order
	let previous: string | undefined;
	for (let read = 1; ; read++) {
		const asked = place.size;
		const body = await readSellable(this, until, { IncludeUnavailableItems: true, PageNumber: place.page, PageSize: asked });
		const entries = entriesOf(this, body);
		const found = entries.map(itemOf);
		const numbers = numbersOf(found);
		const last = named(numbers).slice(-2).map((i) => numbers[i] as string);
		place.read = last.length > 0 ? last : undefined;
		// TotalRecordCount as the action's paging reads it; not given (missing, null, not a count, 0 beside SKUs): undefined
		const told = toldTotal(body as IDataObject, entries.length);
		const total = Number.isNaN(told) ? undefined : told;
		place.total = total;
		// the SKUs from the first to this page's last, in the provider's page size
		const through = (place.page - 1) * asked + entries.length;
		const more = entries.length > 0 && (total === undefined ? entries.length >= asked : through < total);
		const key = JSON.stringify(numbers);
		// scrolling on, the entries the call before read already are not listed again; a page that ends with the item
		// numbers the call before read last is the page it read: reading on would list it again on every scroll, so the
		// list ends here
		if (read === 1 && readBefore(numbers, carried)) return { results };
		// scrolling on, SKUs taken out since the call before (a smaller total) shift the list back: the first of this
		// page moved onto the page before, which that call read; read it once more (within the search's time), and list
		// those past the token's item numbers, before this page's. Only then: the total unchanged, no request more
		if (read === 1 && carried !== undefined && carriedTotal !== undefined && total !== undefined && total < carriedTotal && place.page > 1) {
			const before = entriesOf(this, await readSellable(this, until, { IncludeUnavailableItems: true, PageNumber: place.page - 1, PageSize: asked })).map(itemOf);
			listMatches(before.slice(movedBack(numbersOf(before), carried)));
		}
		listMatches(found.slice(read === 1 ? skipped(numbers, carried) : 0));
		if (!more) return { results };
		const repeated = key === previous;
		previous = key;
		// Stryker disable next-line EqualityOperator: a full first page sets the size it already has
		if (place.page === 1 && entries.length < asked) place.size = entries.length;
		place.page++;
		const outOfTime = Date.now() - started >= SKU_SEARCH_BUDGET_MS;
		// the first answer only: scrolling on, the editor keeps the list it shows and asks again on the next scroll
		if (outOfTime && results.length === 0 && paginationToken === undefined) throw nothingFoundYet(this, typed, through, total);
		// a page as the one before it: the provider answers every page alike, and reading on finds nothing new
		if (repeated) return { results };
		if (outOfTime || results.length >= SKU_RESULTS_WANTED || (scrollable() && read >= SKU_PAGES_PER_SEARCH)) break;
	}
	return { results, paginationToken: tokenOf(place) };
}
