// Smoke test on n8n 1.x (1.123.81, pinned in e2e/n8n-1x): the package loads as a community package and its workflows run headless.
// E2E_N8N_1X=skip leaves it out (its first install is long and large: see README "Tested with").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { salesOrders } from '../../test/sandbox/stores';
import { ALL_OPERATIONS, e2e1x, output, runOf, skip1x, teardown, type E2E } from '../lib/context';
import { EXAMPLES, testWorkflows } from '../lib/examples';

const PACKAGE = 'n8n-nodes-wine-fulfillment';

after(teardown);

describe('n8n 1.x smoke test', { skip: skip1x() ? 'E2E_N8N_1X=skip' : false }, () => {
	let ctx: E2E;
	before(async () => {
		ctx = await e2e1x();
	});

	it('is n8n 1.123.81, and `n8n export:nodes` lists the three node types', () => {
		assert.equal(ctx.version, '1.123.81');
		const ours = new Set(ctx.nodeTypes.map((t) => t.name).filter((n) => n.startsWith(`${PACKAGE}.`)));
		for (const name of ['wineFulfillment', 'wineFulfillmentTrigger', 'wineFulfillmentWebhookTrigger']) assert.ok(ours.has(`${PACKAGE}.${name}`), name);
	});

	it('the workflow with every operation runs to the end: each node succeeded with output', () => {
		const run = runOf(ctx, ALL_OPERATIONS);
		assert.equal(run.error, undefined);
		const nodes = testWorkflows()
			.find((w) => w.workflow.id === ALL_OPERATIONS)!
			.workflow.nodes.filter((n) => n.type === `${PACKAGE}.wineFulfillment`);
		assert.equal(nodes.length, 26);
		for (const node of nodes) {
			assert.equal(run.runData[node.name]?.[0]?.executionStatus, 'success', node.name);
			assert.ok(output(run, node.name).length > 0, `${node.name} put out nothing`);
		}
	});

	it('store orders example: the accepted orders reach the provider with the references the node returned', () => {
		const run = runOf(ctx, EXAMPLES.sync);
		const created = [...output(run, 'Create Sales Order', 0), ...output(run, 'Create Sales Order', 1)]
			.map((i) => i.json)
			.filter((j) => j.TransactionReferenceNumber);
		const orders = salesOrders(ctx.sandbox.state).filter((o) => o.OrderNo.startsWith('SHOP-'));
		assert.deepEqual(orders.map((o) => o.OrderNo).sort(), ['SHOP-5001', 'SHOP-5002']);
		assert.deepEqual(
			created.map((j) => [j.OrderNo, j.TransactionReferenceNumber]).sort(),
			orders.map((o) => [o.OrderNo, o.TransactionReferenceNumber]).sort(),
		);
	});

	it('inventory report example: one CSV file with a row per inventory record', () => {
		const run = runOf(ctx, EXAMPLES.report);
		const records = output(run, 'Get Inventory Status');
		const [file] = output(run, 'Inventory Report (CSV)');
		const csv = Buffer.from(String(file.binary?.data.data), 'base64').toString('utf8').trim().split(/\r?\n/);
		assert.ok(records.length > 2500);
		assert.equal(csv.length, records.length + 1);
		assert.match(csv[0], /^ItemNo,ItemDescription,Warehouse,InventoryStatus,/);
	});
});
