// Inventory query wire schemas (docs/interface.md "Inventory queries").
import { DateTime } from 'luxon';
import { z } from 'zod';

import { MAX_TOP, identifierList, limitedList, statusCode, warehouseCode, onFirstUse } from './common';
import { isoDateTime, isoDateTimeEnd, usDate } from './dates';
import { booleanValue, enumOf, optionalText } from './values';

export const getStatusRequest = onFirstUse(() =>
	z
		.object({
			Warehouse: warehouseCode.optional(),
			ItemNumbers: limitedList(5, 'item number').optional(),
			InventoryStatuses: limitedList(5, 'status code').pipe(z.array(statusCode)).optional(),
			IncludeTotalRecordCount: booleanValue.optional(),
			IncludeUnavailableItems: booleanValue.optional(),
			Skip: z.number().int().min(0).optional(),
			Top: z.number().int().min(1).max(MAX_TOP).optional(),
		})
		.passthrough()
);
export type GetStatusRequest = z.infer<typeof getStatusRequest>;

/** Member of the GetStatus answer that holds the records. */
export const STATUS_RECORDS = 'WarehouseInventoryStatuses';

// ---- GetTransactions ----

/** Transaction kinds the interface names (TransactionType filter and record member). */
export const TRANSACTION_TYPES = [
	'Inventory Adjustments',
	'Inventory Status Changes',
	'Production Lines',
	'Purchase Orders',
	'Sales Orders',
	'Transfer In',
	'Transfer Out',
] as const;

/** Skip/Top bounds of GetTransactions are not shown; pages stay well inside GetStatus's 2500. */
export const TRANSACTIONS_MAX_TOP = 1000;

/** Member of the GetTransactions answer that holds the records. */
export const TRANSACTION_RECORDS = 'InventoryTransactions';

/**
 * Filter rules: exactly one of TransactionDate (MM/DD/YYYY) or TransactionStartDateTime (ISO 8601,
 * UTC); TransactionEndDateTime only with a start, and not before it (a day given as the end means through that day).
 */
export const getTransactionsRequest = onFirstUse(() =>
	z
		.object({
			TransactionDate: usDate.optional(),
			TransactionStartDateTime: isoDateTime.optional(),
			TransactionEndDateTime: isoDateTimeEnd.optional(),
			TransactionType: z.string().trim().min(1).optional(),
			Warehouse: warehouseCode.optional(),
			Reference: optionalText,
			InventoryStatus: statusCode.optional(),
			ItemNumbers: limitedList(5, 'item number').optional(),
			Skip: z.number().int().min(0).optional(),
			Top: z.number().int().min(1).optional(),
		})
		.passthrough()
		.superRefine((body, ctx) => {
			const issue = (path: string, message: string) =>
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
			const start = body.TransactionStartDateTime;
			const end = body.TransactionEndDateTime;
			if (end !== undefined && start === undefined) {
				issue('TransactionEndDateTime', 'is only valid together with a start date-time');
			}
			if (body.TransactionDate !== undefined && start !== undefined) {
				issue('TransactionDate', 'give either a transaction date or a start date-time, not both');
			}
			if (body.TransactionDate === undefined && start === undefined) {
				issue('TransactionDate', 'a transaction date or a start date-time is required');
			}
			if (start !== undefined && end !== undefined && DateTime.fromISO(end) < DateTime.fromISO(start)) {
				issue('TransactionEndDateTime', 'must not be before the start date-time');
			}
		})
);
export type GetTransactionsRequest = z.infer<typeof getTransactionsRequest>;

/**
 * A Get Transactions range closed at `now`, the moment its read starts (to the whole second, in UTC), when it is open
 * (no TransactionEndDateTime) or ends later: a movement recorded while the pages are read then lies outside it and
 * does not change the total between pages, which would restart the read and, on an account that keeps moving, never
 * let it end. Such a movement comes in the next run. `end`: the end sent, when it was fixed; a Transaction Date, an end
 * already past, or a start still to come (nothing to read yet, and an end before it is refused) are left as given.
 */
export function closedAtReadStart<T extends { TransactionStartDateTime?: string; TransactionEndDateTime?: string }>(
	body: T,
	now: DateTime,
): { body: T; end?: string } {
	const start = body.TransactionStartDateTime;
	if (start === undefined) return { body };
	const at = now.toUTC().startOf('second');
	const given = body.TransactionEndDateTime;
	if (DateTime.fromISO(start) > at || (given !== undefined && DateTime.fromISO(given) <= at)) return { body };
	const end = at.toISO({ suppressMilliseconds: true }) as string;
	return { body: { ...body, TransactionEndDateTime: end }, end };
}

// ---- GetSellable ----

/** Order types (the sales order OrderType enum) a sellable query may be asked for. */
export const SELLABLE_ORDER_TYPES = ['CLUB', 'DELIVERY_TO_WINERY', 'DTT', 'JIT', 'RETAIL', 'WHOLESALE'] as const;

/** PageSize bounds of GetSellable are not shown; 1000 per page is asked at most. */
export const SELLABLE_MAX_PAGE_SIZE = 1000;

/** Member of the GetSellable answer that holds the records (one per SKU). */
export const SELLABLE_RECORDS = 'Items';

export const getSellableRequest = onFirstUse(() =>
	z
		.object({
			ItemNumbers: identifierList('item number').optional(),
			Warehouses: z.array(warehouseCode).optional(),
			Verbose: booleanValue.optional(),
			IncludeUnavailableItems: booleanValue.optional(),
			IncludeIncomingInventory: booleanValue.optional(),
			IncludeLibraryInventory: booleanValue.optional(),
			IncludeStorageInventory: booleanValue.optional(),
			OrderType: enumOf(SELLABLE_ORDER_TYPES).optional(),
			OrderSource: optionalText,
			PageNumber: z.number().int().min(1).optional(),
			PageSize: z.number().int().min(1).max(SELLABLE_MAX_PAGE_SIZE).optional(),
		})
		.passthrough()
);
export type GetSellableRequest = z.infer<typeof getSellableRequest>;
