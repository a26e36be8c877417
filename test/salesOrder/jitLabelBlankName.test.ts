// Sales Order → Generate JIT Label with a Put Output File in Field that is blank (an expression giving nothing, or
// spaces): the label goes to the default field, "data".
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

describe('Sales Order → Generate JIT Label: a blank output field name', () => {
	it.each([
		['spaces', '   '],
		['an expression giving nothing', '={{ $json.field ?? "" }}'],
	])('from %s: the label is put in "data"', async (_case, binaryPropertyName) => {
		const trn = await createOrder(fx, { OrderNo: 'JIT-BLANK', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, labelType: 'Label', format: 'PDF', binaryPropertyName })),
		);
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE);
		expect(Object.keys(out.binary ?? {})).toEqual(['data']);
		expect(out.binary?.data.mimeType).toBe('application/pdf');
	});
});
