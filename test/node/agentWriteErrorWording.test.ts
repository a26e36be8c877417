// Bug hunt 47 (fixed: the message of a write's error whose outcome is unknown says so itself, ": the request may have
// taken effect, check before sending it again" (transport/errors.ts outcomeWorded, by the rule Retry On Fail withholds
// by: mayHaveReached); the description keeps the full guidance; reads and refusals keep their messages).
// The defect (bad AI-agent experience, can duplicate writes): run as a tool of n8n 2.x's AI Agent (version 3), which has the
// engine execute the tool node as a node of the workflow (n8n-core requests-response.ts / WorkflowExecute
// handleNodeExecutionError), the model is given only the error's MESSAGE: `{"error": "<message>"}`. For a write that may
// already have taken effect at the provider (a 5xx after processing, a timeout, a connection lost after sending) the
// node puts the one thing that matters, "it may have taken effect: check before running it again, or it could be
// duplicated", only in the error's DESCRIPTION (transport/errors.ts answerError and the transport's other
// may-have-taken-effect errors; actions/operation.ts runPerItem rethrows it as is). The model reads
// "The provider had an internal error (500)", takes it for a transient failure and calls the tool again: a new tool
// call is a new node run, so the node's Retry On Fail guard does not apply, and the label is generated a second time
// (measured below with the sandbox: GenerateJitLabel answered 500 after making the label, then 200 on the agent's
// second call). README "No duplicates within a run": "The error then says so, and that the order should be checked
// before running again" - in this path the error the agent gets does not say so. (Create is saved by the exactly-once
// record on a repeat of the same order number, but its first answer to the model is the same bare "internal error".)
// Right behaviour: the message itself (what every agent path and every alert shows) says that the request may have
// taken effect and must be checked before it is sent again.
import { runAsEngineTool } from '../harness/engineAgent';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 48 });
const fromAI = (key: string) => `={{ $fromAI('${key}', 'the order number', 'string') }}`;

describe("a write that may have taken effect, as an Agent V3's tool", () => {
	it('Generate JIT Label answered 500 after it made the label: the model is told it may have been made, not just "internal error"', async () => {
		await createOrders(fx, [{ OrderNo: 'LBL-1001', items: [line(SKU_A, 1)] }]);
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'GenerateJitLabel', count: 1 });
		const { toModel } = await runAsEngineTool(
			fx,
			{ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: fromAI('orderNo'), labelType: 'Label', format: 'PDF' },
			[{ orderNo: 'LBL-1001' }],
		);
		// the provider processed it: a label exists
		expect((await fx.control.requests('GenerateJitLabel')).map((r) => [r.status, r.outcome])).toEqual([[500, 'fault-after']]);
		// what the model reads of the call: today only '[{"error":"The provider had an internal error (500)"}]'
		expect(toModel[0]).toMatch(/may have taken effect|may have been (made|done|processed|sent)|check .* before/i);
	});

	it('Cancel answered 500 after processing: the model is told the order may be cancelled already', async () => {
		await createOrders(fx, [{ OrderNo: 'CXL-1001', items: [line(SKU_A, 1)] }]);
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CancelSalesOrder', count: 1 });
		const { toModel } = await runAsEngineTool(fx, { resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: fromAI('orderNo') }, [
			{ orderNo: 'CXL-1001' },
		]);
		expect(toModel[0]).toMatch(/may have taken effect|may have been (made|done|processed|sent|cancel)|check .* before/i);
	});
});
