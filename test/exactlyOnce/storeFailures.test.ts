// n8n's deduplication store failing part way through a claim, a forget or a settle: what it leaves must never make an
// order that was not sent look sent (or possibly sent), and a send this process saw end is never waited for.
import type { DeduplicationItemTypes } from 'n8n-workflow';

import type { RunResult, WorkflowJson } from '../harness/harness';
import type { MemoryDeduplicator } from '../harness/dedup';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, line } from '../salesOrder/helpers';
import { createWorkflow, hints, out, runPromptly, salesOrderParameters, sentOrderNumbers, useStore } from './helpers';

const fx = useSandbox();
const store = useStore();

const order = (OrderNo: string) => ({ OrderNo, items: [line(SKU_A, 1)] });
const forget = (orderNumbers: string) => actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers }));
const lost = () => new Error('Connection terminated unexpectedly');


/** Makes the store's calls whose values match `when` fail with a lost connection, after (`committed`) or before doing them. */
function failing(s: MemoryDeduplicator, call: 'checkProcessedAndRecord' | 'removeProcessed', when: (values: string[]) => boolean, committed: boolean) {
	const real = s[call].bind(s) as MemoryDeduplicator['checkProcessedAndRecord'];
	let armed = true;
	const disarm = () => (armed = false);
	(s as unknown as Record<string, unknown>)[call] = async (items: DeduplicationItemTypes[], ...rest: unknown[]) => {
		const hit = armed && when(items.map(String));
		if (hit && !committed) throw lost();
		const result = await (real as (...args: unknown[]) => Promise<unknown>)(items, ...rest);
		if (hit) throw lost();
		return result;
	};
	return disarm;
}

describe('a claim whose store call committed but threw', () => {
	it('fails saying nothing was sent, and the next run sends the order at once', async () => {
		// records there before the claim (the call's values are counted from them)
		expect(out(await fx.run(createWorkflow([order('STORE-0')])))[0].json.alreadySent).toBe(false);
		const disarm = failing(store(), 'checkProcessedAndRecord', (values) => values.some((v) => v.startsWith('claim:')), true);
		const first = await fx.run(createWorkflow([order('STORE-1')]));
		disarm();
		expect(first.error?.message).toContain("Could not record the orders about to be sent in n8n's deduplication store");
		expect(first.error?.description).toContain('Nothing was sent');
		expect(await sentOrderNumbers(fx)).toEqual(['STORE-0']);

		const second = await runPromptly(fx, createWorkflow([order('STORE-1')]));
		expect(second.error).toBeUndefined();
		expect(out(second)[0].json.alreadySent).toBe(false);
		expect(await sentOrderNumbers(fx)).toEqual(['STORE-0', 'STORE-1']);
	}, 20_000);

	it('an order sent before stays sent: the failed claim releases nothing it did not record', async () => {
		expect((await fx.run(createWorkflow([order('STORE-2')]))).error).toBeUndefined();
		const disarm = failing(store(), 'checkProcessedAndRecord', (values) => values.some((v) => v.startsWith('claim:')), true);
		const failed = await fx.run(createWorkflow([order('STORE-2'), order('STORE-3')], { options: { concurrency: 1 } }));
		disarm();
		expect(failed.error?.description).toContain('Nothing was sent');
		// never sent twice, whatever the next run reports for it
		const next = await runPromptly(fx, createWorkflow([order('STORE-2')]), 1_000);
		expect(next.error === undefined ? out(next)[0].json.alreadySent : next.error.message).not.toBe(false);
		expect(await sentOrderNumbers(fx)).toEqual(['STORE-2']);
	}, 20_000);
});

