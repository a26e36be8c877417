// listSearch methods: the account's SKUs for the Item Number pickers ("From List"), read with Inventory Get Sellable.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../wire/endpoints';
import { SELLABLE_RECORDS } from '../wire/inventory';
import { apiRequest, type ApiResponse } from '../transport/request';
import { EDITOR_REQUEST, isRateLimited, tryAgainIn } from './editor';

/** Records asked for per Get Sellable page while searching. */
export const SKU_PAGE_SIZE = 500;
/** A search answers once it holds this many matches (or the account has no more SKUs). */
export const SKU_RESULTS_WANTED = 50;
/** Pages one search reads at most before handing back what it found and where to go on. */
export const SKU_PAGES_PER_SEARCH = 4;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Whether the provider has a page after `page`: its TotalRecordCount when given, else a full page. */
function morePages(body: IDataObject, page: number, got: number): boolean {
	if (got === 0) return false;
	// a missing count reads as NaN (not finite); null would read as 0, so it is left out as not given
	const total = Number(body.TotalRecordCount);
	if (body.TotalRecordCount !== null && Number.isFinite(total)) {
		return page * SKU_PAGE_SIZE < total;
	}
	return got >= SKU_PAGE_SIZE;
}

/**
 * One Get Sellable page, within the editor's budget (methods/editor.ts). A 429 the budget does not wait out ends the
 * search at once, saying when to try again in the message: the picker shows the message first, the description below it.
 */
async function readPage(ctx: ILoadOptionsFunctions, page: number): Promise<ApiResponse> {
	try {
		return await apiRequest.call(
			ctx,
			ENDPOINTS.getSellable,
			{ IncludeUnavailableItems: true, PageNumber: page, PageSize: SKU_PAGE_SIZE },
			EDITOR_REQUEST,
		);
	} catch (error) {
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
 * The account's SKUs whose item number or description contains the search text (any case), in the
 * provider's order. Get Sellable lists every SKU once (with Include Unavailable Items, also those with
 * nothing to sell); the provider has no text filter, so pages are read until enough match. The
 * pagination token is the next page number.
 */
export async function searchSkus(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string | number,
): Promise<INodeListSearchResult> {
	const wanted = (filter ?? '').trim().toLowerCase();
	let page = Math.max(1, Math.trunc(Number(paginationToken ?? 1)) || 1);
	const results: INodeListSearchItems[] = [];
	for (let read = 0; read < SKU_PAGES_PER_SEARCH; read++) {
		const response = await readPage(this, page);
		const body = (response.body ?? {}) as IDataObject;
		const records = Array.isArray(body[SELLABLE_RECORDS]) ? (body[SELLABLE_RECORDS] as IDataObject[]) : [];
		for (const record of records) {
			const itemNo = text(record.ItemNo);
			if (!itemNo) continue;
			const description = text(record.ItemDescription);
			if (wanted && !`${itemNo}\n${description}`.toLowerCase().includes(wanted)) continue;
			results.push({ name: description ? `${itemNo} (${description})` : itemNo, value: itemNo });
		}
		if (!morePages(body, page, records.length)) return { results };
		page++;
		if (results.length >= SKU_RESULTS_WANTED) break;
	}
	return { results, paginationToken: String(page) };
}
