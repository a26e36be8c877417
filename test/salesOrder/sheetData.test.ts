// Sales Order Create / Update / Cancel with the data a merchant's sheets and store mappings bring: blanks, numbers as
// text, lines as JSON, choices with stray spaces, odd dates and ZIP codes (bug hunt 8).
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, SKU_B, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

async function run(operation: string, params: Record<string, unknown>, options: ActionWorkflowOptions = {}) {
	const result = await fx.run(actionWorkflow(salesOrder(operation, params), options));
	const sent = await fx.control.requests();
	return { result, sent, bodies: sent.map((s) => s.body as IDataObject) };
}

/** A Create with one JSON line; `extra` adds or replaces parameters. */
const order = (extra: Record<string, unknown> = {}) => ({
	orderNo: 'WEB-1',
	orderType: 'RETAIL',
	itemsInput: 'json',
	itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: 1 }]),
	...extra,
});

const jsonItems = (expression: string) => ({ itemsJson: `={{ ${expression} }}` });

describe('Create refuses Items Input "keep" (only an update offers it)', () => {
	// A value that is not one of the field's options (e.g. from an expression) is refused before any request; Create's
	// Items Input is *Using Fields Below* or *Using JSON*, "updates add Keep Current Items" (README). Read as "keep", the
	// order went without the items given.
	it('refuses Items Input "keep" on Create, naming the field, with nothing sent', async () => {
		const { result, sent } = await run('create', order({ itemsInput: '={{ "keep" }}' }));
		expect(sent).toHaveLength(0);
		expect(result.error?.message).toBe('Invalid "Items Input": must be one of fields, json (got "keep")');
	});
});

describe('a yes/no mapped from a cell of blanks is left empty', () => {
	// README "Update / text" paragraph: "Any other field left empty (a date, a choice, a yes/no …) … is not sent. In sales
	// orders …, text of only spaces (a mapped cell holding blanks) counts as left empty (… otherwise not sent; a required
	// field of spaces is refused as an empty one is)". Ice Pack of blanks was left out already; Hold Order was refused.
	it('Create: Hold Order "  " from a sheet is read as not set (order not held), not refused', async () => {
		const { result, bodies } = await run('create', order({ holdOrder: '={{ "  " }}' }));
		expect(result.error).toBeUndefined();
		expect(bodies).toHaveLength(1);
		expect(bodies[0].HoldOrder).toBeUndefined();
	});

	it('Cancel: Use Deprecated Cancel Path "  " is read as off, not refused', async () => {
		const trn = await createOrder(fx, { OrderNo: 'WEB-CXL', items: [line(SKU_A, 1)] });
		const { result, sent } = await run('cancel', {
			locateBy: 'transactionReferenceNumber',
			transactionReferenceNumber: trn,
			options: { deprecatedPath: '={{ "  " }}' },
		});
		expect(result.error).toBeUndefined();
		expect(sent.map((s) => s.path)).toContain('/api/SalesOrder/CancelSalesOrder');
	});
});

describe("empty members of Items (JSON) lines are not sent, as the table's are not", () => {
	// README: "In sales orders …, text of only spaces (a mapped cell holding blanks) counts as left empty (sent as "" where
	// an added empty field clears it, otherwise not sent …)", and "an expression that gives nothing, is not sent". The
	// same line in the items table (Using Fields Below) leaves out a blank Item Description and an empty Quantity Unit.
	it('Create: a store line with a blank description and an empty group sends neither member', async () => {
		const { result, bodies } = await run('create', order(jsonItems(`[{ItemNo: "${SKU_A}", ItemQuantity: 2, ItemDescription: "   ", Group: ""}]`)));
		expect(result.error).toBeUndefined();
		expect(bodies[0].ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2 }]);
	});

	it('Create: a store line whose description and unit are null (not in the store) is sent without them, not refused', async () => {
		const { result, bodies } = await run(
			'create',
			order(jsonItems(`[{ItemNo: "${SKU_A}", ItemQuantity: 2, ItemDescription: null, QuantityUnit: null}]`)),
		);
		expect(result.error).toBeUndefined();
		expect(bodies[0].ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2 }]);
	});

	it('Create: a store line whose unit is "" (no unit column value) is sent without QuantityUnit, as the table\'s "Default (Not Sent)"', async () => {
		const { result, bodies } = await run('create', order(jsonItems(`[{ItemNo: "${SKU_A}", ItemQuantity: 2, QuantityUnit: ""}]`)));
		expect(result.error).toBeUndefined();
		expect(bodies[0].ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2 }]);
	});
});

