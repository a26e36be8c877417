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

function recordsOf(body: IDataObject, key: string): IDataObject[] {
	const value = body?.[key];
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/**
 * Yields pages lazily, asking only for what the limit still needs. The next page is requested as
 * soon as the current one arrives, so the network overlaps the caller's work on the current page.
 */
export async function* paginatePages(options: PaginateOptions): AsyncGenerator<Page> {
	const limit = options.limit ?? Number.POSITIVE_INFINITY;
	if (!(limit > 0)) return;
	let delivered = 0;
	// records the provider has handed over so far: the next Skip
	let received = 0;
	let pageNumber = 1;

	type Fetched = { page: Page; paging: IDataObject };
	const request = (): Promise<Fetched> => {
		const size = Math.max(1, Math.min(options.pageSize, limit - received));
		const paging: IDataObject =
			options.style === 'skipTop'
				? { Skip: received, Top: size }
				: { PageNumber: pageNumber, PageSize: options.pageSize };
		pageNumber += 1;
		return options.fetchPage(paging).then((body) => ({
			page: { body, records: recordsOf(body, options.recordsKey) },
			paging,
		}));
	};

	let next: Promise<Fetched> | undefined = request();
	while (next) {
		const fetched: Fetched = await next;
		const { page, paging } = fetched;
		const got = page.records.length;
		received += got;
		const asked: number = Number(paging.Top ?? paging.PageSize);
		const more: boolean = hasMore(options.style, page.body, got, asked, paging) && delivered + got < limit;
		// Start the next request before handing this page over.
		next = more ? request() : undefined;
		const room = limit - delivered;
		if (got > room) page.records = page.records.slice(0, room);
		delivered += page.records.length;
		yield page;
	}
}

function hasMore(style: PagingStyle, body: IDataObject, got: number, asked: number, paging: IDataObject): boolean {
	if (got === 0) return false;
	if (style === 'skipTop') {
		if (typeof body.MoreRecords === 'boolean') return body.MoreRecords;
		return got >= asked;
	}
	const total = Number(body.TotalRecordCount);
	if (Number.isFinite(total) && total >= 0) return Number(paging.PageNumber) * asked < total;
	return got >= asked;
}

/** Yields records one by one over all pages, stopping at the limit. */
export async function* paginate(options: PaginateOptions): AsyncGenerator<IDataObject> {
	for await (const page of paginatePages(options)) yield* page.records;
}
