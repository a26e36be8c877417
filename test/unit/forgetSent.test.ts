// Sales Order → Forget Sent Orders on its own: the order numbers are checked (naming the field) before the record of
// sent orders is touched.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { execute } from '../../nodes/WineFulfillment/actions/salesOrder/forgetSent.operation';
import { fakeExecute } from './fakeExecute';

/** Forget Sent Orders with this Order Numbers value; a context with no deduplication helpers, which must not be needed. */
async function forget(orderNumbers: unknown) {
	const { ctx } = fakeExecute({ params: { orderNumbers, scope: 'workflow' } as IDataObject });
	Object.assign(ctx, {
		getWorkflow: () => {
			throw new Error('the record of sent orders was opened');
		},
	});
	return await execute.call(ctx as IExecuteFunctions, 0).catch((error: unknown) => error as Error);
}

describe('Sales Order → Forget Sent Orders: Order Numbers', () => {
	it.each(['', ' , ;\n', []])('no order number (%j) is refused, naming the field', async (value) => {
		const error = await forget(value);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/^Invalid "Order Numbers": is required: one or more order numbers \(got /);
	});

	it('a list with an entry that is not text is refused, naming the field and the entry', async () => {
		const error = await forget(['WEB-1', { no: 2 }]);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/^Invalid "Order Numbers": must be text or a list of text: entry 2 is /);
	});
});
