// Bug hunt 37: Sales Order → Batch Create reads a status's IsCreated "Y" / "N" (.NET's and COBOL's yes/no) as yes / no,
// as the transport reads the same flag in a Create's answer (wire/values flagValue): the order said created is recorded
// as sent, the one said refused (with its reason) is given back, and once corrected the next run sends it. Before, both
// came out IsCreated null ("it may have been created") and the refused one was kept as possibly sent.
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

describe('Batch Create: IsCreated written as "Y" / "N"', () => {
	it('"Y" is created and "N" not created; the refused order, corrected, is sent by the next run', async () => {
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: {
				CreateSalesOrderStatuses: [
					{ RefOrderNo: 'YN-A', IsCreated: 'Y', Messages: [] },
					{ RefOrderNo: 'YN-B', IsCreated: 'N', Messages: ['Item NOPE-SKU cannot be ordered'] },
				],
			},
		});
		const first = await fx.run(
			batchWorkflow([
				{ OrderNo: 'YN-A', items: [line(SKU_A, 1)] },
				{ OrderNo: 'YN-B', items: [line('NOPE-SKU', 1)] },
			]),
		);
		expect(first.error).toBeUndefined();
		expect(out(first).map((i) => [i.json.OrderNo, i.json.IsCreated, i.json.Messages])).toEqual([
			['YN-A', true, []],
			['YN-B', false, ['Item NOPE-SKU cannot be ordered']],
		]);
		expect(countsOf(fx, ['YN-A', 'YN-B'])).toEqual([1, 0]);

		// the user corrects YN-B's item and runs again
		const again = await fx.run(
			batchWorkflow([
				{ OrderNo: 'YN-A', items: [line(SKU_A, 1)] },
				{ OrderNo: 'YN-B', items: [line(SKU_A, 1)] },
			]),
		);
		expect(again.error?.message).toBeUndefined();
		expect(out(again).map((i) => [i.json.OrderNo, i.json.alreadySent, i.json.IsCreated])).toEqual([
			['YN-A', true, false],
			['YN-B', false, true],
		]);
		expect(countsOf(fx, ['YN-A', 'YN-B'])).toEqual([1, 1]);
	});
});
