// Hunt 6, sales order fields from a sheet, end to end through n8n's engine against the sandbox: text of only spaces (a
// mapped cell holding blanks) counts as left empty, as in purchase orders, transfer orders and SKUs. Create leaves it
// out (a required field of blanks is refused as an empty one is); Update and Update Addresses send it as the clear ""
// where a field added and left empty clears it, and leave out the rest (dates, choices). Text is sent trimmed.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, orderIn, salesOrder } from './helpers';

const fx = useSandbox();

/** One run of a Sales Order operation over input items (a sheet's rows). */
const run = (operation: string, parameters: Record<string, unknown>, items?: IDataObject[]) =>
	fx.run(actionWorkflow(salesOrder(operation, parameters), { items }));

const oneItem = { itemsInput: 'json', itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}]` };

/** Creates an order shipping to "1 Old Street, Suite 5", for Acme, with a note and a PO number; gives its transaction reference. */
async function existingOrder(orderNo: string): Promise<string> {
	const result = await run('create', {
		orderNo,
		orderType: 'RETAIL',
		recipientContactInfo: { firstName: 'Ana', company: 'Acme', address: '1 Old Street', address2: 'Suite 5', city: 'Napa' },
		additionalFields: { specialInstructions: 'Ring twice', poNo: 'PO-0', giftCardMessage: 'Cheers' },
		deliveryContactInfo: { locationCode: 'LOC-1' },
		...oneItem,
	});
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
	return result.output(ACTION_NODE)[0].json.TransactionReferenceNumber as string;
}

const stored = (trn: string) => orderIn(fx, trn).request as Record<string, IDataObject>;

describe('Sales Order → Update: a field of blanks counts as left empty, text is trimmed', () => {
	it('Special Instructions and Address Line 2 of spaces are cleared (""), not overwritten with spaces; PO Number and City trimmed', async () => {
		const trn = await existingOrder('SB-1');
		const result = await run(
			'update',
			{
				locateBy: 'orderNo',
				orderNo: 'SB-1',
				updateFields: { specialInstructions: '={{ $json.note }}', poNo: '={{ $json.po }}' },
				recipientContactInfo: { address2: '={{ $json.line2 }}', city: '={{ $json.city }}' },
			},
			[{ note: '   ', po: ' PO-1 ', line2: '  ', city: ' Sonoma ' }],
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({
			OrderInfo: { OrderNo: 'SB-1', PONo: 'PO-1', SpecialInstructions: '' },
			RecipientContactInfo: { Address2: '', City: 'Sonoma' },
		});
		expect(stored(trn).OrderInfo).toMatchObject({ PONo: 'PO-1', SpecialInstructions: '' });
		expect(stored(trn).RecipientContactInfo).toMatchObject({ Address: '1 Old Street', Address2: '', City: 'Sonoma' });
	});

	it('a Gift Card Message of spaces is sent as "" to clear it, as an empty one is (no Gift Card implied)', async () => {
		const trn = await existingOrder('SB-2');
		const result = await run('update', { transactionReferenceNumber: trn, updateFields: { giftCardMessage: '={{ $json.msg }}' } }, [{ msg: '  ' }]);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, OrderInfo: { GiftCardMessage: '' } });
	});

	it('a date or a choice of spaces is not sent: with nothing else, "Nothing to update"', async () => {
		const trn = await existingOrder('SB-3');
		const result = await run(
			'update',
			{
				transactionReferenceNumber: trn,
				updateFields: { orderDate: '={{ $json.day }}' },
				shipmentInfo: { requestedShipmentDate: '={{ $json.day }}', shippingCarrier: '={{ $json.day }}' },
			},
			[{ day: '   ' }],
		);
		expect(result.error?.message).toBe('Nothing to update: no field was set');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(0);
	});

	it('replacement items from the table: an Item Description of spaces is not sent, one with spaces around is trimmed', async () => {
		const trn = await existingOrder('SB-4');
		const result = await run(
			'update',
			{
				transactionReferenceNumber: trn,
				itemsInput: 'fields',
				items: {
					item: [
						{ itemNo: SKU_A, itemQuantity: 2, itemOptions: { itemDescription: '={{ $json.a }}', group: '={{ $json.b }}' } },
					],
				},
			},
			[{ a: '   ', b: ' gift ' }],
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body.ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2, Group: 'gift' }]);
	});
});

describe('Sales Order → Update Addresses: a field of blanks counts as left empty, text is trimmed', () => {
	it('Company " ACME " is sent trimmed, Address Line 2 and Location Code of spaces are cleared ("")', async () => {
		const trn = await existingOrder('SB-5');
		const result = await run(
			'updateAddresses',
			{
				transactionReferenceNumber: trn,
				recipientContactInfo: { company: '={{ $json.company }}', address2: '={{ $json.line2 }}' },
				deliveryContactInfo: { locationCode: '={{ $json.line2 }}' },
			},
			[{ company: ' ACME ', line2: '  ' }],
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body).toEqual({
			TransactionReferenceNumber: trn,
			RecipientContactInfo: { Company: 'ACME', Address2: '' },
			DeliveryContactInfo: { LocationCode: '' },
		});
		expect(stored(trn).RecipientContactInfo).toMatchObject({ Company: 'ACME', Address: '1 Old Street', Address2: '' });
	});
});

describe('Sales Order → Create: a field of blanks is left out, text is trimmed', () => {
	it('contacts, order info, shipment and item options of spaces are not sent; the others go out trimmed', async () => {
		const result = await run(
			'create',
			{
				orderNo: '={{ $json.no }}',
				orderType: 'RETAIL',
				recipientContactInfo: { firstName: '={{ $json.name }}', company: '={{ $json.blank }}', address: '={{ $json.street }}', address2: '={{ $json.blank }}', zipCode: '={{ $json.blank }}' },
				billingContactInfo: { company: '={{ $json.blank }}' },
				additionalFields: {
					specialInstructions: '={{ $json.blank }}',
					poNo: '={{ $json.po }}',
					tags: '={{ $json.blank }}',
					orderDate: '={{ $json.blank }}',
				},
				shipmentInfo: { requestedShipmentDate: '={{ $json.blank }}', serviceWarehouseLocation: '={{ $json.blank }}' },
				deliveryContactInfo: { locationCode: '={{ $json.blank }}' },
				itemsInput: 'fields',
				items: { item: [{ itemNo: SKU_A, itemQuantity: 1, itemOptions: { itemDescription: '={{ $json.blank }}', externalLineNumber: '={{ $json.po }}' } }] },
			},
			[{ no: ' SB-6 ', name: ' Ana ', street: ' 1 Old Street ', po: ' PO-1 ', blank: '   ' }],
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body).toEqual({
			OrderInfo: { OrderNo: 'SB-6', OrderType: 'RETAIL', PONo: 'PO-1' },
			RecipientContactInfo: { FirstName: 'Ana', Address: '1 Old Street' },
			ItemsInfo: [{ ItemNo: SKU_A, ItemQuantity: 1, ExternalLineNumber: 'PO-1' }],
		});
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ OrderNo: 'SB-6', OrderType: 'RETAIL' });
	});

	it.each([
		['Order Type', 'orderType'],
		['Order Number', 'orderNo'],
	])('a required %s of spaces is refused naming the field, as an empty one is; nothing sent', async (field, name) => {
		const refusal = async (value: string) => {
			const result = await run('create', { orderNo: 'SB-7', orderType: 'RETAIL', ...oneItem, [name]: '={{ $json.value }}' }, [{ value }]);
			return result.error?.message;
		};
		const empty = await refusal('');
		expect(empty).toMatch(new RegExp(`^Invalid "${field}": `));
		expect(await refusal('   ')).toBe(empty);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});

	it('Gift Card on with a message of spaces is refused naming Gift Card Message, nothing sent', async () => {
		const result = await run('create', { orderNo: 'SB-8', orderType: 'RETAIL', ...oneItem, additionalFields: { giftCard: true, giftCardMessage: '={{ $json.msg }}' } }, [
			{ msg: '   ' },
		]);
		expect(result.error?.message).toBe('Invalid "Gift Card Message": is required when Gift Card is on (GiftCard 1)');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});
