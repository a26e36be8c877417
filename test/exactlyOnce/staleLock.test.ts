// The lock of the record of sent orders left by a process that died holding it: each waiter takes it out after a limit
// of its own, drawn between 15 s and 30 s (so that two waiters seldom take it out at once), on a fake clock.
import { MemoryDeduplicator } from '../harness/dedup';
import { RECORD_NODE, aProcess, recordContext } from './processes';

const workflow = { id: 'wf-stale-lock', active: true };
const context = (store: MemoryDeduplicator) => recordContext(store, workflow.id);

describe('a lock left by a process that died holding it', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => {
		jest.useRealTimers();
		jest.restoreAllMocks();
	});

	it.each([
		[0, 15_000],
		[0.5, 22_500],
		[0.9, 28_500],
	])('a waiter whose draw is %p takes it out after %p ms, not before, and its claim goes on', async (draw, limitMs) => {
		jest.spyOn(Math, 'random').mockReturnValue(draw);
		const store = new MemoryDeduplicator();
		// the dead process's lock row
		store.seed(workflow.id, `n:${RECORD_NODE.id}`, 'latestIncrementalKey', 1);
		const record = await aProcess().sentOrdersFor(context(store), 'salesOrder', 0, true);
		let state: string | undefined;
		const claiming = record!.claim(['AFTER-CRASH'], 0).then((claims) => (state = claims.get('AFTER-CRASH')?.state));
		await jest.advanceTimersByTimeAsync(limitMs - 500);
		expect(state).toBeUndefined();
		expect(store.hasRow(workflow.id, `n:${RECORD_NODE.id}`)).toBe(true);
		// the waits between attempts last at most 75 ms: the next attempt after the limit takes the lock
		await jest.advanceTimersByTimeAsync(1_000);
		await claiming;
		expect(state).toBe('claimed');
	});
});
