// Purchase and transfer orders created in the sandbox before a test of their updates, cancels or stops.
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';
import type { SandboxFixture } from './sandbox';
import { actionWorkflow } from './workflows';

/** Creates one order per reference (2 of the sandbox's first item each), then clears the sandbox's request log. */
export async function createdMovements(fx: SandboxFixture, resource: 'purchaseOrder' | 'transferOrder', refs: string[]): Promise<void> {
	for (const ref of refs) {
		const header = resource === 'purchaseOrder' ? purchaseHeader(ref) : transferHeader(ref);
		const itemNo = fx.sandbox.state.inventory[0].ItemNo;
		const result = await fx.run(actionWorkflow({ resource, operation: 'create', ...header, items: { item: [{ itemNo, itemQuantity: 2 }] } }));
		expect(result.error).toBeUndefined();
	}
	await fx.control.call('DELETE', 'requests');
}
