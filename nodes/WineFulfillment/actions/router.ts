// Picks the operation module for the node's resource and operation, and runs it over the input items.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as inventory from './inventory/Inventory.resource';
import { runPerItem, type OperationModule } from './operation';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;

	let operations: Record<string, OperationModule>;
	switch (resource) {
		case 'inventory':
			operations = inventory.operations;
			break;
		default:
			throw new NodeOperationError(this.getNode(), `The resource "${resource}" is not known`);
	}

	const module = operations[operation];
	if (!module) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`);
	}
	if (module.executeBatch) return [await module.executeBatch.call(this, this.getInputData())];
	if (!module.execute) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" cannot run`);
	}
	return [await runPerItem.call(this, module.execute)];
}
