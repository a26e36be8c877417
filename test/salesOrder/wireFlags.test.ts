// The 0/1 flags a sales order's text implies, as the engine sends them: a Location Code means HoldAtLocation 1, a Gift Card
// Message means GiftCard 1 (interface: "HoldAtLocation ... 1 adds a hold-at-location address", "GiftCardMessage required
// when GiftCard is 1"). n8n sends only the options added to a collection, so a default of the panel never reaches the wire:
// the node adds the flag itself, and refuses the flag set off beside the text. Additional Fields (JSON) is checked by the
// same rule (it is merged before the check). And Generate JIT Label's Accept: the document type, JSON after it.
import type { RunResult } from '../harness/harness';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

const ITEMS = { items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] } };
const create = (params: Record<string, unknown>, typeVersion?: number) =>
	actionWorkflow(salesOrder('create', { orderNo: 'FL-1', orderType: 'RETAIL', ...ITEMS, ...params }), typeVersion ? { typeVersion } : {});

async function sentBody(path: string) {
	const sent = await fx.control.requests(path);
	expect(sent).toHaveLength(1);
	return sent[0].body as Record<string, Record<string, unknown>>;
}

/** A refusal before any request, naming both fields and the rule. */
async function expectRefused(result: RunResult, fields: string[], rule: RegExp) {
	expect(result.error?.message).toMatch(/^Invalid "/);
	for (const field of fields) expect(result.error?.message).toContain(field);
	expect(result.error?.message).toMatch(rule);
	expect(result.error?.description ?? '').toContain('Nothing was sent');
}

describe('Delivery Contact: a Location Code means Hold at Location (HoldAtLocation 1)', () => {
	it('Create: a Location Code added alone is sent with HoldAtLocation 1', async () => {
		const result = await fx.run(create({ deliveryContactInfo: { locationCode: 'FDX-NAPA-7' } }));
		expect(result.error).toBeUndefined();
		expect((await sentBody('CreateSalesOrder')).DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'FDX-NAPA-7' });
	});

	it('Create (version 2, in Additional Fields): the same', async () => {
		const result = await fx.run(create({ additionalFields: { deliveryContactInfo: { locationCode: 'FDX-NAPA-7' } } }, 2));
		expect(result.error).toBeUndefined();
		expect((await sentBody('CreateSalesOrder')).DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'FDX-NAPA-7' });
	});

	it('Update Addresses: a Location Code added alone is sent with HoldAtLocation 1', async () => {
		const trn = await createOrder(fx, { OrderNo: 'FL-UA', items: [line(SKU_A, 1)] });
		const result = await fx.run(actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, deliveryContactInfo: { locationCode: 'UPS-AP-55' } })));
		expect(result.error).toBeUndefined();
		expect((await sentBody('Addresses')).DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'UPS-AP-55' });
	});

	it('Update: a Location Code added alone is sent with HoldAtLocation 1', async () => {
		const trn = await createOrder(fx, { OrderNo: 'FL-U', items: [line(SKU_A, 1)] });
		const result = await fx.run(actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, deliveryContactInfo: { locationCode: 'UPS-AP-55' } })));
		expect(result.error).toBeUndefined();
		expect((await sentBody('UpdateSalesOrder')).DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'UPS-AP-55' });
	});

	it('Additional Fields (JSON) is checked by the same rule: a LocationCode given there alone gets HoldAtLocation 1', async () => {
		const result = await fx.run(create({ additionalJson: '{"DeliveryContactInfo": {"LocationCode": "JSON-LOC"}}' }));
		expect(result.error).toBeUndefined();
		expect((await sentBody('CreateSalesOrder')).DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'JSON-LOC' });
	});

	it('Hold at Location on with a Location Code, or off alone, or off with the code cleared, is sent as given', async () => {
		await fx.run(create({ deliveryContactInfo: { holdAtLocation: true, locationCode: 'L-1' } }));
		await fx.run(create({ orderNo: 'FL-2', deliveryContactInfo: { holdAtLocation: false } }));
		await fx.run(create({ orderNo: 'FL-3', deliveryContactInfo: { holdAtLocation: '={{ false }}', locationCode: '  ' } }));
		const sent = await fx.control.requests('CreateSalesOrder');
		expect(sent.map((r) => r.body.DeliveryContactInfo)).toEqual([
			{ HoldAtLocation: 1, LocationCode: 'L-1' },
			{ HoldAtLocation: 0 },
			// a code of blanks is left empty: not sent at create (hunt 6), and not refused beside Hold at Location off
			{ HoldAtLocation: 0 },
		]);
	});

	it.each([
		['Create, Hold at Location off', { deliveryContactInfo: { holdAtLocation: false, locationCode: 'L-1' } }],
		['Create, Hold at Location "false" from an expression', { deliveryContactInfo: { holdAtLocation: '={{ "false" }}', locationCode: 'L-1' } }],
		['Create, HoldAtLocation 0 in Additional Fields (JSON)', { deliveryContactInfo: { locationCode: 'L-1' }, additionalJson: '{"DeliveryContactInfo": {"HoldAtLocation": 0}}' }],
	])('%s with a Location Code is refused before sending, naming both fields', async (_name, params) => {
		const result = await fx.run(create(params));
		await expectRefused(result, ['Hold at Location', 'Location Code'], /location code only means something with hold at location/i);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('Update Addresses: Hold at Location off with a Location Code is refused before sending', async () => {
		const trn = await createOrder(fx, { OrderNo: 'FL-UR', items: [line(SKU_A, 1)] });
		const before = (await fx.control.requests()).length;
		const result = await fx.run(
			actionWorkflow(salesOrder('updateAddresses', { transactionReferenceNumber: trn, deliveryContactInfo: { holdAtLocation: false, locationCode: 'UPS-AP-55' } })),
		);
		await expectRefused(result, ['Delivery Location → Hold at Location', 'Location Code'], /location code only means something with hold at location/i);
		expect(await fx.control.requests()).toHaveLength(before);
	});
});

