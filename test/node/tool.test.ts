// The node under an AI Agent: the tool n8n-core builds from it (createNodeAsTool), its description for each
// operation and the arguments schema it generates from $fromAI() placeholders in our parameters.
import type { INode, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { z } from 'zod';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';

const nodeType = new WineFulfillment();
const { description } = nodeType;

function toolFor(parameters: INode['parameters']) {
	const node: INode = {
		id: 'tool',
		name: 'Wine Fulfillment',
		type: 'n8n-nodes-wine-fulfillment.wineFulfillmentTool',
		typeVersion: 2,
		position: [0, 0],
		parameters,
	};
	return createNodeAsTool({ node, nodeType, handleToolInvocation: async () => 'unused' }).response;
}

/** Every resource's operations as the editor lists them. */
const operations = description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ resource: p.displayOptions!.show!.resource![0] as string, operation: o })));

/** A placeholder an agent fills in, as the editor writes it. */
const fromAI = (key: string, hint: string, type = 'string') => `={{ $fromAI('${key}', '${hint}', '${type}') }}`;

describe('the node as an AI agent tool', () => {
	it('describes each operation to the agent by an action that names what it reads or changes', () => {
		const told = Object.fromEntries(
			operations.map(({ resource, operation }) => [`${resource}.${operation.value}`, toolFor({ resource, operation: operation.value }).description]),
		);
		expect(told).toEqual({
			'address.getCarrierLocations': 'Get carrier pickup locations near a place in Wine Fulfillment',
			'address.validate': 'Validate an address in Wine Fulfillment',
			'inventory.getSellable': 'Get sellable quantities per SKU in Wine Fulfillment',
			'inventory.getStatus': 'Get inventory status per SKU and warehouse in Wine Fulfillment',
			'inventory.getTransactions': 'Get inventory transactions for a time range in Wine Fulfillment',
			'purchaseOrder.cancel': 'Cancel a purchase order in Wine Fulfillment',
			'purchaseOrder.create': 'Create a purchase order in Wine Fulfillment',
			'purchaseOrder.update': 'Update a purchase order in Wine Fulfillment',
			'salesOrder.batchCreate': 'Create sales orders in a deprecated batch in Wine Fulfillment',
			'salesOrder.cancel': 'Cancel a sales order in Wine Fulfillment',
			'salesOrder.create': 'Create a sales order in Wine Fulfillment',
			'salesOrder.forgetSent': 'Forget sent sales orders so they can be sent again in Wine Fulfillment',
			'salesOrder.generateJitLabel': 'Generate a shipping label for a sales order in Wine Fulfillment',
			'salesOrder.getOrdersOnHold': 'Get sales orders on hold in Wine Fulfillment',
			'salesOrder.getReturns': 'Get returned sales orders in Wine Fulfillment',
			'salesOrder.update': 'Update a sales order or its hold status in Wine Fulfillment',
			'salesOrder.updateAddresses': 'Update the addresses of a sales order in Wine Fulfillment',
			'sku.create': 'Create a SKU in Wine Fulfillment',
			'sku.retire': 'Retire a SKU in Wine Fulfillment',
			'sku.update': 'Update a SKU in Wine Fulfillment',
			'tracking.getDeliveryEstimates': 'Get delivery date estimates for an address in Wine Fulfillment',
			'tracking.getDetails': 'Get tracking details for an order in Wine Fulfillment',
			'tracking.getPackages': 'Get packages by date or order number in Wine Fulfillment',
			'transferOrder.cancel': 'Cancel a transfer order in Wine Fulfillment',
			'transferOrder.create': 'Create a transfer order in Wine Fulfillment',
			'transferOrder.update': 'Update a transfer order in Wine Fulfillment',
		});
		// no two operations look alike to an agent
		expect(new Set(Object.values(told)).size).toBe(operations.length);
	});

	it('dropped under an agent with nothing set, it is a read that needs no arguments', () => {
		const defaults = NodeHelpers.getNodeParameters(description.properties, {}, true, false, { typeVersion: 2 } as INode, description)!;
		const tool = toolFor(defaults);
		expect(tool.description).toBe('Get inventory status per SKU and warehouse in Wine Fulfillment');
		expect(Object.keys((tool.schema as z.AnyZodObject).shape)).toEqual([]);
	});

	it('Inventory → Get Sellable: the item numbers an agent fills in become one text argument with its hint', () => {
		const tool = toolFor({
			resource: 'inventory',
			operation: 'getSellable',
			itemNumbers: fromAI('itemNumbers', 'Item numbers of the SKUs, separated by commas'),
		});
		const schema = tool.schema as z.AnyZodObject;
		expect(Object.keys(schema.shape)).toEqual(['itemNumbers']);
		expect(schema.shape.itemNumbers.description).toBe('Item numbers of the SKUs, separated by commas');
		expect(schema.safeParse({ itemNumbers: 'CAB-2019, PN-2021' }).success).toBe(true);
		expect(schema.safeParse({}).success).toBe(false);
	});

	it('Sales Order → Create: placeholders in plain fields, an Item Number picker and a number each become an argument of their type', () => {
		const tool = toolFor({
			resource: 'salesOrder',
			operation: 'create',
			orderNo: fromAI('orderNumber', 'The store order number'),
			itemsInput: 'fields',
			items: {
				item: [
					{
						itemNo: { __rl: true, mode: 'id', value: fromAI('sku', 'Item number of the wine') },
						itemQuantity: fromAI('quantity', 'Bottles to send', 'number'),
						quantityUnit: 'EA',
					},
				],
			},
		});
		const schema = tool.schema as z.AnyZodObject;
		expect(Object.keys(schema.shape).sort()).toEqual(['orderNumber', 'quantity', 'sku']);
		expect(schema.safeParse({ orderNumber: '1001', sku: 'CAB-2019', quantity: 6 }).success).toBe(true);
		// the quantity must be a number, not text
		expect(schema.safeParse({ orderNumber: '1001', sku: 'CAB-2019', quantity: 'six' }).success).toBe(false);
		expect(tool.description).toBe('Create a sales order in Wine Fulfillment');
	});

	it('Tracking → Get Details: one order number argument', () => {
		const tool = toolFor({ resource: 'tracking', operation: 'getDetails', orderNo: fromAI('orderNumber', 'The order to track') });
		const schema = tool.schema as z.AnyZodObject;
		expect(Object.keys(schema.shape)).toEqual(['orderNumber']);
		expect(schema.shape.orderNumber.description).toBe('The order to track');
	});
});
