// Stock bookkeeping for purchase orders, transfers and adjustments: every change of stock is a recorded transaction.
import { badRequest, fail, optInt, optString, reqString, type Json, type JsonObject } from '../frame';
import type { InventoryRecord } from '../seed';
import type { SandboxState } from '../state';
import { isOrderable, recordTransaction, skus, usDate, type SandboxOrderItem, type SandboxTransaction } from '../stores';

/** The inventory record of an item in a warehouse and status (created empty, with the SKU's description). */
export function stockRecord(state: SandboxState, itemNo: string, warehouse: string, status: string): InventoryRecord {
	const rec = state.inventoryRecord(itemNo, warehouse, status);
	const description = skus(state).get(itemNo)?.ItemDescription;
	if (rec.ItemDescription === itemNo && description) rec.ItemDescription = description;
	return rec;
}

export interface StockChange {
	ItemNo: string;
	Warehouse: string;
	InventoryStatus: string;
	/** signed: positive adds stock, negative removes it */
	Quantity: number;
	TransactionType: SandboxTransaction['TransactionType'];
	Reference: string;
	PONumber?: string;
	/** simulated epoch ms of the movement; now when absent */
	at?: number;
}

/** Changes on-hand and available stock and records the transaction; refuses to take more than is available. */
export function changeStock(state: SandboxState, c: StockChange): SandboxTransaction {
	const rec = stockRecord(state, c.ItemNo, c.Warehouse, c.InventoryStatus);
	if (rec.QuantityAvailable + c.Quantity < 0) {
		fail(409, `Only ${rec.QuantityAvailable} of ${c.ItemNo} available in ${c.Warehouse} (${c.InventoryStatus})`);
	}
	rec.QuantityOnHand += c.Quantity;
	rec.QuantityAvailable += c.Quantity;
	const when =
		c.at === undefined ? {} : { TransactionDate: usDate(c.at), TransactionDateTime: new Date(c.at).toISOString() };
	return recordTransaction(state, {
		ItemNo: c.ItemNo,
		Warehouse: c.Warehouse,
		InventoryStatus: c.InventoryStatus,
		TransactionType: c.TransactionType,
		Reference: c.Reference,
		Quantity: c.Quantity,
		...(c.PONumber ? { PONumber: c.PONumber } : {}),
		...when,
	});
}

/** ItemsInfo of a movement: at least one entry, each an orderable ItemNo with a whole ItemQuantity of at least 1. */
export function readItems(
	state: SandboxState,
	body: JsonObject,
	checkEntry: (entry: JsonObject) => void = () => undefined,
): SandboxOrderItem[] {
	const list = body.ItemsInfo;
	if (!Array.isArray(list) || list.length === 0) return badRequest('ItemsInfo must list at least one item');
	return list.map((raw: Json) => {
		if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return badRequest('Each ItemsInfo entry must be an object');
		const ItemNo = reqString(raw, 'ItemNo');
		if (!isOrderable(state, ItemNo)) badRequest(`ItemNo ${ItemNo} is not an active item`);
		const ItemQuantity = optInt(raw, 'ItemQuantity', 1);
		if (ItemQuantity === undefined) badRequest('ItemQuantity is required');
		checkEntry(raw);
		return { ...raw, ItemNo, ItemDescription: optString(raw, 'ItemDescription'), ItemQuantity: ItemQuantity as number };
	});
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string | undefined, key = 'EmailAddress'): string | undefined {
	if (value !== undefined && !EMAIL.test(value)) badRequest(`${key} must be a valid e-mail address`);
	return value;
}

/** Optional string members: each must be a string when present. */
export function optStrings(body: JsonObject, keys: readonly string[]): void {
	for (const key of keys) optString(body, key);
}
