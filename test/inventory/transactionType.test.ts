// Inventory → Get Transactions with a Transaction Type the interface does not name (from an expression): sent as
// given, with a hint in the output pane; a named one gives no hint.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';

const fx = useSandbox({ inventoryRecords: 24 });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => ({ message: h.message, location: h.location }));

const getTransactions = (transactionType: string) =>
	actionWorkflow({ resource: 'inventory', operation: 'getTransactions', simplify: false, transactionDate: '2026-02-10', transactionType });

describe('Inventory → Get Transactions: Transaction Type', () => {
	it('a type the interface does not name is sent as given, with a hint in the output pane', async () => {
		const result = await fx.run(getTransactions('={{ "Returns" }}'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionType).toBe('Returns');
		expect(hints(result)).toEqual([
			{
				message: 'Transaction type "Returns" is not one of the kinds the interface names; it was sent as given.',
				location: 'outputPane',
			},
		]);
	});

	it('a named type gives no hint', async () => {
		const result = await fx.run(getTransactions('Sales Orders'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.TransactionType).toBe('Sales Orders');
		expect(hints(result)).toEqual([]);
	});
});
