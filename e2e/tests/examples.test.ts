// The example workflows, imported with n8n's CLI into a real n8n 2.41 and run against the sandbox: what they put out and what reached the provider.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { packages, salesOrders } from '../../test/sandbox/stores';
import { binaryBytes, useE2E, n8nServer, output, runOf } from '../lib/context';
import { EXAMPLES, exampleWorkflows, SANDBOX_CREDENTIAL } from '../lib/examples';
import { runManually } from '../lib/server';

const context = useE2E();

describe('example workflows (examples/*.json)', () => {
	it('each has sticky-note instructions, a fixed id, and references the credential the main job creates', () => {
		const examples = exampleWorkflows();
		assert.deepEqual(examples.map((e) => e.workflow.id).sort(), Object.values(EXAMPLES).sort());
		for (const { file, workflow } of examples) {
			const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
			assert.ok(notes.some((n) => String(n.parameters.content).length > 200), `${file}: no instructions`);
			const ours = workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-wine-fulfillment.'));
			assert.ok(ours.length > 0, `${file}: no Wine Fulfillment node`);
			for (const node of ours) assert.deepEqual(node.credentials?.wineFulfillmentApi, SANDBOX_CREDENTIAL, `${file}: ${node.name}`);
		}
	});
});

describe('example: store orders to fulfillment', () => {
	it('creates one sales order per store order, items mapped from the line items, and keeps each transaction reference', () => {
		const run = runOf(context(), EXAMPLES.sync);
		const kept = output(run, 'Keep Order Reference').map((i) => i.json);
		assert.deepEqual(
			kept.map((k) => [k.storeOrder, k.customerEmail, k.status]),
			[
				['SHOP-5001', 'ada.lovelace@example.com', 'sent to fulfillment'],
				['SHOP-5002', 'grace.hopper@example.com', 'sent to fulfillment'],
			],
		);
		const orders = salesOrders(context().sandbox.state);
		for (const k of kept) {
			const order = orders.find((o) => o.TransactionReferenceNumber === k.fulfillmentReference);
			assert.ok(order, `no sandbox order with reference ${String(k.fulfillmentReference)}`);
			assert.equal(order.OrderNo, k.storeOrder);
		}
		const shop5002 = orders.find((o) => o.OrderNo === 'SHOP-5002');
		assert.deepEqual(
			shop5002?.items.map((i) => [i.ItemNo, i.ItemQuantity, i.ItemDescription]),
			[
				['WINE-000001', 1, 'Pinot Noir 2016 750ml'],
				['WINE-000002', 3, 'Chardonnay 2017 750ml'],
			],
		);
		assert.deepEqual(shop5002?.request.RecipientContactInfo, {
			FirstName: 'Grace',
			LastName: 'Hopper',
			Address: '20 Pearl Street',
			City: 'Portland',
			State: 'OR',
			ZipCode: '97205',
			Country: 'US',
			PhoneNumber: '503-555-0102',
			EmailAddress: 'grace.hopper@example.com',
		});
		// the shipment and the order source set in the node's Additional Fields (version 2)
		assert.deepEqual(shop5002?.request.ShipmentInfo, { ShippingCarrier: 'UPS', ShippingCarrierService: 'GRND' });
		assert.equal((shop5002?.request.OrderInfo as { OrderSource?: string } | undefined)?.OrderSource, 'Online store');
	});

	it('routes the order the provider refused to the error branch, with the reason, and creates nothing for it', () => {
		const run = runOf(context(), EXAMPLES.sync);
		const failed = output(run, 'Failed Orders').map((i) => i.json);
		assert.equal(failed.length, 1);
		assert.equal(failed[0].storeOrder, 'SHOP-5003');
		assert.equal(failed[0].status, 'needs attention');
		assert.match(String(failed[0].reason), /WINE-DISCONTINUED cannot be ordered/);
		assert.equal(
			salesOrders(context().sandbox.state).some((o) => o.OrderNo === 'SHOP-5003'),
			false,
		);
	});
});

