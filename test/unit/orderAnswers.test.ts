// What the order operations put out for the answers the interface leaves open ("response body: not shown" for update,
// cancel and the inventory movement writes; Get Orders On Hold "a JSON array", which a provider may wrap): members of
// an object answer come out with the item, text or a number as a reference or ProviderAnswer, any other answer adds
// nothing. The sandbox answers one way each, so a
// fake provider gives the other shapes here, through the node's router as n8n calls it.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { router } from '../../nodes/WineFulfillment/actions/router';
import type { FakeAnswer, SentRequest } from './fakeContext';
import { fakeExecute } from './fakeExecute';

/** Runs the node once over one item with these parameters, every request answered with `answer`. */
async function run(
	params: IDataObject,
	answer: FakeAnswer | ((request: SentRequest) => FakeAnswer),
): Promise<{ out: INodeExecutionData[]; sent: SentRequest[] }> {
	const { ctx, sent } = fakeExecute({ params, answer: typeof answer === 'function' ? answer : () => answer });
	const [out] = await router.call(ctx);
	return { out, sent };
}

/** A JSON answer: `body` as its text, `null` included. */
const json = (body: unknown): FakeAnswer => ({ body: JSON.stringify(body) });

const ON_HOLD = { resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false };
const held = (OrderNo: string): IDataObject => ({ OrderNo, HoldReason: 'CREDIT' });

