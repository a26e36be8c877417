// The per-item runner over n8n's Retry On Fail, driven with a fake node context: each try is runPerItem called again
// with the same input items, as n8n does. What a try may not send again (a write that may have taken effect), what it
// sends again (a connection never made, a refusal, any failed query), and which operations are which.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { NOT_SENT_AGAIN, runPerItem, SENT_AGAIN_ON_RETRY } from '../../nodes/WineFulfillment/actions/operation';
import { operations as address } from '../../nodes/WineFulfillment/actions/address/Address.resource';
import { operations as inventory } from '../../nodes/WineFulfillment/actions/inventory/Inventory.resource';
import { operations as purchaseOrder } from '../../nodes/WineFulfillment/actions/purchaseOrder/PurchaseOrder.resource';
import { operations as salesOrder } from '../../nodes/WineFulfillment/actions/salesOrder/SalesOrder.resource';
import { operations as sku } from '../../nodes/WineFulfillment/actions/sku/Sku.resource';
import { operations as tracking } from '../../nodes/WineFulfillment/actions/tracking/Tracking.resource';
import { operations as transferOrder } from '../../nodes/WineFulfillment/actions/transferOrder/TransferOrder.resource';
import { connectionError } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE } from './fakeContext';
import { fakeExecute, inputItems } from './fakeExecute';

type Behave = (itemIndex: number, attempt: number) => INodeExecutionData[];

/** A node run over `n` items of `operation`; `tryOnce()` is one try of n8n's Retry On Fail, over the same items. */
function nodeRun(n: number, operation: string, behave: Behave, { continueOnFail = false, concurrency = 1 } = {}) {
	const { ctx } = fakeExecute({ items: inputItems(n), continueOnFail, params: { operation, options: { concurrency } }, typeVersion: 2 });
	const attempts = new Map<number, number>();
	const sends: number[][] = [];
	const tryOnce = async (): Promise<{ output?: INodeExecutionData[]; error?: NodeApiError }> => {
		const sent: number[] = [];
		sends.push(sent);
		try {
			const output = await runPerItem.call(ctx, function (this: IExecuteFunctions, itemIndex: number) {
				return async () => {
					sent.push(itemIndex);
					const attempt = (attempts.get(itemIndex) ?? 0) + 1;
					attempts.set(itemIndex, attempt);
					return behave(itemIndex, attempt);
				};
			});
			return { output };
		} catch (error) {
			return { error: error as NodeApiError };
		}
	};
	return { tryOnce, sends };
}

const ok = (itemIndex: number): INodeExecutionData[] => [{ json: { done: itemIndex }, pairedItem: { item: itemIndex } }];
const write = ENDPOINTS.cancelPurchaseOrder;
const refused = (i: number) => connectionError(UNIT_NODE, write, { code: 'ECONNREFUSED', mayHaveReached: false }, 9, i);
const timedOut = (i: number) => connectionError(UNIT_NODE, write, { code: 'ETIMEDOUT', mayHaveReached: true }, 1, i);
const status = (code: string, i: number) => new NodeApiError(UNIT_NODE, {}, { message: `Answered ${code}`, description: 'What to do', httpCode: code, itemIndex: i });

