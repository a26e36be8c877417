// Orders this process saw end unknown, over the in-memory twin of n8n's deduplication store: once forgotten (here or
// elsewhere), another process's send of one is waited for; with nobody sending it, it is reported at once.
import { MemoryDeduplicator } from '../harness/dedup';
import { aProcess, recordContext, type SentOrdersModule } from '../exactlyOnce/processes';

const workflow = { id: 'wf-memory', active: true };
const context = (store: MemoryDeduplicator) => recordContext(store, workflow.id);



const recordOf = async (module: SentOrdersModule, store: MemoryDeduplicator) => (await module.sentOrdersFor(context(store), 'salesOrder', 0, true))!;

/**
 * Another process sends `orderNo` now (claimed, answered 200 ms later); this process's claim of it meanwhile waits for
 * that send and finds it sent (without a reference: this process never learnt it).
 */
async function expectWaitsForTheirSend(here: SentOrdersModule, store: MemoryDeduplicator, orderNo: string): Promise<void> {
	const there = await recordOf(aProcess(), store);
	expect((await there.claim([orderNo], 0)).get(orderNo)).toEqual({ state: 'claimed' });
	const claiming = (await recordOf(here, store)).claim([orderNo], 0);
	await new Promise((resolve) => setTimeout(resolve, 200));
	await there.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF-THEIRS' }]);
	expect((await claiming).get(orderNo)).toEqual({ state: 'sent', reference: undefined });
}

describe('orders this process saw end unknown', () => {
	it('an order that ended unknown here, was forgotten elsewhere and then refused here: another process sending it now is waited for', async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const first = await recordOf(here, store);
		await first.claim(['UNKNOWN-1'], 0);
		await first.settle([{ identity: 'UNKNOWN-1', outcome: 'unknown' }]);
		// the user checked it and ran Forget Sent Orders on another worker; this worker sends it again and it is refused
		const forgetting = await aProcess().recordToForget(context(store), 'salesOrder', 0);
		expect((await forgetting!.forget(['UNKNOWN-1'], 0)).get('UNKNOWN-1')).toBeGreaterThan(0);
		const second = await recordOf(here, store);
		expect((await second.claim(['UNKNOWN-1'], 0)).get('UNKNOWN-1')).toEqual({ state: 'claimed' });
		await second.settle([{ identity: 'UNKNOWN-1', outcome: 'released' }]);
		// the refusal ended what this worker knew of it: it no longer counts as ended unknown here
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-1');
	});

	it('an order that ended unknown here and that Forget Sent Orders forgot here: another process sending it now is waited for', async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const first = await recordOf(here, store);
		await first.claim(['UNKNOWN-2'], 0);
		await first.settle([{ identity: 'UNKNOWN-2', outcome: 'unknown' }]);
		const forgetting = await here.recordToForget(context(store), 'salesOrder', 0);
		expect((await forgetting!.forget(['UNKNOWN-2'], 0)).get('UNKNOWN-2')).toBeGreaterThan(0);
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-2');
	});

	it('an order that ended unknown here, then forgotten and sent again by another process: a duplicate here waits for that send', async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const first = await recordOf(here, store);
		await first.claim(['UNKNOWN-3'], 0);
		await first.settle([{ identity: 'UNKNOWN-3', outcome: 'unknown' }]);
		// the user checked it and ran Forget Sent Orders on another worker, which sends it again (nothing happens here)
		const forgetting = await aProcess().recordToForget(context(store), 'salesOrder', 0);
		expect((await forgetting!.forget(['UNKNOWN-3'], 0)).get('UNKNOWN-3')).toBeGreaterThan(0);
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-3');
	});

	it('an order that ended unknown here and nobody sends now is reported at once', async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const first = await recordOf(here, store);
		await first.claim(['UNKNOWN-4'], 0);
		await first.settle([{ identity: 'UNKNOWN-4', outcome: 'unknown' }]);
		const started = Date.now();
		expect((await (await recordOf(here, store)).claim(['UNKNOWN-4'], 0)).get('UNKNOWN-4')).toEqual({ state: 'unsettled' });
		expect(Date.now() - started).toBeLessThan(1_000);
	});
});
