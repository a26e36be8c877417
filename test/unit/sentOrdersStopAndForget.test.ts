// The record of sent orders around n8n's Stop, Send Again's forget once per execution, and what a settle writes, over
// the in-memory twin of n8n's deduplication store (each process its own copy of the node's module).
import { getEventListeners } from 'events';
import type { IExecuteFunctions } from 'n8n-workflow';

import { MemoryDeduplicator } from '../harness/dedup';
import { RECORD_NODE, aProcess, recordContext, withStoreDown, type SentOrdersModule } from '../exactlyOnce/processes';

const workflow = { id: 'wf-stop-forget', active: true };
const contextData = { workflow, node: RECORD_NODE };
const LOCK_ROW = `n:${RECORD_NODE.id}`;

/** A node run's context whose execution has `signal` as its cancel signal (n8n's Stop aborts it). */
function stoppableContext(store: MemoryDeduplicator, signal: AbortSignal): IExecuteFunctions {
	return Object.assign(recordContext(store, workflow.id), { getExecutionCancelSignal: () => signal });
}

const recordOf = async (module: SentOrdersModule, ctx: IExecuteFunctions) => (await module.sentOrdersFor(ctx, 'salesOrder', 0, true))!;

/** What `work` came to within `ms`: 'late' when it had not settled by then. */
async function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | 'late'> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
	try {
		return await Promise.race([work.then((value) => ({ value }), (error: unknown) => ({ error })), late]);
	} finally {
		clearTimeout(timer);
	}
}

/** Another process holds the lock of the records (its row exists). */
const holdLock = (store: MemoryDeduplicator) => store.seed(workflow.id, LOCK_ROW, 'latestIncrementalKey', 1);
const giveLockBack = async (store: MemoryDeduplicator) => await store.clearAllProcessedItems('node', contextData);

describe("n8n's Stop and the record of sent orders", () => {
	it('a run already stopped does not wait for a send of the same order by another execution of this process', async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const sending = await recordOf(here, recordContext(store, workflow.id));
		expect((await sending.claim(['STOP-1'], 0)).get('STOP-1')).toEqual({ state: 'claimed' });
		const controller = new AbortController();
		controller.abort();
		const stopped = await recordOf(here, stoppableContext(store, controller.signal));
		const outcome = await within(stopped.claim(['STOP-1'], 0), 1_000);
		expect(outcome).toEqual({ value: new Map([['STOP-1', { state: 'unsettled' }]]) });
		await sending.settle([{ identity: 'STOP-1', outcome: 'sent', reference: 'REF-1' }]);
	});

	it("a claim leaves no listener on the execution's cancel signal (a run's signal outlives many claims)", async () => {
		const store = new MemoryDeduplicator();
		const controller = new AbortController();
		const record = await recordOf(aProcess(), stoppableContext(store, controller.signal));
		for (const id of ['LISTEN-1', 'LISTEN-2', 'LISTEN-3']) expect((await record.claim([id], 0)).get(id)).toEqual({ state: 'claimed' });
		expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
		await record.settle(['LISTEN-1', 'LISTEN-2', 'LISTEN-3'].map((identity) => ({ identity, outcome: 'released' as const })));
	});

	it('Forget Sent Orders stopped while another process holds the lock ends at once, forgetting nothing', async () => {
		const store = new MemoryDeduplicator();
		holdLock(store);
		const controller = new AbortController();
		controller.abort();
		const forgetting = (await aProcess().recordToForget(stoppableContext(store, controller.signal), 'salesOrder', 0))!;
		const outcome = await within(forgetting.forget(['STOP-2'], 0), 2_000);
		expect(outcome).not.toBe('late');
		expect(String((outcome as { error: unknown }).error)).toMatch(/canceled while waiting for the record of sent orders/);
		await giveLockBack(store);
	});

	it("a claim that first writes a failed settle's outcome, stopped while another process holds the lock, ends at once", async () => {
		const here = aProcess();
		const store = new MemoryDeduplicator();
		const sending = await recordOf(here, recordContext(store, workflow.id));
		expect((await sending.claim(['STOP-4'], 0)).get('STOP-4')).toEqual({ state: 'claimed' });
		// the settle's write fails: its outcome is left for the next claim of the order in this process to write
		await withStoreDown(store, ['removeProcessed'], () => sending.settle([{ identity: 'STOP-4', outcome: 'released' }]));
		holdLock(store);
		const controller = new AbortController();
		controller.abort();
		const stopped = await recordOf(here, stoppableContext(store, controller.signal));
		const outcome = await within(stopped.claim(['STOP-4'], 0), 2_000);
		expect(outcome).not.toBe('late');
		expect(String((outcome as { error: unknown }).error)).toMatch(/canceled while waiting for the record of sent orders/);
		await giveLockBack(store);
		// written by the next claim that gets the lock: released, so claimed again
		expect((await (await recordOf(here, recordContext(store, workflow.id))).claim(['STOP-4'], 0)).get('STOP-4')).toEqual({ state: 'claimed' });
	});

	it('the outcome of a send is recorded even when the run was stopped meanwhile and the lock is held elsewhere', async () => {
		const store = new MemoryDeduplicator();
		const controller = new AbortController();
		const record = await recordOf(aProcess(), stoppableContext(store, controller.signal));
		expect((await record.claim(['STOP-3'], 0)).get('STOP-3')).toEqual({ state: 'claimed' });
		const before = store.count(workflow.id);
		holdLock(store);
		controller.abort();
		const settling = record.settle([{ identity: 'STOP-3', outcome: 'sent', reference: 'REF-3' }]);
		await new Promise((resolve) => setTimeout(resolve, 100));
		await giveLockBack(store);
		await settling;
		// the open and sending values went: the record says sent
		expect(store.count(workflow.id)).toBe(before - 2);
	});

	it("a Stop during the claim still lets the claim's last look find an order another process settled meanwhile", async () => {
		const store = new MemoryDeduplicator();
		const there = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await there.claim(['STOP-4'], 0)).get('STOP-4')).toEqual({ state: 'claimed' });
		const controller = new AbortController();
		const ctx = stoppableContext(store, controller.signal);
		const helpers = ctx.helpers as unknown as { checkProcessedAndRecord: (items: string[], ...rest: unknown[]) => Promise<unknown> };
		const record = helpers.checkProcessedAndRecord;
		// the record keeps the order number folded (letter case, width), as the provider compares it
		const open = `open:${JSON.stringify(['wine-fulfillment', 'C10042@fulfillment.example/v3', 'salesOrder', 'stop-4'])}`;
		let stopped = false;
		helpers.checkProcessedAndRecord = async (items: string[], ...rest: unknown[]) => {
			const result = await record(items, ...rest);
			if (!stopped && items.includes(open)) {
				// the first look found it being sent elsewhere; then the run is stopped and the other process's send is accepted
				stopped = true;
				controller.abort();
				await store.removeProcessed([open], 'workflow', contextData, { mode: 'entries' });
			}
			return result;
		};
		const claims = await (await recordOf(aProcess(), ctx)).claim(['STOP-4'], 0);
		expect(claims.get('STOP-4')).toEqual({ state: 'sent', reference: undefined });
	});
});

