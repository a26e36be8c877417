// A list of identifiers (order numbers, item numbers, status codes) is held to the rule of one identifier: an entry with a
// tab, a line break or an invisible character pasted from a sheet is another number at the provider, which would simply
// not find it; it is refused naming the field, before anything is sent.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const CASES = [
	['a tab', 'SO-00\t0001', 'must not contain control characters (tabs, line breaks)'],
	['a line break', 'SO-000001\nSO-000002', 'must not contain control characters (tabs, line breaks)'],
	['a zero-width space', 'SO-000\u200b001', 'must not contain invisible characters'],
	['a soft hyphen', 'SO-\u00ad000001', 'must not contain invisible characters'],
] as const;

describe('lists of identifiers: an entry with a character no number has is refused, nothing sent', () => {
	it.each(CASES)('Sales Order → Get Returns, Order Numbers with %s', async (_case, entry, rule) => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'salesOrder', operation: 'getReturns', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: ['SO-000009', entry] }] },
			),
		);
		expect(result.error?.message).toContain('Invalid "Order Numbers');
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests('GetReturns')).toHaveLength(0);
	});

	it.each(CASES)('Inventory → Get Status, Item Numbers with %s', async (_case, entry, rule) => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', itemNumbers: '={{ $json.items }}' }, { items: [{ items: [entry] }] }),
		);
		expect(result.error?.message).toContain('Invalid "Item Numbers');
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests('GetStatus')).toHaveLength(0);
	});

	it('the same lists without such characters are sent, each entry trimmed', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'salesOrder', operation: 'getReturns', filters: { orderNumbers: '={{ $json.orders }}' }, limit: 1 },
				{ items: [{ orders: [' SO-000009 ', 'SO-000001'] }] },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetReturns');
		expect(sent.body.OrderNumbers).toEqual(['SO-000009', 'SO-000001']);
	});
});