describe('Gift Card: a Gift Card Message means Gift Card (GiftCard 1)', () => {
	it('Create: a Gift Card Message added alone is sent with GiftCard 1', async () => {
		const result = await fx.run(create({ additionalFields: { giftCardMessage: 'Enjoy!' } }));
		expect(result.error).toBeUndefined();
		expect((await sentBody('CreateSalesOrder')).OrderInfo).toEqual({ OrderNo: 'FL-1', OrderType: 'RETAIL', GiftCard: 1, GiftCardMessage: 'Enjoy!' });
	});

	it('Additional Fields (JSON) is checked by the same rule: a GiftCardMessage given there alone gets GiftCard 1', async () => {
		const result = await fx.run(create({ additionalJson: '{"OrderInfo": {"GiftCardMessage": "From JSON"}}' }));
		expect(result.error).toBeUndefined();
		expect((await sentBody('CreateSalesOrder')).OrderInfo).toMatchObject({ GiftCard: 1, GiftCardMessage: 'From JSON' });
	});

	it('Update: a Gift Card Message added alone is sent with GiftCard 1; one added and left empty is cleared, without GiftCard', async () => {
		const trn = await createOrder(fx, { OrderNo: 'FL-GU', items: [line(SKU_A, 1)] });
		await fx.run(actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, updateFields: { giftCardMessage: 'Cheers' } })));
		await fx.run(actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, updateFields: { giftCardMessage: '' } })));
		await fx.run(actionWorkflow(salesOrder('update', { transactionReferenceNumber: trn, updateFields: { giftCard: false, giftCardMessage: '' } })));
		const sent = await fx.control.requests('UpdateSalesOrder');
		expect(sent.map((r) => r.body.OrderInfo)).toEqual([
			{ GiftCard: 1, GiftCardMessage: 'Cheers' },
			{ GiftCardMessage: '' },
			{ GiftCard: 0, GiftCardMessage: '' },
		]);
	});

	it('Batch Create: an entry with a Gift Card Message alone is sent with GiftCard 1', async () => {
		const result = await fx.run(
			actionWorkflow(
				salesOrder('batchCreate', {
					orderNo: '={{ $json.OrderNo }}',
					orderType: 'RETAIL',
					itemsInput: 'json',
					itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}]`,
					additionalFields: { giftCardMessage: '={{ $json.note }}' },
				}),
				{ items: [{ OrderNo: 'FL-B1', note: 'Happy birthday' }, { OrderNo: 'FL-B2', note: '' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const entries = (await sentBody('BatchSalesOrder')).SalesOrdersInfo as unknown as Array<{ OrderInfo: Record<string, unknown> }>;
		expect(entries.map((e) => e.OrderInfo)).toEqual([
			{ OrderNo: 'FL-B1', OrderType: 'RETAIL', GiftCard: 1, GiftCardMessage: 'Happy birthday' },
			{ OrderNo: 'FL-B2', OrderType: 'RETAIL' },
		]);
	});

	it.each([
		['Create, Gift Card off', () => create({ additionalFields: { giftCard: false, giftCardMessage: 'Enjoy!' } })],
		['Create, GiftCard 0 in Additional Fields (JSON)', () => create({ additionalFields: { giftCardMessage: 'Enjoy!' }, additionalJson: '{"OrderInfo": {"GiftCard": 0}}' })],
		['Update, Gift Card off', () => actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'FL-X', updateFields: { giftCard: false, giftCardMessage: 'Hi' } }))],
	])('%s with a message is refused before sending, naming both fields', async (_name, workflow) => {
		const result = await fx.run(workflow());
		await expectRefused(result, ['Gift Card', 'Gift Card Message'], /message only (goes|is sent) with (a )?gift card|GiftCard 1/i);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Generate JIT Label: Accept names the document type, then JSON', () => {
	it('asks for the document first and a JSON answer carrying it second; every other request asks for JSON', async () => {
		const trn = await createOrder(fx, { OrderNo: 'FL-JIT', items: [line(SKU_A, 1)] });
		const pdf = await fx.run(actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, labelType: 'Label', format: 'PDF' })));
		const png = await fx.run(actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, labelType: 'Label', format: 'PNG' })));
		expect(pdf.error).toBeUndefined();
		expect(png.error).toBeUndefined();
		expect(png.output(ACTION_NODE)[0].binary!.data.mimeType).toBe('image/png');
		expect((await fx.control.requests('GenerateJitLabel')).map((r) => r.accept)).toEqual([
			'application/pdf, application/json;q=0.9',
			'image/png, application/json;q=0.9',
		]);
		expect((await fx.control.requests('CreateSalesOrder')).map((r) => r.accept)).toEqual(['application/json']);
	});
});
