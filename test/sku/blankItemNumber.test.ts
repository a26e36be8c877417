// SKU → Create without an Item Number (an expression giving nothing; n8n itself refuses the field left blank):
// refused before any request, naming the field and the rule.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const create = (itemNo: string) =>
	actionWorkflow({
		resource: 'sku',
		operation: 'create',
		requestorFirstName: 'Ana',
		requestorLastName: 'Reyes',
		requestorEmail: 'ana.reyes@example.com',
		itemNo,
		itemDescription: 'Rosé 2024 750ml',
		itemCategory: 'Wine',
		varietal: 'Grenache',
	});

describe('SKU → Create without an Item Number', () => {
	it.each([
		['a missing member', '={{ $json.sku }}'],
		['null', '={{ null }}'],
	])('from %s: refused before any request, naming Item Number', async (_case, itemNo) => {
		const result = await fx.run(create(itemNo));
		expect(result.error?.message).toBe('Invalid "Item Number": is required');
		expect(result.error?.description).toBe('Nothing was sent to the provider. Correct "Item Number" and run again.');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
