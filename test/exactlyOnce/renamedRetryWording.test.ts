// The words of the error for an order whose number changed between Retry On Fail's tries after an unknown outcome: what happened, what to check, and how to avoid it.
import { useSandbox } from '../harness/sandbox';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, line } from '../salesOrder/helpers';
import { createWorkflow, useStore, withRetryOnFail } from './helpers';

const fx = useSandbox();
useStore();

it('Create: the message names both numbers, the description says what to check and to keep numbers stable', async () => {
	await fx.control.fault({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', count: 1 });
	const byTime = "={{ $json.OrderNo ?? 'AUTO-' + $now.toFormat('HHmmssSSS') }}";
	const json = withRetryOnFail(createWorkflow([{ items: [line(SKU_A, 1)] }], { orderNo: byTime, options: { concurrency: 1 } }, { typeVersion: 2 }), 3, 20);
	const result = await fx.run(json);
	const [earlier] = salesOrders(fx.sandbox.state).map((o) => o.OrderNo);
	const renamed = /^The sales order (AUTO-\d{9}) was not sent/.exec(result.error?.message ?? '')?.[1];
	expect(renamed).toBeDefined();
	expect(result.error?.message).toBe(`The sales order ${renamed} was not sent: this item's earlier try sent it as ${earlier}, which may have been created`);
	expect(result.error?.description).toBe(
		"n8n's Retry On Fail ran the node again, and this item's Order Number changed between the tries (an expression that gives another value each time, such as one made from $now). " +
			`The earlier try's sales order ${earlier} got no clear answer, so the provider may have it: check with Tracking → Get Details for this order number, or in the provider's portal. ` +
			"Give each sales order a Order Number that stays the same (your store's own number), so that a retry finds it.",
	);
});
