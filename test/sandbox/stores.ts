// Records that several sandbox resources share: sales orders, packages, SKUs, inventory transactions, returns.
// Member names follow the field notes; each resource folder owns the behaviour, this file only the shapes.
import { itemDescription, itemNo } from './seed';
import type { SandboxState } from './state';

export type SalesOrderState = 'open' | 'on-hold' | 'cancelled' | 'shipped';

export interface SandboxOrderItem {
	ItemNo: string;
	ItemDescription?: string;
	ItemQuantity: number;
	QuantityUnit?: string;
	InventoryTaxStatus?: string;
	[member: string]: unknown;
}

export interface SandboxSalesOrder {
	TransactionReferenceNumber: string;
	OrderNo: string;
	OrderType: string;
	state: SalesOrderState;
	/** the last create/update body (OrderInfo, contacts, ShipmentInfo, ...) as received */
	request: Record<string, unknown>;
	items: SandboxOrderItem[];
	warehouse: string;
	createdAt: number;
	updatedAt: number;
	holdReason?: string;
}

/** A package: the GetDetails/GetPackages record (field notes "Tracking"). */
export interface SandboxPackage {
	OrderNumber: string;
	Carrier: string;
	Service: string;
	TrackingNo: string;
	TrackingURL: string;
	RequestedShipDate: string | null;
	ShipDate: string | null;
	EstimatedDeliveryDate: string | null;
	Status: string;
	StatusDescription: string;
	Type: string;
	Site: string;
	Warehouse: string;
	IcePack: boolean;
	CarrierStatus: string;
	CarrierStatusMessage: string;
	CarrierStatusTimestamp: string;
	PackageLocation: string;
	GrossWeight: number;
	ShipTo: Record<string, string>;
	PackageItems: Array<{ ItemNo: string; Quantity: number; ReservedQuantity: number; ItemDescription: string }>;
	/** sandbox bookkeeping: simulated epoch ms of the package's last activity */
	lastActivityAt: number;
}

export interface SandboxSku {
	ItemNo: string;
	ItemDescription: string;
	active: boolean;
	info: Record<string, unknown>;
}

/** An inventory transaction record (field notes "Inventory", GetTransactions). */
export interface SandboxTransaction {
	ItemNo: string;
	ItemDescription: string;
	ItemUnit: string;
	AlcoholPercentage: number;
	Warehouse: string;
	InventoryStatus: string;
	TransactionDate: string;
	TransactionDateTime: string;
	TransactionType: string;
	Reference: string;
	PONumber: string | null;
	ShipToName: string | null;
	OrderType: string | null;
	Quantity: number;
}

export const TRANSACTION_TYPES = [
	'Sales Orders',
	'Purchase Orders',
	'Transfer In',
	'Transfer Out',
	'Production Lines',
	'Inventory Adjustments',
	'Inventory Status Changes',
] as const;

export const salesOrders = (state: SandboxState) => state.store('salesOrders', () => [] as SandboxSalesOrder[]);
/** How many sales orders hold each OrderNo, cancelled ones included (the provider accepts a number twice). */
export function ordersPerNumber(state: SandboxState): Map<string, number> {
	const counts = new Map<string, number>();
	for (const order of salesOrders(state)) counts.set(order.OrderNo, (counts.get(order.OrderNo) ?? 0) + 1);
	return counts;
}

/** The order numbers held more than once, with their counts: {} when there is no duplicate. */
export function duplicateOrders(state: SandboxState): Record<string, number> {
	return Object.fromEntries([...ordersPerNumber(state)].filter(([, n]) => n > 1));
}

export const packages = (state: SandboxState) => state.store('packages', () => [] as SandboxPackage[]);
export const returns = (state: SandboxState) => state.store('returns', () => [] as Array<Record<string, unknown>>);
export const transactions = (state: SandboxState) => state.store('transactions', () => [] as SandboxTransaction[]);

/** The SKU catalogue: every seeded item is an active SKU; CreateSKU adds, RetireSku deactivates. */
export const skus = (state: SandboxState) =>
	state.store('skus', () => {
		const map = new Map<string, SandboxSku>();
		for (const r of state.inventory) {
			if (!map.has(r.ItemNo)) {
				map.set(r.ItemNo, { ItemNo: r.ItemNo, ItemDescription: r.ItemDescription, active: true, info: {} });
			}
		}
		if (map.size === 0) {
			for (let i = 0; i < 10; i++) {
				map.set(itemNo(i), { ItemNo: itemNo(i), ItemDescription: itemDescription(i), active: true, info: {} });
			}
		}
		return map;
	});

/** Whether new orders may use this item: it exists and is not retired. */
export function isOrderable(state: SandboxState, item: string): boolean {
	return skus(state).get(item)?.active === true;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY of a simulated epoch ms (UTC). */
export function usDate(ms: number): string {
	const d = new Date(ms);
	return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Records a movement of stock; every resource that moves inventory calls this. */
export function recordTransaction(
	state: SandboxState,
	t: Pick<SandboxTransaction, 'ItemNo' | 'Warehouse' | 'InventoryStatus' | 'TransactionType' | 'Reference' | 'Quantity'> &
		Partial<SandboxTransaction>,
): SandboxTransaction {
	const at = state.now();
	const record: SandboxTransaction = {
		ItemDescription: skus(state).get(t.ItemNo)?.ItemDescription ?? t.ItemNo,
		ItemUnit: 'Bottle',
		AlcoholPercentage: 13.5,
		TransactionDate: usDate(at),
		TransactionDateTime: new Date(at).toISOString(),
		PONumber: null,
		ShipToName: null,
		OrderType: null,
		...t,
	};
	transactions(state).push(record);
	return record;
}