describe("runPerItem over n8n's Retry On Fail", () => {
	it('a write that timed out is not sent again: the next try fails with its error, message and description kept, and a note', async () => {
		const { tryOnce, sends } = nodeRun(1, 'update', (i, attempt) => {
			if (attempt === 1) throw timedOut(i);
			return ok(i);
		});
		const first = await tryOnce();
		const second = await tryOnce();
		expect(sends).toEqual([[0], []]);
		expect(second.error?.message).toBe(first.error?.message);
		expect(second.error?.description).toBe(`${String(first.error?.description)}\n\n${NOT_SENT_AGAIN}`);
		expect(second.error).toBeInstanceOf(NodeApiError);
		expect(second.error?.context.itemIndex).toBe(0);
		// and again on a third try: the note is not repeated
		expect((await tryOnce()).error?.description).toBe(second.error?.description);
	});

	it("a write answered 500 is withheld with its status: the later try's error keeps the httpCode and the provider's answer", async () => {
		const { tryOnce, sends } = nodeRun(1, 'cancel', (i) => {
			throw new NodeApiError(UNIT_NODE, { Message: 'busy' }, { message: 'Answered 500', description: 'What to do', httpCode: '500', itemIndex: i });
		});
		const first = await tryOnce();
		const second = await tryOnce();
		expect(sends).toEqual([[0], []]);
		expect([second.error?.httpCode, second.error?.errorResponse]).toEqual(['500', first.error?.errorResponse]);
	});

	it('a write whose send threw something other than a node error (a bug: it may have sent) is withheld too, as a NodeOperationError', async () => {
		const { tryOnce, sends } = nodeRun(1, 'update', () => {
			throw new TypeError('the answer could not be read');
		});
		const first = await tryOnce();
		const second = await tryOnce();
		expect(sends).toEqual([[0], []]);
		expect(second.error).toBeInstanceOf(NodeOperationError);
		expect(second.error?.message).toBe(first.error?.message);
		// the first try's error has no description of its own: the later one's is the note alone
		expect([first.error?.description, second.error?.description]).toEqual([undefined, NOT_SENT_AGAIN]);
	});

	it.each([
		['a connection never made', (i: number) => refused(i)],
		['a refusal (400)', (i: number) => status('400', i)],
		['a 429 given up', (i: number) => status('429', i)],
	])('a write that failed with %s is sent again', async (_name, failure) => {
		const { tryOnce, sends } = nodeRun(1, 'cancel', (i, attempt) => {
			if (attempt === 1) throw failure(i);
			return ok(i);
		});
		expect((await tryOnce()).error).toBeDefined();
		expect((await tryOnce()).output).toEqual(ok(0));
		expect(sends).toEqual([[0], [0]]);
	});

	it.each(['getStatus', 'validate', 'create'])('%s: a failure that may have taken effect is sent again (a query; a create has its own record)', async (operation) => {
		const { tryOnce, sends } = nodeRun(1, operation, (i, attempt) => {
			if (attempt === 1) throw status('500', i);
			return ok(i);
		});
		expect((await tryOnce()).error?.httpCode).toBe('500');
		expect((await tryOnce()).output).toEqual(ok(0));
		expect(sends).toEqual([[0], [0]]);
	});

	it('a 300 (several sales orders match: not processed) is sent again', async () => {
		const { tryOnce, sends } = nodeRun(1, 'update', (i, attempt) => {
			if (attempt === 1) throw status('300', i);
			return ok(i);
		});
		expect((await tryOnce()).error?.httpCode).toBe('300');
		expect((await tryOnce()).output).toEqual(ok(0));
		expect(sends).toEqual([[0], [0]]);
	});

	it('without Continue On Fail: an item before the withheld one is sent again, none after it starts', async () => {
		// concurrency 2: items 1 and 2 fail together in the first try, item 3 never starts
		const { tryOnce, sends } = nodeRun(
			3,
			'retire',
			(i, attempt) => {
				if (attempt === 1 && i === 0) throw status('400', i);
				if (attempt === 1 && i === 1) throw status('502', i);
				return ok(i);
			},
			{ concurrency: 2 },
		);
		await tryOnce();
		const second = await tryOnce();
		expect(sends).toEqual([[0, 1], [0]]);
		expect(second.error?.message).toBe('Answered 502');
		expect(second.error?.context.itemIndex).toBe(1);
		expect(second.error?.description).toContain(NOT_SENT_AGAIN);
		expect(second.error?.description).toContain('Item 2 of 3 failed, so the run stopped. Already done before it stopped: item 1.');
		expect(second.error?.description).toContain('Not sent: item 3.');
	});

	it('Continue On Fail: the withheld item is an error item paired to its input, the others are sent', async () => {
		const { tryOnce, sends } = nodeRun(
			3,
			'updateAddresses',
			(i, attempt) => {
				if (attempt === 1 && i < 2) throw i === 0 ? timedOut(i) : refused(i);
				return ok(i);
			},
			{ continueOnFail: true },
		);
		const first = await tryOnce();
		const second = await tryOnce();
		expect(sends).toEqual([[0, 1, 2], [1]]);
		const [withheld, ...rest] = second.output ?? [];
		expect(withheld.pairedItem).toEqual({ item: 0 });
		expect(withheld.json.error).toBe(first.output?.[0].json.error);
		expect((withheld.json.details as { description: string }).description).toContain(NOT_SENT_AGAIN);
		// item 3 completed in the first try: it comes out as it did
		expect(rest).toEqual([...ok(1), ...ok(2)]);
	});

	it('names the items not sent, those an earlier try completed left out', async () => {
		// try 1 (concurrency 3): item 1 uncertain, item 3 done, item 2 refused; items 4 and 5 never start
		const { tryOnce } = nodeRun(
			5,
			'cancel',
			(i, attempt) => {
				if (attempt === 1 && i === 0) throw status('500', i);
				if (attempt === 1 && i === 1) throw status('400', i);
				return ok(i);
			},
			{ concurrency: 3 },
		);
		await tryOnce();
		const second = await tryOnce();
		expect(second.error?.description).toContain('Not sent: items 2, 4-5.');
	});
});

describe('which operations Retry On Fail may send again after a failure that may have taken effect', () => {
	const all = { address, inventory, purchaseOrder, salesOrder, sku, tracking, transferOrder };
	const names = new Set(Object.values(all).flatMap((resource) => Object.keys(resource)));

	it('lists only operations of the node', () => {
		expect([...SENT_AGAIN_ON_RETRY].filter((name) => !names.has(name))).toEqual([]);
	});

	it('withholds every per-item operation that changes an existing record or makes a label (Batch Create runs on its own)', () => {
		const withheld = [...names].filter((name) => !SENT_AGAIN_ON_RETRY.has(name) && name !== 'batchCreate').sort();
		expect(withheld).toEqual(['cancel', 'generateJitLabel', 'retire', 'update', 'updateAddresses']);
	});
});
