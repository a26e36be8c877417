// The one pagination helper: Skip/Top with MoreRecords, or PageNumber/PageSize; lazy, stops at a limit.
import type { IDataObject } from 'n8n-workflow';

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
}

export interface Page {
	body: IDataObject;
	records: IDataObject[];
}

/** Pages kept in flight during a long read: the provider prepares one while the other is parsed. */
const LONG_READ_AHEAD = 2;

function recordsOf(body: IDataObject, key: string): IDataObject[] {
	// Stryker disable next-line OptionalChaining: a body that is not an object throws a TypeError on the caller's next line either way
	const value = body?.[key];
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

interface Requested {
	paging: IDataObject;
	body: Promise<IDataObject>;
}

/**
 * Yields pages lazily, asking only for what the limit still needs. The next page is requested as
 * soon as the current one arrives, so the network overlaps the caller's work on the current page.
 * From the second page on, when the provider has told the total (TotalRecordCount), two pages are
 * kept in flight, never past the total or the limit: a long read then costs about the provider's
 * time or ours per page, whichever is longer, not both. A consumer that stops after the first page
 * costs at most one extra request.
 */
export async function* paginatePages(options: PaginateOptions): AsyncGenerator<Page> {
	const limit = options.limit ?? Number.POSITIVE_INFINITY;
	if (!(limit > 0)) return;
	const skipTop = options.style === 'skipTop';
	let delivered = 0;
	// records the requests sent so far cover: the next Skip
	let requested = 0;
	let pageNumber = 1;
	let total = Number.POSITIVE_INFINITY;
	// off after a short page: the provider pages by another size than asked, so Skips cannot be foreseen
	let lookAhead = true;
	// requested pages not yet handed over, in order
	const queue: Requested[] = [];

	const request = (): void => {
		const size = Math.max(1, Math.min(options.pageSize, limit - requested));
		const paging: IDataObject = skipTop
			? { Skip: requested, Top: size }
			: { PageNumber: pageNumber, PageSize: options.pageSize };
		requested += skipTop ? size : options.pageSize;
		pageNumber += 1;
		const body = options.fetchPage(paging);
		// a page asked for ahead may fail before it is awaited; its error surfaces when it is
		body.catch(() => undefined);
		queue.push({ paging, body });
	};

	request();
	for (let handedOver = 0; queue.length > 0; handedOver++) {
		const { paging, body: pending } = queue.shift() as Requested;
		const body = await pending;
		const page: Page = { body, records: recordsOf(body, options.recordsKey) };
		const got = page.records.length;
		const asked = Number(paging.Top ?? paging.PageSize);
		if (typeof body.TotalRecordCount === 'number') total = body.TotalRecordCount;
		const more = hasMore(options.style, body, got, asked, paging) && delivered + got < limit;
		const short = skipTop && got < asked;
		if (!more || short) {
			// what was asked for ahead is not needed (the total changed) or starts at a wrong Skip
			await Promise.allSettled(queue.splice(0).map((r) => r.body));
			if (skipTop) requested = Number(paging.Skip) + got;
			if (short) lookAhead = false;
		}
		if (more) {
			const ahead = lookAhead && handedOver > 0 && Number.isFinite(total) ? LONG_READ_AHEAD : 1;
			while (queue.length < ahead && requested < Math.min(limit, total)) request();
			// the provider says there is more although the total said otherwise: follow the provider
			if (queue.length === 0) request();
		}
		// never past the limit (a page of up to the page size, copied)
		page.records = page.records.slice(0, limit - delivered);
		delivered += page.records.length;
		yield page;
	}
}

/**
 * Whether another page follows: the provider's MoreRecords when it sends it (Skip/Top), else its
 * TotalRecordCount, else a full page means there may be more.
 */
function hasMore(style: PagingStyle, body: IDataObject, got: number, asked: number, paging: IDataObject): boolean {
	if (got === 0) return false;
	if (style === 'skipTop' && typeof body.MoreRecords === 'boolean') return body.MoreRecords;
	// a number, or a numeric string; null (a total not asked for) says nothing
	const count = body.TotalRecordCount;
	const total = typeof count === 'number' || (typeof count === 'string' && count.trim() !== '') ? Number(count) : Number.NaN;
	if (Number.isFinite(total) && total >= 0) {
		const covered = style === 'skipTop' ? Number(paging.Skip) + got : Number(paging.PageNumber) * asked;
		return covered < total;
	}
	return got >= asked;
}

/** Yields records one by one over all pages, stopping at the limit. */
export async function* paginate(options: PaginateOptions): AsyncGenerator<IDataObject> {
	for await (const page of paginatePages(options)) yield* page.records;
}
