// The sandbox's state: simulated clock, seeded random numbers, the catalogue and inventory, and per-resource stores.
import { seedInventory, type InventoryRecord, type SeedOptions } from './seed';

/** Deterministic PRNG (mulberry32): the same seed gives the same data on every machine. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const inventoryKey = (item: string, warehouse: string, status: string) => `${item}|${warehouse}|${status}`;

export interface Credentials {
	userKey: string;
	password: string;
	customerNo: string;
	token: string;
}

export class SandboxState {
	/** simulated time: a fixed start plus what the control API advanced */
	private clockMs: number;
	private readonly sequences = new Map<string, number>();
	private readonly stores = new Map<string, unknown>();
	random: () => number;
	inventory: InventoryRecord[] = [];
	private readonly inventoryIndex = new Map<string, InventoryRecord>();

	constructor(
		public readonly credentials: Credentials,
		public readonly seed: SeedOptions,
	) {
		this.clockMs = Date.parse(seed.startTime ?? '2026-01-05T15:00:00Z');
		this.random = prng(seed.seed ?? 1);
		this.inventory = seedInventory(seed);
		for (const r of this.inventory) this.inventoryIndex.set(inventoryKey(r.ItemNo, r.Warehouse, r.InventoryStatus), r);
	}

	now(): number {
		return this.clockMs;
	}

	advance(ms: number): void {
		this.clockMs += ms;
	}

	nextSequence(name: string): number {
		const n = (this.sequences.get(name) ?? 0) + 1;
		this.sequences.set(name, n);
		return n;
	}

	/** A resource's own store, created on first use (each resource folder keeps its data here). */
	store<T>(name: string, init: () => T): T {
		if (!this.stores.has(name)) this.stores.set(name, init());
		return this.stores.get(name) as T;
	}

	/** Finds the inventory record of an item in a warehouse and status, creating an empty one. */
	inventoryRecord(itemNo: string, warehouse: string, status: string): InventoryRecord {
		const key = inventoryKey(itemNo, warehouse, status);
		let rec = this.inventoryIndex.get(key);
		if (!rec) {
			rec = {
				ItemNo: itemNo,
				ItemDescription: itemNo,
				Warehouse: warehouse,
				InventoryStatus: status,
				QuantityOnHand: 0,
				QuantityReserved: 0,
				QuantityOnBackorder: 0,
				QuantityAvailable: 0,
				QuantityOnPurchaseOrder: 0,
			};
			this.inventory.push(rec);
			this.inventoryIndex.set(key, rec);
		}
		return rec;
	}

	/** Takes the first `count` inventory records away (records sold out or retired while a client reads). */
	dropInventory(count: number): InventoryRecord[] {
		const gone = this.inventory.splice(0, count);
		for (const r of gone) this.inventoryIndex.delete(inventoryKey(r.ItemNo, r.Warehouse, r.InventoryStatus));
		return gone;
	}

	/** Puts a record first (one a client reading the list has not seen yet), as inventoryRecord would create it. */
	prependInventory(record: InventoryRecord): void {
		this.inventory.unshift(record);
		this.inventoryIndex.set(inventoryKey(record.ItemNo, record.Warehouse, record.InventoryStatus), record);
	}
}
