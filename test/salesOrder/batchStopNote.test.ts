// Batch Create (Continue On Fail off) that failed on a later chunk threw that chunk's bare error: it named no order, not
// those of the earlier chunk the provider created, nor those of the failed chunk that a 500 may have created, nor those
// never sent. It carries the note a per-item run's error carries now (actions/operation.ts stoppedRunNote).
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { batchFromItems } from './helpers';

const fx = useSandbox();

const batch = batchFromItems({ batchSize: 2 });

const orders = ['BF-0', 'BF-1', 'BF-2', 'BF-3', 'BF-4', 'BF-5'].map((OrderNo) => ({ OrderNo, items: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] }));

describe('Batch Create: a later chunk fails after an earlier one was created', () => {
	it('says which orders were created and which may have been (not only "check with the provider")', async () => {
		// the second request (the chunk BF-2, BF-3) answers 500: it may have been processed
		await fx.control.fault({ kind: 'status', status: 500, path: 'BatchSalesOrder', when: 'after', after: 1, count: 1 });
		const result = await fx.run(actionWorkflow(batch, { typeVersion: 2, items: orders }));
		// the first chunk was created at the provider
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(2);
		expect(result.error).toBeDefined();
		const told = result.error?.description ?? '';
		expect(told).toContain(
			'The chunk of 2 orders from item 3 on (BF-2, BF-3) failed, so the run stopped: they may have been created, check each with Tracking → Get Details before sending again.',
		);
		expect(told).toMatch(
			/Already done before it stopped: item 1 \(TransactionReferenceNumber [0-9a-f-]{36}, OrderNo BF-0, created\); item 2 \(TransactionReferenceNumber [0-9a-f-]{36}, OrderNo BF-1, created\)\./,
		);
		expect(told).toContain('Not sent: items 5-6.');
	});
});
