// Inventory queries: GetStatus here; GetTransactions and GetSellable in their own files.
import { badRequest, ok, optBool, optInt, optString, optStringList, skipTop, type RequestContext, type SandboxResource } from '../frame';
import { KNOWN_WAREHOUSES } from './codes';
import { getSellable } from './sellable';
import { getTransactions } from './transactions';

function getStatus({ body, state }: RequestContext) {
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
};