describe('Additional Fields (JSON) holding only white space adds nothing', () => {
	// README: "In sales orders …, text of only spaces … counts as left empty"; the field's default is '{}' and an empty
	// one sends nothing extra, as Items (JSON) of blanks reads as no items (Additional Fields of blanks failed the item).
	it('Create: Additional Fields (JSON) of a space and a line break adds nothing and the order is sent', async () => {
		const { result, bodies } = await run('create', order({ additionalJson: ' \n ' }));
		expect(result.error).toBeUndefined();
		expect(bodies).toHaveLength(1);
	});
});

describe('choices mapped from a sheet are read trimmed', () => {
	// README: "In sales orders … text is sent trimmed." Warehouse " APC01 " was trimmed and sent; Order Type " RETAIL " and
	// Carrier " FEX" from the same sheet were refused.
	it('Order Type " RETAIL " and Carrier " FEX" are read trimmed', async () => {
		const { result, bodies } = await run('create', order({ orderType: '={{ " RETAIL " }}', shipmentInfo: { shippingCarrier: '={{ " FEX" }}' } }));
		expect(result.error).toBeUndefined();
		expect((bodies[0].OrderInfo as IDataObject).OrderType).toBe('RETAIL');
		expect((bodies[0].ShipmentInfo as IDataObject).ShippingCarrier).toBe('FEX');
	});
});