describe('what a settle writes', () => {
	it('an order that ended unknown after its records were cleared meanwhile (Clear Deduplication History) is recorded unsettled again', async () => {
		const store = new MemoryDeduplicator();
		const record = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await record.claim(['UNKNOWN-9'], 0)).get('UNKNOWN-9')).toEqual({ state: 'claimed' });
		// a Remove Duplicates node set to Workflow clears the workflow's records while the order is on its way
		await store.clearAllProcessedItems('workflow', contextData);
		expect(store.count(workflow.id)).toBe(0);
		await record.settle([{ identity: 'UNKNOWN-9', outcome: 'unknown' }]);
		const started = Date.now();
		const later = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await later.claim(['UNKNOWN-9'], 0)).get('UNKNOWN-9')).toEqual({ state: 'unsettled' });
		expect(Date.now() - started).toBeLessThan(1_000);
	});

	it("a settle that records nothing again does not cut short another node's longer history", async () => {
		const store = new MemoryDeduplicator();
		const record = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await record.claim(['RELEASED-1'], 0)).get('RELEASED-1')).toEqual({ state: 'claimed' });
		// meanwhile another node of the workflow (a longer History Size) records far more than this node keeps
		const others = Array.from({ length: 10_500 }, (_, i) => `other:${i}`);
		await store.checkProcessedAndRecord(others, 'workflow', contextData, { mode: 'entries', maxEntries: 1_000_000 });
		const before = store.count(workflow.id);
		await record.settle([{ identity: 'RELEASED-1', outcome: 'released' }]);
		// claim, open and sending went; nothing else
		expect(store.count(workflow.id)).toBe(before - 3);
	});
});

