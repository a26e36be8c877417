// Options fields set by an expression to a value no option has are refused naming the field before anything is sent,
// as the node's other choices are (bug hunt 16: Output "Pages" or "raw" ran as One Item per Record, Get Transactions'
// Date Filter "Range" ran as Transaction Date). The options' own values still read.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 10 });

describe('Output set to a value no option has', () => {
	it.each(['Pages', 'raw'])('"%s": refused naming Output, nothing sent', async (output) => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true, options: { output: `={{ "${output}" }}` } }, { typeVersion: 2 }),
		);
		expect(result.error?.message).toBe(`Invalid "Output": must be one of records, pages (got "${output}")`);
		expect(await fx.control.requests('GetStatus')).toHaveLength(0);
	});

	it('"pages" from an expression is One Item per Page', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true, options: { output: '={{ "pages" }}' } }, { typeVersion: 2 }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(1);
	});
});

describe('Date Filter set to a value no option has', () => {
	it.each(['Range', 'dateTimeRange'])('"%s": refused naming Date Filter, nothing sent', async (dateFilter) => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'inventory',
					operation: 'getTransactions',
					dateFilter: `={{ "${dateFilter}" }}`,
					startDateTime: '2026-03-01T00:00:00',
					transactionDate: '2026-03-02',
					returnAll: true,
				},
				{ typeVersion: 2 },
			),
		);
		expect(result.error?.message).toBe(`Invalid "Date Filter": must be one of date, range (got "${dateFilter}")`);
		expect(await fx.control.requests('GetTransactions')).toHaveLength(0);
	});
});
