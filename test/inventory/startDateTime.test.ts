// Inventory → Get Transactions in Date-Time Range mode: a missing start is named as the panel shows it, Start Date-Time.
import type { GenericValue, INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 48 });

const rangeMode = (parameters: Record<string, unknown>, start: GenericValue) =>
	fx.run(
		actionWorkflow(
			{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '={{ $json.start }}', limit: 1, ...parameters } as INodeParameters,
			{ items: [{ start }] },
		),
	);

describe('Inventory → Get Transactions, Date-Time Range mode', () => {
	it.each([
		['empty', '', '""'],
		['null', null, 'null'],
	])('a Start Date-Time an expression leaves %s is refused naming Start Date-Time, not the hidden Transaction Date', async (_case, start, shown) => {
		const result = await rangeMode({}, start);
		expect(result.error?.message).toBe(`Invalid "Start Date-Time": is required (got ${shown})`);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('a start given in Additional Fields (JSON) instead is sent', async () => {
		const result = await rangeMode({ additionalJson: '{"TransactionStartDateTime": "2026-02-10T00:00:00Z"}' }, '');
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionStartDateTime).toBe('2026-02-10T00:00:00Z');
	});

	it('a Transaction Date given in Additional Fields (JSON) instead is sent: the provider needs one of the two', async () => {
		const result = await rangeMode({ additionalJson: '{"TransactionDate": "02/10/2026"}' }, '');
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionDate).toBe('02/10/2026');
		expect(sent.body.TransactionStartDateTime).toBeUndefined();
	});
});