describe('Forget Sent Orders interrupted by the store', () => {
	it('a failed removal never leaves an order that was never sent looking sent: the next Create sends it', async () => {
		expect((await fx.run(createWorkflow([order('SENT-1')]))).error).toBeUndefined();
		const disarm = failing(store(), 'removeProcessed', (values) => values.some((v) => v.toLowerCase().includes('"never-1"')), false);
		const forgot = await fx.run(forget('SENT-1\nNEVER-1'));
		disarm();
		expect(forgot.error?.message).toContain('Could not forget sent orders');

		const create = await fx.run(createWorkflow([order('NEVER-1')]));
		expect(create.error).toBeUndefined();
		expect(out(create)[0].json.alreadySent).toBe(false);
		expect(await sentOrderNumbers(fx)).toEqual(['SENT-1', 'NEVER-1']);
	});

	it('a store that fails during the whole-text check leaves that text unrecorded: an order of that number is sent', async () => {
		expect((await fx.run(createWorkflow([order('SENT-1')]))).error).toBeUndefined();
		const disarm = failing(store(), 'removeProcessed', (values) => values.some((v) => v.toLowerCase().includes('"sent-1, never-1"')), false);
		const forgot = await fx.run(forget('SENT-1, NEVER-1'));
		disarm();
		expect(forgot.error?.message).toContain('Could not forget sent orders');

		const create = await fx.run(createWorkflow([order('SENT-1, NEVER-1')]));
		expect(create.error).toBeUndefined();
		expect(out(create)[0].json.alreadySent).toBe(false);
		// and SENT-1, not forgotten, is still sent
		const sent = await fx.run(createWorkflow([order('SENT-1')]));
		expect(out(sent)[0].json.alreadySent).toBe(true);
	});
});

/** n8n's store goes down as the order reaches the provider (so the settle cannot be written), and up again after the run. */
async function runWithStoreDownAtSend(json: WorkflowJson): Promise<RunResult> {
	const s = store();
	const record = s.checkProcessedAndRecord.bind(s);
	const remove = s.removeProcessed.bind(s);
	let down = false;
	s.checkProcessedAndRecord = async (...args) => {
		if (down) throw lost();
		return await record(...args);
	};
	s.removeProcessed = async (...args) => {
		if (down) throw lost();
		return await remove(...args);
	};
	const match = fx.sandbox.faults.match.bind(fx.sandbox.faults);
	const spy = jest.spyOn(fx.sandbox.faults, 'match').mockImplementation((path, at) => {
		if (path.endsWith('CreateSalesOrder') && at === 'before') down = true;
		return match(path, at);
	});
	try {
		return await fx.run(json);
	} finally {
		spy.mockRestore();
		down = false;
	}
}

describe('a settle that fails after the provider answered', () => {
	it('accepted: the next run in this process puts the order out as already sent, at once, with its reference', async () => {
		const first = await runWithStoreDownAtSend(createWorkflow([order('STORE-4')]));
		expect(first.error).toBeUndefined();
		expect(hints(first).join(' ')).toContain('could not be written');

		const second = await runPromptly(fx, createWorkflow([order('STORE-4')]));
		expect(second.error).toBeUndefined();
		expect(out(second)[0].json).toMatchObject({
			alreadySent: true,
			TransactionReferenceNumber: out(first)[0].json.TransactionReferenceNumber,
		});
		expect(await sentOrderNumbers(fx)).toEqual(['STORE-4']);
	}, 20_000);

	it('refused (400): the next run in this process sends the corrected order at once, not as possibly sent', async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'CreateSalesOrder', count: 1, body: { Message: 'OrderInfo.ShipDate is invalid' } });
		const first = await runWithStoreDownAtSend(createWorkflow([order('STORE-5')]));
		expect(first.error?.message).toContain('The provider rejected the request as invalid');

		const second = await runPromptly(fx, createWorkflow([order('STORE-5')]));
		expect(second.error).toBeUndefined();
		expect(out(second)[0].json).toMatchObject({ OrderNo: 'STORE-5', alreadySent: false });
		// the refused request (answered before the sandbox read it) and the one that created the order
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(2);
		// and sent, it is recorded: a third run sends nothing
		const third = await runPromptly(fx, createWorkflow([order('STORE-5')]));
		expect(out(third)[0].json.alreadySent).toBe(true);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(2);
	}, 20_000);

	it('an unknown outcome (500 after processing): the next run in this process says it may have been sent, at once, and sends nothing', async () => {
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CreateSalesOrder', count: 1 });
		const first = await runWithStoreDownAtSend(createWorkflow([order('STORE-6')]));
		expect(first.error?.message).toContain('internal error (500)');

		const second = await runPromptly(fx, createWorkflow([order('STORE-6')]));
		expect(second.error?.message).toContain('may already have been sent');
		expect(await sentOrderNumbers(fx)).toEqual(['STORE-6']);
	}, 20_000);
});
