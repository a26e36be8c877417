// Shared by the sales order tests: node parameters, running orders in through the engine, reading the sandbox.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { SandboxFixture } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders, type SandboxSalesOrder } from '../sandbox/stores';

/** Items the default seed stocks in APC01 with status GOOD-NO-TX. */
export const SKU_A = 'WINE-000000';
export const SKU_B = 'WINE-000001';

/** Node parameters for a Sales Order operation (plain objects, as workflow JSON holds them). */
export const salesOrder = (operation: string, parameters: Record<string, unknown> = {}): INodeParameters =>
	({ resource: 'salesOrder', operation, ...parameters }) as INodeParameters;

/** Batch Create, one order per input item: OrderNo and items (JSON) come from the item; `options` its Options. */
export const batchFromItems = (options: Record<string, unknown> = {}): INodeParameters =>
	salesOrder('batchCreate', { orderNo: '={{ $json.OrderNo }}', orderType: 'RETAIL', itemsInput: 'json', itemsJson: '={{ $json.items }}', options });

/** Create, one order per input item: OrderNo, items and hold come from the item (node version `typeVersion`). */
export const createFromItems = (extra: Record<string, unknown> = {}, typeVersion = 1): INodeParameters => {
	const hold = { holdOrder: '={{ $json.hold ?? false }}' };
	return salesOrder('create', {
		orderNo: '={{ $json.OrderNo }}',
		orderType: 'RETAIL',
		itemsInput: 'json',
		itemsJson: '={{ $json.items ?? [] }}',
		// version 2 keeps Hold Order in Additional Fields
		...(typeVersion >= 2 ? { additionalFields: hold } : hold),
		...extra,
	});
};

export interface OrderSeed extends IDataObject {
	OrderNo: string;
	items?: IDataObject[];
	hold?: boolean;
}

export const line = (ItemNo: string, ItemQuantity: number): IDataObject => ({ ItemNo, ItemQuantity });

/** Creates orders through the node; returns the output items (TransactionReferenceNumber, OrderNo, ...). */
export async function createOrders(fx: SandboxFixture, seeds: OrderSeed[]): Promise<INodeExecutionData[]> {
	const result = await fx.run(actionWorkflow(createFromItems(), { items: seeds }));
	if (result.error) throw new Error(`create failed: ${result.error.message}`);
	return result.output(ACTION_NODE);
}

export async function createOrder(fx: SandboxFixture, seed: OrderSeed): Promise<string> {
	const [out] = await createOrders(fx, [seed]);
	return out.json.TransactionReferenceNumber as string;
}

export function orderIn(fx: SandboxFixture, trn: string): SandboxSalesOrder {
	const order = salesOrders(fx.sandbox.state).find((o) => o.TransactionReferenceNumber === trn);
	if (!order) throw new Error(`no order ${trn} in the sandbox`);
	return order;
}

export function stock(fx: SandboxFixture, itemNo: string, warehouse = 'APC01') {
	return fx.sandbox.state.inventoryRecord(itemNo, warehouse, 'GOOD-NO-TX');
}

export const paired = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;
