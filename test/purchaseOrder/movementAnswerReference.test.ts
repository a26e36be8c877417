// Purchase Order → Update and Transfer Order → Update, where the order info is no object or the Customer Reference
// Number no text: each refused by the rule it breaks, naming the field to correct, never as Additional Fields (JSON)
// addressing another order.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 240 });

const KINDS = [
	{ resource: 'purchaseOrder', wrapper: 'OrderInfo' },
	{ resource: 'transferOrder', wrapper: 'TransferInfo' },
] as const;

describe.each(KINDS)('$resource → Update', ({ resource, wrapper }) => {
	const update = (customerReferenceNo: string, additionalJson = '') =>
		actionWorkflow({ resource, operation: 'update', customerReferenceNo, updateFields: { specialInstruction: 'Use dock 5' }, additionalJson });

	it.each([
		['text', '"PO-KEEP"', '"PO-KEEP"'],
		['a list holding the reference', '["PO-KEEP"]', 'a list'],
		['null', 'null', 'null'],
	])(`Additional Fields (JSON) giving ${wrapper} as %s: refused as no object, naming ${wrapper}; nothing sent`, async (_case, info, got) => {
		const result = await fx.run(update('PO-KEEP', `{"${wrapper}": ${info}}`));
		expect(result.error?.message).toBe(`Invalid "${wrapper}": must be an object (got ${got})`);
		expect(result.error?.description).toBe(`Nothing was sent to the provider. Correct "${wrapper}" and run again.`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([
		['={{ true }}', 'boolean (got true)'],
		['={{ null }}', 'null (got null)'],
	])('a Customer Reference Number of %s and no JSON: refused as no text, naming Customer Reference Number; nothing sent', async (reference, got) => {
		const result = await fx.run(update(reference));
		expect(result.error?.message).toBe(`Invalid "Customer Reference Number": must be text, not ${got}`);
		expect(result.error?.description).toBe('Nothing was sent to the provider. Correct "Customer Reference Number" and run again.');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
