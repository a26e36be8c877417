// Create, Concurrency 2, one order number on two rows: the first refused (400) and its outcome not written (n8n's store
// failed at the settle); the second row, waiting for that send in this process, writes the refusal it now knows and is
// sent at once (was: waited out the other "sender" for 150 s, then reported "may already have been sent").
import type { DeduplicationItemTypes } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { createWorkflow, out, runPromptly, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();


describe('Create: a refused send whose settle failed, waited for by a second row of the same order in this process', () => {
	it('the corrected row is sent at once, not waited for and reported as possibly sent', async () => {
		// the first request for HSR-1 is refused before the provider reads it
		await fx.control.fault({ kind: 'status', status: 400, path: 'CreateSalesOrder', count: 1, body: { Message: 'OrderInfo.ShipDate is invalid' } });
		// the settle of that refusal (removing sending, claim and open) fails once: n8n's store lost its connection
		const s = store();
		const remove = s.removeProcessed.bind(s);
		let armed = true;
		s.removeProcessed = async (items: DeduplicationItemTypes[], ...rest) => {
			if (armed && items.map(String).some((v) => v.startsWith('sending:'))) {
				armed = false;
				throw new Error('Connection terminated unexpectedly');
			}
			return await remove(items, ...rest);
		};
		const rows = [
			{ OrderNo: 'HSR-1', items: [line(SKU_A, 1)] },
			{ OrderNo: 'HSR-1', items: [line(SKU_A, 2)] },
		];
		const result = await runPromptly(fx, createWorkflow(rows, { options: { concurrency: 2 } }, { continueOnFail: true }), 10_000);
		expect(armed).toBe(false);
		const second = result.error ? result.error.message : out(result)[1]?.json;
		// the second row: sent now (the first was refused, so nothing exists at the provider)
		expect(second).toMatchObject({ OrderNo: 'HSR-1', alreadySent: false });
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(2);
	}, 30_000);
});