describe('Send Again forgets an order once per execution', () => {
	it('a forget that failed is done again by the later row that waited for it', async () => {
		const store = new MemoryDeduplicator();
		const first = await recordOf(aProcess(), recordContext(store, workflow.id));
		await first.claim(['AGAIN-1'], 0);
		await first.settle([{ identity: 'AGAIN-1', outcome: 'sent', reference: 'REF-A' }]);

		const controller = new AbortController();
		const ctx = stoppableContext(store, controller.signal);
		// the store fails the removal of the order's values (a database error), then answers (the forget's look for a
		// send on its way takes out what it recorded first)
		const helpers = ctx.helpers as unknown as { removeProcessed: (values: string[], ...rest: unknown[]) => Promise<void> };
		const remove = helpers.removeProcessed;
		let failures = 1;
		helpers.removeProcessed = async (values: string[], ...rest: unknown[]) => {
			if (values.some((value) => value.startsWith('claim:')) && failures-- > 0) throw new Error('connection reset');
			await remove(values, ...rest);
		};
		const record = await recordOf(aProcess(), ctx);
		const row1 = record.forgetOnce(['AGAIN-1'], 0);
		const row2 = record.forgetOnce(['AGAIN-1'], 1);
		const [one, two] = await Promise.all([within(row1, 3_000), within(row2, 3_000)]);
		expect(String((one as { error: unknown }).error)).toMatch(/Could not forget sent orders.*connection reset/);
		expect(two).toEqual({ value: undefined });
		// forgotten by the second row: the order is claimed to be sent again
		const later = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await later.claim(['AGAIN-1'], 0)).get('AGAIN-1')).toEqual({ state: 'claimed' });
	});
});

describe('Forget Sent Orders while a send of the order is on its way', () => {
	it('keeps its record, saying so: no other process can claim the order while it is on its way', async () => {
		const store = new MemoryDeduplicator();
		// a worker is sending the order (a provider answering slowly)
		const sender = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await sender.claim(['BUSY-1'], 0)).get('BUSY-1')).toEqual({ state: 'claimed' });
		// the user's Forget Sent Orders runs in another process meanwhile
		const hints: string[] = [];
		const ctx = Object.assign(recordContext(store, workflow.id), { addExecutionHints: (hint: { message: string }) => hints.push(hint.message) });
		const forgetter = (await aProcess().recordToForget(ctx, 'salesOrder', 0))!;
		const forgot = await within(forgetter.forget(['BUSY-1'], 0), 700);
		// a duplicate delivery reaches a third worker: it waits for the send on its way (it does not claim and send it)
		const third = (await recordOf(aProcess(), recordContext(store, workflow.id))).claim(['BUSY-1'], 0);
		expect(await within(third, 700)).toBe('late');
		expect(forgot).toEqual({ value: new Map([['BUSY-1', 0]]) });
		expect(hints).toEqual([expect.stringMatching(/^Not forgotten, being sent right now by another execution \(.*\): BUSY-1\. .*forget them again/)]);
		await sender.settle([{ identity: 'BUSY-1', outcome: 'sent', reference: 'REF-BUSY' }]);
		expect((await third).get('BUSY-1')).toEqual({ state: 'sent', reference: undefined });
		// once that send has ended, a forget goes through
		expect((await forgetter.forget(['BUSY-1'], 0)).get('BUSY-1')).toBeGreaterThan(0);
	});

	it.each([
		[5, 'BUSY-N1, BUSY-N2, BUSY-N3, BUSY-N4, BUSY-N5. '],
		[7, 'BUSY-N1, BUSY-N2, BUSY-N3, BUSY-N4, BUSY-N5 and 2 more. '],
	])('%i orders on their way: the hint names the first five, and counts the rest', async (n, named) => {
		const store = new MemoryDeduplicator();
		const ids = Array.from({ length: n }, (_, i) => `BUSY-N${i + 1}`);
		const sender = await recordOf(aProcess(), recordContext(store, workflow.id));
		await sender.claim(ids, 0);
		const hints: string[] = [];
		const ctx = Object.assign(recordContext(store, workflow.id), { addExecutionHints: (hint: { message: string }) => hints.push(hint.message) });
		const removed = await (await aProcess().recordToForget(ctx, 'salesOrder', 0))!.forget(ids, 0);
		expect([...removed.values()]).toEqual(ids.map(() => 0));
		expect(hints).toHaveLength(1);
		expect(hints[0]).toContain(`: ${named}Their record is kept`);
		await sender.settle(ids.map((identity) => ({ identity, outcome: 'released' as const })));
	});

	it('an order not on its way beside it is forgotten at once, and the forget leaves no value of its look behind', async () => {
		const store = new MemoryDeduplicator();
		const sender = await recordOf(aProcess(), recordContext(store, workflow.id));
		expect((await sender.claim(['DONE-1'], 0)).get('DONE-1')).toEqual({ state: 'claimed' });
		await sender.settle([{ identity: 'DONE-1', outcome: 'sent', reference: 'REF-DONE' }]);
		const before = store.count(workflow.id);
		const forgetter = (await aProcess().recordToForget(recordContext(store, workflow.id), 'salesOrder', 0))!;
		const outcome = await within(forgetter.forget(['DONE-1', 'NEVER-1'], 0), 700);
		expect(outcome).toEqual({ value: new Map([['DONE-1', 1], ['NEVER-1', 0]]) });
		// the claim went, the forgotten note came: nothing else
		expect(store.count(workflow.id)).toBe(before);
	});
});
