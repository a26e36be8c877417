// The record of sent orders on its own (no engine, no sandbox), over the in-memory twin of n8n's deduplication store:
// what it does when n8n has no store, when the store fails at each step, when racing executions of one process release
// or lose an order, when a run stops part way, and what the errors and hints then say.
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MemoryDeduplicator } from '../harness/dedup';
import { fresh } from './schemaResults';

type SentOrdersModule = typeof import('../../nodes/WineFulfillment/actions/sentOrders');

const thisProcess = jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders');
const { sendOnce, sentOrdersFor } = thisProcess;

/** A fresh copy of the node's module: another n8n process, or this one started anew (own queues, own memory). */
const freshModule = () => fresh(() => jest.requireActual<SentOrdersModule>('../../nodes/WineFulfillment/actions/sentOrders'));
const { LONGEST_SEND_MS, SENDING_STEP_MS } = thisProcess;

const workflow = { id: 'wf-unit', active: true };
const node = { id: 'node-1', name: 'Wine Fulfillment' } as INode;
const contextData = { workflow, node };

type Scope = 'node' | 'workflow';
type Options = Parameters<MemoryDeduplicator['checkProcessedAndRecord']>[3];

/** n8n's store helpers over `store`, each of which a test can make fail (the error it throws, or undefined). */
interface Faults {
	record?: (scope: Scope) => Error | undefined;
	remove?: () => Error | undefined;
	/** `check`: the call is the check that the store answers (once per node run), not a count before a claim */
	count?: (check: boolean) => Error | undefined;
}

interface Run {
	ctx: IExecuteFunctions;
	/** the execution hints the node left in this run */
	hints: string[];
}

/** What a test changes about the run's surroundings. */
interface Setup {
	/** the credential's fields, as n8n hands them to the node (its defaults filled in) */
	credentials?: IDataObject;
	/** the node running (another id: another node of the workflow) */
	node?: INode;
	/** a deduplication helper n8n does not offer here */
	without?: keyof Helpers;
	/** the workflow running (another id: another workflow, with its own records) */
	workflowId?: string;
}

type Helpers = Pick<
	MemoryDeduplicator,
	'checkProcessedAndRecord' | 'removeProcessed' | 'getProcessedDataCount' | 'clearAllProcessedItems'
>;

const CREDENTIALS = { customerNo: 'C10042', baseUrl: 'https://fulfillment.example/v3' };

/** One node run (one execution) with these parameters; without `store`, n8n offers no deduplication helpers. */
function run(store: MemoryDeduplicator | undefined, params: IDataObject = {}, faults: Faults = {}, setup: Setup = {}): Run {
	const hints: string[] = [];
	const fail = (error: Error | undefined) => {
		if (error) throw error;
	};
	const thisNode = setup.node ?? node;
	const thisWorkflow = { ...workflow, id: setup.workflowId ?? workflow.id };
	const data = { workflow: thisWorkflow, node: thisNode };
	const helpers: Record<string, unknown> = store
		? {
				checkProcessedAndRecord: async (items: string[], scope: Scope, options: Options) => {
					fail(faults.record?.(scope));
					return await store.checkProcessedAndRecord(items, scope, data, options);
				},
				removeProcessed: async (items: string[], scope: Scope, options: Options) => {
					fail(faults.remove?.());
					return await store.removeProcessed(items, scope, data, options);
				},
				getProcessedDataCount: async (scope: Scope, options: Options) => {
					fail(faults.count?.(options.maxEntries === undefined));
					return await store.getProcessedDataCount(scope, data, options);
				},
				clearAllProcessedItems: async (scope: Scope) => await store.clearAllProcessedItems(scope, data),
			}
		: {};
	if (setup.without) delete helpers[setup.without];
	// one node run: its input and execute data, by which the node remembers its tries (Retry On Fail)
	const input = [{ json: {} }];
	const executeData = {};
	const ctx = {
		helpers,
		getInputData: () => input,
		getExecuteData: () => executeData,
		getWorkflow: () => ({ id: thisWorkflow.id, name: 'unit', active: true }),
		getNode: () => thisNode,
		getCredentials: async () => ({ ...CREDENTIALS, ...setup.credentials }),
		getNodeParameter: (name: string, _itemIndex: number, fallback: unknown) => {
			const path = name.split('.');
			let value: unknown = params;
			for (const part of path) value = (value as IDataObject | undefined)?.[part];
			return value ?? fallback;
		},
		addExecutionHints: (...added: Array<{ message: string }>) => hints.push(...added.map((h) => h.message)),
	} as unknown as IExecuteFunctions;
	return { ctx, hints };
}

const SALES = { kind: 'salesOrder' as const, onByDefault: true };

/** A create's send: the provider's answer as one output item with its reference. */
const answered = (orderNo: string, reference: string, counter?: { sends: number }) => async () => {
	if (counter) counter.sends++;
	return { reference, output: [{ json: { OrderNo: orderNo, TransactionReferenceNumber: reference }, pairedItem: { item: 0 } }] };
};

/** What a create puts out for an order sent before. */
const sentBefore =
	(orderNo: string) =>
	(reference: string | null): INodeExecutionData[] => [{ json: { OrderNo: orderNo, TransactionReferenceNumber: reference }, pairedItem: { item: 0 } }];