/** A minimal CSV reader for n8n's output (quoted fields, commas, no embedded newlines). */
function parseCsv(text: string): string[][] {
	return text
		.trim()
		.split(/\r?\n/)
		.map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('example: scheduled inventory report', () => {
	it('reads every inventory page (Return All) into one CSV file with a row per record', () => {
		const run = runOf(context(), EXAMPLES.report);
		const records = output(run, 'Get Inventory Status').map((i) => i.json);
		const [file] = output(run, 'Inventory Report (CSV)');
		const binary = file.binary?.data;
		assert.ok(binary, 'no file in binary property "data"');
		assert.equal(binary.mimeType, 'text/csv');
		assert.match(String(binary.fileName), /^inventory-\d{4}-\d{2}-\d{2}\.csv$/);

		// Return All: the sandbox (4000 records) answered more than one page of 2500 (the second asked one record early,
		// to begin with the record the first ended with)
		const pages = context().sandbox.requests.filter((r) => r.path.endsWith('/Inventory/GetStatus') && r.body.Top === 2500);
		assert.deepEqual(pages.map((r) => r.body.Skip), [0, 2499]);
		assert.ok(records.length > 2500, String(records.length));

		const [header, ...rows] = parseCsv(binaryBytes(context(), binary).toString('utf8'));
		assert.deepEqual(header, Object.keys(records[0]));
		assert.ok(header.includes('QuantityOnHand') && header.includes('QuantityAvailable'));
		assert.equal(rows.length, records.length);
		rows.forEach((row, i) => assert.deepEqual(row, header.map((h) => String(records[i][h])), `row ${i + 1}`));
		const seeded = new Set(context().sandbox.state.inventory.map((r) => `${r.ItemNo}|${r.Warehouse}|${r.InventoryStatus}`));
		for (const r of records) assert.ok(seeded.has(`${String(r.ItemNo)}|${String(r.Warehouse)}|${String(r.InventoryStatus)}`));
	});
});

describe('example: tracking notifications (polling triggers, as "Fetch Test Event" runs them)', () => {
	it('New Package → Shipped Message: the latest shipped package, addressed to its recipient with the tracking link', async () => {
		const { session } = await n8nServer();
		const { status, data } = await runManually(session, EXAMPLES.tracking, 'New Package');
		assert.equal(status, 'success', data.resultData.error?.message);
		const [message] = output(data.resultData, 'Shipped Message').map((i) => i.json);
		const latest = packages(context().sandbox.state).reduce((a, b) => (Date.parse(String(b.ShipDate)) > Date.parse(String(a.ShipDate)) ? b : a));
		assert.equal(message.orderNumber, latest.OrderNumber);
		assert.equal(message.to, latest.ShipTo.EmailAddress);
		assert.equal(message.subject, `Your order ${latest.OrderNumber} has shipped`);
		assert.equal(message.trackingUrl, latest.TrackingURL);
		assert.ok(String(message.text).startsWith(`Hello ${latest.ShipTo.Name},`));
		assert.ok(String(message.text).includes(`tracking number ${latest.TrackingNo}`));
		assert.ok(String(message.text).includes(latest.TrackingURL));
	});

	it('Package Status Changed → Status Message: the latest delivery, with the status in words', async () => {
		const { session } = await n8nServer();
		const { status, data } = await runManually(session, EXAMPLES.tracking, 'Package Status Changed');
		assert.equal(status, 'success', data.resultData.error?.message);
		const [message] = output(data.resultData, 'Status Message').map((i) => i.json);
		const changed = packages(context().sandbox.state)
			.filter((p) => ['DELIVERED', 'EXCEPTION', 'RETURNED'].includes(p.Status))
			.reduce((a, b) => (Date.parse(b.CarrierStatusTimestamp) > Date.parse(a.CarrierStatusTimestamp) ? b : a));
		assert.equal(message.orderNumber, changed.OrderNumber);
		assert.equal(message.status, changed.Status);
		assert.equal(message.to, changed.ShipTo.EmailAddress);
		assert.equal(message.subject, `Your order ${changed.OrderNumber}: ${changed.StatusDescription}`);
		const words = { DELIVERED: 'your wine has been delivered', EXCEPTION: changed.CarrierStatusMessage, RETURNED: 'on its way back' };
		assert.ok(String(message.text).includes(words[changed.Status as keyof typeof words]), String(message.text));
	});
});
