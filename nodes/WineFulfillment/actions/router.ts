// Picks the operation module for the node's resource and operation, and runs it over the input items.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as address from './address/Address.resource';
import * as inventory from './inventory/Inventory.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as salesOrder from './salesOrder/SalesOrder.resource';
import * as sku from './sku/Sku.resource';
import * as tracking from './tracking/Tracking.resource';
import * as transferOrder from './transferOrder/TransferOrder.resource';
import { runPerItem, type OperationModule } from './operation';
import { nodeParameter } from './parameters';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = nodeParameter(this, 'resource', 0) as string;
	const operation = nodeParameter(this, 'operation', 0) as string;

	let operations: Record<string, OperationModule>;
	switch (resource) {
		case 'salesOrder':
			operations = salesOrder.operations;
			break;
		case 'purchaseOrder':
			operations = purchaseOrder.operations;
			break;
		case 'transferOrder':
			operations = transferOrder.operations;
			break;
		case 'inventory':
			operations = inventory.operations;
			break;
		case 'sku':
			operations = sku.operations;
			break;
		case 'tracking':
			operations = tracking.operations;
			break;
		case 'address':
			operations = address.operations;
			break;
		default:
			throw new NodeOperationError(this.getNode(), `The resource "${resource}" is not known`);
	}

	// an inherited member ("toString") is no module: it has neither prepare nor executeBatch
	const module: OperationModule | undefined = operations[operation];
	if (module?.executeBatch) return [await module.executeBatch.call(this, this.getInputData())];
	if (!module?.prepare) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`);
	}
	return [await runPerItem.call(this, module.prepare)];
}
