// A claim whose store call wrote and then lost its connection, with the workflow's records full (History Size reached):
// taken out again, so the next run sends the order at once (was: the store trimmed as many values as the call added,
// the count did not grow, the claim stayed, and the order, never sent, was waited for and then reported possibly sent).
import type { DeduplicationItemTypes } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { createWorkflow, out, runPromptly, sentOrderNumbers, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const order = (OrderNo: string) => ({ OrderNo, items: [line(SKU_A, 1)] });


describe('a claim whose store call committed but threw, with the records full', () => {
	it('is taken out again: the next run sends the order at once', async () => {
		// a workflow that has sent many orders: its records as a claim and a settle at History Size 10,000 leave them
		// (10,204 after the claim call trims, 10,201 once the settle takes open and sending out)
		store().seed('test-workflow', '', 'entries', Array.from({ length: 10_201 }, (_, i) => `older-${i}`));
		const s = store();
		const real = s.checkProcessedAndRecord.bind(s);
		let armed = true;
		s.checkProcessedAndRecord = async (items: DeduplicationItemTypes[], ...rest) => {
			const result = await real(items, ...rest);
			if (armed && items.map(String).some((v) => v.startsWith('claim:'))) {
				armed = false;
				// written, then the connection was lost
				throw new Error('Connection terminated unexpectedly');
			}
			return result;
		};
		const first = await fx.run(createWorkflow([order('HFH-1')]));
		s.checkProcessedAndRecord = real;
		expect(first.error?.description).toContain('Nothing was sent');
		expect(await sentOrderNumbers(fx)).toEqual([]);

		const second = await runPromptly(fx, createWorkflow([order('HFH-1')]));
		expect(second.error?.message ?? out(second)[0].json).toMatchObject({ OrderNo: 'HFH-1', alreadySent: false });
		expect(await sentOrderNumbers(fx)).toEqual(['HFH-1']);
	}, 30_000);

});
