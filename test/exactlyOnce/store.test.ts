// n8n's deduplication store as the node uses it: the in-memory twin's semantics, and the race window measured: n8n's own
// (one store round trip), closed between executions of one process (the node runs its calls one at a time) and between
// processes (every write of the records holds the node's lock: a row only one process can insert).
import type { INode } from 'n8n-workflow';

import { LONGEST_SEND_MS, SENDING_STEP_MS } from '../../nodes/WineFulfillment/actions/sentOrders';
import { DEFAULT_RETRY } from '../../nodes/WineFulfillment/transport/request';
import { MemoryDeduplicator } from '../harness/dedup';
import { aProcess, recordContext, withStoreDown } from './processes';

type SentOrdersModule = typeof import('../../nodes/WineFulfillment/actions/sentOrders');
type SentOrders = import('../../nodes/WineFulfillment/actions/sentOrders').SentOrders;

const workflow = { id: 'wf-store', active: true };
const node = { id: 'node-1', name: 'Wine Fulfillment' } as INode;
const contextData = { workflow, node };
const context = (store: MemoryDeduplicator) => recordContext(store, workflow.id);
const anotherProcess = aProcess;
const entries = { mode: 'entries' as const };

describe("the store twin behaves as n8n's DeduplicationHelper", () => {
	it('records what is new, reports what was there, and keeps only hashes', async () => {
		const store = new MemoryDeduplicator();
		expect(await store.checkProcessedAndRecord(['a', 'b'], 'workflow', contextData, entries)).toEqual({ new: ['a', 'b'], processed: [] });
		expect(await store.checkProcessedAndRecord(['b', 'c'], 'workflow', contextData, entries)).toEqual({ new: ['c'], processed: ['b'] });
		expect(await store.getProcessedDataCount('workflow', contextData, entries)).toBe(3);
		await store.removeProcessed(['a', 'zz'], 'workflow', contextData, entries);
		expect(await store.checkProcessedAndRecord(['a'], 'workflow', contextData, entries)).toEqual({ new: ['a'], processed: [] });
		// scope node is its own list
		expect(await store.checkProcessedAndRecord(['a'], 'node', contextData, entries)).toEqual({ new: ['a'], processed: [] });
		expect(store.count('wf-store', 'n:node-1')).toBe(1);
		await store.clearAllProcessedItems('workflow', contextData);
		expect(await store.getProcessedDataCount('workflow', contextData, entries)).toBe(0);
	});

	it('keeps the newest maxEntries values, refuses another mode, and cannot remove in a latest mode', async () => {
		const store = new MemoryDeduplicator();
		await store.checkProcessedAndRecord(['1', '2', '3'], 'workflow', contextData, { mode: 'entries', maxEntries: 2 });
		expect(await store.checkProcessedAndRecord(['1', '3'], 'workflow', contextData, { mode: 'entries', maxEntries: 2 })).toEqual({
			new: ['1'],
			processed: ['3'],
		});
		await expect(store.checkProcessedAndRecord(['5'], 'workflow', contextData, { mode: 'latestIncrementalKey' })).rejects.toThrow(
			'incompatible setting',
		);
		await expect(store.removeProcessed(['1'], 'node', contextData, { mode: 'latestDate' })).rejects.toThrow('not possible in mode');
	});
});



const thisProcess = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');

/**
 * Two executions claim order X, the second `offsetMs` after the first; each store read and write takes `latencyMs`.
 * Returns how many of them were allowed to send it. The first settles as sent as soon as it holds the claim.
 */
async function race(second: SentOrdersModule, offsetMs: number, latencyMs: number, orderNo: string): Promise<number> {
	const store = new MemoryDeduplicator();
	store.latencyMs = latencyMs;
	// the workflow's list exists already (on the very first claim, a racer's insert fails: nothing sent)
	store.seed(workflow.id, '', 'entries', []);
	let claimed = 0;
	const attempt = async (module: SentOrdersModule) => {
		const record = await module.sentOrdersFor(context(store), 'salesOrder', 0, true);
		if (!record) throw new Error('no store');
		const claim = (await record.claim([orderNo], 0)).get(orderNo);
		if (claim?.state === 'claimed') {
			claimed++;
			await record.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF' }]);
		}
	};
	const first = attempt(thisProcess);
	await jest.advanceTimersByTimeAsync(offsetMs);
	const later = attempt(second);
	await jest.advanceTimersByTimeAsync(100 * latencyMs + 1000);
	await Promise.all([first, later]);
	return claimed;
}

