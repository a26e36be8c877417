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

/** A process and a store in which `orderNo` was claimed and then ended unknown. */
async function endedUnknownHere(orderNo: string): Promise<{ here: SentOrdersModule; store: MemoryDeduplicator }> {
	const here = aProcess();
	const store = new MemoryDeduplicator();
	const first = await recordOf(here, store);
	await first.claim([orderNo], 0);
	await first.settle([{ identity: orderNo, outcome: 'unknown' }]);
	return { here, store };
}

/** Forget Sent Orders run for `orderNo` by `by` (this process or another). */
async function forgetBy(by: SentOrdersModule, store: MemoryDeduplicator, orderNo: string): Promise<void> {
	const forgetting = await by.recordToForget(context(store), 'salesOrder', 0);
	expect((await forgetting!.forget([orderNo], 0)).get(orderNo)).toBeGreaterThan(0);
}

describe('orders this process saw end unknown', () => {
	it('an order that ended unknown here, was forgotten elsewhere and then refused here: another process sending it now is waited for', async () => {
		const { here, store } = await endedUnknownHere('UNKNOWN-1');
		// the user checked it and ran Forget Sent Orders on another worker; this worker sends it again and it is refused
		await forgetBy(aProcess(), store, 'UNKNOWN-1');
		const second = await recordOf(here, store);
		expect((await second.claim(['UNKNOWN-1'], 0)).get('UNKNOWN-1')).toEqual({ state: 'claimed' });
		await second.settle([{ identity: 'UNKNOWN-1', outcome: 'released' }]);
		// the refusal ended what this worker knew of it: it no longer counts as ended unknown here
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-1');
	});

	it('an order that ended unknown here and that Forget Sent Orders forgot here: another process sending it now is waited for', async () => {
		const { here, store } = await endedUnknownHere('UNKNOWN-2');
		await forgetBy(here, store, 'UNKNOWN-2');
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-2');
	});

	it('an order that ended unknown here, then forgotten and sent again by another process: a duplicate here waits for that send', async () => {
		const { here, store } = await endedUnknownHere('UNKNOWN-3');
		// the user checked it and ran Forget Sent Orders on another worker, which sends it again (nothing happens here)
		await forgetBy(aProcess(), store, 'UNKNOWN-3');
		await expectWaitsForTheirSend(here, store, 'UNKNOWN-3');
	});

	it('an order that ended unknown here and nobody sends now is reported at once', async () => {
		const { here, store } = await endedUnknownHere('UNKNOWN-4');
		const started = Date.now();
		expect((await (await recordOf(here, store)).claim(['UNKNOWN-4'], 0)).get('UNKNOWN-4')).toEqual({ state: 'unsettled' });
		expect(Date.now() - started).toBeLessThan(1_000);
	});
});
