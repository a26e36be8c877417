// Generate JIT Label is a write: a 2xx answer saying itself that the request failed (a success flag reading false, a failure
// flag reading true: transport/errors.ts saysFailed) is the provider's refusal even when it carries a document beside:
// no label as binary data, no output item claiming one was made (found by bug hunt 15: the label was put out).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { minimalPdf } from '../sandbox/salesOrder/label';
import { salesOrder } from './helpers';

const fx = useSandbox();
const LABEL = minimalPdf(['SHIPPING LABEL', 'Order JIT-F']);

async function labelWith(body: IDataObject): Promise<INodeExecutionData[]> {
	const payload = Buffer.from(JSON.stringify(body), 'utf8');
	fx.sandbox.faults.add({ kind: 'status', status: 200, path: 'GenerateJitLabel', count: 1, body: payload, headers: { 'content-type': 'application/json' } });
	const result = await fx.run(
		actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: 'JIT-F', labelType: 'Label', format: 'PDF' }), { continueOnFail: true }),
	);
	return result.output(ACTION_NODE);
}

describe('Generate JIT Label: a 200 answer that says the request failed', () => {
	it('{"IsSuccess": false, "Message": …} without a document: an error item with the message (as every write)', async () => {
		const out = await labelWith({ IsSuccess: false, Message: 'Order JIT-F is not a JIT order' });
		expect(out).toHaveLength(1);
		expect(String(out[0].json.error)).toContain('not a JIT order');
	});

	it.each([
		['IsSuccess false', { IsSuccess: false, Message: 'Label voided' }],
		['HasErrors true', { HasErrors: true, Message: 'Label voided' }],
		['Success "N"', { Success: 'N', Message: 'Label voided' }],
	])('%s with a document beside it: an error item, no label file, no success output', async (_c, flags) => {
		const out = await labelWith({ ...flags, Label: LABEL.toString('base64') });
		expect(out).toHaveLength(1);
		expect(out[0].binary).toBeUndefined();
		expect(String(out[0].json.error)).toBe('The provider refused the request: Label voided');
		expect(out[0].pairedItem).toEqual({ item: 0 });
	});
});
