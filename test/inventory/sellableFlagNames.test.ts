// Bug hunt 34 (fixed): Inventory → Get Sellable refused a flag that is no yes/no (mapped from a sheet or $vars) naming its wire
// member ("IncludeUnavailableItems", "IncludeIncomingInventory") instead of the option the panel shows ("Include
// Unavailable Items", "Include Incoming Inventory"), while Get Status names its own Include Unavailable Items as the
// panel does. README "Errors and safety": refused "with an error naming the field". Cause: the `labels` map of
// actions/inventory/getSellable.operation.ts lists ItemNumbers, Warehouses, OrderType and OrderSource only, so
// wire/paths.ts `fieldOf` falls back to the wire path for the five flags.
import type { INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const getSellable = (sellableOptions: INodeParameters) =>
	actionWorkflow({ resource: 'inventory', operation: 'getSellable', sellableOptions, limit: 1 });

describe('Inventory → Get Sellable: a refused flag names the option as the panel shows it', () => {
	it.each([
		// seen: Invalid "IncludeUnavailableItems": must be true or false … — expected: Invalid "Include Unavailable Items"
		['includeUnavailableItems', 'Include Unavailable Items'],
		['includeIncomingInventory', 'Include Incoming Inventory'],
		['includeLibraryInventory', 'Include Library Inventory'],
		['includeStorageInventory', 'Include Storage Inventory'],
	])('%s = "maybe" is refused as "%s"', async (option, label) => {
		const result = await fx.run(getSellable({ [option]: '={{ "maybe" }}' }));
		expect(await fx.control.requests('GetSellable')).toHaveLength(0);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${label}"`));
	});
});
