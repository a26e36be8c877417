// A choice an AI agent fills through $fromAI with "" or only spaces (Get Transactions' Date Filter, Options → Output) was
// refused ('must be one of date, range (got "")'), where the README says such a choice counts as left empty; read as its
// default now, and a choice is read trimmed (actions/parameters.ts readChoice, checkChoice). Bug hunt 24.
import { runAsTool } from '../harness/agent';
import { answer, fixtureOn, provider } from '../harness/answeringProvider';

const fromAI = (key: string) => `={{ $fromAI('${key}', '${key}', 'string') }}`;
const PAGE = { TotalRecordCount: 1, MoreRecords: false, InventoryTransactions: [{ ItemNo: 'CAB-2019', TransactionDate: '02/10/2026', Quantity: -2 }] };

describe('Get Transactions as a tool: a choice the agent leaves blank', () => {
	it.each([[''], ['   ']])('Date Filter %p with a Transaction Date: read as Transaction Date, not refused', async (mode) => {
		const s = await provider(() => answer(PAGE));
		try {
			const { answers } = await runAsTool(
				fixtureOn(s),
				{ resource: 'inventory', operation: 'getTransactions', dateFilter: fromAI('mode'), transactionDate: fromAI('day') },
				[{ args: { mode, day: '2026-02-10' } }],
			);
			expect(answers[0].error).toBeUndefined();
			expect(JSON.parse(String(answers[0].result))[0]).toMatchObject({ itemNo: 'CAB-2019' });
			expect(JSON.parse(s.requests[0].body)).toMatchObject({ TransactionDate: '02/10/2026' });
		} finally {
			await s.close();
		}
	});

	it('Options → Output "" from the agent: one item per record, not refused', async () => {
		const s = await provider(() => answer(PAGE));
		try {
			const { answers } = await runAsTool(
				fixtureOn(s),
				{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-02-10', options: { output: fromAI('output') } },
				[{ args: { output: '' } }],
			);
			expect(answers[0].error).toBeUndefined();
			expect(JSON.parse(String(answers[0].result))).toHaveLength(1);
		} finally {
			await s.close();
		}
	});
});