describe('Sales Order → Get Orders On Hold: the shapes of the answer', () => {
	it('the documented JSON array: one item per record', async () => {
		const { out } = await run(ON_HOLD, json([held('H-1'), held('H-2')]));
		expect(out.map((o) => o.json)).toEqual([held('H-1'), held('H-2')]);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	it('an object holding the list: one item per record of that list', async () => {
		const { out } = await run(ON_HOLD, json({ TotalRecordCount: 2, Orders: [held('H-1'), held('H-2')] }));
		expect(out.map((o) => o.json)).toEqual([held('H-1'), held('H-2')]);
	});

	it('one record as an object, without a list: one item', async () => {
		const { out } = await run(ON_HOLD, json(held('H-9')));
		expect(out.map((o) => o.json)).toEqual([held('H-9')]);
	});

	it('Limit applies to a list held in an object too', async () => {
		const { out } = await run({ ...ON_HOLD, returnAll: false, limit: 1 }, json({ Orders: [held('H-1'), held('H-2')] }));
		expect(out.map((o) => o.json.OrderNo)).toEqual(['H-1']);
	});

	it.each<[string, FakeAnswer]>([
		['null', json(null)],
		['nothing (an empty body)', { body: '' }],
	])('an answer of %s: no items', async (_case, answer) => {
		const { out, sent } = await run(ON_HOLD, answer);
		expect(sent).toHaveLength(1);
		expect(out).toEqual([]);
	});

	it.each<[string, FakeAnswer, string]>([
		['a number', json(3), 'The provider answered with number instead of OrderNo'],
		['text', json('no orders'), 'The provider answered with text instead of OrderNo'],
		['an error object', json({ Message: 'Service unavailable' }), 'The provider answered without OrderNo: Service unavailable'],
	])('an answer of %s is an error naming it, not an order on hold', async (_case, answer, message) => {
		const { ctx, sent } = fakeExecute({ params: ON_HOLD, answer: () => answer });
		const error = (await router.call(ctx).catch((e: unknown) => e)) as NodeApiError;
		expect(sent).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(message);
		// what n8n shows as the provider's answer in the error's details
		expect(error.errorResponse).toEqual({ message });
		// text itself shown (bug hunt 48)
		const said = typeof answer.body === 'string' && answer.body.startsWith('"') ? ` The provider's answer: ${answer.body}.` : '';
		expect(error.description).toBe(`Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again.${said} If it keeps happening, tell the provider what the message says.`);
	});
});

const UPDATE = {
	resource: 'salesOrder',
	operation: 'update',
	locateBy: 'orderNo',
	orderNo: 'UP-1',
	hold: 'release',
};

describe('Sales Order → Update: the answer', () => {
	it("an object answer's members come out with the update", async () => {
		const { out, sent } = await run(UPDATE, json({ TransactionReferenceNumber: 'TRN-UP-1', Status: 'Open' }));
		expect(sent[0].body).toMatchObject({ OrderInfo: { OrderNo: 'UP-1' }, HoldOrder: false });
		expect(out).toEqual([
			{
				json: { OrderNo: 'UP-1', Updated: true, UpdatedMembers: ['HoldOrder'], TransactionReferenceNumber: 'TRN-UP-1', Status: 'Open' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('an answer of text comes out as ProviderAnswer', async () => {
		const { out } = await run(UPDATE, json('OK'));
		expect(out.map((o) => o.json)).toEqual([{ OrderNo: 'UP-1', Updated: true, UpdatedMembers: ['HoldOrder'], ProviderAnswer: 'OK' }]);
	});

	it('an answer of nothing (an empty body) adds nothing to the output', async () => {
		const { out } = await run(UPDATE, { body: '' });
		expect(out.map((o) => o.json)).toEqual([{ OrderNo: 'UP-1', Updated: true, UpdatedMembers: ['HoldOrder'] }]);
	});

	// bug hunt 44: a whole number is read as the text of its digits is (withAnswer → textAnswer), not dropped
	it('an answer of a whole number comes out as its digits, as the same text answer does', async () => {
		const asNumber = await run(UPDATE, json(1));
		const asText = await run(UPDATE, { body: '1', headers: { 'content-type': 'text/plain' } });
		expect(asNumber.out.map((o) => o.json)).toEqual([{ OrderNo: 'UP-1', Updated: true, UpdatedMembers: ['HoldOrder'], TransactionReferenceNumber: '1' }]);
		expect(asText.out.map((o) => o.json)).toEqual(asNumber.out.map((o) => o.json));
	});
});

const UPDATE_ADDRESSES = {
	resource: 'salesOrder',
	operation: 'updateAddresses',
	locateBy: 'transactionReferenceNumber',
	transactionReferenceNumber: 'TRN-ADDR-1',
	recipientContactInfo: { firstName: 'Ada', lastName: 'Lovelace', address: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94559' },
};

describe('Sales Order → Update Addresses: the answer and what it says was updated', () => {
	it('only the recipient given: Updated names the recipient alone; an object answer comes out with it', async () => {
		const { out, sent } = await run(UPDATE_ADDRESSES, json({ Message: 'Addresses updated' }));
		expect(Object.keys(sent[0].body)).not.toContain('DeliveryContactInfo');
		expect(sent[0].body).toMatchObject({ TransactionReferenceNumber: 'TRN-ADDR-1', RecipientContactInfo: { FirstName: 'Ada' } });
		expect(out).toEqual([
			{
				json: { TransactionReferenceNumber: 'TRN-ADDR-1', Updated: ['RecipientContactInfo'], Message: 'Addresses updated' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('only the delivery contact given: Updated names it alone', async () => {
		const { recipientContactInfo, ...rest } = UPDATE_ADDRESSES;
		const { out } = await run({ ...rest, deliveryContactInfo: recipientContactInfo }, { body: '' });
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-ADDR-1', Updated: ['DeliveryContactInfo'] }]);
	});

	it('a text answer comes out as ProviderAnswer, after the node\'s own members', async () => {
		const { out } = await run(UPDATE_ADDRESSES, json('Success'));
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-ADDR-1', Updated: ['RecipientContactInfo'], ProviderAnswer: 'Success' }]);
	});
});

describe('Purchase and Transfer Order → Cancel: the answer', () => {
	it.each(['purchaseOrder', 'transferOrder'])("%s: an object answer's members come out with the cancel", async (resource) => {
		const { out, sent } = await run(
			{ resource, operation: 'cancel', customerReferenceNo: 'REF-9' },
			json({ TransactionReferenceNumber: 'TRN-C-9', Note: 'Cancelled by request' }),
		);
		expect(sent[0].body).toMatchObject({ CustomerReferenceNo: 'REF-9' });
		expect(out).toEqual([
			{
				json: { CustomerReferenceNo: 'REF-9', Outcome: 'cancelled', TransactionReferenceNumber: 'TRN-C-9', Note: 'Cancelled by request' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('the documented answer, the transaction reference as text, comes out as TransactionReferenceNumber', async () => {
		const { out } = await run({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: 'REF-10' }, json(' TRN-C-10 '));
		expect(out.map((o) => o.json)).toEqual([{ CustomerReferenceNo: 'REF-10', Outcome: 'cancelled', TransactionReferenceNumber: 'TRN-C-10' }]);
	});

	// bug hunts 43, 44: a result wrapped in a list of one is that result (oneResult); a longer list adds nothing
	it('a list of one is its entry; a longer list adds nothing to the output', async () => {
		const one = await run({ resource: 'transferOrder', operation: 'cancel', customerReferenceNo: 'REF-11' }, json(['TRN-C-11']));
		expect(one.out.map((o) => o.json)).toEqual([{ CustomerReferenceNo: 'REF-11', Outcome: 'cancelled', TransactionReferenceNumber: 'TRN-C-11' }]);
		const two = await run({ resource: 'transferOrder', operation: 'cancel', customerReferenceNo: 'REF-11' }, json(['TRN-C-11', 'TRN-C-12']));
		expect(two.out.map((o) => o.json)).toEqual([{ CustomerReferenceNo: 'REF-11', Outcome: 'cancelled' }]);
	});
});
