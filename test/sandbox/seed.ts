// Deterministic demo and test data: an item catalogue and inventory records across the 12 warehouses.

export const SANDBOX_WAREHOUSES = [
	'APC01', 'APC02', 'COB01', 'COB02', 'ETC01', 'MMC01',
	'PRB02', 'PRB04', 'SJU01', 'TWL01', 'VCX01', 'WOX01',
] as const;

/** Status codes the seeded inventory uses (3.1.3 codes plus the 3.1.4 transfer codes). */
export const SANDBOX_STATUSES = [
	'GOOD-NO-TX', 'GOOD-ST-TX', 'GOOD-ST-EX', 'GOOD-ST-BD', 'GOOD-ST-IM', 'GOOD-LB-TX',
	'RTGD-NO-TX', 'DMGD-NO-TX',
] as const;

const VARIETALS = ['Cabernet Sauvignon', 'Pinot Noir', 'Chardonnay', 'Merlot', 'Zinfandel', 'Syrah', 'Riesling', 'Sauvignon Blanc'];

export interface SeedOptions {
	seed?: number;
	/** how many inventory records (item × warehouse × status) to create */
	inventoryRecords?: number;
	/** simulated clock start, ISO 8601 */
	startTime?: string;
}

export interface InventoryRecord {
	ItemNo: string;
	ItemDescription: string;
	Warehouse: string;
	InventoryStatus: string;
	QuantityOnHand: number;
	QuantityReserved: number;
	QuantityOnBackorder: number;
	QuantityAvailable: number;
	QuantityOnPurchaseOrder: number;
}

export function itemNo(index: number): string {
	return `WINE-${String(index).padStart(6, '0')}`;
}

export function itemDescription(index: number): string {
	return `${VARIETALS[index % VARIETALS.length]} ${2015 + (index % 9)} 750ml`;
}

/**
 * Record k belongs to item floor(k / 24), warehouse (k mod 12), and one of two statuses: each item
 * is stocked in every warehouse in GOOD-NO-TX and one other status. Quantities come from a hash of
 * k and the seed, so any size is reproducible and record k is the same whatever the total.
 */
export function seedInventory(options: SeedOptions): InventoryRecord[] {
	const total = options.inventoryRecords ?? 500;
	const seed = options.seed ?? 1;
	const records: InventoryRecord[] = new Array(total);
	for (let k = 0; k < total; k++) {
		const item = Math.floor(k / 24);
		const warehouse = SANDBOX_WAREHOUSES[k % 12];
		const second = 1 + ((item + seed) % (SANDBOX_STATUSES.length - 1));
		const status = SANDBOX_STATUSES[Math.floor(k / 12) % 2 === 0 ? 0 : second];
		const h = hash(k, seed);
		const onHand = h % 7 === 0 ? 0 : (h % 600) + 1;
		const reserved = Math.min(onHand, (h >>> 10) % 24);
		const backorder = onHand === 0 ? (h >>> 4) % 6 : 0;
		records[k] = {
			ItemNo: itemNo(item),
			ItemDescription: itemDescription(item),
			Warehouse: warehouse,
			InventoryStatus: status,
			QuantityOnHand: onHand,
			QuantityReserved: reserved,
			QuantityOnBackorder: backorder,
			QuantityAvailable: onHand - reserved,
			QuantityOnPurchaseOrder: (h >>> 16) % 5 === 0 ? ((h >>> 8) % 120) + 12 : 0,
		};
	}
	return records;
}

function hash(k: number, seed: number): number {
	let x = (k + 1) * 0x9e3779b1 + seed * 0x85ebca6b;
	x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
	x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
	return (x ^ (x >>> 16)) >>> 0;
}
