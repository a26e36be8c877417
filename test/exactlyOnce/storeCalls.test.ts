// What the record of sent orders costs in calls to n8n's store, flow by flow. In queue mode every call is a round trip to
// PostgreSQL, and those on the records are made under the node's lock, which every worker of the workflow shares: a flow
// that makes calls it does not need holds the other workers' orders up. Each count is what the design comes to (the
// comments say why); a flow that makes more is a change to make on purpose, not by accident.
import { MemoryDeduplicator } from '../harness/dedup';
import { aProcess, recordContext, withStoreDown, type SentOrdersModule } from './processes';

type SentOrders = import('../../nodes/WineFulfillment/actions/sentOrders').SentOrders;

const thisProcess = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');

/** The calls `store` got while `work` ran (MemoryDeduplicator's log: lock / unlock, record / remove / count). */
async function during(store: MemoryDeduplicator, work: () => Promise<unknown>): Promise<string[]> {
	const from = store.log.length;
	await work();
	return store.log.slice(from);
}

let workflows = 0;

/** A fresh store and workflow (this process's memory of orders is by workflow), and a record for one node run in it. */
async function fresh(): Promise<{ store: MemoryDeduplicator; workflowId: string; run: () => Promise<SentOrders> }> {
	const store = new MemoryDeduplicator();
	const workflowId = `wf-calls-${++workflows}`;
	const run = async () => {
		const record = await thisProcess.sentOrdersFor(recordContext(store, workflowId), 'salesOrder', 0, true);
		if (!record) throw new Error('no record of sent orders');
		return record;
	};
	// the first run reads the records' size once (whether the store answers here): not part of any flow below
	await run();
	return { store, workflowId, run };
}

const lostConnection = () => new Error('Connection terminated unexpectedly');

/**
 * One claim round of an order number not in its folded form (upper case): the lock, the records counted, the claim
 * recorded, what the check recorded of the values from before order numbers were folded taken out again, the lock back.
 */
const CLAIM_ROUND = ['lock', 'count', 'record', 'remove', 'unlock'];

