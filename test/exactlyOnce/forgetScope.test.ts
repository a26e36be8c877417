// Sales Order → Forget Sent Orders reaches the workflow's record (a create's Scope Workflow, the default). It offered a
// Scope of Node, which could never work: a Forget node is another node than the create, so it opened a record of its
// own, always empty, and every order came out `forgotten: false` (bug hunt 12). Scope Node's records are reached by the
// create's own Send Again Even If Sent, as the notice says.
import type { INodeProperties } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, line } from '../salesOrder/helpers';
import { countsOf, createWorkflow, out, salesOrderParameters, useStore } from './helpers';

const fx = useSandbox();
useStore();

const forgetProperties = () =>
	new WineFulfillment().description.properties.filter((p: INodeProperties) => p.displayOptions?.show?.operation?.includes('forgetSent'));

describe('Forget Sent Orders: the scope it reaches', () => {
	it('offers no Scope; its notice says that a create with Scope Node is sent again by its own Send Again Even If Sent', () => {
		expect(forgetProperties().map((p) => p.name)).not.toContain('scope');
		const notice = forgetProperties().find((p) => p.type === 'notice');
		expect(notice?.displayName).toContain('Scope Node');
		expect(notice?.displayName).toContain('Send Again Even If Sent');
	});

	it('a Forget node saved with Scope Node by an earlier build forgets the workflow record: the next Create sends the order', async () => {
		const order = { OrderNo: 'SCOPE-1001', items: [line(SKU_A, 1)] };
		expect(out(await fx.run(createWorkflow([order])))[0].json.alreadySent).toBe(false);
		const forgot = await fx.run(actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers: 'SCOPE-1001', scope: 'node' })));
		expect(forgot.error).toBeUndefined();
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: 'SCOPE-1001', forgotten: true }]);
		expect(out(await fx.run(createWorkflow([order])))[0].json.alreadySent).toBe(false);
		expect(countsOf(fx, ['SCOPE-1001'])).toEqual([2]);
	});
});
