// The output of a write as the provider's answer shapes it: which answers add members, and when a text answer is the
// transaction reference (a create's, checked by requireReference, even without a digit) or only ProviderAnswer.
import { withAnswer } from '../../nodes/WineFulfillment/actions/common';
import { writeResult } from '../../nodes/WineFulfillment/actions/purchaseOrder/shared';
import { writeOutput } from '../../nodes/WineFulfillment/actions/sku/shared';

describe('withAnswer: only a plain object answer adds its members', () => {
	it('a function carrying members is no object answer: nothing of it is added', () => {
		const answer = Object.assign(() => undefined, { Extra: 1 });
		expect(withAnswer({ Outcome: 'updated' }, answer)).toEqual({ Outcome: 'updated' });
	});
});

describe('writeResult (purchase and transfer orders)', () => {
	it("a create's text answer without a digit is its transaction reference (as requireReference read it)", () => {
		expect(writeResult('abcd', 'PO-1', 'created', 'abcd')).toEqual({ CustomerReferenceNo: 'PO-1', Outcome: 'created', TransactionReferenceNumber: 'abcd' });
	});

	it("an update's text answer without a digit is only ProviderAnswer", () => {
		expect(writeResult('abcd', 'PO-1', 'updated')).toEqual({ CustomerReferenceNo: 'PO-1', Outcome: 'updated', ProviderAnswer: 'abcd' });
	});
});

describe('writeOutput (SKU writes)', () => {
	it("a create's text answer without a digit is its transaction reference", () => {
		expect(writeOutput('SKU-1', 'abcd', 0, 'abcd')).toEqual([
			{ json: { ItemNo: 'SKU-1', success: true, TransactionReferenceNumber: 'abcd' }, pairedItem: { item: 0 } },
		]);
	});

	it("a create's object answer keeps its other members next to the reference", () => {
		expect(writeOutput('SKU-1', { TransactionReferenceNumber: 'T1', Extra: 1 }, 2, 'T1')).toEqual([
			{ json: { ItemNo: 'SKU-1', success: true, TransactionReferenceNumber: 'T1', Extra: 1 }, pairedItem: { item: 2 } },
		]);
	});

	it("a retire's text answer without a digit is only ProviderAnswer", () => {
		expect(writeOutput('SKU-1', 'OK', 0)[0].json).toEqual({ ItemNo: 'SKU-1', success: true, ProviderAnswer: 'OK' });
	});
});
