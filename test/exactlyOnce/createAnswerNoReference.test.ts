// A create answered 2xx with no reference (bug hunt 33): a word without a digit ("NotCreated", "BadRequest": a .NET
// failure's name as the whole answer) or the empty GUID (what a .NET create answers when it made nothing) was taken for
// the order's transaction reference: output as created, marked sent, and put out as already sent by every later run,
// though the order was never created. Now such an answer has an unknown outcome (an error; the order is not sent again
// until checked and forgotten), as a failure word has ("Failed.", "Error!"; another write's is a refusal:
// test/transport/writeSaysFailedForms.test.ts). transport/reference.ts NAMES_A_RECORD.
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, createWorkflow, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';
const MAY_BE_SENT = /may already have been sent/;

describe('Create answered 2xx with no reference', () => {
	it.each([
		['"NotCreated" as text', 'NotCreated', 'text'],
		['"BadRequest" as text', 'BadRequest', 'text'],
		['"InternalServerError" as text', 'InternalServerError', 'text'],
		['"Exception" as text', 'Exception', 'text'],
		['"NotCreated" as a JSON string', 'NotCreated', 'json'],
		['the empty GUID as a JSON string', EMPTY_GUID, 'json'],
		['the empty GUID in an object', { TransactionReferenceNumber: EMPTY_GUID }, 'json'],
		// a failure word: the order may have been created all the same (test/exactlyOnce/numericTextReference.test.ts)
		['"Failed." as text', 'Failed.', 'text'],
		['"Error!" as text', 'Error!', 'text'],
	] as const)('%s, the order not created: an unknown outcome, never a success; the next run does not send it blind', async (label, body, as) => {
		const no = `NOREF-${label.replace(/\W/g, '').slice(0, 30)}`;
		const input = [{ OrderNo: no, items: [line(SKU_A, 1)] }];
		await fx.control.fault({ kind: 'status', status: 201, path: 'CreateSalesOrder', when: 'before', count: 1, body, as });
		const first = await fx.run(createWorkflow(input, {}, { typeVersion: 2, continueOnFail: true }));
		expect(countsOf(fx, [no])).toEqual([0]);
		expect(out(first)[0].json.TransactionReferenceNumber).toBeUndefined();
		expect(String(out(first)[0].json.error)).toMatch(/may have been created|outcome/i);
		const second = await fx.run(createWorkflow(input, {}, { typeVersion: 2, continueOnFail: true }));
		expect(out(second)[0].json.alreadySent).not.toBe(true);
		expect(String(out(second)[0].json.error)).toMatch(MAY_BE_SENT);
		expect(countsOf(fx, [no])).toEqual([0]);
	});

	it('a reference with a digit in it, as the interface\'s GUIDs: a success', async () => {
		const no = 'REF-OK-1';
		await fx.control.fault({ kind: 'status', status: 201, path: 'CreateSalesOrder', when: 'after', count: 1, body: 'TRX7', as: 'json' });
		const first = await fx.run(createWorkflow([{ OrderNo: no, items: [line(SKU_A, 1)] }], {}, { typeVersion: 2, continueOnFail: true }));
		expect(out(first)[0].json).toMatchObject({ TransactionReferenceNumber: 'TRX7', alreadySent: false });
	});
});

// Batch Create answered with the one status as an object instead of a list of one (a gateway writing a one-entry list
// as its entry): it was not read, so a refused order came out as "may have been created", and the corrected order was
// never sent ("may already have been sent"). Read as a list of one now.
it('Batch Create, the one status an object with IsCreated false: read as refused; the corrected order is sent by the next run', async () => {
	const no = 'BSTATOBJ-1';
	await fx.control.fault({
		kind: 'status',
		status: 200,
		path: 'BatchSalesOrder',
		when: 'before',
		count: 1,
		body: { TransactionReferenceNumber: 'b-1', CreateSalesOrderStatuses: { RefOrderNo: no, IsCreated: false, Messages: ['Unknown item NO-SUCH'] } },
	});
	const first = await fx.run(batchWorkflow([{ OrderNo: no, items: [line('NO-SUCH', 1)] }], {}, true));
	expect(countsOf(fx, [no])).toEqual([0]);
	expect(out(first)[0].json.IsCreated).toBe(false);
	const second = await fx.run(batchWorkflow([{ OrderNo: no, items: [line(SKU_A, 1)] }], {}, true));
	expect(out(second)[0].json.error).toBeUndefined();
	expect(countsOf(fx, [no])).toEqual([1]);
});