/** Sends orders once through `module` (a process) over `store`, each answered with the reference given. */
const sender =
	(module: SentOrdersModule, store: MemoryDeduplicator, setup: Setup = {}) =>
	(orderNo: string, reference: string) =>
		module.sendOnce(run(store, {}, {}, setup).ctx, 0, { ...SALES, identity: orderNo }, answered(orderNo, reference), sentBefore(orderNo))();

const once = async (r: Run, orderNo: string, send = answered(orderNo, `REF-${orderNo}`)) => await sendOnce(r.ctx, 0, { ...SALES, identity: orderNo }, send, sentBefore(orderNo))();

/** The state a claim of this one order found. */
const claimState = async (r: Run, orderNo: string, module: SentOrdersModule = thisProcess) => {
	const record = await module.sentOrdersFor(r.ctx, 'salesOrder', 0, true);
	return (await record?.claim([orderNo], 0))?.get(orderNo);
};

const STORE_DOWN = () => new Error('connection to the database lost');

describe('the record of sent orders, settings and availability', () => {
	it('refuses a Scope other than Workflow or Node, naming the field, before touching the store', async () => {
		const store = new MemoryDeduplicator();
		const counter = { sends: 0 };
		const r = run(store, { sendOnceOptions: { scope: 'everywhere' } });
		const failure = once(r, 'SCOPE-1', answered('SCOPE-1', 'REF', counter));
		await expect(failure).rejects.toThrow(NodeOperationError);
		await expect(failure).rejects.toThrow('Invalid "Scope": must be Workflow or Node (got "everywhere")');
		expect(counter.sends).toBe(0);
		expect(store.calls).toBe(0);
	});

	it('where n8n offers no deduplication helpers, sends as before and says so once per run', async () => {
		const r = run(undefined);
		const counter = { sends: 0 };
		const first = await once(r, 'NOHELP-1', answered('NOHELP-1', 'REF-1', counter));
		const second = await once(r, 'NOHELP-1', answered('NOHELP-1', 'REF-2', counter));
		expect(counter.sends).toBe(2);
		// the provider's output as it came: no alreadySent without a record
		expect(first.map((i) => i.json)).toEqual([{ OrderNo: 'NOHELP-1', TransactionReferenceNumber: 'REF-1' }]);
		expect(second.map((i) => i.json)).toEqual([{ OrderNo: 'NOHELP-1', TransactionReferenceNumber: 'REF-2' }]);
		expect(r.hints).toHaveLength(1);
		expect(r.hints[0]).toContain("n8n's deduplication store is not available here");
		expect(r.hints[0]).toContain('can create an order twice');
	});

	it('a store that fails to answer the first read: an error saying what failed, nothing sent', async () => {
		const store = new MemoryDeduplicator();
		const counter = { sends: 0 };
		const r = run(store, {}, { count: STORE_DOWN });
		const error = await once(r, 'DOWN-1', answered('DOWN-1', 'REF', counter)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe(
			"Could not read the record of sent orders in n8n's deduplication store: connection to the database lost",
		);
		// not the advice for a store used in another mode: only that nothing was sent and to run again
		expect((error as NodeOperationError).description).toBe(
			'Nothing was sent to the provider for this item. Run it again once the store answers.',
		);
		expect(counter.sends).toBe(0);
	});
});

describe('the record of sent orders when the store fails part way', () => {
	it('an order sent before still comes out as sent when tidying its record fails, with a hint saying what that means', async () => {
		const store = new MemoryDeduplicator();
		await once(run(store), 'TIDY-1');
		const r = run(store, {}, { remove: STORE_DOWN });
		const counter = { sends: 0 };
		const out = await once(r, 'TIDY-1', answered('TIDY-1', 'REF-NEW', counter));
		expect(counter.sends).toBe(0);
		expect(out.map((i) => i.json)).toEqual([{ OrderNo: 'TIDY-1', TransactionReferenceNumber: 'REF-TIDY-1', alreadySent: true }]);
		expect(r.hints).toEqual([
			"Some records could not be tidied in n8n's deduplication store: orders already sent may be reported as possibly sent by a later run, which then asks you to check them.",
		]);
	});

	it('a sent order whose outcome cannot be written stays unsettled: a hint says so, and the next run does not send it', async () => {
		const store = new MemoryDeduplicator();
		const r = run(store, {}, { remove: STORE_DOWN });
		const counter = { sends: 0 };
		const out = await once(r, 'SETTLE-1', answered('SETTLE-1', 'REF-S', counter));
		expect(out.map((i) => i.json.alreadySent)).toEqual([false]);
		// every removal fails: the claim's check for the records of releases before the fold could not be tidied either
		expect(r.hints).toEqual([
			"Some records could not be tidied in n8n's deduplication store: orders already sent may be reported as possibly sent by a later run, which then asks you to check them.",
			"The outcome of some orders could not be written to n8n's deduplication store: they stay marked as unsettled, and a later run asks you to check them instead of sending them.",
		]);
		// a new process (no memory of the outcome) finds it unsettled with its send still marked as on its way (that value
		// could not be taken out either): it waits as long as that send could run, then refuses to send it
		jest.useFakeTimers();
		try {
			const later = freshModule();
			const next = run(store);
			const record = await later.sentOrdersFor(next.ctx, 'salesOrder', 0, true);
			let state: unknown;
			const claimed = record!.claim(['SETTLE-1'], 0).then((claims) => (state = claims.get('SETTLE-1')));
			// the send may run until 145 to 155 s after its claim: still waiting 2 minutes on
			await jest.advanceTimersByTimeAsync(LONGEST_SEND_MS - 15_000);
			expect(state).toBeUndefined();
			await jest.advanceTimersByTimeAsync(15_000 + 3 * SENDING_STEP_MS);
			await claimed;
			expect(state).toEqual({ state: 'unsettled' });
		} finally {
			jest.useRealTimers();
		}
		expect(counter.sends).toBe(1);
	});

	it('Forget Sent Orders whose store fails mid-way: an error naming the step, not a partial answer', async () => {
		const store = new MemoryDeduplicator();
		await once(run(store), 'FORGET-1');
		let down = false;
		const r = run(store, {}, { count: () => (down ? STORE_DOWN() : undefined) });
		const record = await thisProcess.recordToForget(r.ctx, 'salesOrder', 0);
		down = true;
		const error = await record!.forget(['FORGET-1'], 3).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe(
			"Could not forget sent orders in n8n's deduplication store: connection to the database lost",
		);
		expect((error as NodeOperationError).context.itemIndex).toBe(3);
		// nothing was forgotten: the order is still sent
		expect(await claimState(run(store), 'FORGET-1')).toEqual({ state: 'sent', reference: 'REF-FORGET-1' });
	});

	it('Forget Sent Orders that cannot take the lock says so, as the lock error', async () => {
		const store = new MemoryDeduplicator();
		// the node's row in another mode than its lock's
		store.seed(workflow.id, `n:${node.id}`, 'entries', ['not a lock']);
		const record = await thisProcess.recordToForget(run(store).ctx, 'salesOrder', 0);
		await expect(record!.forget(['FORGET-2'], 0)).rejects.toThrow(
			"Could not lock the record of sent orders in n8n's deduplication store: Deduplication data was originally saved with an incompatible setting",
		);
	});
});

describe('racing executions of one process', () => {
	it("an order another execution here is sending, which ends unknown, is unsettled even if the store's record went meanwhile", async () => {
		const store = new MemoryDeduplicator();
		const holder = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect((await holder!.claim(['RACE-U'], 0)).get('RACE-U')).toEqual({ state: 'claimed' });
		const racer = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		const waiting = racer!.claim(['RACE-U'], 0);
		// a Remove Duplicates node of the workflow clears its store while the send is out
		await store.clearAllProcessedItems('workflow', contextData);
		await holder!.settle([{ identity: 'RACE-U', outcome: 'unknown' }]);
		expect((await waiting).get('RACE-U')).toEqual({ state: 'unsettled' });
	});

	it('an order another execution here was sending, which it released (refused), is claimed at once by the one waiting', async () => {
		const store = new MemoryDeduplicator();
		const holder = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		await holder!.claim(['RACE-R'], 0);
		const racer = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		jest.useFakeTimers();
		try {
			let found: unknown;
			const waiting = racer!.claim(['RACE-R'], 0).then((claims) => (found = claims.get('RACE-R')));
			await holder!.settle([{ identity: 'RACE-R', outcome: 'released' }]);
			// well before the first recheck of an unsettled order (half a second): no need to look again
			await jest.advanceTimersByTimeAsync(100);
			expect(found).toEqual({ state: 'claimed' });
			await waiting;
		} finally {
			jest.useRealTimers();
		}
	});

	it('an order refused over and over by racing executions: each waiter claims it in turn, none is left without an answer', async () => {
		const store = new MemoryDeduplicator();
		const holder = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		await holder!.claim(['RACE-MANY'], 0);
		// six executions of the same order (a webhook delivered again and again) wait for the first; each one that gets
		// it sends it and has it refused, so the last one loses five rounds before it gets it
		const racers = await Promise.all(Array.from({ length: 6 }, async () => await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true)));
		const claiming = racers.map(async (record) => {
			const claim = (await record!.claim(['RACE-MANY'], 0)).get('RACE-MANY');
			if (claim?.state === 'claimed') await record!.settle([{ identity: 'RACE-MANY', outcome: 'released' }]);
			return claim;
		});
		await holder!.settle([{ identity: 'RACE-MANY', outcome: 'released' }]);
		const states = await Promise.all(claiming);
		expect(states).toEqual(Array.from({ length: 6 }, () => ({ state: 'claimed' })));
		// no claim is left: only this process's mark
		expect(store.count(workflow.id)).toBe(1);
	});
	it('an order another execution here is still sending after every recheck of an unsettled order: waited for, then reported as sent', async () => {
		const store = new MemoryDeduplicator();
		let deliver!: () => void;
		const slowSend = async () => {
			await new Promise<void>((resolve) => (deliver = resolve));
			return await answered('SLOW-1', 'REF-SLOW-1')();
		};
		jest.useFakeTimers();
		try {
			// both start at once: the second finds the order neither in flight nor settled, then finds it claimed
			const first = once(run(store), 'SLOW-1', slowSend);
			let second: INodeExecutionData[] | Error | undefined;
			const racing = once(run(store), 'SLOW-1').then(
				(output) => (second = output),
				(error: Error) => (second = error),
			);
			// longer than all the rechecks of an order another process may be sending (7.5 s together)
			await jest.advanceTimersByTimeAsync(10_000);
			expect(second).toBeUndefined();
			deliver();
			await jest.advanceTimersByTimeAsync(100);
			await Promise.all([first, racing]);
			expect((second as INodeExecutionData[]).map((i) => i.json)).toEqual([
				{ OrderNo: 'SLOW-1', TransactionReferenceNumber: 'REF-SLOW-1', alreadySent: true },
			]);
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('an order another process holds', () => {
	it('released by that process while this one waits for it: claimed here', async () => {
		const other = freshModule();
		const store = new MemoryDeduplicator();
		const there = await other.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		await there!.claim(['ELSEWHERE-1'], 0);
		const here = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		jest.useFakeTimers();
		try {
			const waiting = here!.claim(['ELSEWHERE-1'], 0);
			await jest.advanceTimersByTimeAsync(200);
			await there!.settle([{ identity: 'ELSEWHERE-1', outcome: 'released' }]);
			await jest.advanceTimersByTimeAsync(1_000);
			expect((await waiting).get('ELSEWHERE-1')).toEqual({ state: 'claimed' });
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('settling what a run claimed', () => {
	it('a run that stopped part way gives back the claims it never sent and keeps those it may have sent as unsettled', async () => {
		const store = new MemoryDeduplicator();
		const record = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		const claims = await record!.claim(['STOP-SENT', 'STOP-TRIED', 'STOP-NEVER'], 0);
		expect([...claims.values()].map((c) => c.state)).toEqual(['claimed', 'claimed', 'claimed']);
		await record!.settle([{ identity: 'STOP-SENT', outcome: 'sent', reference: 'REF-STOP' }]);
		await record!.settleOpen(['STOP-SENT', 'STOP-TRIED', 'STOP-NEVER', 'STOP-NEVER'], (id) =>
			id === 'STOP-TRIED' ? 'unknown' : 'released',
		);
		// a new process: no memory of these outcomes, only the store's
		const later = freshModule();
		jest.useFakeTimers();
		try {
			const next = await later.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
			const found = next!.claim(['STOP-SENT', 'STOP-TRIED', 'STOP-NEVER'], 0);
			await jest.advanceTimersByTimeAsync(10_000);
			expect(Object.fromEntries(await found)).toEqual({
				'STOP-SENT': { state: 'sent' },
				'STOP-TRIED': { state: 'unsettled' },
				'STOP-NEVER': { state: 'claimed' },
			});
		} finally {
			jest.useRealTimers();
		}
	});

	it('a failed send of many orders that may have reached the provider names the first ten and counts the rest', async () => {
		const store = new MemoryDeduplicator();
		const record = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		const numbers = Array.from({ length: 12 }, (_, i) => `MANY-${String(i + 1).padStart(2, '0')}`);
		await record!.claim(numbers, 0);
		const shown = Object.assign(new Error('The provider did not answer in time'), { description: 'Timed out after 30 s.' });
		await record!.failed(numbers, new Error('ETIMEDOUT'), shown);
		expect(shown.description).toBe(
			'Timed out after 30 s.\n\n' +
				`The sales orders ${numbers.slice(0, 10).join(', ')} and 2 more are recorded as possibly sent in n8n's deduplication store: running again will not send them. ` +
				"Check whether the provider has each with Tracking → Get Details for this order number, or in the provider's portal. " +
				'Send one it has not on purpose: run Sales Order → Forget Sent Orders for this order number in this workflow (same scope), or turn on "Send Again Even If Sent" in this node\'s Send Once Options for it.',
		);
	});

	it('a failed send of exactly ten orders names them all; an error without a description gets the note alone', async () => {
		const store = new MemoryDeduplicator();
		const record = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		const numbers = Array.from({ length: 10 }, (_, i) => `TEN-${String(i + 1).padStart(2, '0')}`);
		await record!.claim(numbers, 0);
		const shown: Error & { description?: string } = new Error('The provider did not answer in time');
		await record!.failed(numbers, new Error('ETIMEDOUT'), shown);
		expect(shown.description).toBe(
			`The sales orders ${numbers.join(', ')} are recorded as possibly sent in n8n's deduplication store: running again will not send them. ` +
				"Check whether the provider has each with Tracking → Get Details for this order number, or in the provider's portal. " +
				'Send one it has not on purpose: run Sales Order → Forget Sent Orders for this order number in this workflow (same scope), or turn on "Send Again Even If Sent" in this node\'s Send Once Options for it.',
		);
	});

	it('an order whose earlier attempt has no clear outcome: the error says why it was not sent and what to check', async () => {
		const store = new MemoryDeduplicator();
		const record = await sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		const error = record!.unsettledError('UNSURE-1', 3);
		expect([error.message, error.description]).toEqual([
			'The sales order UNSURE-1 may already have been sent, so it was not sent again',
			'An earlier attempt sent this sales order and got no clear answer (a timeout, a lost connection, a provider error, or an answer without a transaction reference), or another execution is sending it right now. ' +
				"Check whether the provider has it with Tracking → Get Details for this order number, or in the provider's portal. If it has, there is nothing to do. " +
				'If it has not, send it on purpose: run Sales Order → Forget Sent Orders for this order number in this workflow (same scope), or turn on "Send Again Even If Sent" in this node\'s Send Once Options for it, then run again.',
		]);
	});

	it('this process remembers the references of the last 10,000 orders it settled: an older one comes out as sent without it', async () => {
		const fresh = freshModule();
		const store = new MemoryDeduplicator();
		const record = await fresh.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		await record!.claim(['OLDEST', 'NEXT'], 0);
		await record!.settle([
			{ identity: 'OLDEST', outcome: 'sent', reference: 'REF-OLDEST' },
			{ identity: 'NEXT', outcome: 'sent', reference: 'REF-NEXT' },
		]);
		await record!.settle(Array.from({ length: 9_999 }, (_, i) => ({ identity: `FILL-${i}`, outcome: 'sent' as const, reference: `R${i}` })));
		const again = await fresh.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect(Object.fromEntries(await again!.claim(['OLDEST', 'NEXT'], 0))).toEqual({
			OLDEST: { state: 'sent', reference: undefined },
			NEXT: { state: 'sent', reference: 'REF-NEXT' },
		});
	});
});

describe('the record of sent orders, its History Size and the check that the store answers', () => {
	it('refuses a History Size out of range, naming the field, before anything is recorded or sent', async () => {
		const store = new MemoryDeduplicator();
		const counter = { sends: 0 };
		const r = run(store, { sendOnceOptions: { historySize: 50 } });
		const failure = once(r, 'HISTORY-0', answered('HISTORY-0', 'REF', counter));
		await expect(failure).rejects.toThrow(NodeOperationError);
		await expect(failure).rejects.toThrow('Invalid "History Size"');
		expect(counter.sends).toBe(0);
		expect(store.calls).toBe(0);
	});

	it("leaves room for this process's own sends on their way too: 150 unsettled at once beside History Size 100 push no older record out", async () => {
		const store = new MemoryDeduplicator();
		const params = { sendOnceOptions: { historySize: 100 } };
		await once(run(store, params), 'OLDEST-1');
		// 150 sends on their way in this process (claimed, not settled): their open and sending values are 300 more values
		// than the room left for other processes' sends (2 x 100)
		const inFlight = await sentOrdersFor(run(store, params).ctx, 'salesOrder', 0, true);
		for (let i = 0; i < 150; i++) expect((await inFlight!.claim([`ON-WAY-${i}`], 0)).get(`ON-WAY-${i}`)?.state).toBe('claimed');
		expect(await claimState(run(store, params), 'OLDEST-1')).toEqual({ state: 'sent', reference: 'REF-OLDEST-1' });
		await inFlight!.settle(Array.from({ length: 150 }, (_, i) => ({ identity: `ON-WAY-${i}`, outcome: 'released' as const })));
	});

	it('keeps the History Size newest orders, and room for the values of sends on their way (two for each of 100 other processes\' sends, and a call\'s own): one older than that is no longer guarded, a recent one is', async () => {
		const store = new MemoryDeduplicator();
		const params = { sendOnceOptions: { historySize: 100 } };
		const counter = { sends: 0 };
		await once(run(store, params), 'AGED-000', answered('AGED-000', 'REF-0', counter));
		// 300 more: AGED-000 is among the newest 100, plus the room of 2 x 100 values of other processes' sends, less
		// the values this check records beside the orders' claims (its open and sending values, and the process's mark)
		for (let i = 1; i <= 300; i++) await once(run(store, params), `AGED-${i}`);
		expect((await once(run(store, params), 'AGED-000', answered('AGED-000', 'REF-0', counter))).map((i) => i.json.alreadySent)).toEqual([true]);
		// 10 more: past all of that
		for (let i = 301; i <= 310; i++) await once(run(store, params), `AGED-${i}`);
		const aged = await once(run(store, params), 'AGED-000', answered('AGED-000', 'REF-1', counter));
		expect(aged.map((i) => i.json)).toEqual([{ OrderNo: 'AGED-000', TransactionReferenceNumber: 'REF-1', alreadySent: false }]);
		expect(counter.sends).toBe(2);
		const recent = await once(run(store, params), 'AGED-310', answered('AGED-310', 'REF-X', counter));
		expect(recent.map((i) => i.json.alreadySent)).toEqual([true]);
		expect(counter.sends).toBe(2);
	});

	it.each(['checkProcessedAndRecord', 'removeProcessed', 'getProcessedDataCount', 'clearAllProcessedItems'] as const)(
		'where n8n offers the deduplication helpers without %s, sends without a record and says so',
		async (missing) => {
			const store = new MemoryDeduplicator();
			const r = run(store, {}, {}, { without: missing });
			await expect(sentOrdersFor(r.ctx, 'salesOrder', 0, true)).resolves.toBeUndefined();
			const counter = { sends: 0 };
			const first = await once(r, 'PARTIAL-1', answered('PARTIAL-1', 'REF-1', counter));
			await once(r, 'PARTIAL-1', answered('PARTIAL-1', 'REF-2', counter));
			expect(counter.sends).toBe(2);
			expect(first.map((i) => i.json)).toEqual([{ OrderNo: 'PARTIAL-1', TransactionReferenceNumber: 'REF-1' }]);
			expect(r.hints).toEqual([expect.stringContaining("n8n's deduplication store is not available here")]);
			expect(store.calls).toBe(0);
		},
	);

	it('asks the store whether it answers once per node run, not once per order', async () => {
		const store = new MemoryDeduplicator();
		let checks = 0;
		const counting: Faults = {
			count: (check) => {
				if (check) checks++;
				return undefined;
			},
		};
		const r = run(store, {}, counting);
		await once(r, 'CHECK-1');
		await once(r, 'CHECK-2');
		await once(r, 'CHECK-1');
		expect(checks).toBe(1);
		// the next run (execution) asks again
		await once(run(store, {}, counting), 'CHECK-3');
		expect(checks).toBe(2);
	});

	it('a check that failed is not kept: the next item of the same run asks the store again and is sent', async () => {
		const store = new MemoryDeduplicator();
		let checks = 0;
		const r = run(store, {}, { count: (check) => (check && ++checks === 1 ? STORE_DOWN() : undefined) });
		await expect(once(r, 'BLIP-1')).rejects.toThrow("Could not read the record of sent orders in n8n's deduplication store");
		const counter = { sends: 0 };
		const out = await once(r, 'BLIP-2', answered('BLIP-2', 'REF-B', counter));
		expect(out.map((i) => i.json.alreadySent)).toEqual([false]);
		expect(counter.sends).toBe(1);
		expect(checks).toBe(2);
	});
});

describe('whose order it is: the account and the scope in its record', () => {
	const sendsOf = async (store: MemoryDeduplicator, setups: Setup[], params: IDataObject = {}) => {
		const flags: unknown[] = [];
		for (const setup of setups) {
			const out = await once(run(store, params, {}, setup), 'ACCOUNT-1');
			flags.push(out[0].json.alreadySent);
		}
		return flags;
	};

	it('the same account however its credential writes the Customer No and the Base URL (as the transport reads them)', async () => {
		const store = new MemoryDeduplicator();
		const flags = await sendsOf(store, [
			{},
			{ credentials: { customerNo: ' C10042 ' } },
			// a trailing no-break space, as pasted from a web page: the transport trims it
			{ credentials: { baseUrl: 'https://fulfillment.example/v3\u00a0' } },
			{ credentials: { baseUrl: ' https://FULFILLMENT.example/v3/' } },
			{ credentials: { baseUrl: 'https://fulfillment.example/v3//' } },
		]);
		expect(flags).toEqual([false, true, true, true, true]);
	});

	it("another environment (Base URL) or another Customer No is another account: its orders are not the first one's", async () => {
		const store = new MemoryDeduplicator();
		const flags = await sendsOf(store, [
			{},
			{ credentials: { baseUrl: 'https://test.fulfillment.example/v3' } },
			{ credentials: { baseUrl: 'https://fulfillment.example/eu/v3' } },
			{ credentials: { customerNo: 'C10043' } },
			{ credentials: { baseUrl: 'https://test.fulfillment.example/v3' } },
		]);
		expect(flags).toEqual([false, false, false, false, true]);
	});

	it("Forget Sent Orders reaches the workflow's record, whatever Scope an earlier build saved; a record of Scope Node is the create's own", async () => {
		const store = new MemoryDeduplicator();
		const counter = { sends: 0 };
		await once(run(store), 'WF-F1', answered('WF-F1', 'REF-1', counter));
		await once(run(store, { sendOnceOptions: { scope: 'node' } }), 'NODE-F1', answered('NODE-F1', 'REF-2', counter));
		const forgetting = await thisProcess.recordToForget(run(store, { scope: 'node' }).ctx, 'salesOrder', 0);
		const forgotten = await forgetting!.forget(['WF-F1', 'NODE-F1'], 0);
		expect([forgotten.get('WF-F1')! > 0, forgotten.get('NODE-F1') ?? 0]).toEqual([true, 0]);
		await once(run(store), 'WF-F1', answered('WF-F1', 'REF-3', counter));
		expect(counter.sends).toBe(3);
	});

	it('refuses a Send Again Even If Sent that is no boolean, naming it, before anything is recorded or sent', async () => {
		const store = new MemoryDeduplicator();
		const counter = { sends: 0 };
		const error = await once(run(store, { sendOnceOptions: { sendAgain: 'perhaps' } }), 'AGAIN-1', answered('AGAIN-1', 'REF', counter)).catch(
			(e: unknown) => e as Error,
		);
		expect((error as Error).message).toMatch(/^Invalid "Send Again Even If Sent": /);
		expect([counter.sends, store.count(workflow.id)]).toEqual([0, 0]);
	});

	it('scope Node keeps a record per node: another node of the workflow sends the same order, the same node does not', async () => {
		const store = new MemoryDeduplicator();
		const other = { ...node, id: 'node-2' };
		const flags = await sendsOf(store, [{}, { node: other }, {}, { node: other }], { sendOnceOptions: { scope: 'node' } });
		expect(flags).toEqual([false, false, true, true]);
	});

	it('finds the records an earlier release of the node kept: the key n8n hashes is stored data and does not change', async () => {
		const store = new MemoryDeduplicator();
		// as the node has recorded accepted orders since the record came (n8n keeps only an MD5 of each value)
		const account = 'C10042@fulfillment.example/v3';
		await store.checkProcessedAndRecord(
			[
				`claim:${JSON.stringify(['wine-fulfillment', account, 'salesOrder', 'KEPT-1'])}`,
				`claim:${JSON.stringify(['wine-fulfillment', account, 'salesOrder', 'KEPT-2', node.id])}`,
			],
			'workflow',
			contextData,
			{ mode: 'entries', maxEntries: 10_000 },
		);
		const counter = { sends: 0 };
		const upgraded = freshModule();
		const workflowScope = run(store, {}, {}, { credentials: { baseUrl: 'https://fulfillment.example/v3/' } });
		const first = await upgraded.sendOnce(workflowScope.ctx, 0, { ...SALES, identity: 'KEPT-1' }, answered('KEPT-1', 'R', counter), sentBefore('KEPT-1'))();
		const nodeScope = run(store, { sendOnceOptions: { scope: 'node' } });
		const second = await upgraded.sendOnce(nodeScope.ctx, 0, { ...SALES, identity: 'KEPT-2' }, answered('KEPT-2', 'R', counter), sentBefore('KEPT-2'))();
		expect([...first, ...second].map((i) => i.json)).toEqual([
			{ OrderNo: 'KEPT-1', TransactionReferenceNumber: null, alreadySent: true },
			{ OrderNo: 'KEPT-2', TransactionReferenceNumber: null, alreadySent: true },
		]);
		expect(counter.sends).toBe(0);
	});
});

describe("this process's memory of the references of accepted orders", () => {
	it('forgets the reference of an order that was sent again and refused: another process that then sent it is not given the old one', async () => {
		const store = new MemoryDeduplicator();
		const here = freshModule();
		const sendHere = (send: () => Promise<{ reference: string; output: INodeExecutionData[] }>) =>
			here.sendOnce(run(store).ctx, 0, { ...SALES, identity: 'AGAIN-1' }, send, sentBefore('AGAIN-1'))();
		await sendHere(answered('AGAIN-1', 'REF-OLD'));
		// a Remove Duplicates node of the workflow clears its store; the order is sent again here and refused
		await store.clearAllProcessedItems('workflow', contextData);
		const record = await here.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect((await record!.claim(['AGAIN-1'], 0)).get('AGAIN-1')).toEqual({ state: 'claimed' });
		await record!.settle([{ identity: 'AGAIN-1', outcome: 'released' }]);
		// another process sends it, accepted with a new reference
		const there = freshModule();
		await there.sendOnce(run(store).ctx, 0, { ...SALES, identity: 'AGAIN-1' }, answered('AGAIN-1', 'REF-NEW'), sentBefore('AGAIN-1'))();
		const out = await sendHere(answered('AGAIN-1', 'REF-THIRD'));
		expect(out.map((i) => i.json)).toEqual([{ OrderNo: 'AGAIN-1', TransactionReferenceNumber: null, alreadySent: true }]);
	});

	it('keeps no memory of released orders: 10,000 refused ones do not push out the reference of an accepted one', async () => {
		const fresh = freshModule();
		const store = new MemoryDeduplicator();
		const record = await fresh.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		await record!.claim(['KEEP-REF'], 0);
		await record!.settle([{ identity: 'KEEP-REF', outcome: 'sent', reference: 'REF-KEEP' }]);
		await record!.settle(Array.from({ length: 10_000 }, (_, i) => ({ identity: `REFUSED-${i}`, outcome: 'released' as const })));
		const again = await fresh.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect((await again!.claim(['KEEP-REF'], 0)).get('KEEP-REF')).toEqual({ state: 'sent', reference: 'REF-KEEP' });
	});

	it('an order another process forgot and sent again is reported here without the reference this process knew', async () => {
		const store = new MemoryDeduplicator();
		const elsewhere = freshModule();
		const [here, there] = [sender(freshModule(), store), sender(elsewhere, store)];
		expect((await here('ELSE-1', 'REF-OLD'))[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-OLD', alreadySent: false });
		// the order was cancelled; another worker runs Forget Sent Orders and sends it again, accepted with a new reference
		const forgetting = await elsewhere.recordToForget(run(store, { scope: 'workflow' }).ctx, 'salesOrder', 0);
		expect((await forgetting!.forget(['ELSE-1'], 0)).get('ELSE-1')).toBeGreaterThan(0);
		expect((await there('ELSE-1', 'REF-NEW'))[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-NEW', alreadySent: false });
		// the order's webhook comes again, to this worker: sent, and the cancelled order's reference is not given out
		expect((await here('ELSE-1', 'REF-NEVER'))[0].json).toEqual({ OrderNo: 'ELSE-1', TransactionReferenceNumber: null, alreadySent: true });
	});

	it('after the records are cleared and another process sends an order again, this process no longer gives the reference it knew', async () => {
		const store = new MemoryDeduplicator();
		const [here, there] = [sender(freshModule(), store), sender(freshModule(), store)];
		await here('CLEAR-1', 'REF-OLD');
		// a Remove Duplicates node set to Workflow clears the workflow's deduplication history
		await store.clearAllProcessedItems('workflow', contextData);
		expect((await there('CLEAR-1', 'REF-NEW'))[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-NEW', alreadySent: false });
		expect((await here('CLEAR-1', 'REF-NEVER'))[0].json).toEqual({ OrderNo: 'CLEAR-1', TransactionReferenceNumber: null, alreadySent: true });
	});

	it('an order claimed before the records were cleared and settled after keeps no reference', async () => {
		const store = new MemoryDeduplicator();
		const here = freshModule();
		const elsewhere = freshModule();
		const record = await here.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect((await record!.claim(['SLOW-1'], 0)).get('SLOW-1')).toEqual({ state: 'claimed' });
		// while this process waits for the provider's answer, the records are cleared and another process sends the order
		await store.clearAllProcessedItems('workflow', contextData);
		await sender(elsewhere, store)('SLOW-1', 'REF-THEIRS');
		// this process claims another order meanwhile (its look finds its mark gone), then hears back for the first
		expect((await record!.claim(['SLOW-2'], 0)).get('SLOW-2')).toEqual({ state: 'claimed' });
		await record!.settle([{ identity: 'SLOW-1', outcome: 'sent', reference: 'REF-MINE' }]);
		const again = await here.sentOrdersFor(run(store).ctx, 'salesOrder', 0, true);
		expect((await again!.claim(['SLOW-1'], 0)).get('SLOW-1')).toEqual({ state: 'sent', reference: undefined });
	});

	it("a clear of one workflow's records leaves the references this process remembers for another workflow", async () => {
		const store = new MemoryDeduplicator();
		const here = freshModule();
		const mine = sender(here, store);
		const other = sender(here, store, { workflowId: 'wf-other' });
		await mine('MINE-1', 'REF-MINE');
		await other('OTHER-1', 'REF-OTHER');
		await store.clearAllProcessedItems('workflow', contextData);
		// the cleared workflow's next claim finds this process's mark gone there
		expect((await mine('MINE-1', 'REF-AGAIN'))[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-AGAIN', alreadySent: false });
		expect((await other('OTHER-1', 'REF-NEVER'))[0].json).toEqual({ OrderNo: 'OTHER-1', TransactionReferenceNumber: 'REF-OTHER', alreadySent: true });
	});

	it('forgetting one order leaves the references this process remembers for the others', async () => {
		const store = new MemoryDeduplicator();
		const here = freshModule();
		const elsewhere = freshModule();
		const send = sender(here, store);
		await send('KEEP-1', 'REF-KEEP');
		await send('DROP-1', 'REF-DROP');
		const forgetting = await elsewhere.recordToForget(run(store, { scope: 'workflow' }).ctx, 'salesOrder', 0);
		await forgetting!.forget(['DROP-1'], 0);
		expect((await send('KEEP-1', 'REF-NEVER'))[0].json).toEqual({ OrderNo: 'KEEP-1', TransactionReferenceNumber: 'REF-KEEP', alreadySent: true });
	});

	it('a reference still holds when nothing was forgotten or cleared, and its check leaves nothing in the records', async () => {
		const store = new MemoryDeduplicator();
		const here = sender(freshModule(), store);
		const send = (reference: string) => here('HOLDS-1', reference);
		await send('REF-HOLDS');
		// the order's claim and this process's mark
		expect(store.count(workflow.id)).toBe(2);
		for (let i = 0; i < 3; i++) {
			expect((await send('REF-NEVER'))[0].json).toEqual({ OrderNo: 'HOLDS-1', TransactionReferenceNumber: 'REF-HOLDS', alreadySent: true });
			expect(store.count(workflow.id)).toBe(2);
		}
	});

	it('an order this process forgot and another process sent again is reported without the reference it knew', async () => {
		const store = new MemoryDeduplicator();
		const here = freshModule();
		const elsewhere = freshModule();
		const sendHere = (orderNo: string, reference: string) =>
			here.sendOnce(run(store).ctx, 0, { ...SALES, identity: orderNo }, answered(orderNo, reference), sentBefore(orderNo))();
		expect((await sendHere('FORGOT-1', 'REF-OLD'))[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-OLD', alreadySent: false });
		const record = await here.recordToForget(run(store, { scope: 'workflow' }).ctx, 'salesOrder', 0);
		expect((await record!.forget(['FORGOT-1'], 0)).get('FORGOT-1')).toBeGreaterThan(0);
		const other = run(store).ctx;
		const resent = await elsewhere.sendOnce(other, 0, { ...SALES, identity: 'FORGOT-1' }, answered('FORGOT-1', 'REF-NEW'), sentBefore('FORGOT-1'))();
		expect(resent[0].json).toMatchObject({ TransactionReferenceNumber: 'REF-NEW', alreadySent: false });
		// this process no longer vouches for REF-OLD: it does not know the new reference
		expect((await sendHere('FORGOT-1', 'REF-NEVER'))[0].json).toEqual({ OrderNo: 'FORGOT-1', TransactionReferenceNumber: null, alreadySent: true });
	});
});
