// One workflow with every resource and operation of the Wine Fulfillment node, run headless by a real n8n 2.41 against the sandbox.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';

import { purchaseOrders } from '../../test/sandbox/inventoryMovement/purchaseOrders';
import { SANDBOX_CREDENTIALS, type LoggedRequest } from '../../test/sandbox/server';
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

/** The requests the sandbox received on a path (any workflow of the run) whose body has these members. */
function sent(path: string, members: Record<string, unknown> = {}): LoggedRequest[] {
	return context().sandbox.requests.filter(
		(r) =>
			r.path.toLowerCase() === path.toLowerCase() &&
			Object.entries(members).every(([k, v]) => JSON.stringify(r.body[k]) === JSON.stringify(v)),
	);
}

/** The one request of this workflow to a path, found by its distinctive members. */
function sentOnce(path: string, members: Record<string, unknown>): LoggedRequest {
	const found = sent(path, members);
	assert.equal(found.length, 1, `${path} ${JSON.stringify(members)}: ${found.length} requests`);
	return found[0];
}

/** Asks the sandbox directly, as the node asked it, for what the provider answers to that body. */
async function providerAnswer(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
	const c = SANDBOX_CREDENTIALS;
	const response = await fetch(`${context().sandbox.baseUrl}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `ServiceAuth ${c.token}` },
		body: JSON.stringify({ Authentication: { UserKey: c.userKey, Password: c.password, CustomerNo: c.customerNo }, ...body }),
	});
	assert.equal(response.status, 200);
	return (await response.json()) as Record<string, unknown>;
}

const distinct = (values: unknown[]) => new Set(values.map((v) => JSON.stringify(v))).size;

/** ISO 8601 with an offset, as Simplify gives every date (the workflow's time zone: n8n's default here). */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The calendar day of a simplified date, in the offset it carries: the provider's MM/DD/YYYY day. */
const dayOf = (iso: unknown) => DateTime.fromISO(String(iso), { setZone: true }).toFormat('MM/dd/yyyy');

describe('every operation of the action node in one workflow', () => {
	it('the workflow has a node for each resource and operation n8n lists for the node (26)', () => {
		const type = context().nodeTypes.find((t) => t.name === ACTION_TYPE);
		assert.ok(type, `${ACTION_TYPE} not in n8n's node types`);
		const offered = operationsOf(type);
		const used = workflow()
			.nodes.filter((n) => n.type === ACTION_TYPE)
			.map((n) => `${String(n.parameters.resource)}.${String(n.parameters.operation)}`)
			.sort();
		assert.deepEqual(used, offered);
		assert.equal(offered.length, 26);
	});

	it('runs to the end: every node succeeded and put out at least one item, each paired to its input item', () => {
		const run = runOf(context(), ALL_OPERATIONS);
		assert.equal(run.error, undefined);
		for (const node of workflow().nodes.filter((n) => n.type === ACTION_TYPE)) {
			const task = run.runData[node.name]?.[0];
			assert.ok(task, `${node.name} did not run`);
			assert.equal(task.executionStatus, 'success', `${node.name}: ${task.error?.message ?? ''}`);
			const items = output(run, node.name);
			assert.ok(items.length > 0, `${node.name} put out nothing`);
			for (const item of items) assert.deepEqual(item.pairedItem, { item: 0 }, `${node.name}: pairedItem`);
		}
	});

	it('writes put out what they did: references, outcomes and what changed', () => {
		const [created] = json('Create Sales Order');
		assert.match(String(created.TransactionReferenceNumber), /^[0-9a-f-]{36}$/i);
		assert.deepEqual(
			{ OrderNo: created.OrderNo, OrderType: created.OrderType, ItemCount: created.ItemCount },
			{ OrderNo: 'E2E-ALL-1', OrderType: 'RETAIL', ItemCount: 1 },
		);
		const [updated] = json('Update Sales Order');
		assert.equal(updated.TransactionReferenceNumber, created.TransactionReferenceNumber);
		assert.equal(updated.Updated, true);
		assert.deepEqual([...(updated.UpdatedMembers as string[])].sort(), ['HoldOrder', 'OrderInfo.SpecialInstructions']);
		const [readdressed] = json('Update Addresses');
		assert.deepEqual(readdressed.Updated, ['RecipientContactInfo']);
		const batch = json('Batch Create Sales Orders');
		assert.equal(batch.length, 1);
		assert.deepEqual({ OrderNo: batch[0].OrderNo, IsCreated: batch[0].IsCreated }, { OrderNo: 'E2E-ALL-2', IsCreated: true });
		const [cancelled] = json('Cancel Sales Order');
		assert.deepEqual({ OrderNo: cancelled.OrderNo, Cancelled: cancelled.Cancelled }, { OrderNo: 'E2E-ALL-2', Cancelled: true });

		for (const [node, reference, outcome] of [
			['Create Purchase Order', 'E2E-PO-1', 'created'],
			['Update Purchase Order', 'E2E-PO-1', 'updated'],
			['Cancel Purchase Order', 'E2E-PO-1', 'cancelled'],
			['Create Transfer Order', 'E2E-TR-1', 'created'],
			['Update Transfer Order', 'E2E-TR-1', 'updated'],
			['Cancel Transfer Order', 'E2E-TR-1', 'cancelled'],
		] as const) {
			const items = json(node);
			assert.equal(items.length, 1, node);
			assert.deepEqual({ CustomerReferenceNo: items[0].CustomerReferenceNo, Outcome: items[0].Outcome }, { CustomerReferenceNo: reference, Outcome: outcome }, node);
		}
		for (const node of ['Create SKU', 'Update SKU', 'Retire SKU']) {
			const items = json(node);
			assert.equal(items.length, 1, node);
			assert.equal(items[0].ItemNo, 'E2E-MERLOT-2022', node);
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
		// the query nodes leave Simplify at its default (on): camelCase members, ISO 8601 dates
		const held = json('Get Orders On Hold');
		const onHold = held.map((o) => o.orderNumber);
		assert.ok(held.every((o) => ISO_WITH_OFFSET.test(String(o.orderDate)) && Array.isArray(o.items)));
		assert.ok(onHold.includes('E2E-ALL-1'), `on hold: ${onHold.join(', ')}`);
		assert.ok(onHold.includes(context().demo.heldOrder), `on hold: ${onHold.join(', ')}`);
		assert.equal(distinct(onHold), onHold.length);
		const holdRequests = sent('/api/SalesOrder/GetOrdersOnHold');
		assert.ok(holdRequests.length > 0 && holdRequests.every((r) => r.authShape === 'flat'));

		const [label] = output(runOf(context(), ALL_OPERATIONS), 'Generate JIT Label');
		assert.ok(label.binary?.label, 'no label binary');
		assert.equal(label.binary.label.mimeType, 'application/pdf');
		assert.equal(binaryBytes(context(), label.binary.label).subarray(0, 5).toString('latin1'), '%PDF-');

		assert.equal(salesOrders(context().sandbox.state).find((o) => o.OrderNo === 'E2E-ALL-2')?.state, 'cancelled');
		const returned = json('Get Returns').filter((r) => r.orderNumber === context().demo.returnedOrder);
		assert.equal(returned.length, 1);
		assert.match(String(returned[0].rmaNumber), /^RMA-/);
		assert.equal(returned[0].returnReason, 'Damaged in transit');
		assert.match(String(returned[0].receivedDate), ISO_WITH_OFFSET);
		assert.ok(Array.isArray(returned[0].items) && returned[0].items.length > 0);
		assert.ok(!('ReturnSalesOrderLines' in returned[0]));
	});

	it('purchase and transfer orders: created, updated and cancelled at the provider', () => {
		const po = purchaseOrders(context().sandbox.state).get('E2E-PO-1');
		assert.equal(po?.state, 'cancelled');
		assert.equal(po?.info.SpecialInstruction, 'Dock 4');
		const transfer = transferOrders(context().sandbox.state).get('E2E-TR-1');
		assert.equal(transfer?.state, 'cancelled');
		assert.equal(transfer?.info.SpecialInstruction, 'Fragile');
	});

	it('inventory queries send their filters and return the records (transactions simplified), within the limit', async () => {
		const status = json('Get Inventory Status');
		assert.equal(status.length, 5);
		assert.ok(status.every((r) => r.Warehouse === 'APC01'));
		assert.equal(distinct(status), 5);
		const statusRequest = sentOnce('/api/Inventory/GetStatus', { Warehouse: 'APC01', Top: 5 });
		assert.equal(statusRequest.body.Skip, 0);

		const transactions = json('Get Inventory Transactions');
		const day = sentOnce('/api/Inventory/GetTransactions', { TransactionDate: '01/05/2026' });
		// Return All: one page of up to 1000 holds the day; the day has at least the twenty seeded, and no more than it has now
		assert.deepEqual({ Skip: day.body.Skip, Top: day.body.Top }, { Skip: 0, Top: 1000 });
		const total = Number((await providerAnswer('/api/Inventory/GetTransactions', { ...day.body, Skip: 0, Top: 1 })).TotalRecordCount);
		assert.ok(transactions.length >= 20 && transactions.length <= total, `${transactions.length} of ${total}`);
		// simplified: TransactionDateTime as ISO 8601 with the workflow zone's offset, within the UTC day asked for
		const [dayStart, dayEnd] = [Date.parse('2026-01-05T00:00:00Z'), Date.parse('2026-01-06T00:00:00Z')];
		for (const t of transactions) {
			assert.match(String(t.transactionDate), ISO_WITH_OFFSET);
			const at = Date.parse(String(t.transactionDate));
			assert.ok(at >= dayStart && at < dayEnd, String(t.transactionDate));
		}

		const sellable = json('Get Sellable Inventory');
		assert.deepEqual(sellable.map((r) => r.ItemNo).sort(), ['WINE-000000', 'WINE-000001']);
		assert.ok(sellable.every((r) => typeof r.SellableQuantity === 'number'));
		const sellableRequest = sentOnce('/api/Inventory/GetSellable', { ItemNumbers: ['WINE-000000', 'WINE-000001'] });
		assert.deepEqual({ PageNumber: sellableRequest.body.PageNumber, PageSize: sellableRequest.body.PageSize }, { PageNumber: 1, PageSize: 1000 });
	});

	it('SKU create, update and retire reached the provider', () => {
		const sku = skus(context().sandbox.state).get('E2E-MERLOT-2022');
		assert.equal(sku?.active, false);
		assert.equal(sku?.ItemDescription, 'Merlot Reserve 2022 750ml');
	});

	it('tracking: the details of one order, packages within the limit, an estimate per ship date and carrier service', async () => {
		const details = json('Get Tracking Details');
		assert.ok(details.length >= 1);
		assert.ok(details.every((p) => p.orderNumber === context().demo.returnedOrder && p.trackingNumber));
		assert.ok(details.every((p) => ISO_WITH_OFFSET.test(String(p.shipDate)) && !('TrackingNo' in p)));
		assert.equal(sentOnce('/api/Tracking/GetDetails', { OrderNo: context().demo.returnedOrder }).authShape, 'AuthenticationDetails');

		const packages = json('Get Packages');
		assert.ok(packages.length <= 20);
		const orders = packages.map((p) => p.orderNumber);
		for (const order of context().demo.packageOrders) assert.ok(orders.includes(order), `no package of ${order}`);
		assert.equal(distinct(packages.map((p) => p.trackingNumber)), packages.length);

		const estimates = json('Get Delivery Estimates');
		const estimateRequest = sentOnce('/api/Tracking/GetDeliveryEstimates', { ClientReferenceCode: 'E2E-EST-1' });
		assert.deepEqual(estimateRequest.body, {
			ClientReferenceCode: 'E2E-EST-1',
			DeliveryAddress: { StreetLines: ['1 Vine Street'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' },
			DeliveryEstimateRange: { StartDate: '02/02/2026', EndDate: '02/04/2026' },
		});
		const answer = await providerAnswer('/api/Tracking/GetDeliveryEstimates', estimateRequest.body);
		// one item per estimate and carrier/service pair (an estimate without pairs is one item); the simplified
		// ship date is the provider's MM/DD/YYYY day, as ISO 8601 at its midnight in the workflow's time zone
		const pairs = (answer.DeliveryEstimateOptions as Array<Record<string, unknown>>).flatMap((o) => {
			const services = (o.ShippingOptions ?? []) as Array<Record<string, unknown>>;
			return services.length ? services.map((s) => [o.ShipmentDate, s.Carrier, s.Service]) : [[o.ShipmentDate, undefined, undefined]];
		});
		assert.ok(pairs.length > 0);
		assert.deepEqual(
			estimates.map((e) => [dayOf(e.shipDate), e.carrier, e.service]).sort(),
			pairs.sort(),
		);
		assert.ok(estimates.every((e) => ['02/02/2026', '02/03/2026', '02/04/2026'].includes(dayOf(e.shipDate))));
		assert.ok(estimates.every((e) => ISO_WITH_OFFSET.test(String(e.estimatedDeliveryDate))));
	});

	it('address: one branchable validation result, and the carrier locations the provider lists, within the limit', async () => {
		const validated = json('Validate Address');
		assert.equal(validated.length, 1);
		assert.ok(['valid', 'corrected', 'invalid'].includes(String(validated[0].status)));
		assert.ok(['residential', 'commercial', 'unknown'].includes(String(validated[0].classification)));
		assert.equal(validated[0].ClientReferenceCode, 'E2E-ADDR-1');
		assert.ok(validated[0].TransactionReferenceNumber);
		const validation = sentOnce('/api/Address/Validation', { ClientReferenceCode: 'E2E-ADDR-1' });
		assert.deepEqual(validation.body.Address, { StreetLines: ['1 Vine Street'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' });
		assert.deepEqual(validation.body.PALRequest, { IncludePAL: true, SearchRadius: 10, MaxPALListSize: 5 });
		assert.ok(Array.isArray(validated[0].PALDetails) && validated[0].PALDetails.length <= 5);

		const locations = json('Get Carrier Locations');
		assert.equal(locations.length, 5);
		const request = sentOnce('/api/Address/GetCarrierLocations', { ShippingCarrier: 'FEX', ZipCode: '94558' });
		assert.deepEqual(request.body, { ShippingCarrier: 'FEX', ZipCode: '94558', Skip: 0, Top: 5 });
		assert.deepEqual(locations, (await providerAnswer('/api/Address/GetCarrierLocations', request.body)).CarrierLocations);
		assert.ok(locations.every((l) => typeof l.IsAlcoholShipmentAllowed === 'boolean'));

		// the order Create sent is in n8n's deduplication store: Forget Sent Orders takes it out
		assert.deepEqual(json('Forget Sent Orders'), [{ OrderNo: 'E2E-ALL-1', forgotten: true }]);
	});
});
