// The identity of a paged query's record, from the members that name it on the wire: a record that comes again on a
// later page shows the provider's list moved while it was read (transport/pagination.ts, PaginateOptions.recordKey).
import type { IDataObject } from 'n8n-workflow';

/** What identifies a record of one query: its key, or undefined when it lacks a member the key needs (not checked). */
export type RecordKey = (record: IDataObject) => string | undefined;

/** A member's value as part of a key: non-blank text or a finite number; anything else (missing, null, '', an object) is none. */
function keyValue(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A record's key from the members that name it, as `ItemNo "CAB-2019", Warehouse "APC01"`: readable in a message,
 * and two records that differ in one of the members never share it (each value is written as JSON). `optional`
 * members join the key when the record has them, so a record the provider splits by them is never taken for another.
 * Undefined when a `required` member is missing or blank: such a record is not checked, never a false error.
 */
export function recordKey(record: unknown, required: readonly string[], optional: readonly string[] = []): string | undefined {
	if (typeof record !== 'object' || record === null) return undefined;
	const members = record as IDataObject;
	const parts: string[] = [];
	for (const name of required) {
		const value = keyValue(members[name]);
		if (value === undefined) return undefined;
		parts.push(`${name} ${JSON.stringify(value)}`);
	}
	for (const name of optional) {
		const value = keyValue(members[name]);
		if (value !== undefined) parts.push(`${name} ${JSON.stringify(value)}`);
	}
	return parts.join(', ');
}

/**
 * A GetStatus record: one item's quantities in one warehouse and one inventory status (I *Inventory query records*;
 * the member names are not shown: those of GetTransactions' records, FN, as the provider's other inventory records use).
 */
export const statusRecordKey: RecordKey = (r) => recordKey(r, ['ItemNo', 'Warehouse', 'InventoryStatus']);

/**
 * A GetSellable record: one per SKU, totalled over the warehouses (FN: ItemNo, ItemDescription, ItemUnit,
 * SellableQuantity); its unit and a warehouse when a record names them (a SKU sold by the bottle and by the case).
 */
export const sellableRecordKey: RecordKey = (r) => recordKey(r, ['ItemNo'], ['ItemUnit', 'Warehouse']);

/**
 * A GetPackages record: its tracking number (the polling trigger's identity of a package, trigger/events.ts). A package
 * without one (ready for pickup) is not checked: two boxes of one order alike in all else are two records.
 */
export const packageRecordKey: RecordKey = (r) => recordKey(r, ['TrackingNo']);

/** A GetReturns header: its RMA number (the polling trigger's identity of a return); one without is not checked. */
export const returnRecordKey: RecordKey = (r) => recordKey(r, ['RMANumber']);

/** A GetCarrierLocations record: its LocationId (FN). */
export const locationRecordKey: RecordKey = (r) => recordKey(r, ['LocationId']);
