// The per-item runner and its error items, driven with a fake node context and operations that succeed or fail
// on cue: output order and pairing, Continue On Fail, stopping at the first failure and what the error then says.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asNodeError, errorItem, runPerItem } from '../../nodes/WineFulfillment/actions/operation';
import { UNIT_NODE } from './fakeContext';
import { fakeExecute, inputItems } from './fakeExecute';

const TAIL = "Turn on Continue On Fail to get every item's result.";

interface Deferred {
	promise: Promise<INodeExecutionData[]>;
	resolve: (output: INodeExecutionData[]) => void;
	reject: (error: unknown) => void;
}

function deferred(): Deferred {
	let resolve!: Deferred['resolve'];
	let reject!: Deferred['reject'];
	const promise = new Promise<INodeExecutionData[]>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

/** Lets every pending promise callback run (p-limit starts the next task a few microtasks after one ends). */
const settle = async () => await new Promise((resolve) => setImmediate(resolve));

const out = (json: IDataObject, item: number): INodeExecutionData => ({ json, pairedItem: { item } });

const apiError = (message: string, description?: string, httpCode?: string, itemIndex?: number) =>
	new NodeApiError(UNIT_NODE, {}, { message, description, httpCode, itemIndex });

/** Runs `runPerItem` over `n` items where `behave(i)` is item i's operation; records the items started, in order. */
async function run(
	n: number,
	behave: (itemIndex: number) => Promise<INodeExecutionData[]> | INodeExecutionData[],
	{ concurrency, continueOnFail = false, typeVersion = 2 }: { concurrency?: unknown; continueOnFail?: boolean; typeVersion?: number } = {},
) {
	// Concurrency: in Options from version 2 on, in Request Options on version 1
	const settings = typeVersion >= 2 ? 'options' : 'requestOptions';
	const { ctx } = fakeExecute({
		items: inputItems(n),
		continueOnFail,
		params: concurrency === undefined ? {} : { [settings]: { concurrency } },
		typeVersion,
	});
	const started: number[] = [];
	const contexts: unknown[] = [];
	const promise = runPerItem.call(ctx, function (this: IExecuteFunctions, itemIndex: number) {
		return async () => {
			started.push(itemIndex);
			contexts.push(this);
			return await behave(itemIndex);
		};
	});
	return { ctx, started, contexts, promise };
}

async function failureOf(promise: Promise<unknown>): Promise<NodeApiError | NodeOperationError> {
	try {
		await promise;
	} catch (error) {
		return error as NodeApiError | NodeOperationError;
	}
	throw new Error('the run did not fail');
}

describe('asNodeError', () => {
	const { ctx } = fakeExecute();

	it('hands back the node errors as they are', () => {
		const api = apiError('Refused', 'Why', '400', 1);
		const operation = new NodeOperationError(UNIT_NODE, 'Invalid "Limit"', { itemIndex: 1 });
		expect(asNodeError(ctx, api, 4)).toBe(api);
		expect(asNodeError(ctx, operation, 4)).toBe(operation);
		expect(api.context.itemIndex).toBe(1);
		expect(operation.context.itemIndex).toBe(1);
	});

	it('wraps anything else in a NodeOperationError of the node, with its message and the item', () => {
		const wrapped = asNodeError(ctx, new Error('socket closed'), 4);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('socket closed');
		expect(wrapped.context.itemIndex).toBe(4);
		expect(wrapped.node).toEqual(UNIT_NODE);
		const fromText = asNodeError(ctx, 'went wrong', 0);
		expect(fromText).toBeInstanceOf(NodeOperationError);
		expect(fromText.message).toBe('went wrong');
		expect(fromText.context.itemIndex).toBe(0);
	});
});

describe('errorItem', () => {
	const { ctx } = fakeExecute();

	it('holds only the message, paired to the failed item, when the error has nothing more', () => {
		expect(errorItem(ctx, new Error('boom'), 2)).toStrictEqual({ json: { error: 'boom' }, pairedItem: { item: 2 } });
		// a provider error without status or description (n8n sets both to null)
		expect(errorItem(ctx, apiError('Boom'), 0)).toStrictEqual({ json: { error: 'Boom' }, pairedItem: { item: 0 } });
	});

	it('adds the description under details', () => {
		const error = new NodeOperationError(UNIT_NODE, 'Invalid "Limit": must be a whole number of at least 1 (got 0)', {
			description: 'Nothing was sent to the provider.',
		});
		expect(errorItem(ctx, error, 3)).toStrictEqual({
			json: {
				error: 'Invalid "Limit": must be a whole number of at least 1 (got 0)',
				details: { description: 'Nothing was sent to the provider.' },
			},
			pairedItem: { item: 3 },
		});
	});

	it('adds the HTTP status of a provider error under details, with or without a description', () => {
		expect(errorItem(ctx, apiError('Refused', 'The order exists', '400'), 1)).toStrictEqual({
			json: { error: 'Refused', details: { description: 'The order exists', httpCode: '400' } },
			pairedItem: { item: 1 },
		});
		expect(errorItem(ctx, apiError('Internal error', undefined, '500'), 5)).toStrictEqual({
			json: { error: 'Internal error', details: { httpCode: '500' } },
			pairedItem: { item: 5 },
		});
	});
});

describe('runPerItem: every item succeeds', () => {
	it('puts out every item’s results in input order, however many each gives and whenever each ends', async () => {
		// later items end first
		const r = await run(
			4,
			async (i) => {
				await new Promise((resolve) => setTimeout(resolve, (4 - i) * 3));
				if (i === 1) return [];
				if (i === 2) return [out({ n: 'c1' }, 2), out({ n: 'c2' }, 2)];
				return [out({ n: `item${i}` }, i)];
			},
			{ concurrency: 4 },
		);
		expect(await r.promise).toEqual([out({ n: 'item0' }, 0), out({ n: 'c1' }, 2), out({ n: 'c2' }, 2), out({ n: 'item3' }, 3)]);
		expect([...r.started].sort()).toEqual([0, 1, 2, 3]);
	});

	it('runs each item once, with the node context', async () => {
		const r = await run(3, (i) => [out({ i }, i)]);
		await r.promise;
		expect(r.started).toEqual([0, 1, 2]);
		for (const c of r.contexts) expect(c).toBe(r.ctx);
	});

	it('puts out nothing and runs nothing for no input items', async () => {
		const r = await run(0, () => {
			throw new Error('not expected');
		});
		expect(await r.promise).toEqual([]);
		expect(r.started).toEqual([]);
	});

	it.each([
		[undefined, 12, 5],
		[1, 4, 1],
		[3, 10, 3],
		['2', 6, 2],
		[50, 60, 50],
		[8, 3, 3],
	])('Concurrency %p over %i items: at most %i run at once', async (concurrency, n, peak) => {
		let running = 0;
		let most = 0;
		const r = await run(
			n,
			async (i) => {
				running += 1;
				most = Math.max(most, running);
				await new Promise((resolve) => setTimeout(resolve, 2));
				running -= 1;
				return [out({ i }, i)];
			},
			{ concurrency },
		);
		expect((await r.promise).map((o) => o.json.i)).toEqual(Array.from({ length: n }, (_, i) => i));
		expect(most).toBe(peak);
	});

	it.each([
		[1, 3],
		[2, 7],
	])('version %i reads Concurrency where its panel shows it (Request Options, Options): at most %i run at once', async (typeVersion, peak) => {
		let running = 0;
		let most = 0;
		const { ctx } = fakeExecute({
			items: inputItems(12),
			params: { requestOptions: { concurrency: 3 }, options: { concurrency: 7 } },
			typeVersion,
		});
		await runPerItem.call(ctx, (i) => async () => {
			running += 1;
			most = Math.max(most, running);
			await new Promise((resolve) => setTimeout(resolve, 2));
			running -= 1;
			return [out({ i }, i)];
		});
		expect(most).toBe(peak);
	});

	it.each([
		[0, '0', 2],
		[51, '51', 2],
		['abc', '"abc"', 2],
		[2.5, '2.5', 2],
		[51, '51', 1],
	])('refuses Concurrency %p (shown as %s) before any item runs, on version %i', async (concurrency, shown, typeVersion) => {
		const r = await run(2, (i) => [out({ i }, i)], { concurrency, typeVersion });
		const error = await failureOf(r.promise);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(`Invalid "Concurrency": must be a whole number from 1 to 50 (got ${shown})`);
		expect(r.started).toEqual([]);
	});
});

describe('runPerItem with Continue On Fail', () => {
	it('turns each failed item into its error item, in place, and runs every item', async () => {
		const r = await run(
			5,
			(i) => {
				if (i === 1) throw new Error('socket closed');
				if (i === 3) throw apiError('Refused', 'The order exists', '400');
				return [out({ OrderNo: `O${i}` }, i)];
			},
			{ concurrency: 1, continueOnFail: true },
		);
		expect(await r.promise).toStrictEqual([
			out({ OrderNo: 'O0' }, 0),
			{ json: { error: 'socket closed' }, pairedItem: { item: 1 } },
			out({ OrderNo: 'O2' }, 2),
			{ json: { error: 'Refused', details: { description: 'The order exists', httpCode: '400' } }, pairedItem: { item: 3 } },
			out({ OrderNo: 'O4' }, 4),
		]);
		expect(r.started).toEqual([0, 1, 2, 3, 4]);
	});

	it('gives an error item for a single failing item too', async () => {
		const r = await run(
			1,
			() => {
				throw new Error('boom');
			},
			{ continueOnFail: true },
		);
		expect(await r.promise).toStrictEqual([{ json: { error: 'boom' }, pairedItem: { item: 0 } }]);
	});
});

describe('runPerItem without Continue On Fail', () => {
	it('a single item: its error as it was thrown, with its index and no note', async () => {
		const thrown = new NodeOperationError(UNIT_NODE, 'Invalid "Order Number": is required', { description: 'Correct it.' });
		const r = await run(1, () => {
			throw thrown;
		});
		const error = await failureOf(r.promise);
		expect(error).toBe(thrown);
		expect(error.context.itemIndex).toBe(0);
		expect(error.description).toBe('Correct it.');
	});

	it('a single item whose operation throws a plain error: a node error with its message and index, no note', async () => {
		const r = await run(1, () => {
			throw new Error('socket closed');
		});
		const error = await failureOf(r.promise);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('socket closed');
		expect(error.context.itemIndex).toBe(0);
		expect(error.description).toBeUndefined();
	});

	it('one at a time: stops at the failing item, names what was done with its references and what was not sent', async () => {
		const r = await run(
			5,
			(i) => {
				if (i === 0) return [out({ TransactionReferenceNumber: 'T-1', OrderNo: 'O-1' }, 0)];
				if (i === 1) return [out({ OrderNo: 'O-2', Status: 'Open' }, 1)];
				throw apiError('Refused', 'The order exists', '400', 9);
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(r.started).toEqual([0, 1, 2]);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Refused');
		// the runner's index wins over whatever the error carried
		expect(error.context.itemIndex).toBe(2);
		expect(error.description).toBe(
			'The order exists\n\n' +
				'Item 3 of 5 failed, so the run stopped. ' +
				'Already done before it stopped: item 1 (TransactionReferenceNumber T-1, OrderNo O-1); item 2 (OrderNo O-2). ' +
				`Not sent: items 4-5. ${TAIL}`,
		);
	});

	it('a long run names the first and last 20 items done, and counts those between', async () => {
		const r = await run(
			101,
			(i) => {
				if (i === 99) throw new Error('socket closed');
				return [out({ OrderNo: `O${i + 1}` }, i)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		const named = (from: number, to: number) =>
			Array.from({ length: to - from + 1 }, (_, k) => `item ${from + k} (OrderNo O${from + k})`).join('; ');
		// 2,000 items came to 190,000 characters of error description
		expect(error.description).toBe(
			'Item 100 of 101 failed, so the run stopped. ' +
				`Already done before it stopped: ${named(1, 20)}; 59 more (items 21-79); ${named(80, 99)}. Not sent: item 101. ${TAIL}`,
		);
	});

	it('40 items done are all named', async () => {
		const r = await run(
			41,
			(i) => {
				if (i === 40) throw new Error('socket closed');
				return [out({}, i)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		const all = Array.from({ length: 40 }, (_, k) => `item ${k + 1}`).join('; ');
		expect(error.description).toBe(`Item 41 of 41 failed, so the run stopped. Already done before it stopped: ${all}. ${TAIL}`);
	});

	it('the first item fails: nothing had completed, the rest were not sent', async () => {
		const r = await run(
			3,
			(i) => {
				if (i === 0) throw new Error('socket closed');
				return [out({ i }, i)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(r.started).toEqual([0]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('socket closed');
		expect(error.context.itemIndex).toBe(0);
		expect(error.description).toBe(`Item 1 of 3 failed, so the run stopped. No other item had completed. Not sent: items 2-3. ${TAIL}`);
	});

	it('the last item fails: no "not sent" part; items without a reference are named by number', async () => {
		const r = await run(
			3,
			(i) => {
				if (i === 2) throw new NodeOperationError(UNIT_NODE, 'Invalid "Quantity"');
				// an item that put out nothing, and one with no reference member
				return i === 0 ? [] : [out({ Status: 'Open', Flag: true }, i)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(error.context.itemIndex).toBe(2);
		expect(error.description).toBe(`Item 3 of 3 failed, so the run stopped. Already done before it stopped: item 1; item 2. ${TAIL}`);
	});

	it('one item not sent is named in the singular', async () => {
		const r = await run(
			4,
			(i) => {
				if (i === 2) throw new Error('boom');
				return [out({ i }, i)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(error.description).toBe(`Item 3 of 4 failed, so the run stopped. Already done before it stopped: item 1; item 2. Not sent: item 4. ${TAIL}`);
	});

	it('names at most two references of a done item, the most specific first, text or number only', async () => {
		const r = await run(
			2,
			(i) => {
				if (i === 1) throw new Error('boom');
				return [
					out({ OrderNumber: 'ON', ItemNo: 12, CustomerReferenceNo: 'C', OrderNo: true, TransactionReferenceNumber: { x: 1 } }, 0),
					out({ TransactionReferenceNumber: 'only the first output item counts' }, 0),
				];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(error.description).toBe(`Item 2 of 2 failed, so the run stopped. Already done before it stopped: item 1 (CustomerReferenceNo C, ItemNo 12). ${TAIL}`);
	});

	it.each([
		['TransactionReferenceNumber', 'OrderNo', 'T', 'O', 'TransactionReferenceNumber T, OrderNo O'],
		['OrderNo', 'CustomerReferenceNo', 'O', 'C', 'OrderNo O, CustomerReferenceNo C'],
		['CustomerReferenceNo', 'ItemNo', 'C', 'I', 'CustomerReferenceNo C, ItemNo I'],
		['ItemNo', 'OrderNumber', 'I', 'N', 'ItemNo I, OrderNumber N'],
	])('orders the references: %s before %s', async (a, b, av, bv, shown) => {
		const r = await run(
			2,
			(i) => {
				if (i === 1) throw new Error('boom');
				// the less specific member first in the output: the note still names the more specific one first
				return [out({ [b]: bv, [a]: av }, 0)];
			},
			{ concurrency: 1 },
		);
		const error = await failureOf(r.promise);
		expect(error.description).toBe(`Item 2 of 2 failed, so the run stopped. Already done before it stopped: item 1 (${shown}). ${TAIL}`);
	});

	it('several in flight: waits for them, reports the earliest failing item, names the others that failed', async () => {
		const d = Array.from({ length: 6 }, () => deferred());
		const r = await run(6, async (i) => await d[i].promise, { concurrency: 4 });
		let ended = false;
		void r.promise.then(
			() => (ended = true),
			() => (ended = true),
		);
		await settle();
		expect(r.started).toEqual([0, 1, 2, 3]);
		// item 4 fails first in time; item 2 fails later but comes first in the input
		d[3].reject(apiError('Item four refused', undefined, '400'));
		await settle();
		d[2].resolve([out({ OrderNo: 'C' }, 2)]);
		await settle();
		d[1].reject(new Error('socket closed'));
		await settle();
		// nothing more was started after the first failure, and the run waits for item 1, still in flight
		expect(r.started).toEqual([0, 1, 2, 3]);
		expect(ended).toBe(false);
		d[0].resolve([out({ OrderNo: 'A' }, 0)]);
		const error = await failureOf(r.promise);
		expect(r.started).toEqual([0, 1, 2, 3]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('socket closed');
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toBe(
			'Item 2 of 6 failed, so the run stopped. ' +
				'Already done before it stopped: item 1 (OrderNo A); item 3 (OrderNo C). ' +
				'Also failed: item 4: Item four refused. ' +
				`Not sent: items 5-6. ${TAIL}`,
		);
	});

	it('several others failed: each is named with its message, plain errors too', async () => {
		const d = Array.from({ length: 4 }, () => deferred());
		const r = await run(4, async (i) => await d[i].promise, { concurrency: 4 });
		await settle();
		d[0].reject(new NodeOperationError(UNIT_NODE, 'first'));
		d[1].reject(new Error('second'));
		d[2].reject(apiError('third', undefined, '409'));
		d[3].resolve([out({ OrderNo: 'D' }, 3)]);
		const error = await failureOf(r.promise);
		expect(error.message).toBe('first');
		expect(error.context.itemIndex).toBe(0);
		expect(error.description).toBe(
			'Item 1 of 4 failed, so the run stopped. Already done before it stopped: item 4 (OrderNo D). ' +
				`Also failed: item 2: second; item 3: third. ${TAIL}`,
		);
	});
});

describe('runPerItem with prepare: every item prepared before the first is sent', () => {
	/** Runs `runPerItem` with a `prepare` over `n` items; `refuse(i)` throws for an item whose parameters are refused. */
	function runPrepared(n: number, refuse: (itemIndex: number) => void, { continueOnFail = false, concurrency = 2 } = {}) {
		const { ctx } = fakeExecute({ items: inputItems(n), continueOnFail, params: { options: { concurrency } }, typeVersion: 2 });
		const events: string[] = [];
		const promise = runPerItem.call(ctx, function (this: IExecuteFunctions, itemIndex: number) {
			events.push(`prepare ${itemIndex}`);
			expect(this).toBe(ctx);
			refuse(itemIndex);
			return async () => {
				events.push(`send ${itemIndex}`);
				await settle();
				return [out({ sent: itemIndex }, itemIndex)];
			};
		});
		return { events, promise };
	}

	it('prepares every item, in input order, before sending any; output keeps input order', async () => {
		const r = runPrepared(3, () => undefined);
		expect(await r.promise).toEqual([out({ sent: 0 }, 0), out({ sent: 1 }, 1), out({ sent: 2 }, 2)]);
		expect(r.events.slice(0, 3)).toEqual(['prepare 0', 'prepare 1', 'prepare 2']);
		expect([...r.events.slice(3)].sort()).toEqual(['send 0', 'send 1', 'send 2']);
	});

	it('one item refused: throws it at once, with its item and a note that no item was sent; nothing is sent', async () => {
		const refused = new NodeOperationError(UNIT_NODE, 'Invalid "Limit": must be a whole number', {
			description: 'Nothing was sent to the provider. Correct "Limit" and run again.',
		});
		const r = runPrepared(4, (i) => {
			if (i === 2) throw refused;
		});
		const error = await failureOf(r.promise);
		expect(error).toBe(refused);
		expect(error.context.itemIndex).toBe(2);
		expect(error.description).toBe(
			'Nothing was sent to the provider. Correct "Limit" and run again.\n\nItem 3 of 4 was refused before anything was sent: no item was sent.',
		);
		expect(r.events).toEqual(['prepare 0', 'prepare 1', 'prepare 2']);
	});

	it('wraps a refusal that is no node error; a single item gets no note', async () => {
		const wrapped = await failureOf(runPrepared(3, (i) => { if (i === 0) throw new Error('bad value'); }).promise);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('bad value');
		expect(wrapped.context.itemIndex).toBe(0);
		expect(wrapped.description).toBe('Item 1 of 3 was refused before anything was sent: no item was sent.');
		const single = await failureOf(runPrepared(1, () => { throw new Error('bad value'); }).promise);
		expect(single.description).toBeFalsy();
	});

	it('with Continue On Fail: a refused item becomes its error item and the others are sent', async () => {
		const r = runPrepared(
			3,
			(i) => {
				if (i === 1) throw new Error('bad value');
			},
			{ continueOnFail: true },
		);
		expect(await r.promise).toEqual([out({ sent: 0 }, 0), { json: { error: 'bad value' }, pairedItem: { item: 1 } }, out({ sent: 2 }, 2)]);
		expect(r.events.filter((e) => e.startsWith('send')).sort()).toEqual(['send 0', 'send 2']);
	});
});
