// History Size (100, the least) below the number of orders sent while one send is slow (a 429 wait, a slow provider: up
// to the transport's longest call): n8n's store trims the oldest values first, and the slow order's were the oldest.
// Another process (a webhook delivered twice, to another worker) then found nothing and sent the order at the same time.
import type { IExecuteFunctions } from 'n8n-workflow';

import { MemoryDeduplicator } from '../harness/dedup';
import { aProcess, recordContext, type SentOrdersModule } from './processes';

const WORKFLOW = 'wf-trim';

/** A node run's context whose Send Once Options set History Size 100. */
function historyOf100(store: MemoryDeduplicator): IExecuteFunctions {
	const ctx = recordContext(store, WORKFLOW);
	(ctx as unknown as { getNodeParameter: unknown }).getNodeParameter = (name: string, _i: number, fallback: unknown) =>
		name === 'sendOnceOptions.historySize' ? 100 : fallback;
	return ctx;
}

const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** 400 orders created by `sender`, 5 at a time, over about 3.5 seconds (about 115 a second): far more than History Size. */
async function manyOrders(store: MemoryDeduplicator, sender: SentOrdersModule): Promise<void> {
	for (let start = 0; start < 400; start += 5) {
		await Promise.all(
			Array.from({ length: 5 }, async (_, k) => {
				const id = `FAST-${start + k}`;
				const record = await sender.sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
				expect((await record!.claim([id], 0)).get(id)?.state).toBe('claimed');
				await record!.settle([{ identity: id, outcome: 'sent', reference: `R-${id}` }]);
			}),
		);
		await pause(40);
	}
}

/** What another process finds for the slow order now: 'claimed' means it sends it too (a duplicate at the provider). */
async function secondDelivery(store: MemoryDeduplicator): Promise<string> {
	const other = await aProcess().sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
	return (await Promise.race([
		other!.claim(['SLOW-1'], 0).then((c) => c.get('SLOW-1')?.state as string),
		pause(1_500).then(() => 'still waiting for the slow send (safe)'),
	])) as string;
}

describe('an order on its way while more than History Size other orders are sent', () => {
	it.each([
		['by the same process', true],
		['by other processes', false],
	])('is not claimed by another process while it is being sent (the others sent %s)', async (_, sameProcess) => {
		const store = new MemoryDeduplicator();
		const a = aProcess();
		const slow = await a.sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
		expect((await slow!.claim(['SLOW-1'], 0)).get('SLOW-1')?.state).toBe('claimed');
		await manyOrders(store, sameProcess ? a : aProcess());
		expect(await store.getProcessedDataCount('workflow', { workflow: { id: WORKFLOW } } as never, { mode: 'entries' })).toBeLessThan(400);
		const found = await secondDelivery(store);
		await slow!.settle([{ identity: 'SLOW-1', outcome: 'sent', reference: 'R-SLOW' }]);
		expect(found).not.toBe('claimed');
		// once it is settled, it is found sent (and nobody waits any more)
		const after = await aProcess().sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
		expect((await after!.claim(['SLOW-1'], 0)).get('SLOW-1')?.state).toBe('sent');
	}, 30_000);
});

describe("a long send whose records were cleared on its way (a Remove Duplicates node's Clear Deduplication History)", () => {
	it('stays cleared: moving its values to the newest end does not record them again', async () => {
		const store = new MemoryDeduplicator();
		const a = aProcess();
		const slow = await a.sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
		expect((await slow!.claim(['SLOW-2'], 0)).get('SLOW-2')?.state).toBe('claimed');
		await store.clearAllProcessedItems('workflow', { workflow: { id: WORKFLOW } } as never);
		// two refreshes of the slow send's values
		await pause(2_300);
		expect(store.count(WORKFLOW)).toBe(0);
		const again = await aProcess().sentOrdersFor(historyOf100(store), 'salesOrder', 0, true);
		// the user cleared the records: another process claims it
		expect((await again!.claim(['SLOW-2'], 0)).get('SLOW-2')?.state).toBe('claimed');
		await again!.settle([{ identity: 'SLOW-2', outcome: 'sent', reference: 'R-AGAIN' }]);
		await slow!.settle([{ identity: 'SLOW-2', outcome: 'sent', reference: 'R-SLOW' }]);
	}, 30_000);
});

describe('many long sends in one process', () => {
	it('are moved together: one store round a second for all of them, not one per execution', async () => {
		const store = new MemoryDeduplicator();
		const a = aProcess();
		// ten executions of the workflow in one worker, each with one slow send
		const runs = await Promise.all(Array.from({ length: 10 }, async () => await a.sentOrdersFor(historyOf100(store), 'salesOrder', 0, true)));
		await Promise.all(runs.map(async (run, i) => expect((await run!.claim([`LONG-${i}`], 0)).get(`LONG-${i}`)?.state).toBe('claimed')));
		const removals = jest.spyOn(store, 'removeProcessed');
		const moving = () => removals.mock.calls.map(([values]) => values as string[]).filter((values) => values.some((v) => v.startsWith('claim:')));
		// two rounds (about 2 seconds; longer on a busy machine, whose timers run late)
		const started = Date.now();
		while (moving().length < 2 && Date.now() - started < 20_000) await pause(100);
		const seconds = (Date.now() - started) / 1_000;
		const rounds = moving();
		await Promise.all(runs.map(async (run, i) => await run!.settle([{ identity: `LONG-${i}`, outcome: 'sent', reference: `R-${i}` }])));
		// at most one round a second, together moving all ten: not one per execution (ten a second)
		expect(rounds.length).toBeGreaterThanOrEqual(2);
		expect(rounds.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
		expect(new Set(rounds.flat().filter((v) => v.startsWith('claim:'))).size).toBe(10);
	}, 30_000);
});
