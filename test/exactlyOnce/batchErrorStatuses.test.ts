// Bug hunt 43 (duplicated orders): Batch Create released every order of a chunk answered 4xx, even when that answer lists
// per-order statuses saying some orders WERE created (IsCreated true, with their transaction references). The next run
// sends those orders again: the provider now holds them twice.
//
// Where: nodes/WineFulfillment/transport/request.ts `send` reads a batch's per-order statuses (`statusesIn`) only in a
// 2xx answer; any other status goes to `statusError`, and actions/salesOrder/batchCreate.operation.ts `executeBatch` →
// `send` hands that error to `record.failed`, which releases every order of the chunk (mayHaveTakenEffect: a 4xx took no
// effect) without reading the statuses the body holds.
//
// Right behaviour: the interface's batch answer is CreateSalesOrderStatuses, one entry per order with IsCreated
// (service-interface-v3.md "Sales order", batch response; field notes: entries carry TransactionReferenceNumber). A
// provider that answers a partly taken batch 400 ("one or more orders were not created") with those statuses has told
// which orders exist: as README says of a 2xx answer flagged as failed ("Batch Create is settled per order ... read
// order by order (IsCreated)"), an order whose status says IsCreated true is created and recorded as sent (a re-run
// puts it out as already sent, never sends it again); the one refused is released. At the very least an order the
// answer says was created must never be released.
import { useSandbox } from '../harness/sandbox';
import { SKU_A, line } from '../salesOrder/helpers';
import { batchWorkflow, countsOf, out, useStore } from '../exactlyOnce/helpers';

const fx = useSandbox();
useStore();

const input = [
	{ OrderNo: 'H43-B4-A', items: [line(SKU_A, 1)] },
	// a SKU the sandbox does not know: the provider creates A and refuses B
	{ OrderNo: 'H43-B4-B', items: [line('NO-SUCH-SKU', 1)] },
];

/** The provider processes the batch (creating A, refusing B) and answers 400 with one status per order. */
async function partlyTakenAnswered400(status = 400): Promise<void> {
	await fx.control.fault({
		kind: 'status',
		status,
		when: 'after',
		path: 'BatchSalesOrder',
		count: 1,
		body: {
			Message: 'One or more sales orders were not created',
			CreateSalesOrderStatuses: [
				{ RefOrderNo: 'H43-B4-A', IsCreated: true, TransactionReferenceNumber: 'aaaa1111-0000-4000-8000-000000000001', Messages: [] },
				{ RefOrderNo: 'H43-B4-B', IsCreated: false, Messages: ['ItemNo NO-SUCH-SKU is not valid'] },
			],
		},
	});
}

describe('Batch Create: a chunk answered 400 whose statuses say an order was created', () => {
	it('a re-run does not create that order a second time', async () => {
		await partlyTakenAnswered400();
		await fx.run(batchWorkflow(input, {}, true));
		expect(countsOf(fx, ['H43-B4-A', 'H43-B4-B'])).toEqual([1, 0]);

		const again = await fx.run(batchWorkflow(input, {}, true));
		// was: [2, 0]: H43-B4-A released by the 400 and created again
		expect(countsOf(fx, ['H43-B4-A'])).toEqual([1]);
		expect(out(again)[0].json.alreadySent).toBe(true);
	});

	it('the first run reports the created order as created, not as a refused request', async () => {
		await partlyTakenAnswered400();
		const first = await fx.run(batchWorkflow(input, {}, true));
		const [a, b] = out(first).map((i) => i.json);
		// was: both orders error items "The provider rejected the request as invalid", A's creation not told
		expect(a).toMatchObject({ OrderNo: 'H43-B4-A', IsCreated: true });
		expect(b).toMatchObject({ OrderNo: 'H43-B4-B', IsCreated: false });
	});

	it('a 500 listing the statuses is read by them too: the created order is kept as sent, the refused one released', async () => {
		await partlyTakenAnswered400(500);
		await fx.run(batchWorkflow(input, {}, true));
		const again = await fx.run(batchWorkflow(input, {}, true));
		expect(countsOf(fx, ['H43-B4-A', 'H43-B4-B'])).toEqual([1, 0]);
		const [a, b] = out(again).map((i) => i.json);
		expect(a.alreadySent).toBe(true);
		// released: sent again (and refused again by the sandbox for its unknown SKU), not blocked as possibly sent
		expect(b.alreadySent).not.toBe(true);
		expect(JSON.stringify(b)).not.toMatch(/may already have been sent|possibly sent/i);
	});
});
