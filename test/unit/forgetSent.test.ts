// Sales Order → Forget Sent Orders on its own: the order numbers are checked (naming the field) before the record of
// sent orders is touched.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { prepare } from '../../nodes/WineFulfillment/actions/salesOrder/forgetSent.operation';
import { sendOnce } from '../../nodes/WineFulfillment/actions/sentOrders';
import { MemoryDeduplicator } from '../harness/dedup';
import { fakeExecute, withDeduplicationStore } from './fakeExecute';

/** Forget Sent Orders with this Order Numbers value prepared (checked, nothing opened or sent); the refusal, if any. */
function forget(orderNumbers: unknown): Error | undefined {
	const { ctx } = fakeExecute({ params: { orderNumbers, scope: 'workflow' } as IDataObject });
	Object.assign(ctx, {
		getWorkflow: () => {
			throw new Error('the record of sent orders was opened');
		},
	});
	try {
		prepare.call(ctx as IExecuteFunctions, 0);
	} catch (error) {
		return error as Error;
	}
	return undefined;
}

describe('Sales Order → Forget Sent Orders: Order Numbers', () => {
	it.each(['', ' , ;\n', []])('no order number (%j) is refused, naming the field', async (value) => {
		const error = forget(value);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/^Invalid "Order Numbers": is required: one or more order numbers \(got /);
	});

	it('a list with an entry that is not text is refused, naming the field and the entry', async () => {
		const error = forget(['WEB-1', { no: 2 }]);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/^Invalid "Order Numbers": must be text or a list of text: entry 2 is /);
	});
});

describe('Sales Order → Forget Sent Orders: what it reports', () => {
	it('an order never sent is not forgotten, also while other orders stay recorded', async () => {
		const store = new MemoryDeduplicator();
		const context = (params: IDataObject) => {
			const { ctx } = fakeExecute({ params });
			withDeduplicationStore(ctx, store, 'wf-forget');
			return ctx;
		};
		const sent = await sendOnce(
			context({}),
			0,
			{ kind: 'salesOrder', identity: 'KEPT-1', onByDefault: true },
			async () => ({ reference: 'ref-kept', output: [{ json: { OrderNo: 'KEPT-1' } }] }),
			() => [],
		)();
		expect(sent.map((i) => i.json)).toEqual([{ OrderNo: 'KEPT-1', alreadySent: false }]);

		const forget = context({ orderNumbers: 'NEVER-SENT', scope: 'workflow' });
		expect((await prepare.call(forget, 0)()).map((i) => i.json)).toEqual([{ OrderNo: 'NEVER-SENT', forgotten: false }]);
		const again = context({ orderNumbers: 'KEPT-1', scope: 'workflow' });
		expect((await prepare.call(again, 0)()).map((i) => i.json)).toEqual([{ OrderNo: 'KEPT-1', forgotten: true }]);
	});
});

