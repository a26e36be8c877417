// Keeps Purchase Order → Update and Transfer Order → Update on the order their Customer Reference Number names:
// Additional Fields (JSON) cannot swap in another CustomerReferenceNo.
import { useSandbox } from '../harness/sandbox';
import { createdMovements } from '../harness/movements';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';

const fx = useSandbox({ inventoryRecords: 240 });

const KINDS = [
	{ resource: 'purchaseOrder', wrapper: 'OrderInfo', thing: 'purchase order', orders: purchaseOrders },
	{ resource: 'transferOrder', wrapper: 'TransferInfo', thing: 'transfer order', orders: transferOrders },
] as const;

describe.each(KINDS)('$resource → Update with a CustomerReferenceNo in Additional Fields (JSON)', ({ resource, wrapper, thing, orders }) => {
	const update = (customerReferenceNo: string, additionalJson: string) =>
		actionWorkflow({ resource, operation: 'update', customerReferenceNo, updateFields: { specialInstruction: 'Use dock 5' }, additionalJson });
	const refused = `Invalid "Additional Fields (JSON)": its ${wrapper}.CustomerReferenceNo would address another ${thing} than "Customer Reference Number"`;
	const instruction = (ref: string) => orders(fx.sandbox.state).get(ref)?.info.SpecialInstruction;

	it.each([
		['another reference', `{"${wrapper}": {"CustomerReferenceNo": "PO-OTHER"}}`, '"PO-OTHER"'],
		['another reference in another letter case of the member', `{"${wrapper}": {"customerReferenceNo": "PO-OTHER"}}`, '"PO-OTHER"'],
		['an empty reference', `{"${wrapper}": {"CustomerReferenceNo": ""}}`, '""'],
		['a list', `{"${wrapper}": {"CustomerReferenceNo": ["PO-KEEP"]}}`, 'a list'],
	])('%s: refused before any request, naming the field and the rule; neither order changes', async (_case, additionalJson, got) => {
		await createdMovements(fx, resource, ['PO-KEEP', 'PO-OTHER']);
		const result = await fx.run(update('PO-KEEP', additionalJson));
		expect(result.error?.message).toBe(`${refused} "PO-KEEP" does; leave CustomerReferenceNo out of the JSON (got ${got})`);
		expect(result.error?.description).toContain('Nothing was sent to the provider');
		expect(await fx.control.requests()).toHaveLength(0);
		expect(instruction('PO-OTHER')).toBeUndefined();
		expect(instruction('PO-KEEP')).toBeUndefined();
	});

	it('the same reference (spaces around it, or a number written as the reference) is sent, for the order named', async () => {
		await createdMovements(fx, resource, ['PO-KEEP', '1001']);
		for (const [ref, additionalJson] of [
			['PO-KEEP', `{"${wrapper}": {"CustomerReferenceNo": " PO-KEEP "}}`],
			['1001', `{"${wrapper}": {"CustomerReferenceNo": 1001}}`],
		]) {
			const result = await fx.run(update(ref, additionalJson));
			expect(result.error).toBeUndefined();
			expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([{ CustomerReferenceNo: ref, Outcome: 'updated' }]);
			expect(instruction(ref)).toBe('Use dock 5');
		}
	});
});
