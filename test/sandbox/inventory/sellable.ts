// GetSellable: per SKU, the available quantity in sellable (GOOD-*) statuses totalled over warehouses; PageNumber/PageSize.
import { badRequest, ok, oneOf, optBool, optInt, optString, optStringList, type RequestContext } from '../frame';
import type { InventoryRecord } from '../seed';
import type { SandboxState } from '../state';
import { checkWarehouse, isSellableStatus, ORDER_TYPES } from './codes';

interface SellableItem {
	ItemNo: string;
	ItemDescription: string;
	ItemUnit: string;
	SellableQuantity: number;
	Warehouses?: Array<{ Warehouse: string; SellableQuantity: number }>;
}

/**
 * What a record adds to its item: QuantityAvailable, plus QuantityOnPurchaseOrder when incoming
 * stock is asked for. Library and storage flags are accepted; the sandbox keeps no such stock apart.
 */
function sellableOf(r: InventoryRecord, incoming: boolean): number {
	return r.QuantityAvailable + (incoming ? r.QuantityOnPurchaseOrder : 0);
}

function totals(records: InventoryRecord[], incoming: boolean, verbose: boolean): SellableItem[] {
	const byItem = new Map<string, SellableItem>();
	for (const r of records) {
		let item = byItem.get(r.ItemNo);
		if (!item) {
			item = { ItemNo: r.ItemNo, ItemDescription: r.ItemDescription, ItemUnit: 'Bottle', SellableQuantity: 0 };
			if (verbose) item.Warehouses = [];
			byItem.set(r.ItemNo, item);
		}
		const quantity = sellableOf(r, incoming);
		item.SellableQuantity += quantity;
		if (item.Warehouses) {
			const entry = item.Warehouses.find((w) => w.Warehouse === r.Warehouse);
			if (entry) entry.SellableQuantity += quantity;
			else item.Warehouses.push({ Warehouse: r.Warehouse, SellableQuantity: quantity });
		}
	}
	return [...byItem.values()];
}

export interface InventoryQuirks {
	/** GetSellable's own largest page (0: serves what PageSize asks) */
	sellableMaxPageSize: number;
	/** GetStatus requests answered so far, for `shift` */
	statusRequests: number;
	shift?: { after: number; every: number; remove: number; insert: number };
}

/** The inventory resource's quirks and counters, kept until the next reset. */
export const inventoryQuirks = (state: SandboxState) =>
	state.store<InventoryQuirks>('inventory-quirks', () => ({ sellableMaxPageSize: 0, statusRequests: 0 }));

export function getSellable({ body, state }: RequestContext) {
	const items = optStringList(body, 'ItemNumbers');
	const warehouses = optStringList(body, 'Warehouses');
	warehouses?.forEach((w) => checkWarehouse(w, 'Warehouses:'));
	const verbose = optBool(body, 'Verbose') ?? false;
	const includeUnavailable = optBool(body, 'IncludeUnavailableItems') ?? false;
	const incoming = optBool(body, 'IncludeIncomingInventory') ?? false;
	for (const flag of ['IncludeLibraryInventory', 'IncludeStorageInventory']) optBool(body, flag);
	const orderType = oneOf(optString(body, 'OrderType'), ORDER_TYPES, 'OrderType');
	const orderSource = optString(body, 'OrderSource');
	const pageNumber = optInt(body, 'PageNumber', 1) ?? 1;
	const asked = optInt(body, 'PageSize', 1) ?? 100;
	if (asked > 10_000) badRequest('PageSize must be at most 10000');
	// a provider with its own maximum pages by that size (and says so in PageSize)
	const cap = inventoryQuirks(state).sellableMaxPageSize;
	const pageSize = cap > 0 ? Math.min(asked, cap) : asked;

	const itemSet = items?.length ? new Set(items) : undefined;
	const warehouseSet = warehouses?.length ? new Set(warehouses) : undefined;
	const records = state.inventory.filter(
		(r) =>
			isSellableStatus(r.InventoryStatus) &&
			(!itemSet || itemSet.has(r.ItemNo)) &&
			(!warehouseSet || warehouseSet.has(r.Warehouse)),
	);
	const all = totals(records, incoming, verbose).filter((i) => includeUnavailable || i.SellableQuantity > 0);
	const start = (pageNumber - 1) * pageSize;
	return ok({
		TotalRecordCount: all.length,
		SalesChannel: orderSource ?? orderType ?? 'ALL',
		PageNumber: pageNumber,
		PageSize: pageSize,
		Items: all.slice(start, start + pageSize),
	});
}
