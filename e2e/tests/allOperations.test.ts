// One workflow with every resource and operation of the Wine Fulfillment node, run headless by a real n8n 2.41 against the sandbox.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { purchaseOrders } from '../../test/sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../../test/sandbox/inventoryMovement/transferOrders';
import { salesOrders, skus } from '../../test/sandbox/stores';
import { ALL_OPERATIONS, binaryBytes, useE2E, output, runOf, type NodeTypeDescription } from '../lib/context';
import { testWorkflows } from '../lib/examples';

const ACTION_TYPE = 'n8n-nodes-wine-fulfillment.wineFulfillment';

const context = useE2E();

/** Every resource/operation pair the node offers, read from the node type n8n exported. */
function operationsOf(type: NodeTypeDescription): string[] {
	const pairs: string[] = [];
	for (const property of type.properties) {
		if (property.name !== 'operation') continue;
		for (const resource of property.displayOptions?.show?.resource ?? []) {
			for (const option of property.options ?? []) pairs.push(`${String(resource)}.${String(option.value)}`);
		}
	}
	return pairs.sort();
}

const workflow = () => testWorkflows().find((w) => w.workflow.id === ALL_OPERATIONS)!.workflow;
const json = (node: string) => output(runOf(context(), ALL_OPERATIONS), node).map((i) => i.json);

describe('every operation of the action node in one workflow', () => {
	it('the workflow has a node for each resource and operation n8n lists for the node (25)', () => {
		const type = context().nodeTypes.find((t) => t.name === ACTION_TYPE);
		assert.ok(type, `${ACTION_TYPE} not in n8n's node types`);
		const offered = operationsOf(type);
		const used = workflow()
			.nodes.filter((n) => n.type === ACTION_TYPE)
			.map((n) => `${String(n.parameters.resource)}.${String(n.parameters.operation)}`)
			.sort();
		assert.deepEqual(used, offered);
		assert.equal(offered.length, 25);
	});

	it('runs to the end: every node succeeded and put out at least one item', () => {
		const run = runOf(context(), ALL_OPERATIONS);
		assert.equal(run.error, undefined);
		for (const node of workflow().nodes.filter((n) => n.type === ACTION_TYPE)) {
			const task = run.runData[node.name]?.[0];
			assert.ok(task, `${node.name} did not run`);
			assert.equal(task.executionStatus, 'success', `${node.name}: ${task.error?.message ?? ''}`);
			assert.ok(output(run, node.name).length > 0, `${node.name} put out nothing`);
		}
	});

	it('sales orders: created on hold, listed on hold, released and updated, readdressed, labelled; the batch order cancelled', () => {
		const [created] = json('Create Sales Order');
		assert.equal(created.OnHold, true);
		const order = salesOrders(context().sandbox.state).find((o) => o.TransactionReferenceNumber === created.TransactionReferenceNumber);
		assert.ok(order);
		assert.equal(order.OrderNo, 'E2E-ALL-1');
		assert.equal(order.state, 'open');
		assert.equal((order.request.RecipientContactInfo as Record<string, unknown>).Address, '2 Vine Street');
		assert.ok(json('Get Orders On Hold').some((o) => o.OrderNo === 'E2E-ALL-1'));

		const [label] = output(runOf(context(), ALL_OPERATIONS), 'Generate JIT Label');
		assert.ok(label.binary?.label, 'no label binary');
		assert.equal(label.binary.label.mimeType, 'application/pdf');
		assert.equal(binaryBytes(context(), label.binary.label).subarray(0, 5).toString('latin1'), '%PDF-');

		assert.equal(salesOrders(context().sandbox.state).find((o) => o.OrderNo === 'E2E-ALL-2')?.state, 'cancelled');
		assert.ok(json('Get Returns').some((r) => JSON.stringify(r).includes(context().demo.returnedOrder)));
	});

	it('purchase and transfer orders: created, updated and cancelled at the provider', () => {
		const po = purchaseOrders(context().sandbox.state).get('E2E-PO-1');
		assert.equal(po?.state, 'cancelled');
		assert.equal(po?.info.SpecialInstruction, 'Dock 4');
		const transfer = transferOrders(context().sandbox.state).get('E2E-TR-1');
		assert.equal(transfer?.state, 'cancelled');
		assert.equal(transfer?.info.SpecialInstruction, 'Fragile');
	});

	it('inventory, SKU, tracking and address operations return the provider records', () => {
		assert.ok(json('Get Inventory Status').every((r) => r.Warehouse === 'APC01'));
		assert.ok(json('Get Inventory Transactions').length >= 20);
		assert.deepEqual([...new Set(json('Get Sellable Inventory').map((r) => r.ItemNo))].sort(), ['WINE-000000', 'WINE-000001']);
		const sku = skus(context().sandbox.state).get('E2E-MERLOT-2022');
		assert.equal(sku?.active, false);
		assert.equal(sku?.ItemDescription, 'Merlot Reserve 2022 750ml');
		assert.ok(json('Get Tracking Details').every((p) => p.OrderNumber === context().demo.returnedOrder));
		assert.ok(json('Get Packages').length >= context().demo.packageOrders.length);
		assert.ok(json('Get Delivery Estimates').length > 0);
		assert.ok(json('Validate Address').length > 0);
		assert.ok(json('Get Carrier Locations').length > 0);
	});
});
