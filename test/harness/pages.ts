// Reads a paged query directly through the pagination helper (transport/pagination.ts), for tests of the pager itself.
import type { IDataObject } from 'n8n-workflow';

import { paginatePages, type PaginateOptions } from '../../nodes/WineFulfillment/transport/pagination';

/** Every page handed over (its records) and the error that ended the read, if one did. */
export async function pagesOf(options: PaginateOptions): Promise<{ pages: IDataObject[][]; error?: unknown }> {
	const pages: IDataObject[][] = [];
	try {
		for await (const page of paginatePages(options)) pages.push(page.records);
	} catch (error) {
		return { pages, error };
	}
	return { pages };
}
