// The action node's router: a resource or operation it does not know (a workflow saved by another version of the
// package, or a hand-edited one) is a NodeOperationError naming it, before any request.
import { NodeOperationError } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { fakeExecute } from './fakeExecute';

/** Runs the node's execute with the given resource and operation; the provider fails the test on any request. */
async function run(resource: string, operation: string) {
	const { ctx, sent } = fakeExecute({ params: { resource, operation } });
	const error = await new WineFulfillment().execute.call(ctx).then(
		() => undefined,
		(e: unknown) => e,
	);
	return { error, sent };
}

describe('router', () => {
	it('refuses a resource it does not know, naming it', async () => {
		const { error, sent } = await run('invoice', 'create');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('The resource "invoice" is not known');
		expect(sent).toHaveLength(0);
	});

	it('refuses an operation the resource does not have, naming both', async () => {
		const { error, sent } = await run('sku', 'batchCreate');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('The operation "batchCreate" is not known for "sku"');
		expect(sent).toHaveLength(0);
	});

	it('does not take an inherited member of the operation list for an operation', async () => {
		const { error } = await run('address', 'toString');
		expect((error as Error).message).toBe('The operation "toString" is not known for "address"');
	});
});
