// Create answered 2xx with a reference of bare digits as text ("100234", an identity column): a success with that
// reference (was: JSON-parsed to a number, read as no reference, the order kept as possibly sent); past 2^53 too, its
// digits as they came (was: an unknown outcome, the number read rounded).
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { createWorkflow, out, useStore } from '../exactlyOnce/helpers';

const fx = useSandbox();
useStore();

describe('Create answered with a numeric plain-text reference', () => {
	it('is a success with that reference, and the next run puts the order out as already sent', async () => {
		// the provider creates the order, then answers its reference as plain text
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', when: 'after', status: 201, body: '100234', as: 'text', count: 1 });
		const first = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-1', items: [line(SKU_A, 1)] }]));
		expect(first.error?.message).toBeUndefined();
		expect(out(first)[0].json).toMatchObject({ TransactionReferenceNumber: '100234', alreadySent: false });

		// past 2^53 too: its digits as they came (a whole number is read from its text, never rounded), not a rounded number
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', when: 'after', status: 201, body: ' 12345678901234567891\n', as: 'text', count: 1 });
		const big = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-2', items: [line(SKU_A, 1)] }]));
		expect(big.error?.message).toBeUndefined();
		expect(out(big)[0].json).toMatchObject({ TransactionReferenceNumber: '12345678901234567891', alreadySent: false });
		const bigAgain = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-2', items: [line(SKU_A, 1)] }]));
		expect(out(bigAgain)[0].json).toMatchObject({ alreadySent: true });
		// a number that is no whole number has no exact digits to keep: no reference, the outcome unknown (never sent again)
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', when: 'after', status: 201, body: '1.2345678901234567e+25', as: 'text', count: 1 });
		const inexact = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-3', items: [line(SKU_A, 1)] }]));
		expect(inexact.error?.message).toContain('without a transaction reference, so the outcome of this sales order create is unknown');
		const inexactAgain = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-3', items: [line(SKU_A, 1)] }]));
		expect(inexactAgain.error?.message).toContain('may already have been sent');

		const second = await fx.run(createWorkflow([{ OrderNo: 'NUMREF-1', items: [line(SKU_A, 1)] }]));
		expect(second.error?.message).toBeUndefined();
		expect(out(second)[0].json).toMatchObject({ alreadySent: true });
	});

	it('a create answered the text "Error" has an unknown outcome: kept, never sent again (was: "Error" taken as its reference)', async () => {
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', when: 'after', status: 200, body: 'Error', as: 'text', count: 1 });
		const first = await fx.run(createWorkflow([{ OrderNo: 'WORDREF-1', items: [line(SKU_A, 1)] }]));
		expect(first.error?.message).toContain('without a transaction reference, so the outcome of this sales order create is unknown');
		const again = await fx.run(createWorkflow([{ OrderNo: 'WORDREF-1', items: [line(SKU_A, 1)] }]));
		expect(again.error?.message).toContain('may already have been sent');
	});
});
