// Bug hunt 37: Sales Order → Generate JIT Label with a label result wrapped in an envelope object, as a .NET gateway
// wraps every answer ({"Result": {"LabelData": "<base64>", "FileName": ..., "Carrier": ...}, "StatusCode": 200}). The
// document is looked for one level down when no top-level member holds one (transport/document.ts fromJson, as
// transport/errors.ts failingEnvelope reads such an envelope for failure flags), and read as a top-level one is: the
// label is put out as binary data under the envelope's file name, no base64 is left in the item's json, and a single
// request is made: the label is made once. The envelope's other members (Carrier) stay in it, in the json beside the
// answer's own (StatusCode); a failure flag in the envelope is the provider's refusal, as at the top level.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { minimalPdf } from '../sandbox/salesOrder/label';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

const LABEL = minimalPdf(['SHIPPING LABEL', 'Order JIT-WRAP']);

describe('Generate JIT Label: a label result wrapped in an envelope object', () => {
	it('{"Result": {"LabelData": base64, "FileName": ...}} puts the label out as binary data', async () => {
		await createOrder(fx, { OrderNo: 'JIT-WRAP', items: [line(SKU_A, 1)] });
		const answer = { Result: { LabelData: LABEL.toString('base64'), FileName: 'jit-label-JIT-WRAP.pdf', Carrier: 'UPS' }, StatusCode: 200 };
		fx.sandbox.faults.add({
			kind: 'status',
			status: 200,
			path: 'GenerateJitLabel',
			count: 1,
			body: Buffer.from(JSON.stringify(answer), 'utf8'),
			headers: { 'content-type': 'application/json; charset=utf-8' },
		});
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: 'JIT-WRAP', labelType: 'Label', format: 'PDF' })),
		);
		expect(result.error?.message).toBeUndefined();
		const [item] = result.output(ACTION_NODE);
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'jit-label-JIT-WRAP.pdf' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(LABEL)).toBe(true);
		// the envelope's other members in it, beside the answer's own
		expect(item.json).toMatchObject({ OrderNo: 'JIT-WRAP', Result: { Carrier: 'UPS' }, StatusCode: 200 });
		expect(JSON.stringify(item.json)).not.toContain(LABEL.toString('base64').slice(0, 60));
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(1);
	});

	it('an envelope holding the label and saying it failed is the provider\'s refusal, named as such; the label is not put out', async () => {
		await createOrder(fx, { OrderNo: 'JIT-VOID', items: [line(SKU_A, 1)] });
		const answer = { Result: { LabelData: LABEL.toString('base64'), Status: 'Failed', Message: 'Label voided: address not serviceable' } };
		fx.sandbox.faults.add({
			kind: 'status',
			status: 200,
			path: 'GenerateJitLabel',
			count: 1,
			body: Buffer.from(JSON.stringify(answer), 'utf8'),
			headers: { 'content-type': 'application/json' },
		});
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: 'JIT-VOID', labelType: 'Label', format: 'PDF' })),
		);
		expect(result.error?.message).toContain('Label voided: address not serviceable');
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(1);
	});
});
