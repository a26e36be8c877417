// Inventory adjustments (control actions): one signed adjustment, or many deterministic ones on a given day.
import { badRequest, optInt, optString, parseUsDate, reqString, type JsonObject } from '../frame';
import type { SandboxState } from '../state';
import { checkWarehouse } from '../inventory/codes';
import { changeStock } from './stock';

/** Control adjust-inventory {ItemNo, Warehouse, InventoryStatus, Quantity (signed), Reference?}. */
export function adjustInventory(state: SandboxState, input: JsonObject) {
	const quantity = optInt(input, 'Quantity');
	if (quantity === undefined || quantity === 0) badRequest('Quantity must be a non-zero integer');
	return changeStock(state, {
		ItemNo: reqString(input, 'ItemNo'),
		Warehouse: checkWarehouse(reqString(input, 'Warehouse'), 'Warehouse') as string,
		InventoryStatus: reqString(input, 'InventoryStatus'),
		Quantity: quantity as number,
		TransactionType: 'Inventory Adjustments',
		Reference: optString(input, 'Reference') ?? `ADJ-${state.nextSequence('adjustment')}`,
	});
}

const DAY_MS = 86_400_000;

/**
 * Control seed-transactions {count, date (MM/DD/YYYY)}: `count` positive adjustments spread over the
 * inventory records (every 37th, wrapping) and over that day, in time order. Stock changes with them.
 */
export function seedTransactions(state: SandboxState, input: JsonObject) {
	const count = optInt(input, 'count', 1) ?? badRequest('count is required');
	const day = parseUsDate(reqString(input, 'date'), 'date');
	const records = state.inventory;
	if (records.length === 0) badRequest('the sandbox has no inventory records to adjust');
	const start = records.length;
	for (let i = 0; i < count; i++) {
		const rec = records[(i * 37) % start];
		changeStock(state, {
			ItemNo: rec.ItemNo,
			Warehouse: rec.Warehouse,
			InventoryStatus: rec.InventoryStatus,
			Quantity: 1 + (i % 5),
			TransactionType: 'Inventory Adjustments',
			Reference: `SEED-${i + 1}`,
			at: day + Math.floor((i * DAY_MS) / count),
		});
	}
	return { recorded: count };
}
