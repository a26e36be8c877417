// Stock movements and the three inventory queries agree: receipts, transfers and adjustments as Get Status,
// Get Sellable and Get Transactions show them, all through n8n's engine against the sandbox.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 240 });

async function run(parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await fx.run(actionWorkflow(parameters));
	expect(result.error).toBeUndefined();
	return result.output(ACTION_NODE).map((i) => i.json);
}

const status = async (itemNo: string, warehouse: string) =>
	await run({
		resource: 'inventory',
		operation: 'getStatus',
		itemNumbers: itemNo,
		warehouse,
		includeUnavailableItems: true,
		returnAll: true,
	});

const sellableQuantity = async (itemNo: string) => {
	const [record] = await run({ resource: 'inventory', operation: 'getSellable', itemNumbers: itemNo, returnAll: true });
	return record.SellableQuantity as number;
};

const todaysTransactions = async (extra: INodeParameters = {}) =>
	await run({ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', returnAll: true, simplify: false, ...extra });

const contact = { firstName: 'Ana', lastName: 'Reyes', phoneNumber: '707-555-0101', emailAddress: 'ana@example.com' };

describe('Inventory movements as the queries show them', () => {
	it('a received purchase order raises on-hand and sellable stock and appears as a Purchase Orders transaction', async () => {
		const itemNo = fx.sandbox.state.inventory[0].ItemNo;
		const before = await status(itemNo, 'ETC01');
		const onHandBefore = (before.find((r) => r.InventoryStatus === 'GOOD-ST-TX')?.QuantityOnHand as number | undefined) ?? 0;
		const sellableBefore = await sellableQuantity(itemNo);

		await run({
			resource: 'purchaseOrder',
			operation: 'create',
			customerReferenceNo: 'PO-RCV-1',
			transportMethod: 'Pickup',
			requestedDate: '2026-01-05T00:00:00',
			receiveToLocation: 'ETC01',
			inventoryStatusCode: 'GOOD-ST-TX',
			items: { item: [{ itemNo, itemQuantity: 36 }] },
		});
		const inbound = (await status(itemNo, 'ETC01')).find((r) => r.InventoryStatus === 'GOOD-ST-TX');
		expect(inbound?.QuantityOnPurchaseOrder).toBeGreaterThanOrEqual(36);

		await fx.control.call('POST', 'receive-purchase-order', { CustomerReferenceNo: 'PO-RCV-1' });

		const after = (await status(itemNo, 'ETC01')).find((r) => r.InventoryStatus === 'GOOD-ST-TX');
		expect(after).toMatchObject({ QuantityOnHand: onHandBefore + 36, QuantityOnPurchaseOrder: (inbound?.QuantityOnPurchaseOrder as number) - 36 });
		expect(await sellableQuantity(itemNo)).toBe(sellableBefore + 36);
		expect(await todaysTransactions({ transactionType: 'Purchase Orders' })).toEqual([
			expect.objectContaining({
				ItemNo: itemNo,
				Warehouse: 'ETC01',
				InventoryStatus: 'GOOD-ST-TX',
				TransactionType: 'Purchase Orders',
				Reference: 'PO-RCV-1',
				PONumber: 'PO-RCV-1',
				Quantity: 36,
				TransactionDate: '01/05/2026',
			}),
		]);
		// once received it can no longer be cancelled
		const cancel = await fx.run(actionWorkflow({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'PO-RCV-1' }));
		expect(cancel.error?.httpCode).toBe('403');
	});

	it('a completed transfer moves stock between warehouses, records Transfer Out and In, and leaves the sellable total alone', async () => {
		const source = fx.sandbox.state.inventory.find(
			(r) => r.Warehouse === 'APC02' && r.InventoryStatus === 'GOOD-NO-TX' && r.QuantityAvailable >= 10,
		);
		if (!source) throw new Error('no stock to transfer');
		const itemNo = source.ItemNo;
		const from = () => status(itemNo, 'APC02').then((r) => r.find((x) => x.InventoryStatus === 'GOOD-NO-TX'));
		const to = () => status(itemNo, 'WOX01').then((r) => r.find((x) => x.InventoryStatus === 'GOOD-NO-TX'));
		const [fromBefore, toBefore, sellableBefore] = [await from(), await to(), await sellableQuantity(itemNo)];

		await run({
			resource: 'transferOrder',
			operation: 'create',
			customerReferenceNo: 'TR-MOVE',
			requestedDate: '2026-01-06T00:00:00Z',
			transferFromWarehouse: 'APC02',
			transferToWarehouse: 'WOX01',
			inventoryStatusCode313: 'GOOD-NO-TX',
			...contact,
			items: { item: [{ itemNo, itemQuantity: 10 }] },
		});
		await fx.control.call('POST', 'complete-transfer-order', { CustomerReferenceNo: 'TR-MOVE' });

		expect((await from())?.QuantityAvailable).toBe((fromBefore?.QuantityAvailable as number) - 10);
		expect((await to())?.QuantityOnHand).toBe(((toBefore?.QuantityOnHand as number | undefined) ?? 0) + 10);
		expect(await sellableQuantity(itemNo)).toBe(sellableBefore);
		const moves = await todaysTransactions({ reference: 'TR-MOVE' });
		expect(moves.map((t) => [t.TransactionType, t.Warehouse, t.Quantity])).toEqual([
			['Transfer Out', 'APC02', -10],
			['Transfer In', 'WOX01', 10],
		]);
	});

	it('a transfer needing more than is available does not complete and moves nothing', async () => {
		const source = fx.sandbox.state.inventory.find((r) => r.Warehouse === 'APC01' && r.InventoryStatus === 'GOOD-NO-TX');
		if (!source) throw new Error('no record');
		await run({
			resource: 'transferOrder',
			operation: 'create',
			customerReferenceNo: 'TR-BIG',
			requestedDate: '2026-01-06T00:00:00Z',
			transferFromWarehouse: 'APC01',
			transferToWarehouse: 'APC02',
			inventoryStatusCode313: 'GOOD-NO-TX',
			...contact,
			items: { item: [{ itemNo: source.ItemNo, itemQuantity: source.QuantityAvailable + 1 }] },
		});
		await expect(fx.control.call('POST', 'complete-transfer-order', { CustomerReferenceNo: 'TR-BIG' })).rejects.toThrow(
			/available/,
		);
		expect(await todaysTransactions({ reference: 'TR-BIG' })).toEqual([]);
	});

	it('an adjustment changes available stock and is listed as an Inventory Adjustments transaction', async () => {
		const rec = fx.sandbox.state.inventory.find((r) => r.QuantityAvailable > 3 && r.InventoryStatus === 'GOOD-NO-TX');
		if (!rec) throw new Error('no record');
		const before = rec.QuantityAvailable;
		await fx.control.call('POST', 'adjust-inventory', {
			ItemNo: rec.ItemNo, Warehouse: rec.Warehouse, InventoryStatus: rec.InventoryStatus, Quantity: -3, Reference: 'COUNT-1',
		});
		const [after] = (await status(rec.ItemNo, rec.Warehouse)).filter((r) => r.InventoryStatus === rec.InventoryStatus);
		expect(after.QuantityAvailable).toBe(before - 3);
		expect(await todaysTransactions({ transactionType: 'Inventory Adjustments', warehouse: rec.Warehouse })).toEqual([
			expect.objectContaining({ ItemNo: rec.ItemNo, Reference: 'COUNT-1', Quantity: -3 }),
		]);
	});
});
