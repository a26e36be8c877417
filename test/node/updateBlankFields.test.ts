// Updates clear a text field the user added and left empty ("" or null, e.g. a blank Address Line 2): sent as "", never dropped.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { skus } from '../sandbox/stores';
import { SKU_A, orderIn, salesOrder } from '../salesOrder/helpers';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 48 });

/** Creates an order shipping to "1 Old Street, Suite 5, Napa", billed to Acme, with a note; gives its transaction reference. */
async function orderWithSuite(orderNo: string): Promise<string> {
	const result = await fx.run(
		actionWorkflow(
			salesOrder('create', {
				orderNo,
				orderType: 'RETAIL',
				recipientContactInfo: { firstName: 'Ana', address: '1 Old Street', address2: 'Suite 5', city: 'Napa', state: 'CA', zipCode: '94558' },
				billingContactInfo: { firstName: 'Ana', company: 'Acme Cellars' },
				additionalFields: { specialInstructions: 'Ring twice', tags: 'vip;club' },
				itemsInput: 'json',
				itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}]`,
			}),
		),
	);
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
	return result.output(ACTION_NODE)[0].json.TransactionReferenceNumber as string;
}

/** The order as the sandbox holds it after the updates (the create request with the updates merged in). */
const stored = (trn: string) => orderIn(fx, trn).request as { RecipientContactInfo: IDataObject; BillingContactInfo: IDataObject; OrderInfo: IDataObject };

// a store's address-updated webhook, mapped field by field: the new address has no second line
const mapped = { address: '={{ $json.address1 }}', address2: '={{ $json.address2 }}', city: '={{ $json.city }}', zipCode: '={{ $json.zip }}' };
const moved = (address2: string | null) => ({ address1: '9 Vine Road', address2, city: 'Sonoma', zip: '95476' });

describe('Sales Order → Update Addresses: a text field added and left empty clears it', () => {
	it.each([
		['mapped to ""', ''],
		['mapped to null (as Shopify sends a missing line)', null],
	])('Address Line 2 %s is sent as "", so the order no longer ships to the old suite', async (_case, address2) => {
		const trn = await orderWithSuite('BL-1');
		const result = await fx.run(
			actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, recipientContactInfo: mapped }), { items: [moved(address2)] }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body).toEqual({
			TransactionReferenceNumber: trn,
			RecipientContactInfo: { Address: '9 Vine Road', Address2: '', City: 'Sonoma', ZipCode: '95476' },
		});
		expect(stored(trn).RecipientContactInfo).toMatchObject({ Address: '9 Vine Road', Address2: '', City: 'Sonoma', State: 'CA' });
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ TransactionReferenceNumber: trn, Updated: ['RecipientContactInfo'] });
	});

	it('a field not added to the collection is still not sent (the order keeps it)', async () => {
		const trn = await orderWithSuite('BL-2');
		const result = await fx.run(actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, recipientContactInfo: { city: 'Sonoma' } })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, RecipientContactInfo: { City: 'Sonoma' } });
		expect(stored(trn).RecipientContactInfo).toMatchObject({ Address2: 'Suite 5', City: 'Sonoma' });
	});

	it('an expression that gives nothing (a key the input item lacks) leaves the field out: the order keeps it', async () => {
		const trn = await orderWithSuite('BL-8');
		const result = await fx.run(
			actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, recipientContactInfo: { address2: '={{ $json.line2 }}', city: 'Sonoma' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body.RecipientContactInfo).toEqual({ City: 'Sonoma' });
		expect(stored(trn).RecipientContactInfo.Address2).toBe('Suite 5');
	});

	it('a blanked Location Code is sent as "" beside Hold at Location', async () => {
		const trn = await orderWithSuite('BL-3');
		const result = await fx.run(
			actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, deliveryContactInfo: { holdAtLocation: false, locationCode: '' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body.DeliveryContactInfo).toEqual({ HoldAtLocation: 0, LocationCode: '' });
	});
});

describe('Sales Order → Update: text fields added and left empty are cleared', () => {
	it('a blank Address Line 2, Billing Company, Special Instructions and Tags are sent as "" and cleared in the order', async () => {
		const trn = await orderWithSuite('BL-4');
		const result = await fx.run(
			actionWorkflow(
				salesOrder('update', {
					transactionReferenceNumber: trn,
					recipientContactInfo: mapped,
					billingContactInfo: { company: '={{ $json.company }}' },
					updateFields: { specialInstructions: '={{ $json.note }}', tags: '={{ $json.tags }}' },
				}),
				{ items: [{ ...moved(''), company: null, note: '', tags: [] }] },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({
			TransactionReferenceNumber: trn,
			OrderInfo: { SpecialInstructions: '', Tags: '' },
			RecipientContactInfo: { Address: '9 Vine Road', Address2: '', City: 'Sonoma', ZipCode: '95476' },
			BillingContactInfo: { Company: '' },
		});
		expect((result.output(ACTION_NODE)[0].json.UpdatedMembers as string[]).sort()).toEqual([
			'BillingContactInfo',
			'OrderInfo.SpecialInstructions',
			'OrderInfo.Tags',
			'RecipientContactInfo',
		]);
		const order = stored(trn);
		expect(order.RecipientContactInfo.Address2).toBe('');
		expect(order.BillingContactInfo.Company).toBe('');
		expect(order.OrderInfo).toMatchObject({ SpecialInstructions: '', Tags: '' });
	});

	it('version 2 (the groups inside Update Fields) clears the same way', async () => {
		const trn = await orderWithSuite('BL-5');
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, updateFields: { recipientContactInfo: { address2: '' } } }), { typeVersion: 2 }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, RecipientContactInfo: { Address2: '' } });
	});

	it('a date, a yes/no or a choice left empty is not sent: with nothing else, "Nothing to update"', async () => {
		const trn = await orderWithSuite('BL-6');
		const result = await fx.run(
			actionWorkflow(
				salesOrder('update', {
					transactionReferenceNumber: trn,
					updateFields: { orderDate: '={{ $json.day }}' },
					shipmentInfo: { requestedShipmentDate: '={{ $json.day }}', shippingCarrier: '={{ $json.day }}' },
				}),
				{ items: [{ day: '' }] },
			),
		);
		expect(result.error?.message).toBe('Nothing to update: no field was set');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
	});

	it('Create still leaves out a field left empty', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('create', {
					orderNo: 'BL-7',
					orderType: 'RETAIL',
					recipientContactInfo: { address: '1 Old Street', address2: '' },
					additionalFields: { specialInstructions: '' },
					itemsInput: 'json',
					itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}]`,
				}),
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body.RecipientContactInfo).toEqual({ Address: '1 Old Street' });
		expect(sent.body.OrderInfo).toEqual({ OrderNo: 'BL-7', OrderType: 'RETAIL' });
	});
});

