// The provider's refusals as the panel words them: wire paths named by the panel's labels, the provider's answer
// (scrubbed) in the error's details.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, createFromItems, line } from './helpers';

describe('Sales Order → Create refused by the provider', () => {
	const fx = useSandbox();

	it('names the line the provider refused in the panel\'s words, and shows its whole answer in the details', async () => {
		const result = await fx.run(
			actionWorkflow(createFromItems({ sendOnce: false }), { items: [{ OrderNo: 'REFUSED-1', items: [line(SKU_A, 1), line('NO-SUCH-SKU', 2)] }] }),
		);
		expect(result.error?.message).toBe(
			'The provider rejected the request as invalid: Items line 2: Item NO-SUCH-SKU cannot be ordered: the SKU is unknown or retired',
		);
		expect(result.error?.description).toContain("The provider's answer (400): ");
		expect(result.error?.description).toContain('ItemsInfo[1]: Item NO-SUCH-SKU cannot be ordered');
		const credential = Object.values(fx.credential())[0];
		for (const secret of [credential.userKey, credential.password, credential.accessToken]) {
			expect(JSON.stringify(result.error)).not.toContain(secret);
		}
	});

	it('a provider answer that echoes a secret shows it scrubbed', async () => {
		const credential = Object.values(fx.credential())[0];
		await fx.control.fault({
			kind: 'status',
			status: 400,
			path: 'CreateSalesOrder',
			body: { Message: 'RecipientContactInfo: ZipCode is required', Echo: credential.password },
			count: 1,
		});
		const result = await fx.run(actionWorkflow(createFromItems({ sendOnce: false }), { items: [{ OrderNo: 'REFUSED-2', items: [line(SKU_A, 1)] }] }));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: Recipient (Ship-To) → ZIP Code is required');
		expect(result.error?.description).toContain("The provider's answer (400): ");
		expect(result.error?.description).not.toContain(String(credential.password));
	});
});
