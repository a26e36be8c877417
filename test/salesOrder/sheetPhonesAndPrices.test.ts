// Values as spreadsheets bring them (bug hunt 28): a phone number in a sheet's exponent form is refused before any request
// (its last digits are lost), and an exact 16-digit price is sent as its own digits, never rounded to another number.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox();

const order = (extra: Record<string, unknown> = {}) =>
	salesOrder('create', {
		orderNo: 'WEB-1',
		orderType: 'RETAIL',
		itemsInput: 'json',
		itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
		...extra,
	});

const EXPONENT_RULE = /exponent form/;

describe('a phone number in a sheet’s exponent form', () => {
	// Was (bug hunt 28): Excel shows a 12-digit (international) phone number as 4.41235E+11 and a CSV saved from it keeps that text:
	// its last digits are lost. The node refuses that form for identifiers and UPC codes ("its last digits are lost ...
	// format the column as text", README Errors and safety) but sends it as the recipient's phone, so the carrier gets
	// "4.41235E+11" and cannot reach the recipient. It should be refused before anything is sent, naming the field.
	it.each([['recipientContactInfo', 'Recipient (Ship-To)'], ['billingContactInfo', 'Billing Contact']])(
		'Create: %s → Phone "4.41235E+11" is refused, nothing sent',
		async (group, label) => {
			const result = await fx.run(actionWorkflow(order({ [group]: { phoneNumber: '={{ $json.phone }}' } }), { items: [{ phone: '4.41235E+11' }] }));
			const sent = await fx.control.requests();
			expect(sent.map((s) => (s.body as IDataObject)[group === 'recipientContactInfo' ? 'RecipientContactInfo' : 'BillingContactInfo'])).toEqual([]);
			expect(result.error?.message).toContain(label);
			expect(result.error?.message).toMatch(EXPONENT_RULE);
		},
	);
});

describe('a requestor phone number in a sheet’s exponent form', () => {
	// Was: as above, for SKU → Create's Requestor Phone Number: "4.41235E+11" from a CSV is sent as the requestor's phone.
	it('SKU → Create: Requestor Phone Number "4.41235E+11" is refused, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'sku', operation: 'create', requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana@example.com',
					requestorPhone: '={{ $json.phone }}', itemNo: 'RIES-2023', itemCategory: 'Merchandise' },
				{ items: [{ phone: '4.41235E+11' }] },
			),
		);
		const sent = await fx.control.requests();
		expect(sent.map((s) => (s.body as IDataObject).RequestorInfo)).toEqual([]);
		expect(result.error?.message).toContain('Requestor Phone Number');
		expect(result.error?.message).toMatch(EXPONENT_RULE);
	});
});

describe('Consumer Tax Collected / Consumer Shipping Price keep every digit of an exact number', () => {
	// Was: 1234567890123456 is an exact (safe) whole number, yet priceText rounds every number to 15 significant
	// digits and sends "1234567890123460": a value silently changed. README: prices are "sent as the decimal text the
	// interface types them as"; whole numbers "never rounded"; a number that cannot be kept exact is refused, not sent as
	// another number.
	it('a 16-digit exact number is sent as its own digits, never as another number', async () => {
		const result = await fx.run(actionWorkflow(order({ additionalFields: { consumerShippingPrice: '={{ 1234567890123456 }}' } })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		// was: "1234567890123460"
		expect((sent.body.OrderInfo as IDataObject).ConsumerShippingPrice).toBe('1234567890123456');
	});
});
