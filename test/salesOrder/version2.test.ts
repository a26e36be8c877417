// Sales Order on version 2: Create and Batch Create show the required fields and the recipient, then one Additional
// Fields collection holding the optional groups (billing contact, shipment, delivery contact, hold, JSON); Update
// keeps its contacts, shipment and JSON in Update Fields. Version 1 shows the groups at the top, where saved
// workflows have them. Both versions send the same request.
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();
const description = new WineFulfillment().description;

const recipientContactInfo = { firstName: 'Ada', lastName: 'Lovelace', address: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94558' };
const groups = {
	billingContactInfo: { company: 'Lovelace LLC', city: 'Sonoma' },
	shipmentInfo: { shippingCarrier: 'FEX', shippingCarrierService: '2DAY', icePack: true, serviceWarehouseLocation: 'APC01' },
	deliveryContactInfo: { holdAtLocation: true, locationCode: 'FDX-NAPA-7' },
};
const orderFields = { poNo: 'PO-77', tags: 'vip, club' };
/** The wire members the groups above are sent as. */
const billingSent = { Company: 'Lovelace LLC', City: 'Sonoma' };
const shipmentSent = { ShippingCarrier: 'FEX', ShippingCarrierService: '2DAY', IcePack: 1, ServiceWarehouseLocation: 'APC01' };
const json = '{"OrderInfo": {"OrderSource": "web"}}';

function order(orderNo: string, extra: INodeParameters): INodeParameters {
	return salesOrder('create', {
		orderNo,
		orderType: 'RETAIL',
		itemsInput: 'fields',
		items: { item: [{ itemNo: SKU_A, itemQuantity: 2 }] },
		recipientContactInfo,
		...extra,
	});
}

/** The top-level parameters a node of this version shows for an operation, with their defaults. */
function shown(typeVersion: number, operation: string): string[] {
	const values = NodeHelpers.getNodeParameters(
		description.properties,
		{ resource: 'salesOrder', operation },
		true,
		false,
		{ typeVersion } as INode,
		description,
	)!;
	return Object.keys(values);
}

describe('Sales Order → Create, version 2', () => {
	it('shows the required fields, the recipient and one Additional Fields collection; version 1 keeps every group at the top', () => {
		expect(shown(2, 'create')).toEqual([
			'resource',
			'operation',
			'orderNo',
			'orderType',
			'itemsInput',
			'items',
			'recipientContactInfo',
			'additionalFields',
			'sendOnce',
			'sendOnceOptions',
			'options',
		]);
		expect(shown(1, 'create')).toEqual([
			'resource',
			'operation',
			'orderNo',
			'orderType',
			'itemsInput',
			'items',
			'recipientContactInfo',
			'billingContactInfo',
			'shipmentInfo',
			'deliveryContactInfo',
			'additionalFields',
			'holdOrder',
			'additionalJson',
			'sendOnce',
			'sendOnceOptions',
			'requestOptions',
		]);
		expect(shown(2, 'batchCreate')).not.toContain('billingContactInfo');
		expect(shown(2, 'batchCreate')).not.toContain('additionalJson');
	});

	it('sends the groups set in Additional Fields exactly as version 1 sends them from the top', async () => {
		const v1 = await fx.run(
			actionWorkflow(order('WEB-V1', { ...groups, additionalFields: orderFields, holdOrder: true, additionalJson: json })),
		);
		const v2 = await fx.run(
			actionWorkflow(order('WEB-V2', { additionalFields: { ...orderFields, ...groups, holdOrder: true, additionalJson: json } }), {
				typeVersion: 2,
			}),
		);
		expect(v1.error).toBeUndefined();
		expect(v2.error).toBeUndefined();
		const [first, second] = (await fx.control.requests('CreateSalesOrder')).map((r) => r.body as { OrderInfo: { OrderNo: string } });
		expect(second.OrderInfo.OrderNo).toBe('WEB-V2');
		expect({ ...second, OrderInfo: { ...second.OrderInfo, OrderNo: 'WEB-V1' } }).toEqual(first);
		expect(first).toMatchObject({
			OrderInfo: { OrderNo: 'WEB-V1', PONo: 'PO-77', Tags: 'vip;club', OrderSource: 'web' },
			BillingContactInfo: billingSent,
			ShipmentInfo: shipmentSent,
			DeliveryContactInfo: { HoldAtLocation: 1, LocationCode: 'FDX-NAPA-7' },
			HoldOrder: true,
		});
		// none of the groups leaks into OrderInfo
		expect(Object.keys(second.OrderInfo).sort()).toEqual(['OrderNo', 'OrderSource', 'OrderType', 'PONo', 'Tags']);
	});

	it('a bad value in a group inside Additional Fields is refused before anything is sent, named as the panel names it', async () => {
		const run = await fx.run(
			actionWorkflow(order('WEB-V2-BAD', { additionalFields: { shipmentInfo: { shippingCarrier: 'FEX', requestedShipmentDate: 'soon' } } }), {
				typeVersion: 2,
			}),
		).catch((error: Error) => ({ error }));
		expect(run.error?.message).toMatch(/Shipment → Requested Shipment Date/);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('Batch Create reads the groups of each order from Additional Fields too', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('batchCreate', {
					orderNo: 'WEB-B2',
					orderType: 'RETAIL',
					itemsInput: 'fields',
					items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
					recipientContactInfo,
					additionalFields: { shipmentInfo: groups.shipmentInfo, additionalJson: json },
				}),
				{ typeVersion: 2 },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('BatchSalesOrder');
		const [entry] = (sent.body as { SalesOrdersInfo: unknown[] }).SalesOrdersInfo;
		expect(entry).toMatchObject({ ShipmentInfo: shipmentSent, OrderInfo: { OrderNo: 'WEB-B2', OrderSource: 'web' } });
		expect(entry).not.toHaveProperty('OrderInfo.shipmentInfo');
	});
});

describe('Sales Order → Update, version 2', () => {
	it('shows the locator, one Update Fields collection, the items and the hold; version 1 keeps the groups at the top', () => {
		const v2 = shown(2, 'update');
		expect(v2.filter((name) => /ContactInfo|shipmentInfo|additionalJson/.test(name))).toEqual([]);
		expect(v2).toContain('updateFields');
		expect(shown(1, 'update')).toEqual(expect.arrayContaining(['recipientContactInfo', 'billingContactInfo', 'shipmentInfo', 'deliveryContactInfo', 'additionalJson']));
	});

	it('sends the contacts, shipment and JSON set in Update Fields as version 1 sends them from the top', async () => {
		const trn1 = await createOrder(fx, { OrderNo: 'U2-1', items: [line(SKU_A, 1)] });
		const trn2 = await createOrder(fx, { OrderNo: 'U2-2', items: [line(SKU_A, 1)] });
		const changes = {
			recipientContactInfo: { address2: 'Suite 5' },
			billingContactInfo: { company: 'Lovelace LLC' },
			shipmentInfo: { icePack: true },
			additionalJson: '{"OrderInfo": {"OrderSource": "web"}}',
		};
		const locate = (trn: string) => ({ locateBy: 'transactionReferenceNumber', transactionReferenceNumber: trn });
		const v1 = await fx.run(actionWorkflow(salesOrder('update', { ...locate(trn1), updateFields: { poNo: 'PO-9' }, ...changes })));
		const v2 = await fx.run(
			actionWorkflow(salesOrder('update', { ...locate(trn2), updateFields: { poNo: 'PO-9', ...changes } }), { typeVersion: 2 }),
		);
		expect(v1.error).toBeUndefined();
		expect(v2.error).toBeUndefined();
		const [first, second] = (await fx.control.requests('UpdateSalesOrder')).map((r) => r.body);
		expect(first).toEqual({
			TransactionReferenceNumber: trn1,
			OrderInfo: { PONo: 'PO-9', OrderSource: 'web' },
			RecipientContactInfo: { Address2: 'Suite 5' },
			BillingContactInfo: { Company: 'Lovelace LLC' },
			ShipmentInfo: { IcePack: 1 },
		});
		expect(second).toEqual({ ...first, TransactionReferenceNumber: trn2 });
	});
});
