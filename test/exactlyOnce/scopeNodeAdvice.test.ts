// An uncertain order of a create node with Scope Node: the error's advice is the one that reaches that node's records
// (its own Send Again Even If Sent), not Forget Sent Orders, whose Node scope is its own node's; following it sends the
// order once.
import { useSandbox } from '../harness/sandbox';
import { countsOf, createWorkflow, orders, useStore } from './helpers';

const fx = useSandbox();
useStore();

describe('Scope Node: the way to send an uncertain order on purpose', () => {
	it('the error names this node\'s Send Again, and following it sends the order once', async () => {
		const [order] = orders('FNODE', 1);
		const asNode = { sendOnceOptions: { scope: 'node' } };
		// the provider never got it (a 502 before processing), but to the node the outcome is unknown
		await fx.control.fault({ kind: 'status', status: 502, path: 'CreateSalesOrder', when: 'before', count: 1 });
		await fx.run(createWorkflow([order], asNode));
		const blocked = await fx.run(createWorkflow([order], asNode));
		expect(blocked.error?.message).toBe(`The sales order ${String(order.OrderNo)} may already have been sent, so it was not sent again`);
		expect(blocked.error?.description).toContain(
			'If it has not, send it on purpose: turn on "Send Again Even If Sent" in this node\'s Send Once Options for it (with Scope Node, only this node reaches its records), then run again.',
		);
		expect(blocked.error?.description).not.toContain('Forget Sent Orders');

		const sent = await fx.run(createWorkflow([order], { sendOnceOptions: { scope: 'node', sendAgain: true } }));
		expect(sent.error).toBeUndefined();
		expect(countsOf(fx, [String(order.OrderNo)])).toEqual([1]);
	});

	it('with Scope Workflow the advice still names Forget Sent Orders', async () => {
		const [order] = orders('FWF', 1);
		await fx.control.fault({ kind: 'status', status: 502, path: 'CreateSalesOrder', when: 'before', count: 1 });
		await fx.run(createWorkflow([order]));
		const blocked = await fx.run(createWorkflow([order]));
		expect(blocked.error?.description).toContain('run Sales Order → Forget Sent Orders for this order number in this workflow (same scope)');
	});
});