describe('Purchase Order → Update: Reference Number and Special Instruction added and left empty are cleared', () => {
	it('sends them as "" (an update in itself), and leaves out a Requested Date left empty', async () => {
		const created = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder',
				operation: 'create',
				...purchaseHeader('PO-BL'),
				additionalFields: { referenceNo: 'R-1', specialInstruction: 'Dock 5' },
				items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 6 }] },
			} as INodeParameters),
		);
		expect(created.error).toBeUndefined();
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'purchaseOrder',
					operation: 'update',
					customerReferenceNo: 'PO-BL',
					updateFields: { referenceNo: '={{ $json.ref }}', specialInstruction: '={{ $json.note }}', requestedDate: '={{ $json.note }}' },
				} as INodeParameters,
				{ items: [{ ref: null, note: '' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdatePurchaseOrder');
		expect(sent.body).toEqual({ OrderInfo: { CustomerReferenceNo: 'PO-BL', ReferenceNo: '', SpecialInstruction: '' } });
		expect(purchaseOrders(fx.sandbox.state).get('PO-BL')?.info).toMatchObject({ ReferenceNo: '', SpecialInstruction: '', RequestedDate: '02/14/2026' });
	});
});

describe('Transfer Order → Update: Special Instruction added and left empty is cleared', () => {
	it('sends it as "", and leaves out the required contact and the provider\'s number when left empty', async () => {
		const created = await fx.run(
			actionWorkflow({
				resource: 'transferOrder',
				operation: 'create',
				...transferHeader('TR-BL'),
				additionalFields: { specialInstruction: 'Fragile' },
				items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 1 }] },
			} as INodeParameters),
		);
		expect(created.error).toBeUndefined();
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'transferOrder',
					operation: 'update',
					customerReferenceNo: 'TR-BL',
					updateFields: { specialInstruction: '={{ $json.note }}', firstName: '={{ $json.note }}', transferOrderNumber: '={{ $json.note }}' },
				} as INodeParameters,
				{ items: [{ note: '' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect(sent.body).toEqual({ TransferInfo: { CustomerReferenceNo: 'TR-BL', SpecialInstruction: '' } });
		expect(transferOrders(fx.sandbox.state).get('TR-BL')?.info).toMatchObject({ SpecialInstruction: '', FirstName: 'Ana' });
	});
});

describe('SKU → Update: a field left empty is not set', () => {
	const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana@example.com' };
	const update = (updateFields: IDataObject, row: IDataObject) =>
		actionWorkflow({ resource: 'sku', operation: 'update', itemNo: SKU_A, ...requestor, updateFields } as INodeParameters, { items: [row] });

	it('an empty Value from a sheet and nothing else: "Nothing to update", nothing sent', async () => {
		const result = await fx.run(update({ value: '={{ $json.price }}' }, { price: '' }));
		expect(result.error?.message).toBe('Nothing to update: add at least one field under "Update Fields"');
		expect(result.error?.description).toContain('Nothing was sent');
		expect(await fx.control.requests('UpdateSKU')).toHaveLength(0);
	});

	it('an empty Value beside a description: only the description is sent, the value kept', async () => {
		const before = skus(fx.sandbox.state).get(SKU_A)?.info.Value;
		const result = await fx.run(update({ value: '={{ $json.price }}', itemDescription: 'Cabernet 2021' }, { price: '' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSKU');
		expect(sent.body.SKUInfo).toEqual({ ItemNo: SKU_A, ItemDescription: 'Cabernet 2021' });
		expect(skus(fx.sandbox.state).get(SKU_A)?.info.Value).toBe(before);
	});

	it('a member given only in Additional Fields (JSON) is a change: sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'update', itemNo: SKU_A, ...requestor, additionalJson: '{"SKUInfo": {"Value": "12.00"}}' } as INodeParameters),
		);
		expect(result.error).toBeUndefined();
		expect((await fx.control.requests('UpdateSKU'))[0].body.SKUInfo).toEqual({ ItemNo: SKU_A, Value: '12.00' });
	});

	it('a member beside SKUInfo, given only in Additional Fields (JSON), is a change: sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'update', itemNo: SKU_A, ...requestor, additionalJson: '{"Notes": "recount"}' } as INodeParameters),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSKU');
		expect(sent.body.SKUInfo).toEqual({ ItemNo: SKU_A });
		expect(sent.body.Notes).toBe('recount');
	});
});
