// The identity of a paged query's record, from the members that name it on the wire: a record that comes again on a
// later page shows the provider's list moved while it was read (transport/pagination.ts, PaginateOptions.recordKey).
import type { IDataObject } from 'n8n-workflow';

/**
 * The members that name a record of one query: every `required` one (a record lacking one, or with a blank one, is
 * not checked: never a false error), and the `optional` ones it has (a record the provider splits by them is never
 * taken for another).
 */
export interface RecordKey {
	required: readonly string[];
	optional?: readonly string[];
}

/** A member's value as part of a key: non-blank text or a finite number; anything else (missing, null, '', an object) is none. */
function keyValue(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** What parts a key: a value holding it names no record for the check (keyOf), so no two records share a key. */
const PART = '\u0000';

/**
 * A record's key, compared across the pages of a read: its members' values one after another, parted by U+0000 (an
 * optional member it lacks as nothing: a value is never blank). Undefined when a required member is missing or blank,
 * or when a member's value holds U+0000 (no text a provider means as a name; two records could then share a key).
 * Made for each record of every page and kept for the whole read, so short and quick: a list of the values written
 * as JSON took twice as long (bench scenario 1); `describeKey` words it for a message.
 */
export function keyOf(record: IDataObject, key: RecordKey): string | undefined {
	const values: string[] = [];
	for (const name of key.required) {
		const value = keyValue(record[name]);
		if (value === undefined || value.includes(PART)) return undefined;
		values.push(value);
	}
	if (key.optional !== undefined) {
		for (const name of key.optional) {
			const value = keyValue(record[name]) ?? '';
			if (value.includes(PART)) return undefined;
			values.push(value);
		}
	}
	// one flat text (joined, not added up: a sum is kept as its parts beside their copy); one value is its own key
	return values.length === 1 ? values[0] : values.join(PART);
}

/** A record's key as a message names it, each member with its value as JSON: `ItemNo "CAB-2019", Warehouse "APC01"`. */
export function describeKey(record: IDataObject, key: RecordKey): string {
	return [...key.required, ...(key.optional ?? [])]
		.map((name) => [name, keyValue(record[name])])
		.filter(([, value]) => value !== undefined)
		.map(([name, value]) => `${name} ${JSON.stringify(value)}`)
		.join(', ');
}

/**
 * A GetStatus record: one item's quantities in one warehouse and one inventory status (I *Inventory query records*;
 * the member names are not shown: those of GetTransactions' records, FN, as the provider's other inventory records use).
 */
export const statusRecordKey: RecordKey = { required: ['ItemNo', 'Warehouse', 'InventoryStatus'] };

/**
 * A GetSellable record: one per SKU, totalled over the warehouses (FN: ItemNo, ItemDescription, ItemUnit,
 * SellableQuantity); its unit and a warehouse when a record names them (a SKU sold by the bottle and by the case).
 */
export const sellableRecordKey: RecordKey = { required: ['ItemNo'], optional: ['ItemUnit', 'Warehouse'] };

/**
 * A GetPackages record: its tracking number and, where it has one, its order number (a box holding two orders is two
 * records, one per order: bug hunt 48; as the polling trigger's keys, trigger/events.ts packageIdentity). A package
 * without a tracking number (ready for pickup) is not checked: two boxes of one order alike in all else are two records.
 */
export const packageRecordKey: RecordKey = { required: ['TrackingNo'], optional: ['OrderNumber'] };

/** A GetReturns header: its RMA number (the polling trigger's identity of a return); one without is not checked. */
export const returnRecordKey: RecordKey = { required: ['RMANumber'] };

/** A GetCarrierLocations record: its LocationId (FN). */
export const locationRecordKey: RecordKey = { required: ['LocationId'] };
