// Sales Order → Get Orders On Hold and Get Returns with Simplify, through n8n's engine against the sandbox: the
// simplified shape of a known record (dates as ISO 8601 in the workflow's time zone), the raw record with
// Simplify off, and the same order shape as the polling trigger's Order Put On Hold items.
import omit from 'lodash/omit';
import type { IDataObject } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';
import { packages, returns } from '../sandbox/stores';
import { SKU_A, createFromItems, line, salesOrder } from './helpers';

const fx = useSandbox();

/** not UTC, and not n8n's default (America/New_York) */
const timezone = 'America/Los_Angeles';

const run = (operation: string, parameters: IDataObject = {}, zone: string | null = timezone) =>
	fx.run(actionWorkflow(salesOrder(operation, parameters), zone ? { timezone: zone } : {}));

/** One order through the node, created at the sandbox's now (2026-01-05 15:00 UTC), shipping requested for 01/08/2026. */
async function createOrder(OrderNo: string, hold: boolean) {
	const result = await fx.run(
		actionWorkflow(
			createFromItems({
				shipmentInfo: { shippingCarrier: 'UPS', requestedShipmentDate: '2026-01-08' },
				recipientContactInfo: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com', phoneNumber: '707-555-0101' },
			}),
			{ items: [{ OrderNo, items: [line(SKU_A, 2)], hold }] },
		),
	);
	expect(result.error).toBeUndefined();
}

const SIMPLE_ON_HOLD = {
	orderNumber: 'HOLD-S1',
	orderType: 'RETAIL',
	orderDate: '2026-01-05T07:00:00-08:00',
	shipmentDate: '2026-01-08T00:00:00-08:00',
	warehouse: 'APC01',
	holdReason: 'CUSTOMER',
	holdReasonDescription: 'Fulfillment hold requested by the customer',
	carrier: 'UPS',
	service: null,
	items: [
		{ itemNo: SKU_A, itemDescription: 'Cabernet Sauvignon 2015 750ml', quantity: 2, quantityReserved: 2, incomingPreReserved: 0, oversold: 0 },
	],
};

describe('Sales Order → Get Orders On Hold → Simplify', () => {
	it('gives the order camelCase, with the MM/DD/YYYY shipment date and the order date as ISO 8601 in the workflow\'s time zone', async () => {
		await createOrder('HOLD-S1', true);
		const result = await run('getOrdersOnHold', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([{ json: SIMPLE_ON_HOLD, pairedItem: { item: 0 } }]);
		const [answer] = await fx.control.requests('GetOrdersOnHold');
		expect(answer.status).toBe(200);
	});

	it("with Simplify off gives the provider's record as it is", async () => {
		await createOrder('HOLD-S1', true);
		const result = await run('getOrdersOnHold', { returnAll: true, simplify: false });
		const [order] = result.output(ACTION_NODE).map((i) => i.json);
		expect(order).toMatchObject({ OrderNo: 'HOLD-S1', OrderDate: '2026-01-05T15:00:00.000Z', ShipmentDate: '01/08/2026', ShippingSite: 'APC' });
		expect(Object.keys(order).sort()).toEqual(
			[
				'CustomerNo', 'CustomerName', 'OrderNo', 'OrderType', 'OrderDate', 'ShipmentDate', 'ShippingSite', 'ShippingWarehouse',
				'HoldReason', 'HoldReasonDescription', 'ShippingCarrier', 'ShippingCarrierService', 'OrderOnHoldItems',
			].sort(),
		);
	});

	it("is the polling trigger's Order Put On Hold item less the event and the whole order", async () => {
		await createOrder('HOLD-S1', true);
		const polled = await runPoll(triggerWorkflow({ event: 'orderOnHold' }), TRIGGER_NODE, fx.credential(), {}, 'manual');
		const [item] = polled.items.map((i) => i.json);
		expect(item).toMatchObject({ event: 'orderOnHold', orderNumber: 'HOLD-S1', orderDate: '2026-01-05T10:00:00-05:00' });
		const raw = (await run('getOrdersOnHold', { returnAll: true, simplify: false }, null)).output(ACTION_NODE)[0].json;
		expect(item.order).toEqual(raw);
		const simple = await run('getOrdersOnHold', { returnAll: true }, null);
		expect(simple.output(ACTION_NODE).map((i) => i.json)).toEqual([omit(item, ['event', 'order'])]);
	});
});

describe('Sales Order → Get Returns → Simplify', () => {
	async function seedReturn() {
		await createOrder('RT-S1', false);
		await fx.control.call('POST', 'ship-order', { OrderNo: 'RT-S1' });
		await fx.control.call('POST', 'create-return', { OrderNo: 'RT-S1', ReceivedDate: '2026-01-10T12:00:00Z' });
	}

	it('gives the return camelCase, with its received date as ISO 8601 in the workflow\'s time zone', async () => {
		await seedReturn();
		const result = await run('getReturns', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([
			{
				json: {
					rmaNumber: 'RMA-000001',
					orderNumber: 'RT-S1',
					receivedDate: '2026-01-10T04:00:00-08:00',
					closeDate: null,
					returnStatus: 'Received',
					returnReason: 'Refused by the recipient',
					dispositionCode: 'Return to Inventory',
					warehouse: 'APC01',
					customerEmail: 'ada@example.com',
					customerPhone: '707-555-0101',
					originalTrackingNumber: packages(fx.sandbox.state)[0].TrackingNo,
					carrier: 'UPS',
					service: 'GRND',
					items: [
						{
							itemNo: SKU_A,
							itemDescription: 'Cabernet Sauvignon 2015 750ml',
							quantity: 2,
							unit: 'Bottle',
							dispositionCode: 'Return to Inventory',
							inventoryStatus: 'GOOD-NO-TX',
						},
					],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it("with Simplify off gives the provider's record as it is", async () => {
		await seedReturn();
		const result = await run('getReturns', { returnAll: true, simplify: false });
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(returns(fx.sandbox.state));
	});
});
