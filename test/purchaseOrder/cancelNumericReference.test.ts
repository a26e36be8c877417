// Bug hunt 44 (fixed: transport/reference.ts oneResult, textAnswer): Purchase Order → Cancel and Transfer Order → Cancel drop the transaction reference the provider
// answers when it is a whole number (an identity column's, "100234", answered as JSON or as bare text: both read as a
// JSON number). The interface says CancelPurchaseOrder and CancelTransferOrder answer with a "transaction reference
// identifier" (spec "Endpoints / Inventory"), and rule 4 of "What the service does" says the caller is expected to store
// it to quote it when a problem occurs. The node's own rule (docs/interface.md "Inventory movement": text that reads as a
// reference, "one word with a digit in it", is read as the transaction reference; transport/reference.ts
// transactionReferenceOf reads a whole number as its digits) is kept for a create but not for a cancel:
// actions/purchaseOrder/shared.ts writeResult → actions/common.ts withAnswer only reads a text or an object answer,
// so a number answer is silently dropped and the output holds no TransactionReferenceNumber (while a 16-digit one, kept
// as text by the transport, is put out). Right behaviour: the output carries TransactionReferenceNumber "100234".
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { purchaseHeader } from './parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const CASES = [
	{ resource: 'purchaseOrder', path: 'CancelPurchaseOrder', header: purchaseHeader },
	{ resource: 'transferOrder', path: 'CancelTransferOrder', header: transferHeader },
] as const;

describe.each(CASES)('$resource → Cancel answered with a numeric transaction reference', ({ resource, path, header }) => {
	it.each([
		['as JSON', 'json'],
		['as bare text', 'text'],
	] as const)('100234 %s is put out as the TransactionReferenceNumber', async (_how, as) => {
		const made = await fx.run(
			actionWorkflow({ resource, operation: 'create', ...header('REF-9'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }),
		);
		expect(made.error).toBeUndefined();
		// the provider cancels the order, and answers with its transaction reference, an identity number
		await fx.control.fault({ kind: 'status', path, when: 'after', status: 200, body: as === 'text' ? '100234' : 100234, as, count: 1 });
		const result = await fx.run(actionWorkflow({ resource, operation: 'cancel', customerReferenceNo: 'REF-9' }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{ CustomerReferenceNo: 'REF-9', Outcome: 'cancelled', TransactionReferenceNumber: '100234' },
		]);
	});
});
