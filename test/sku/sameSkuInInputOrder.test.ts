// Two writes to one SKU in one run reach the provider one after another, in input order, so the last row's change is
// the one it keeps (actions/operation.ts `keyed`, as for orders: bug hunt 44).
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { skus } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 240 });

const requestor = {
	requestorFirstName: 'Ana',
	requestorLastName: 'Reyes',
	requestorEmail: 'ana.reyes@example.com',
	requestorPhone: '707-555-0101',
};

describe('SKU → Update: two items for one SKU', () => {
	it('the first one a little slower on its way: the provider keeps the last one', async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][2];
		await fx.control.fault({ kind: 'latency', path: 'UpdateSKU', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'sku', operation: 'update', ...requestor, itemNo: '={{ $json.sku }}', updateFields: { itemDescription: '={{ $json.name }}' } },
				{ items: [{ sku: itemNo, name: 'First name 750ml' }, { sku: itemNo, name: 'Last name 750ml' }] },
			),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(2);
		expect(skus(fx.sandbox.state).get(itemNo)?.ItemDescription).toBe('Last name 750ml');
		const [first, second] = await fx.control.requests('UpdateSKU');
		expect(second.at - first.at).toBeGreaterThanOrEqual(300);
	});
});