describe("store calls of the record of sent orders (each one a round trip in queue mode, most under the workers' shared lock)", () => {
	it('a new order: one claim round, then one locked write of its outcome', async () => {
		const { store, run } = await fresh();
		const record = await run();
		expect(await during(store, async () => expect((await record.claim(['NEW-1'], 0)).get('NEW-1')?.state).toBe('claimed'))).toEqual(
			CLAIM_ROUND,
		);
		expect(await during(store, () => record.settle([{ identity: 'NEW-1', outcome: 'sent', reference: 'R-1' }]))).toEqual([
			'lock',
			'record',
			'remove',
			'unlock',
		]);
	});

	describe('an order another execution of this process is sending: the duplicate asks the store nothing while that send runs', () => {
		/** The second execution's claim of an order the first is sending, and the calls of the first's settle and that claim. */
		const duplicate = async (outcome: 'sent' | 'released' | 'unknown') => {
			const { store, run } = await fresh();
			const first = await run();
			await first.claim(['TWICE-1'], 0);
			const second = await run();
			let claim: Awaited<ReturnType<SentOrders['claim']>> | undefined;
			const before = store.log.length;
			const calls = await during(store, async () => {
				const claiming = second.claim(['TWICE-1'], 0);
				// the duplicate is waiting for the first send's outcome, not asking the store
				await new Promise((resolve) => setImmediate(resolve));
				expect(store.log.length).toBe(before);
				await first.settle([{ identity: 'TWICE-1', outcome, ...(outcome === 'sent' ? { reference: 'R-TWICE' } : {}) }]);
				claim = await claiming;
			});
			return { claim: claim?.get('TWICE-1'), calls };
		};

		it('sent: it comes out as sent with the reference, after no call of its own', async () => {
			const { claim, calls } = await duplicate('sent');
			expect(claim).toEqual({ state: 'sent', reference: 'R-TWICE' });
			// the settle's own write (claim kept, open and sending out), and nothing of the duplicate's
			expect(calls).toEqual(['lock', 'record', 'remove', 'unlock']);
		});

		it('released (the provider refused it): it is claimed in one round, to be sent', async () => {
			const { claim, calls } = await duplicate('released');
			expect(claim).toEqual({ state: 'claimed' });
			// the settle takes claim, open and sending out; the duplicate's one claim round
			expect(calls).toEqual(['lock', 'remove', 'unlock', ...CLAIM_ROUND]);
		});

		it('unknown: it comes out as possibly sent after one look at the records (another process may be sending it by then)', async () => {
			const { claim, calls } = await duplicate('unknown');
			expect(claim).toEqual({ state: 'unsettled' });
			// the settle keeps claim and open and takes sending out; the duplicate's one look
			expect(calls).toEqual(['lock', 'record', 'remove', 'unlock', ...CLAIM_ROUND]);
		});
	});

	it('an order number that is its own folded form (lower case, as most stores write them) leaves nothing to tidy: four calls', async () => {
		const { store, run } = await fresh();
		const record = await run();
		// no values of the time before order numbers were folded to look for, so none to take out again
		expect(await during(store, () => record.claim(['web-1001'], 0))).toEqual(['lock', 'count', 'record', 'unlock']);
	});

	it('an order accepted before, claimed again in another run of this process: one claim round, no wait, its reference', async () => {
		const { store, run } = await fresh();
		const first = await run();
		await first.claim(['AGAIN-1'], 0);
		await first.settle([{ identity: 'AGAIN-1', outcome: 'sent', reference: 'R-AGAIN' }]);
		const second = await run();
		let claim: Awaited<ReturnType<SentOrders['claim']>> | undefined;
		expect(await during(store, async () => (claim = await second.claim(['AGAIN-1'], 0)))).toEqual(CLAIM_ROUND);
		expect(claim?.get('AGAIN-1')).toEqual({ state: 'sent', reference: 'R-AGAIN' });
	});

	it('a settle of an order this run never claimed writes nothing, whatever its outcome: the order stays free to send', async () => {
		const { store, workflowId, run } = await fresh();
		const record = await run();
		const before = store.count(workflowId);
		expect(await during(store, () => record.settle([{ identity: 'NEVER-1', outcome: 'unknown' }]))).toEqual([]);
		expect(await during(store, () => record.settleOpen(['NEVER-1'], () => 'unknown'))).toEqual([]);
		expect(store.count(workflowId)).toBe(before);
		expect((await (await run()).claim(['NEVER-1'], 0)).get('NEVER-1')?.state).toBe('claimed');
	});

	it('Forget Sent Orders: one locked round per group of orders, the records counted around each removal', async () => {
		const { store, run } = await fresh();
		const record = await run();
		await record.claim(['F-1', 'F-2'], 0);
		await record.settle([
			{ identity: 'F-1', outcome: 'sent', reference: 'R-F1' },
			{ identity: 'F-2', outcome: 'sent', reference: 'R-F2' },
		]);
		const forgetting = await run();
		let removed: Map<string, number> | undefined;
		const calls = await during(store, async () => (removed = await forgetting.forget(['F-1', 'F-2'], 0)));
		// first a look for sends of them on their way (their sending values recorded, and taken out again), then each
		// order's values removed alone and the records counted after; the forgotten notes recorded for good
		expect(calls).toEqual(['lock', 'record', 'remove', 'count', 'remove', 'count', 'remove', 'count', 'record', 'unlock']);
		expect([...removed!]).toEqual([
			['F-1', 1],
			['F-2', 1],
		]);
	});

	it('Forget Sent Orders of one full group of orders (25): one locked round, none for an empty group after it', async () => {
		const { store, run } = await fresh();
		const orders = Array.from({ length: 25 }, (_, i) => `g-${i + 1}`);
		const record = await run();
		await record.claim(orders, 0);
		await record.settle(orders.map((identity) => ({ identity, outcome: 'sent' as const, reference: `R-${identity}` })));
		const forgetting = await run();
		const calls = await during(store, () => forgetting.forget(orders, 0));
		expect(calls.filter((call) => call === 'lock')).toEqual(['lock']);
		expect(calls).toHaveLength(1 + 2 + 1 + 2 * 25 + 1 + 1);
	});

	describe("a send whose outcome could not be written (the store failed then): the next claim here writes it first", () => {
		/** Claims UNWRITTEN-1 and settles it with the store's writes failing: the outcome is left unwritten. */
		const unwrittenSettle = async (outcome: 'sent' | 'released' | 'unknown') => {
			const { store, workflowId, run } = await fresh();
			const record = await run();
			await record.claim(['UNWRITTEN-1'], 0);
			await withStoreDown(store, ['removeProcessed'], () =>
				record.settle([{ identity: 'UNWRITTEN-1', outcome, ...(outcome === 'sent' ? { reference: 'R-U' } : {}) }]),
			);
			return { store, run, workflowId };
		};

		it('written once, in a locked round of its own before the claim: later claims find nothing left to write', async () => {
			const { store, run } = await unwrittenSettle('released');
			const next = await run();
			const calls = await during(store, async () => expect((await next.claim(['UNWRITTEN-1'], 0)).get('UNWRITTEN-1')?.state).toBe('claimed'));
			// the outcome written under the lock (the sending value and the released claim out), then the claim round
			expect(calls).toEqual(['lock', 'record', 'remove', 'unlock', ...CLAIM_ROUND]);
			// and once only: settled, the order's next claim is one round
			await next.settle([{ identity: 'UNWRITTEN-1', outcome: 'released' }]);
			const after = await run();
			expect(await during(store, () => after.claim(['UNWRITTEN-1'], 0))).toEqual(CLAIM_ROUND);
		});

		it('Forget Sent Orders takes its sending value out with the rest: the records keep nothing of the order but its forgotten note', async () => {
			const { store, run, workflowId } = await unwrittenSettle('sent');
			const before = store.count(workflowId);
			const removed = await (await run()).forget(['UNWRITTEN-1'], 0);
			// claim, open and sending out (the forgotten note recorded for good in their place)
			expect(removed.get('UNWRITTEN-1')).toBe(2);
			expect(store.count(workflowId)).toBe(before - 3 + 1);
			// and nothing is left to write: the next claim is one round, and sends it
			const record = await run();
			let claim: Awaited<ReturnType<SentOrders['claim']>> | undefined;
			expect(await during(store, async () => (claim = await record.claim(['UNWRITTEN-1'], 0)))).toEqual(CLAIM_ROUND);
			expect(claim?.get('UNWRITTEN-1')?.state).toBe('claimed');
		});
	});

	it('the outcomes left unwritten are kept for the last 10,000 sends (memory bound): the oldest goes first', async () => {
		const process = aProcess();
		const store = new MemoryDeduplicator();
		const recordIn = async (workflowId: string) => (await process.sentOrdersFor(recordContext(store, workflowId), 'salesOrder', 0, true))!;
		// 10,001 sends (one per workflow: small records) whose outcome could not be written
		for (let i = 0; i <= 10_000; i++) {
			const record = await recordIn(`wf-bound-${i}`);
			await record.claim(['b-1'], 0);
			await withStoreDown(store, ['removeProcessed'], () => record.settle([{ identity: 'b-1', outcome: 'released' }]));
		}
		/** the calls of the next claim of the order in workflow `i`, and what it found */
		const nextClaim = async (i: number, signal?: AbortSignal) => {
			const ctx = recordContext(store, `wf-bound-${i}`);
			const record = (await process.sentOrdersFor(signal ? Object.assign(ctx, { getExecutionCancelSignal: () => signal }) : ctx, 'salesOrder', 0, true))!;
			let state: string | undefined;
			const calls = await during(store, async () => (state = (await record.claim(['b-1'], 0)).get('b-1')?.state));
			return { calls, state };
		};
		// the second oldest is still written first, then claimed (released before)
		expect(await nextClaim(1)).toEqual({ calls: ['lock', 'record', 'remove', 'unlock', 'lock', 'count', 'record', 'unlock'], state: 'claimed' });
		// the oldest was dropped: nothing is written before its claim round, which finds it as the failed write left it, a
		// send that may still be running (the run is stopped once its first locked round gave the lock back, so that the
		// wait for that send ends at its first pause)
		const stop = new AbortController();
		const unlock = store.clearAllProcessedItems.bind(store);
		store.clearAllProcessedItems = async (scope, contextData) => {
			await unlock(scope, contextData);
			if (scope === 'node') stop.abort();
		};
		const oldest = await nextClaim(0, stop.signal);
		store.clearAllProcessedItems = unlock;
		expect(oldest.state).toBe('unsettled');
		// a claim round first (the records counted second), not the write of an outcome (a record second)
		expect(oldest.calls.slice(0, 3)).toEqual(['lock', 'count', 'record']);
	}, 60_000);

	describe("store failures are worded for the user: nothing was sent", () => {
		it("the records cannot be counted before the claim", async () => {
			const { store, run } = await fresh();
			const record = await run();
			store.countFails = lostConnection();
			await expect(record.claim(['COUNT-1'], 0)).rejects.toThrow(
				"Could not record the orders about to be sent in n8n's deduplication store: Connection terminated unexpectedly",
			);
		});

		it('an outcome left unwritten cannot be written before the next claim', async () => {
			const { store, run } = await fresh();
			const record = await run();
			await record.claim(['LEFT-1'], 0);
			const next = await withStoreDown(store, ['removeProcessed'], async () => {
				await record.settle([{ identity: 'LEFT-1', outcome: 'sent', reference: 'R-L' }]);
				const later = await run();
				// the write of what was left fails at its check (removals still failing), then at its removal
				const check = store.checkProcessedAndRecord.bind(store);
				store.checkProcessedAndRecord = (items, scope, ...rest) =>
					scope === 'workflow' ? Promise.reject(lostConnection()) : check(items, scope, ...rest);
				await expect(later.claim(['LEFT-1'], 0)).rejects.toThrow(
					"Could not record the orders about to be sent in n8n's deduplication store: Connection terminated unexpectedly",
				);
				store.checkProcessedAndRecord = check;
				await expect(later.claim(['LEFT-1'], 0)).rejects.toThrow(
					"Could not record the orders about to be sent in n8n's deduplication store: Connection terminated unexpectedly",
				);
				return later;
			});
			// never sent again: accepted, or (the failed write's check left the order's forgotten note) possibly sent
			expect(['sent', 'unsettled']).toContain((await next.claim(['LEFT-1'], 0)).get('LEFT-1')?.state);
		});
	});
});
