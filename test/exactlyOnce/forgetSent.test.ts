// Sales Order → Forget Sent Orders: an order number holding a comma or semicolon, and the lock held in bounded pieces
// however many order numbers are forgotten.
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDeduplicationOutput,
} from 'n8n-workflow';

import { MemoryDeduplicator, installDeduplicator } from '../harness/dedup';
import { startWorkflow } from '../harness/harness';
import { untilRequest, useSandbox, watchRequests } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { SKU_A, line } from '../salesOrder/helpers';
import { countsOf, createWorkflow, hints, orders, out, salesOrderParameters, useStore } from './helpers';

const fx = useSandbox();
useStore();
const seen = watchRequests(fx, 'before');

const forget = (orderNumbers: unknown) => actionWorkflow(salesOrderParameters('forgetSent', { orderNumbers }));

describe('Forget Sent Orders, an order number holding a comma or semicolon', () => {
	it.each(['WEB-1001,B', 'WEB-1002;B'])('%s, as Create sent it, is forgotten as one order: the next Create sends it', async (no) => {
		const order = { OrderNo: no, items: [line(SKU_A, 1)] };
		expect((await fx.run(createWorkflow([order]))).error).toBeUndefined();
		const forgot = await fx.run(forget(no));
		expect(forgot.error).toBeUndefined();
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: no, forgotten: true }]);
		const again = await fx.run(createWorkflow([order]));
		expect(out(again)[0].json.alreadySent).toBe(false);
		expect(countsOf(fx, [no])).toEqual([2]);
	});

	// bug hunt 27: the order named was kept (on its way) and its 0 read as "the record does not hold it": the text was
	// then split at the comma and WEB-1001, another order, forgotten (the next Create sent it a second time)
	it('WEB-1001,B while another execution sends it: kept, saying so; WEB-1001, which its part before the comma names, is not forgotten', async () => {
		const other = { OrderNo: 'WEB-1001', items: [line(SKU_A, 1)] };
		expect((await fx.run(createWorkflow([other]))).error).toBeUndefined();
		// another execution is sending WEB-1001,B right now (the provider answers slowly)
		await fx.control.fault({ kind: 'latency', ms: 2_500, path: 'CreateSalesOrder', count: 1 });
		const sending = startWorkflow(createWorkflow([{ OrderNo: 'WEB-1001,B', items: [line(SKU_A, 1)] }]), fx.credential());
		await untilRequest(seen, 'CreateSalesOrder', 2);
		const forgot = await fx.run(forget('WEB-1001,B'));
		expect((await sending.result).error).toBeUndefined();
		expect(forgot.error).toBeUndefined();
		expect(out(forgot).map((i) => i.json)).toEqual([{ OrderNo: 'WEB-1001,B', forgotten: false }]);
		expect(hints(forgot)).toEqual([expect.stringContaining('WEB-1001,B')]);
		const again = await fx.run(createWorkflow([other]));
		expect(out(again)[0].json.alreadySent).toBe(true);
		expect(countsOf(fx, ['WEB-1001'])).toEqual([1]);
	}, 30_000);

	it('text that is no order of the record is still read as a list', async () => {
		await fx.run(createWorkflow(orders('LIST', 2)));
		const forgot = await fx.run(forget('LIST-001,LIST-002;NEVER'));
		expect(out(forgot).map((i) => i.json)).toEqual([
			{ OrderNo: 'LIST-001', forgotten: true },
			{ OrderNo: 'LIST-002', forgotten: true },
			{ OrderNo: 'NEVER', forgotten: false },
		]);
	});
});

describe('Forget Sent Orders follows the order number rule Create does', () => {
	it.each([
		['a zero-width space', 'ZW-1,ZW-\u200b2', 2, 'ZW-\u200b2', 'must not contain invisible characters'],
		['a soft hyphen', 'ZW-\u00ad3', 1, 'ZW-\u00ad3', 'must not contain invisible characters'],
		['a sheet\'s exponent form', '1.23457E+11', 1, '1.23457E+11', 'is a number in exponent form'],
	])('an entry with %s is refused, naming it, and nothing is forgotten', async (_name, given, entry, shown, rule) => {
		await fx.run(createWorkflow([{ OrderNo: 'ZW-1', items: [line(SKU_A, 1)] }]));
		const result = await fx.run(forget(given));
		// was: [{"OrderNo":"ZW-\u200b2","forgotten":false}], no error, while the order it looks like stays recorded
		expect(result.error?.message).toContain(`Invalid "Order Numbers": entry ${entry} ${rule}`);
		expect(result.error?.message).toContain(JSON.stringify(shown));
		// refused before the record was touched: ZW-1 is still recorded
		const again = await fx.run(createWorkflow([{ OrderNo: 'ZW-1', items: [line(SKU_A, 1)] }]));
		expect(out(again)[0].json.alreadySent).toBe(true);
	});
});

/** The twin, counting the store calls made while the node's lock is held, per hold. */
class LockWatch extends MemoryDeduplicator {
	private inHold = 0;
	holding = false;
	readonly holds: number[] = [];

	override async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		const result = await super.checkProcessedAndRecord(items, scope, contextData, options);
		if (scope === 'node' && options.mode === 'latestIncrementalKey') {
			// the lock: taken when its row was inserted
			if (result.new.length > 0) {
				this.holding = true;
				this.inHold = 0;
			}
		} else if (this.holding) this.inHold++;
		return result;
	}

	override async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		if (this.holding) this.inHold++;
		await super.removeProcessed(items, scope, contextData, options);
	}

	override async getProcessedDataCount(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		if (this.holding) this.inHold++;
		return await super.getProcessedDataCount(scope, contextData, options);
	}

	override async clearAllProcessedItems(scope: DeduplicationScope, contextData: ICheckProcessedContextData): Promise<void> {
		await super.clearAllProcessedItems(scope, contextData);
		if (scope === 'node' && this.holding) {
			this.holding = false;
			this.holds.push(this.inHold);
		}
	}
}

describe('Forget Sent Orders of many order numbers', () => {
	it('forgets 450 order numbers holding the lock for at most a few store calls at a time', async () => {
		const store = new LockWatch();
		await installDeduplicator(store);
		const input = orders('MANY', 450);
		expect((await fx.run(createWorkflow(input))).error).toBeUndefined();
		store.holds.length = 0;

		const forgot = await fx.run(forget(input.map((i) => i.OrderNo).join('\n')));
		expect(forgot.error).toBeUndefined();
		expect(out(forgot).filter((i) => i.json.forgotten === true)).toHaveLength(450);
		// every hold a bounded number of store calls: the look for sends on their way (a write and a removal), two per
		// order number of a group of 25, and a count and a write (at n8n's 10-20 ms per call, about a second: well under
		// the 15 s a waiter allows)
		expect(store.holds.length).toBeGreaterThan(1);
		expect(Math.max(...store.holds)).toBeLessThanOrEqual(2 + 2 * 25 + 2);
		const again = await fx.run(createWorkflow(input.slice(0, 3)));
		expect(out(again).map((i) => i.json.alreadySent)).toEqual([false, false, false]);
	}, 60_000);
});
