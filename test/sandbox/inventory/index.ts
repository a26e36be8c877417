// Inventory queries: GetStatus here; GetTransactions and GetSellable in their own files; the controls that change them mid-read.
import type { SandboxState } from '../state';
import { badRequest, ok, optBool, optInt, optString, optStringList, skipTop, type RequestContext, type SandboxResource } from '../frame';
import { KNOWN_WAREHOUSES } from './codes';
import { getSellable, inventoryQuirks } from './sellable';
import { getTransactions } from './transactions';

/**
 * The `inventory-shift` control: before GetStatus request `after + 1` is answered (and then every `every` requests, when
 * set), `remove` records are taken from the front of the list and `insert` new ones put there, as orders and receipts
 * change a provider's records between the pages a client reads.
 */
function shiftIfDue(state: SandboxState): void {
	const q = inventoryQuirks(state);
	q.statusRequests += 1;
	const shift = q.shift;
	if (!shift || q.statusRequests <= shift.after) return;
	const since = q.statusRequests - shift.after - 1;
	if (since > 0 && (!shift.every || since % shift.every !== 0)) return;
	state.dropInventory(shift.remove);
	for (let i = 0; i < shift.insert; i++) {
		const n = state.nextSequence('inserted-inventory');
		state.prependInventory({
			ItemNo: `WINE-NEW-${n}`,
			ItemDescription: `New wine ${n}`,
			Warehouse: 'APC01',
			InventoryStatus: 'GOOD-NO-TX',
			QuantityOnHand: 6,
			QuantityReserved: 0,
			QuantityOnBackorder: 0,
			QuantityAvailable: 6,
			QuantityOnPurchaseOrder: 0,
		});
	}
}

function getStatus({ body, state }: RequestContext) {
	shiftIfDue(state);
	const warehouse = optString(body, 'Warehouse');
	if (warehouse !== undefined && !KNOWN_WAREHOUSES.includes(warehouse)) {
		badRequest(`Warehouse ${warehouse} is not a valid warehouse code`);
	}
	const items = optStringList(body, 'ItemNumbers', 5);
	const statuses = optStringList(body, 'InventoryStatuses', 5);
	const includeUnavailable = optBool(body, 'IncludeUnavailableItems') ?? false;
	const includeCount = optBool(body, 'IncludeTotalRecordCount') ?? false;
	optInt(body, 'Skip', 0);

	const itemSet = items?.length ? new Set(items) : undefined;
	const statusSet = statuses?.length ? new Set(statuses) : undefined;
	const matching = state.inventory.filter(
		(r) =>
			(!warehouse || r.Warehouse === warehouse) &&
			(!itemSet || itemSet.has(r.ItemNo)) &&
			(!statusSet || statusSet.has(r.InventoryStatus)) &&
			(includeUnavailable || r.QuantityAvailable > 0),
	);
	const { page, ...counters } = skipTop(matching, body, includeCount);
	return ok({ ...counters, WarehouseInventoryStatuses: page });
}

export const inventory: SandboxResource = {
	routes: [
		{ method: 'POST', path: '/api/Inventory/GetStatus', auth: 'Authentication', handler: getStatus },
		{ method: 'POST', path: '/api/Inventory/GetTransactions', auth: 'Authentication', handler: getTransactions },
		{ method: 'POST', path: '/api/Inventory/GetSellable', auth: 'Authentication', handler: getSellable },
	],
	controls: {
		/** {after, every?, remove?, insert?}: see shiftIfDue */
		'inventory-shift': (state, input) => {
			const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
			inventoryQuirks(state).shift = { after: count(input.after), every: count(input.every), remove: count(input.remove), insert: count(input.insert) };
			return inventoryQuirks(state);
		},
		/** {sellableMaxPageSize}: GetSellable serves at most that many records a page, whatever PageSize asks (0: no cap) */
		'inventory-quirks': (state, input) => {
			const q = inventoryQuirks(state);
			if (typeof input.sellableMaxPageSize === 'number') q.sellableMaxPageSize = input.sellableMaxPageSize;
			return q;
		},
	},
};