describe('the race window, measured (fake clock)', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	const LATENCY = 20;
	const offsets = Array.from({ length: 3 * LATENCY }, (_, i) => i);

	it("n8n's store alone: two calls that start less than one round trip apart both find a value new", async () => {
		const doubled: number[] = [];
		for (const offset of offsets) {
			const store = new MemoryDeduplicator();
			store.latencyMs = LATENCY;
			store.seed(workflow.id, '', 'entries', []);
			const a = store.checkProcessedAndRecord(['x'], 'workflow', contextData, entries);
			await jest.advanceTimersByTimeAsync(offset);
			const b = store.checkProcessedAndRecord(['x'], 'workflow', contextData, entries);
			await jest.advanceTimersByTimeAsync(10 * LATENCY);
			const results = await Promise.all([a.catch(() => null), b.catch(() => null)]);
			if (results.filter((r) => r?.new.length === 1).length === 2) doubled.push(offset);
		}
		// the first call's write lands one round trip after its read: a call starting within that time reads too early
		expect(doubled).toEqual(offsets.filter((offset) => offset < LATENCY));
	});

	it('between executions of one n8n process the node closes it: never two claims, whatever the offset', async () => {
		const claims: number[] = [];
		for (const offset of offsets) claims.push(await race(thisProcess, offset, LATENCY, `SAME-${offset}`));
		expect(claims.every((n) => n === 1)).toBe(true);
	});

	it('between two n8n processes (queue mode) the lock settles it: never two claims, whatever the offset', async () => {
		const other = anotherProcess();
		const claims: number[] = [];
		for (const offset of offsets) claims.push(await race(other, offset, LATENCY, `OTHER-${offset}`));
		// n8n's window (offsets below one round trip) would grant both claims; the second process waits for the lock
		expect(claims.every((n) => n === 1)).toBe(true);
	});

	/** Claims each order in `module` and settles it as sent; the state each claim found, by order. */
	const claimAll = async (store: MemoryDeduplicator, module: SentOrdersModule, orderNos: string[]) => {
		const states = new Map<string, string | undefined>();
		await Promise.all(
			orderNos.map(async (orderNo) => {
				const record = await module.sentOrdersFor(context(store), 'salesOrder', 0, true);
				const state = (await record?.claim([orderNo], 0))?.get(orderNo)?.state;
				states.set(orderNo, state);
				if (state === 'claimed') await record?.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF' }]);
			}),
		);
		return states;
	};

	it("between two processes, other orders' writes never drop a claim: 2 x 60 orders at once, every one claimed and recorded", async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		store.seed(workflow.id, '', 'entries', []);
		const ours = Array.from({ length: 60 }, (_, i) => `MINE-${i}`);
		const theirs = Array.from({ length: 60 }, (_, i) => `THEIRS-${i}`);
		const done = Promise.all([claimAll(store, thisProcess, ours), claimAll(store, other, theirs)]);
		await jest.advanceTimersByTimeAsync(10_000 * LATENCY);
		const [a, b] = await done;
		expect([...a.values(), ...b.values()].every((state) => state === 'claimed')).toBe(true);
		// one value (the claim) per accepted order, and each process's mark: no write was lost; the lock row is gone
		expect(store.count(workflow.id)).toBe(120 + 2);
		expect(store.hasRow(workflow.id, `n:${node.id}`)).toBe(false);
		const again = claimAll(store, other, ours);
		await jest.advanceTimersByTimeAsync(10_000 * LATENCY);
		expect([...(await again).values()].every((state) => state === 'sent')).toBe(true);
	});

	it('between two processes, the same 60 orders claimed by both at once: each claimed exactly once', async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const orders = Array.from({ length: 60 }, (_, i) => `BOTH-${i}`);
		// no row yet: the first writes of the records race to insert it too
		const done = Promise.all([claimAll(store, thisProcess, orders), claimAll(store, other, orders)]);
		await jest.advanceTimersByTimeAsync(10_000 * LATENCY);
		const [a, b] = await done;
		for (const orderNo of orders) {
			const states = [a.get(orderNo), b.get(orderNo)];
			expect(states.filter((state) => state === 'claimed')).toHaveLength(1);
		}
	});

	/** Awaits `promise` while the fake clock moves on in store round trips. */
	const drive = async <T>(promise: Promise<T>): Promise<T> => {
		let done = false;
		void promise.finally(() => (done = true)).catch(() => undefined);
		while (!done) await jest.advanceTimersByTimeAsync(LATENCY);
		return await promise;
	};

	/**
	 * `claimer` claims an order `sender` holds: no answer while `sender` sends (2 s), then "sent" once it settles, within
	 * the next look (the pauses between looks double from half a second up to 8 s: after 2 s, within 2 s).
	 */
	const expectWaitedFor = async (claimer: SentOrders, sender: SentOrders, orderNo: string, sendingMs = 2_000) => {
		let state: string | undefined;
		const waiting = claimer.claim([orderNo], 0).then((claims) => (state = claims.get(orderNo)?.state));
		await jest.advanceTimersByTimeAsync(sendingMs);
		expect(state).toBeUndefined();
		await drive(sender.settle([{ identity: orderNo, outcome: 'sent', reference: 'REF-1' }]));
		const settledAt = Date.now();
		await drive(waiting);
		expect(state).toBe('sent');
		expect(Date.now() - settledAt).toBeLessThanOrEqual(sendingMs <= 2_000 ? 2_100 : 8_100);
	};

	it("a duplicate in a process whose clock is a few seconds behind the sender's still waits for that send", async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		// the sender claims 1 s into a step of 10 s; the duplicate's clock is 5 s behind: the sender's step is after its own
		const stepStart = (Math.floor(Date.now() / SENDING_STEP_MS) + 1) * SENDING_STEP_MS;
		jest.setSystemTime(stepStart + 1_000);
		const first = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(first!.claim(['AHEAD-1'], 0))).get('AHEAD-1')?.state).toBe('claimed');
		jest.setSystemTime(stepStart - 4_000);
		const second = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await expectWaitedFor(second!, first!, 'AHEAD-1');
	});

	it('an order another process is sending right now is waited for: settled within seconds it comes out as sent, not as possibly sent', async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const first = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(first!.claim(['TWICE-1'], 0))).get('TWICE-1')?.state).toBe('claimed');
		// the same order delivered to another worker while this one sends it (a 429 and its Retry-After: 2 s)
		const second = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await expectWaitedFor(second!, first!, 'TWICE-1');
	});

	it("a send that waits out 429s for most of its 2-minute budget is still waited for: the duplicate comes out as sent", async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const first = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(first!.claim(['SLOW-1'], 0))).get('SLOW-1')?.state).toBe('claimed');
		// a busy limit: the first worker's send is refused and waits for 110 s before it gets through
		const second = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await expectWaitedFor(second!, first!, 'SLOW-1', 110_000);
	});

	/** Claims `orderNo` in `record` while the fake clock moves on; the state it found and how long that took. */
	const timedClaim = async (record: SentOrders, orderNo: string) => {
		const began = Date.now();
		const state = (await drive(record.claim([orderNo], 0))).get(orderNo)?.state;
		return { state, tookMs: Date.now() - began };
	};

	it('an order whose send ended unknown is reported as possibly sent at once, in this process and in another: no send of it is on its way', async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const first = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await drive(first!.claim(['UNKNOWN-1'], 0));
		await drive(first!.settle([{ identity: 'UNKNOWN-1', outcome: 'unknown' }]));
		const here = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		const elsewhere = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		for (const record of [here!, elsewhere!]) {
			const { state, tookMs } = await timedClaim(record, 'UNKNOWN-1');
			expect(state).toBe('unsettled');
			// a few store round trips, no pause
			expect(tookMs).toBeLessThan(400);
		}
		// the unknown send's sending value went with it; the looks left nothing behind: the claim, the open value, the marks
		expect(store.count(workflow.id)).toBe(2 + 2);
	});

	it('an order left open by a process that died sending it is waited for until the longest send after its claim could end, then reported; later, at once', async () => {
		const other = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		// the claim 1 s into a step of 10 s: the step it records is the one `claimedAt` is in, whenever the test runs
		// (started 50 ms before a step's end, the claim's round trips took it into the next step, a step later than computed)
		jest.setSystemTime((Math.floor(Date.now() / SENDING_STEP_MS) + 1) * SENDING_STEP_MS + 1_000);
		const dying = await drive(thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true));
		const claimedAt = Date.now();
		expect((await drive(dying!.claim(['DIED-1'], 0))).get('DIED-1')?.state).toBe('claimed');
		// the process dies: nothing settles the order. Another process finds it open, with a send claimed in that minute
		const elsewhere = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		const { state } = await timedClaim(elsewhere!, 'DIED-1');
		// when the look ended (the claim itself, and the other process's record, took fake time before the look began)
		const reportedAt = Date.now();
		expect(state).toBe('unsettled');
		// until the end of the claim's step of 10 s, a step more for clocks that disagree, and the longest send
		expect(SENDING_STEP_MS).toBe(10_000);
		const until = (Math.floor(claimedAt / SENDING_STEP_MS) + 2) * SENDING_STEP_MS + LONGEST_SEND_MS;
		expect(reportedAt).toBeGreaterThanOrEqual(until);
		// looked at once more when that send may have ended: reported then, not a pause (up to 8 s) later
		expect(reportedAt).toBeLessThan(until + 1_000);
		expect(LONGEST_SEND_MS).toBe(DEFAULT_RETRY.maxTotalWaitMs + 15_000);
		// once that time has passed, the order is reported at once
		const again = await timedClaim(elsewhere!, 'DIED-1');
		expect(again).toEqual({ state: 'unsettled', tookMs: expect.any(Number) });
		expect(again.tookMs).toBeLessThan(400);
		// the looks took out every sending value they recorded: the dead send's own stays, with the claim, open and marks
		expect(store.count(workflow.id)).toBe(3 + 2);
	});

	/**
	 * A process claims `orderNo` and settles it with `outcome`; with `failing`, n8n's store is down for that settle (its
	 * write is left to the next claim here). Then a later run of the same process claims the order (settling a fresh
	 * claim as released), then another process: their states, how long the other's claim took, and the records left.
	 */
	const afterSettle = async (outcome: 'sent' | 'released' | 'unknown', failing: boolean, orderNo: string, between?: 'clear' | 'forget') => {
		const sender = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const first = await drive(sender.sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(first!.claim([orderNo], 0))).get(orderNo)?.state).toBe('claimed');
		await withStoreDown(store, failing ? ['checkProcessedAndRecord', 'removeProcessed'] : [], () =>
			drive(first!.settle([{ identity: orderNo, outcome, ...(outcome === 'sent' ? { reference: 'REF-1' } : {}) }])),
		);
		// the workflow's history cleared, or the order forgotten (by another process), before the next claim here
		if (between === 'clear') await drive(store.clearAllProcessedItems('workflow', contextData));
		if (between === 'forget') await drive((await drive(anotherProcess().sentOrdersFor(context(store), 'salesOrder', 0, true)))!.forget([orderNo], 0));
		const later = await drive(sender.sentOrdersFor(context(store), 'salesOrder', 0, true));
		const here = (await drive(later!.claim([orderNo], 0))).get(orderNo);
		if (here?.state === 'claimed') await drive(later!.settle([{ identity: orderNo, outcome: 'released' }]));
		const elsewhere = await drive(anotherProcess().sentOrdersFor(context(store), 'salesOrder', 0, true));
		const { state, tookMs } = await timedClaim(elsewhere!, orderNo);
		return { here, elsewhere: state, prompt: tookMs < 400, records: store.count(workflow.id) };
	};

	it.each<['sent' | 'released' | 'unknown', string, string]>([
		['sent', 'sent', 'sent'],
		['released', 'claimed', 'claimed'],
		['unknown', 'unsettled', 'unsettled'],
	])('a settle (%s) whose write failed is written by the next claim here: both processes find what a written settle leaves, at once', async (outcome, here, elsewhere) => {
		const written = await afterSettle(outcome, false, `W-${outcome}`);
		const failed = await afterSettle(outcome, true, `W-${outcome}`);
		expect(written).toMatchObject({ here: { state: here }, elsewhere, prompt: true });
		// the same states, no wait for a send that ended, and the same records (no value of the failed settle left)
		expect(failed).toEqual(written);
	});

	it.each<['sent' | 'released' | 'unknown']>([['sent'], ['unknown']])(
		'a settle (%s) whose write failed, then the records cleared: the next claim here goes by the records, as after a written settle',
		async (outcome) => {
			const written = await afterSettle(outcome, false, `C-${outcome}`, 'clear');
			const failed = await afterSettle(outcome, true, `C-${outcome}`, 'clear');
			// cleared: the order is sent again, here and elsewhere
			expect(written).toMatchObject({ here: { state: 'claimed' }, elsewhere: 'claimed', prompt: true });
			expect(failed).toEqual(written);
		},
	);

	it.each<['sent' | 'unknown', string]>([
		['sent', 'sent'],
		['unknown', 'unsettled'],
	])('a settle (%s) whose write failed, then Forget Sent Orders: kept as the settle meant it, not sent again', async (outcome, state) => {
		// written, the forget goes through: the order is sent again, here and elsewhere
		const written = await afterSettle(outcome, false, `F-${outcome}`, 'forget');
		expect(written).toMatchObject({ here: { state: 'claimed' }, elsewhere: 'claimed', prompt: true });
		// not written, the send's value that says it is on its way is still there: another process's forget cannot tell
		// it from a send still running, and keeps the order (it says so) rather than let it be sent twice
		const failed = await afterSettle(outcome, true, `F-${outcome}`, 'forget');
		expect(failed).toMatchObject({ here: { state }, elsewhere: state, prompt: true });
	});

	it('a settle (sent) whose write failed, the records cleared, the order sent anew elsewhere: the next claim here gives the new reference, not the old', async () => {
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const here = anotherProcess();
		const first = await drive(here.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await drive(first!.claim(['ANEW-1'], 0));
		await withStoreDown(store, ['checkProcessedAndRecord', 'removeProcessed'], () =>
			drive(first!.settle([{ identity: 'ANEW-1', outcome: 'sent', reference: 'REF-OLD' }])),
		);
		await drive(store.clearAllProcessedItems('workflow', contextData));
		const elsewhere = await drive(anotherProcess().sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(elsewhere!.claim(['ANEW-1'], 0))).get('ANEW-1')?.state).toBe('claimed');
		await drive(elsewhere!.settle([{ identity: 'ANEW-1', outcome: 'sent', reference: 'REF-NEW' }]));
		const later = await drive(here.sentOrdersFor(context(store), 'salesOrder', 0, true));
		// the reference this process remembered is of the order before the clearing
		expect((await drive(later!.claim(['ANEW-1'], 0))).get('ANEW-1')).toEqual({ state: 'sent' });
	});

	it('after the records were cleared, an order this process saw end unknown and another process is sending now is waited for', async () => {
		const other = anotherProcess();
		const here = anotherProcess();
		const store = new MemoryDeduplicator();
		store.latencyMs = LATENCY;
		const first = await drive(here.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await drive(first!.claim(['CLEARED-1'], 0));
		await drive(first!.settle([{ identity: 'CLEARED-1', outcome: 'unknown' }]));
		// the workflow's deduplication history is cleared; another worker sends the order anew
		await drive(store.clearAllProcessedItems('workflow', contextData));
		const sender = await drive(other.sentOrdersFor(context(store), 'salesOrder', 0, true));
		expect((await drive(sender!.claim(['CLEARED-1'], 0))).get('CLEARED-1')?.state).toBe('claimed');
		// its webhook comes again, to this worker: what this worker knew of the order is stale, so it waits for that send
		const again = await drive(here.sentOrdersFor(context(store), 'salesOrder', 0, true));
		await expectWaitedFor(again!, sender!, 'CLEARED-1');
	});

	it('a lock left by a process that died holding it is taken out after at most 30 s, and claims go on', async () => {
		const store = new MemoryDeduplicator();
		store.seed(workflow.id, `n:${node.id}`, 'latestIncrementalKey', 1);
		let state: string | undefined;
		const claimed = claimAll(store, thisProcess, ['AFTER-CRASH']).then((states) => (state = states.get('AFTER-CRASH')));
		// the 30 s count from the first try for the lock: on a busy machine the claim may reach it later than at once, and
		// a clock moved on before then would leave the lock not stale yet at the end (a CI run under load hung here)
		const realTimers = jest.requireActual<typeof import('node:timers')>('node:timers');
		for (let waited = 0; store.calls === 0 && waited < 10_000; waited += 10) await new Promise((resolve) => realTimers.setTimeout(resolve, 10));
		await jest.advanceTimersByTimeAsync(14_000);
		expect(state).toBeUndefined();
		await jest.advanceTimersByTimeAsync(17_000);
		await claimed;
		expect(state).toBe('claimed');
		expect(store.hasRow(workflow.id, `n:${node.id}`)).toBe(false);
	});

	it('a store failure while taking the lock is a store error: nothing claimed', async () => {
		const store = new MemoryDeduplicator();
		store.seed(workflow.id, `n:${node.id}`, 'entries', ['not a lock']);
		const record = await thisProcess.sentOrdersFor(context(store), 'salesOrder', 0, true);
		await expect(record?.claim(['X-1'], 0)).rejects.toThrow("Could not lock the record of sent orders in n8n's deduplication store");
		expect(store.count(workflow.id)).toBe(0);
	});
});