describe('ugly inputs read as the README says', () => {
	it('items as one object (not a list) with quantity " 7 ", and as a string of JSON with "3"', async () => {
		const one = await run('create', order(jsonItems(`{ItemNo: "${SKU_A}", ItemQuantity: " 7 "}`)));
		expect(one.bodies[0].ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 7 }]);
		await fx.sandbox.reset({});
		const text = await run('create', order(jsonItems(`JSON.stringify([{ItemNo: "${SKU_A}", ItemQuantity: "3"}])`)));
		expect(text.bodies[0].ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 3 }]);
	});

	it.each([
		['"12.0"', '"12.0"'],
		['"1e3"', '"1e3"'],
		['2.5', '2.5'],
		['0', '0'],
		['-2', '-2'],
		['true', 'true'],
	])('quantity %s is refused naming the line, nothing sent', async (_label, quantity) => {
		const { result, sent } = await run('create', order(jsonItems(`[{ItemNo: "${SKU_B}", ItemQuantity: 1}, {ItemNo: "${SKU_A}", ItemQuantity: ${quantity}}]`)));
		expect(sent).toHaveLength(0);
		expect(result.error?.message).toMatch(/Items line 2 → Quantity/);
	});

	it('a null line is refused naming the line; duplicate SKUs are sent as given', async () => {
		const nulls = await run('create', order(jsonItems(`[null, {ItemNo: "${SKU_A}", ItemQuantity: 2}]`)));
		expect(nulls.sent).toHaveLength(0);
		expect(nulls.result.error?.message).toMatch(/Items line 1/);
		const dup = await run('create', order(jsonItems(`[{ItemNo: "${SKU_A}", ItemQuantity: 2}, {ItemNo: "${SKU_A}", ItemQuantity: 3}]`)));
		expect(dup.bodies[0].ItemsInfo).toHaveLength(2);
	});

	it.each(['"FALSE"', '"0"', '"no"', '0'])('Hold Order %s from a sheet does not hold the order', async (value) => {
		const { result, bodies } = await run('create', order({ holdOrder: `={{ ${value} }}` }));
		expect(result.error).toBeUndefined();
		expect(bodies[0].HoldOrder).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json.OnHold).toBe(false);
	});

	it('ZIP 2134 and 945581234 as numbers, a non-ASCII name and null city', async () => {
		const { bodies } = await run(
			'create',
			order({
				recipientContactInfo: { zipCode: '={{ 2134 }}', firstName: 'Zoë Ångström', city: '={{ null }}', country: '' },
				billingContactInfo: { zipCode: '={{ 945581234 }}' },
			}),
		);
		expect(bodies[0].RecipientContactInfo).toEqual({ FirstName: 'Zoë Ångström', ZipCode: '02134' });
		expect(bodies[0].BillingContactInfo).toEqual({ ZipCode: '94558-1234' });
	});

	it.each(['46082', '={{ 46082 }}', '3/8/26', '08.03.2026'])('ship date %s (Excel serial, 2-digit year, German) is refused before sending', async (value) => {
		const { result, sent } = await run('create', order({ shipmentInfo: { requestedShipmentDate: value } }));
		expect(sent).toHaveLength(0);
		expect(result.error?.message).toMatch(/Requested Shipment Date/);
	});

	it('ship date "3/8/2026" → 03/08/2026; order date "2026-03-08 10:00:00" (New York) → UTC', async () => {
		const { bodies } = await run(
			'create',
			order({ shipmentInfo: { requestedShipmentDate: '3/8/2026' }, additionalFields: { orderDate: '2026-03-08 10:00:00' } }),
		);
		expect((bodies[0].ShipmentInfo as IDataObject).RequestedShipmentDate).toBe('03/08/2026');
		expect((bodies[0].OrderInfo as IDataObject).OrderDate).toBe('2026-03-08T14:00:00Z');
	});

	it('Additional Fields (JSON) HoldOrder "false" replaces Hold Order on; output says not on hold', async () => {
		const { bodies, result } = await run('create', order({ holdOrder: true, additionalJson: '{"HoldOrder": "false"}' }));
		expect(bodies[0].HoldOrder).toBe(false);
		expect(result.output(ACTION_NODE)[0].json.OnHold).toBe(false);
	});

	it('Additional Fields (JSON) GiftCard 0 beside a Gift Card Message is refused; a message alone sends GiftCard 1', async () => {
		const refused = await run('create', order({ additionalFields: { giftCardMessage: 'Hi' }, additionalJson: '{"OrderInfo": {"GiftCard": 0}}' }));
		expect(refused.sent).toHaveLength(0);
		const sent = await run('create', order({ additionalFields: { giftCardMessage: 'Hi' } }));
		expect((sent.bodies[0].OrderInfo as IDataObject).GiftCard).toBe(1);
	});

	it('Update clears contact members mapped to null or blanks; Cancel trims a padded order number', async () => {
		const trn = await createOrder(fx, { OrderNo: 'WEB-77', items: [line(SKU_A, 1)] });
		const update = await run('update', {
			locateBy: 'transactionReferenceNumber',
			transactionReferenceNumber: trn,
			recipientContactInfo: { zipCode: '={{ null }}', address2: '={{ null }}', city: '  ' },
		});
		expect(update.bodies.at(-1)?.RecipientContactInfo).toEqual({ Address2: '', City: '', ZipCode: '' });
		const cancel = await run('cancel', { locateBy: 'orderNo', orderNo: '  WEB-77  ', options: { deprecatedPath: '={{ "FALSE" }}' } });
		expect(cancel.result.error).toBeUndefined();
		expect(cancel.bodies.at(-1)).toEqual({ OrderNumber: 'WEB-77' });
	});

	it('Update with Items (JSON) null is refused as an empty list', async () => {
		const trn = await createOrder(fx, { OrderNo: 'WEB-78', items: [line(SKU_A, 1)] });
		const { result, sent } = await run('update', {
			locateBy: 'transactionReferenceNumber',
			transactionReferenceNumber: trn,
			itemsInput: 'json',
			itemsJson: '={{ null }}',
		});
		expect(result.error?.message).toMatch(/Items.*empty/);
		expect(sent.filter((s) => s.path.endsWith('UpdateSalesOrder'))).toHaveLength(0);
	});
});
