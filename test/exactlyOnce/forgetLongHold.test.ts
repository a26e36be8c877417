// Forget Sent Orders on a slow store (300 ms a call) and a claim from another process (queue mode): the forget gives the
// lock back every FORGET_HOLD_MS, so the waiting claim gets it in turn, never by taking it out as left by a dead
// process while the forget still writes (was: a 25-order group held it past 15 s, the claim took it out, the forget's
// writes dropped the claim, and a third process claimed the order while it was being sent).
import { MemoryDeduplicator } from '../harness/dedup';
import { aProcess, recordContext } from './processes';

const workflow = { id: 'wf-stale-steal', active: true };

/** What `p` gives, the fake clock moved on 100 ms at a time until it has (failing once `ms` of it passed without). */
async function settle<T>(p: Promise<T>, ms: number): Promise<T> {
	let done = false;
	let value: T | undefined;
	void p.then((v) => {
		done = true;
		value = v;
	});
	for (let t = 0; t < ms && !done; t += 100) await jest.advanceTimersByTimeAsync(100);
	expect(done).toBe(true);
	return value as T;
}

describe('a forget that holds the lock for long, and a claim from another process', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => {
		jest.useRealTimers();
		jest.restoreAllMocks();
	});

	it('the claim another process made while the forget ran is still in the records: a third claim does not get the order', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0);
		const store = new MemoryDeduplicator();
		// a loaded database: each read and each write of the row takes 300 ms
		store.latencyMs = 300;
		// the workflow's records: orders sent before
		store.seed(workflow.id, '', 'entries', Array.from({ length: 50 }, (_, i) => `seeded-${i}`));
		const context = () => recordContext(store, workflow.id);
		const [forgetter, sender, third] = [aProcess(), aProcess(), aProcess()];
		const forgetRecord = (await settle(forgetter.sentOrdersFor(context(), 'salesOrder', 0, true), 5_000))!;
		const senderRecord = (await settle(sender.sentOrdersFor(context(), 'salesOrder', 0, true), 5_000))!;
		const thirdRecord = (await settle(third.sentOrdersFor(context(), 'salesOrder', 0, true), 5_000))!;

		// Forget Sent Orders with 25 order numbers (one group) in one worker
		const numbers = Array.from({ length: 25 }, (_, i) => `OLD-${i + 1}`);
		let forgetDone = false;
		const forgetting = forgetRecord.forget(numbers, 0).then(() => (forgetDone = true));
		await jest.advanceTimersByTimeAsync(1_000);
		// another worker claims WEB-1 (a webhook), waits for the lock, then sends it
		const claimed = await settle(senderRecord.claim(['WEB-1'], 0), 60_000);
		// granted between two holds of the forget (which goes on after it)
		expect(forgetDone).toBe(false);
		expect(claimed.get('WEB-1')?.state).toBe('claimed');
		await settle(forgetting, 60_000);
		expect(forgetDone).toBe(true);

		// while WEB-1 is still on its way, the webhook is delivered again to a third worker
		const again = await settle(thirdRecord.claim(['WEB-1'], 0), 400_000);
		expect(again.get('WEB-1')?.state).not.toBe('claimed');
	}, 60_000);

	it('a store so slow that the look for sends on their way outlasts a hold: each hold still forgets one order, and the forget ends', async () => {
		const store = new MemoryDeduplicator();
		// each read and each write of the row takes 2.5 s: one call outlasts FORGET_HOLD_MS
		store.latencyMs = 2_500;
		const context = () => recordContext(store, workflow.id);
		const sender = (await settle(aProcess().sentOrdersFor(context(), 'salesOrder', 0, true), 30_000))!;
		await settle(sender.claim(['SLOW-A', 'SLOW-B'], 0), 120_000);
		await settle(sender.settle([{ identity: 'SLOW-A', outcome: 'sent', reference: 'R-A' }, { identity: 'SLOW-B', outcome: 'sent', reference: 'R-B' }]), 120_000);
		const forgetRecord = (await settle(aProcess().recordToForget(context(), 'salesOrder', 0), 30_000))!;
		const removed = await settle(forgetRecord.forget(['SLOW-A', 'SLOW-B'], 0), 600_000);
		expect([...removed]).toEqual([
			['SLOW-A', 1],
			['SLOW-B', 1],
		]);
	}, 60_000);
});

