// Purchase Order → Create, Update and Cancel through the node's router with a fake provider: Items (JSON) refused
// with the field named before any request, what Update refuses as changing nothing, the warehouse hint, the panel's
// words in a provider's refusal, and what a write puts out.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { router } from '../../nodes/WineFulfillment/actions/router';
import { writeResult } from '../../nodes/WineFulfillment/actions/purchaseOrder/shared';
import { purchaseHeader } from '../purchaseOrder/parameters';
import type { FakeAnswer } from './fakeContext';
import { fakeExecute } from './fakeExecute';

const ITEM = { ItemNo: 'CAB-2019', ItemQuantity: 12 };

/** Runs the node over one item, every request answered with `answer`; the error it throws, if any. Parameters left out are at their defaults. */
async function run(params: IDataObject, answer: FakeAnswer = { body: JSON.stringify('TRN-1') }) {
	const hints: string[] = [];
	const { ctx, sent } = fakeExecute({ params, answer: () => answer });
	Object.assign(ctx, { addExecutionHints: (...added: Array<{ message: string }>) => hints.push(...added.map((h) => h.message)) });
	let error: NodeOperationError | undefined;
	const out = await router.call(ctx as IExecuteFunctions).catch((e: unknown) => {
		error = e as NodeOperationError;
		return undefined;
	});
	return { out, sent, hints, error };
}

const CREATE = { resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-UNIT-1'), itemsInput: 'json' };

describe('Purchase Order → Create: Items (JSON)', () => {
	it('a list of item objects is sent as given, once, with the record of sent orders off by default', async () => {
		const { out, sent, error, hints } = await run({ ...CREATE, itemsJson: JSON.stringify([ITEM]) });
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(sent).toHaveLength(1);
		expect(sent[0].body).toMatchObject({ OrderInfo: { CustomerReferenceNo: 'PO-UNIT-1' }, ItemsInfo: [ITEM] });
		expect(out?.[0].map((o) => o.json)).toEqual([{ CustomerReferenceNo: 'PO-UNIT-1', Outcome: 'created', TransactionReferenceNumber: 'TRN-1' }]);
	});

	const LIST = /^Give a JSON array such as \[\{"ItemNo".*Nothing was sent\.$/;
	it.each([
		['text that is not JSON', '[{"ItemNo": "CAB-2019",', 'must be valid JSON', /^Nothing was sent to the provider\. Correct "Items \(JSON\)" and run again\.$/],
		['a list of numbers', '[1, 2]', 'must be a list of item objects', LIST],
		['a list with one item object and a number', JSON.stringify([ITEM, 5]), 'must be a list of item objects', LIST],
		['JSON text', '"CAB-2019"', 'must be a list of items', /^Give a list such as \[\{"ItemNo".*Nothing was sent to the provider\.$/],
	])('%s is refused naming Items (JSON), saying nothing was sent, before any request', async (_case, itemsJson, rule, description) => {
		const { sent, error } = await run({ ...CREATE, itemsJson });
		expect(sent).toEqual([]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(`Invalid "Items (JSON)": ${rule}`);
		expect(error?.description).toMatch(description);
		expect(error?.context.itemIndex).toBe(0);
	});

	it('blank Items (JSON) or null gives no items: refused by the rule that a create needs one, before any request', async () => {
		for (const itemsJson of ['  ', 'null']) {
			const { sent, error } = await run({ ...CREATE, itemsJson });
			expect(sent).toEqual([]);
			expect(error?.message).toMatch(/Items.*at least one item is required/);
		}
	});

	it("a provider's refusal quotes the fields in the panel's words", async () => {
		const { error } = await run(
			{ ...CREATE, itemsJson: JSON.stringify([ITEM]) },
			{ statusCode: 400, body: { Message: 'OrderInfo.ReceiveToLocation is not a valid warehouse' } },
		);
		expect(error?.message).toContain('Receive To Location is not a valid warehouse');
		expect(error?.message).not.toContain('OrderInfo.ReceiveToLocation');
	});
});

const UPDATE = { resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-UNIT-2' };

describe('Purchase Order → Update', () => {
	it('with no Update Fields, it is refused before any request, saying only the fields added are sent', async () => {
		const { sent, error } = await run({ ...UPDATE, updateFields: {} });
		expect(sent).toEqual([]);
		expect(error?.message).toBe('Nothing to update: add at least one field under "Update Fields"');
		expect(error?.description).toBe('Only the fields you add are sent. Nothing was sent to the provider.');
		expect(error?.context.itemIndex).toBe(0);
	});

	it('a member given only in Additional Fields (JSON), outside OrderInfo, is a change: it is sent', async () => {
		const { sent, error } = await run({ ...UPDATE, updateFields: {}, additionalJson: JSON.stringify({ ItemsInfo: [ITEM] }) });
		expect(error).toBeUndefined();
		expect(sent.map((s) => s.body)).toEqual([{ OrderInfo: { CustomerReferenceNo: 'PO-UNIT-2' }, ItemsInfo: [ITEM] }]);
	});

	it('an unknown Receive To Location is sent as given, with a hint naming the field', async () => {
		const { sent, hints } = await run({ ...UPDATE, updateFields: { receiveToLocation: 'OLDWH' } });
		expect(sent[0].body).toMatchObject({ OrderInfo: { ReceiveToLocation: 'OLDWH' } });
		expect(hints).toEqual([`Receive To Location "OLDWH" is not one of the interface's current warehouse codes; it is kept as given (the provider may still take an older code).`]);
	});
});

describe('Purchase Order → Cancel', () => {
	it('an empty Customer Reference Number is refused naming the field, before any request', async () => {
		const { sent, error } = await run({ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '' });
		expect(sent).toEqual([]);
		expect(error?.message).toMatch(/^Invalid "Customer Reference Number": /);
	});
});

describe('writeResult: the output of a write', () => {
	it('a text answer of only white space adds no transaction reference', () => {
		expect(writeResult('  \n', 'PO-1', 'updated')).toEqual({ CustomerReferenceNo: 'PO-1', Outcome: 'updated' });
	});
});

describe('Purchase Order → Create: Items (JSON) at its default', () => {
	it('the default, an empty list, is refused as no items (not as text that is not JSON), before any request', async () => {
		const { sent, error } = await run(CREATE);
		expect(sent).toEqual([]);
		expect(error?.message).toMatch(/^Invalid "Items": /);
	});
});
