// What every <operation>.operation.ts exports, and how the router runs it over the input items.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import pLimit from 'p-limit';

import { mayHaveReached, outcomeWorded } from '../transport/errors';
import { stopSignal, stoppedError } from '../transport/stop';
import { nodeParameter, readInteger, type IntegerField } from './parameters';
import { OPTIONS, groupedFromVersion2, isSettingsCollection, onVersion1, settingPath } from './versions';

/** What sends one prepared input item and gives its output items. */
export type Send = () => Promise<INodeExecutionData[]>;

/** Reads and checks one input item's parameters (nothing sent) and returns what sends it. */
export type Prepare = (this: IExecuteFunctions, itemIndex: number) => Send;

export interface OperationModule {
	description: INodeProperties[];
	/**
	 * One input item, in two steps: reads and checks its parameters at once (synchronously, nothing sent) and returns
	 * what sends it. The router prepares every input item before it sends the first, then sends them concurrently
	 * (bounded), keeping input order; a write that changes an order marks its send with the order (`keyed`), and the
	 * writes to one order are sent one after another, in input order.
	 */
	prepare?: Prepare;
	/** all input items at once, for operations that group items into one request */
	executeBatch?: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
}

/** Default for Concurrency (version 1: Request Options): chosen by measurement against the sandbox (see README). */
export const DEFAULT_CONCURRENCY = 5;

const CONCURRENCY_FIELD: IntegerField = { field: 'Concurrency', min: 1, max: 50, fallback: DEFAULT_CONCURRENCY };

/**
 * Version 1's Request Options, the node's own (for every operation run item by item: Batch Create, which sends its
 * items together, does not show it); from version 2 on Concurrency is in each per-item operation's Options.
 */
const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: CONCURRENCY_FIELD.min, maxValue: CONCURRENCY_FIELD.max },
			default: DEFAULT_CONCURRENCY,
			description:
				'How many input items are processed at the same time (each one a request to the provider, or to n8n\'s store for Forget Sent Orders). Output keeps the input order.',
		},
	],
};

export const requestOptionsProperty: INodeProperties = onVersion1({
	...requestOptions,
	// n8n hides a parameter when any one hide rule matches: the operation's value alone (no other resource has it)
	displayOptions: { hide: { operation: ['batchCreate'] } },
});

export interface OptionsOf {
	/** false for an operation that sends all input items together (Batch Create): Concurrency does not apply */
	perItem?: boolean;
	/** version 2's display names of settings that would read the same as another field of the panel */
	renamed?: Record<string, string>;
}

/**
 * An operation's parameters in both versions. Version 1 keeps its settings collections (Query Options, Options,
 * Batch Options; the node's Request Options) where saved workflows have them. From version 2 on they are one
 * Options collection, last: every setting of those collections, sorted by name, and Concurrency for an operation
 * run item by item. Every operation has it. Readers find a setting through settingPath (versions.ts).
 */
export function withOptions(properties: INodeProperties[], { perItem = true, renamed }: OptionsOf = {}): INodeProperties[] {
	const sources = properties.filter(isSettingsCollection);
	const { collection, merged } = groupedFromVersion2(
		{ displayName: 'Options', name: OPTIONS, type: 'collection', placeholder: 'Add Option', default: {}, options: [] },
		{ merged: [...sources, ...(perItem ? [requestOptions] : [])], renamed, inVersion1: false },
	);
	return [...properties.map((property) => (isSettingsCollection(property) ? merged[sources.indexOf(property)] : property)), ...collection];
}

/** The n8n error for a failure: ours already are one; anything else is wrapped. */
export function asNodeError(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The item Continue On Fail puts out for a failed input item. Its JSON holds only `error` and
 * `details`, the members by which n8n sends an item to the node's error output when the node is set
 * to "Continue (using error output)"; with "Continue" it stays on the regular output as it is.
 */
export function errorItem(ctx: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData {
	const e = asNodeError(ctx, error, itemIndex);
	const details: IDataObject = {};
	if (e.description) details.description = e.description;
	if ('httpCode' in e && e.httpCode) details.httpCode = e.httpCode;
	return {
		json: { error: e.message, ...(Object.keys(details).length ? { details } : {}) },
		pairedItem: { item: itemIndex },
	};
}

/** Members of an output item that identify what the provider now holds, most specific first. */
const REFERENCE_MEMBERS = ['TransactionReferenceNumber', 'OrderNo', 'CustomerReferenceNo', 'ItemNo', 'OrderNumber'];

/** What a Batch Create order's output says became of it, for the note ("" for other outputs). */
function batchFate(json: IDataObject): string {
	if (json.alreadySent === true) return 'already sent before';
	if (json.IsCreated === true) return 'created';
	if (json.IsCreated === false) return 'not created';
	return json.IsCreated === null ? 'outcome unknown' : '';
}

/** "item 3 (TransactionReferenceNumber 9f2c…)": an input item and what came back for it. */
function describeDone(itemIndex: number, output: INodeExecutionData[]): string {
	const json = output[0]?.json ?? {};
	const refs = REFERENCE_MEMBERS.filter((m) => typeof json[m] === 'string' || typeof json[m] === 'number').map(
		(m) => `${m} ${String(json[m])}`,
	);
	const said = [...refs.slice(0, 2), batchFate(json)].filter(Boolean);
	return `item ${itemIndex + 1}${said.length ? ` (${said.join(', ')})` : ''}`;
}

/**
 * How many completed items the note of a stopped run names one by one: the first and the last half of them, with the
 * count and numbers of those between. A run of thousands would otherwise put hundreds of kilobytes into the error
 * that the editor, Error Trigger workflows and their alerts carry.
 */
const DONE_LISTED = 40;

/** The completed items of a stopped run (indexes in input order), each with what came back for it (`describeDone`). */
function doneList(done: number[], outputOf: (itemIndex: number) => INodeExecutionData[]): string {
	const named = (indexes: number[]) => indexes.map((i) => describeDone(i, outputOf(i))).join('; ');
	if (done.length <= DONE_LISTED) return named(done);
	const between = done.slice(DONE_LISTED / 2, -DONE_LISTED / 2);
	return `${named(done.slice(0, DONE_LISTED / 2))}; ${between.length} more (items ${itemRange(between)}); ${named(done.slice(-DONE_LISTED / 2))}`;
}

/** How a run stopped, for the note its error carries (`stoppedRunNote`). */
export interface StoppedRun {
	/** the first sentence: what failed ("Item 3 of 10 failed, so the run stopped.") */
	stopped: string;
	/** the items completed before it stopped, in input order, and what came back for each */
	done: number[];
	outputOf: (itemIndex: number) => INodeExecutionData[];
	/** what else failed, each "item 4: …" (what failed, where the run was canceled: `failedFirst`) */
	alsoFailed?: string[];
	/** the run was canceled, so no item failed first: the others' failures are not "also" */
	failedFirst?: boolean;
	/** the items whose request the stop cut off on its way: the provider may have taken them */
	possiblySent?: number[];
	/** the items never sent */
	notSent: number[];
	/** said last (what to turn on, what to check) */
	advice?: string;
}

/**
 * The note a stopped run's error carries so the user knows what exists at the provider: what was already done (with its
 * references), what else failed, and which items were not sent.
 */
export function stoppedRunNote(run: StoppedRun): string {
	const { done, notSent, alsoFailed = [], possiblySent } = run;
	return [
		run.stopped,
		done.length ? `Already done before it stopped: ${doneList(done, run.outputOf)}.` : 'No other item had completed.',
		alsoFailed.length ? `${run.failedFirst ? 'Failed' : 'Also failed'}: ${alsoFailed.join('; ')}.` : '',
		possiblySent?.length ? `Possibly sent (its request was on its way when the execution was canceled; check it with the provider): item${possiblySent.length > 1 ? 's' : ''} ${itemRange(possiblySent)}.` : '',
		notSent.length ? `Not sent: item${notSent.length > 1 ? 's' : ''} ${itemRange(notSent)}.` : '',
		run.advice ?? '',
	]
		.filter(Boolean)
		.join(' ');
}

/**
 * "4-6", "3, 5-6": the 1-based numbers of items (those not sent, or those done and not named one by one). Items not
 * sent are, within one try, the last ones (items start in input order and none starts after the first failure); on a
 * Retry On Fail try, items an earlier try completed come out among them.
 */
function itemRange(indexes: number[]): string {
	const runs: Array<[number, number]> = [];
	for (const index of indexes) {
		const last = runs[runs.length - 1];
		if (last && last[1] === index) last[1] = index + 1;
		else runs.push([index + 1, index + 1]);
	}
	return runs.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(', ');
}

/**
 * The output of each input item a try of a node run completed, by node run (see `inRun`): n8n's Retry On Fail runs the
 * node again over the same items (with Continue On Fail, whenever the first output item is an error item), and an item
 * done in an earlier try is not sent again (an order created, cancelled, a label made; Batch Create: the orders of a
 * chunk the provider answered).
 */
const completedByRun: RunMemory<INodeExecutionData[]> = new WeakMap();

/**
 * What the earlier tries of this node run completed, by input item (empty on a run's first try): an operation puts
 * in the output of each item it completed, and on a later try puts that out again instead of sending the item.
 */
export function completedInRun(ctx: IExecuteFunctions): Map<number, INodeExecutionData[]> {
	return inRun(completedByRun, ctx);
}

const possiblySentByRun: RunMemory<string> = new WeakMap();

/**
 * The record a create of each input item claimed in an earlier try of this node run and sent with an unknown outcome
 * (by input item): Retry On Fail's next try of the item does not create another for it under another identity (an
 * order number from an expression that changes between tries).
 */
export function possiblySentInRun(ctx: IExecuteFunctions): Map<number, string> {
	return inRun(possiblySentByRun, ctx);
}

/** A memory by node run, then by input item (see `inRun`). */
type RunMemory<V> = WeakMap<object, WeakMap<object, Map<number, V>>>;

/**
 * One node run's map by input item, the same for every try of Retry On Fail. A node run is its execute data (n8n makes
 * one each time it puts the node on its stack: a loop's next run has its own) and its first input item's JSON. Not the
 * list of input items: with Execute Once n8n cuts a new list of the first item for every try, and as an agent's tool
 * every try gets a new list and context around the same arguments, while the tool calls share the agent's execute
 * data: the arguments (each call's own object) tell the calls apart.
 */
function inRun<V>(byRun: RunMemory<V>, ctx: IExecuteFunctions): Map<number, V> {
	const items = ctx.getInputData();
	const run = ctx.getExecuteData();
	const first = items[0]?.json ?? items;
	let byFirst = byRun.get(run);
	if (!byFirst) {
		byFirst = new WeakMap();
		byRun.set(run, byFirst);
	}
	let map = byFirst.get(first);
	if (!map) {
		map = new Map();
		byFirst.set(first, map);
	}
	return map;
}

/**
 * Operations whose failed items Retry On Fail may send again whatever the failure: queries (nothing changes at the
 * provider), Forget Sent Orders (n8n's store only), and the creates the record of sent orders guards (Send Each … Once:
 * a create without it, `unguarded`, is withheld as an update). Every other per-item operation changes what the
 * provider holds (update, cancel, retire, a label) with nothing to tell whether an earlier try took effect.
 */
export const SENT_AGAIN_ON_RETRY: ReadonlySet<string> = new Set([
	'create',
	'forgetSent',
	'getCarrierLocations',
	'validate',
	'getSellable',
	'getStatus',
	'getTransactions',
	'getOrdersOnHold',
	'getReturns',
	'getDeliveryEstimates',
	'getDetails',
	'getPackages',
]);

/**
 * Creates no record of sent orders guards (Send Each … Once off, or no store in this n8n): on a later try of Retry On
 * Fail one that may have reached the provider is not sent again, as an update is not (a second purchase order, transfer
 * or SKU otherwise). Marked by the send itself (`unguarded`), as the store is known only when it runs.
 */
const unguardedSends = new WeakSet<Send>();

/** Marks a create's send as guarded by no record of sent orders (see unguardedSends); returns it. */
export function unguarded(send: Send): Send {
	unguardedSends.add(send);
	return send;
}

/**
 * What a write changes, by its send (`keyed`): the runner sends the items of one key one after another, in input order,
 * each after the one before it has ended (bug hunt 44: two updates of one order sent at once may reach the provider in
 * either order, and the earlier row's change be the one it keeps). Items of other keys, or of none, go concurrently.
 */
const sendKeys = new WeakMap<Send, string>();

/**
 * Marks a write's send as changing the order `identity` names (its number or reference, as the wire sends it); returns it.
 * The identity is taken as the provider may match it: trimmed, one Unicode spelling, any letter case (two orders taken
 * for one are only sent one after the other).
 */
export function keyed(send: Send, identity: string): Send {
	sendKeys.set(send, identity.trim().normalize('NFC').toLowerCase());
	return send;
}

/** The error of a failed try, as it was before the run's notes were added to it. */
interface FirstError {
	api: boolean;
	message: string;
	description?: string | null;
	httpCode?: string | null;
	errorResponse?: JsonObject;
}

/**
 * Per node run (keyed as completedByRun): the items whose send failed in a way that may have taken effect at the
 * provider (a 5xx, a connection lost after sending, an unreadable answer), with the error of that try. Retry On Fail's
 * next try does not send them again.
 */
const uncertainByRun: RunMemory<FirstError> = new WeakMap();

// Whether a failed write may have taken effect: the transport's rule, by which its errors' messages say so too
export { mayHaveReached };

export const NOT_SENT_AGAIN =
	"n8n's Retry On Fail did not send it again: the earlier attempt may have taken effect at the provider, and sending it twice could change or cancel it twice.";

/**
 * Remembers, for the later tries of this node run (Retry On Fail), an item whose try failed in a way that may have
 * reached the provider (mayHaveReached): they withhold it (`withheldInRun`). The error is kept as it is now, before the
 * run's notes are added to it. Whether the failure may have reached it is the caller's to say.
 */
export function rememberUncertain(ctx: IExecuteFunctions, itemIndex: number, error: unknown): void {
	const shown = asNodeError(ctx, error, itemIndex);
	inRun(uncertainByRun, ctx).set(itemIndex, {
		api: shown instanceof NodeApiError,
		message: shown.message,
		description: shown.description,
		httpCode: 'httpCode' in shown ? shown.httpCode : undefined,
		errorResponse: 'errorResponse' in shown ? shown.errorResponse : undefined,
	});
}

/** The error a later try of this node run gives an item an earlier try left uncertain (rememberUncertain), not sent; undefined for any other. */
export function withheldInRun(ctx: IExecuteFunctions, itemIndex: number): NodeApiError | NodeOperationError | undefined {
	const first = inRun(uncertainByRun, ctx).get(itemIndex);
	return first && withheldError(ctx, first, itemIndex);
}

/** A later try's error for an item withheld: the first try's message and description, and why it was not sent. */
function withheldError(ctx: IExecuteFunctions, first: FirstError, itemIndex: number): NodeApiError | NodeOperationError {
	const description = [first.description, NOT_SENT_AGAIN].filter(Boolean).join('\n\n');
	if (!first.api) return new NodeOperationError(ctx.getNode(), first.message, { description, itemIndex });
	// Stryker disable next-line ObjectLiteral: a NodeApiError always carries its errorResponse; the fallback is defensive
	return new NodeApiError(ctx.getNode(), first.errorResponse ?? { message: first.message }, {
		message: first.message,
		description,
		httpCode: first.httpCode ?? undefined,
		itemIndex,
	});
}

/**
 * What became of one item in a try. `failure`: the error of an item that failed (an error item's with Continue On Fail),
 * and whether n8n's Stop came first (its request was cut off, or never sent): then the run's note says the item was
 * possibly sent or not sent, not that it failed or was done.
 */
type Failure = { error: unknown; byStop: boolean };
type Outcome =
	| { kind: 'done'; output: INodeExecutionData[]; failure?: Failure }
	| ({ kind: 'failed' } & Failure)
	| { kind: 'skipped' };

/**
 * Every input item prepared: what sends it, or (Continue On Fail) the error item of an item whose parameters were
 * refused. Without Continue On Fail the first refused item stops the run here, before anything is sent.
 */
function prepareAll(ctx: IExecuteFunctions, prepare: Prepare, continueOnFail: boolean): Array<Send | INodeExecutionData> {
	const items = ctx.getInputData();
	return items.map((_item, itemIndex) => {
		try {
			return prepare.call(ctx, itemIndex);
		} catch (error) {
			if (continueOnFail) return errorItem(ctx, error, itemIndex);
			const refused = asNodeError(ctx, error, itemIndex);
			refused.context.itemIndex = itemIndex;
			if (items.length > 1) {
				const note = `Item ${itemIndex + 1} of ${items.length} was refused before anything was sent: no item was sent.`;
				refused.description = [refused.description, note].filter(Boolean).join('\n\n');
			}
			throw refused;
		}
	});
}

/**
 * Runs a per-item operation over every input item: every item's parameters are read and checked first (one item
 * refused: nothing sent), then the items are sent with bounded concurrency; output keeps input order.
 * With Continue On Fail a failed item becomes an error item and the rest go on. Without it, the first
 * failure of a send stops the run: no queued item is started, what is in flight finishes, and the earliest failing
 * item's error is thrown with a note of what was already done (with its references), what also failed
 * and what was never sent, so the user knows what exists at the provider. A stopped execution (n8n's Stop, the
 * workflow's Timeout) starts no queued item, with Continue On Fail too. Without it the run ends with the same note;
 * with it, with one result per input item (bug hunt 41): the items done keep their outputs, one whose request was on
 * its way is an error item saying it may have been sent, and each item never started an error item saying it was not.
 * On a later try of Retry On Fail, an item an earlier try completed comes out as it did, and an item whose earlier
 * try failed in a way that may have taken effect (an update, cancel, retire or label) fails again with that error,
 * not sent: as in its first try, no later item starts after it (without Continue On Fail). Writes that change the same
 * order (`keyed`) are sent one after another in input order, so the last one's change is the one the provider keeps.
 */
export async function runPerItem(this: IExecuteFunctions, prepare: Prepare): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const continueOnFail = this.continueOnFail();
	let concurrency: number;
	try {
		concurrency = readInteger(this, settingPath(this, 'requestOptions', 'concurrency'), 0, CONCURRENCY_FIELD);
	} catch (error) {
		// read once for the run (from the first item): refused, it fails every item, nothing sent
		if (!continueOnFail) throw asNodeError(this, error, 0);
		return items.map((_item, itemIndex) => errorItem(this, error, itemIndex));
	}
	const completed = completedInRun(this);
	const uncertain = inRun(uncertainByRun, this);
	// Stryker disable next-line StringLiteral: every action node has an operation parameter; the default is never read
	const resendableOperation = SENT_AGAIN_ON_RETRY.has(String(nodeParameter(this, 'operation', 0, '')));
	// without Continue On Fail a withheld item fails again where it stands: no later item starts, as in its first try
	const firstWithheld = continueOnFail ? Infinity : Math.min(Infinity, ...uncertain.keys());
	const prepared = prepareAll(this, prepare, continueOnFail);
	// p-limit's clearQueue would drop queued tasks without settling them: queued tasks check `stopped` instead
	const limit = pLimit(concurrency);
	let stopped = false;
	// n8n's Stop: no queued item starts (with Continue On Fail too), so none is claimed or recorded as possibly sent
	const signal = stopSignal(this);

	const sendOne = async (send: Send, itemIndex: number): Promise<Outcome> => {
		// Stryker disable next-line EqualityOperator: the withheld item itself never gets here (it fails before the queue)
		if (stopped || signal?.aborted || itemIndex > firstWithheld) return { kind: 'skipped' };
		try {
			const output = await send();
			completed.set(itemIndex, output);
			return { kind: 'done', output };
		} catch (error) {
			// an answer that left the outcome unknown says so in the message, as the transport's errors do (bug hunt 47: an AI
			// Agent's model reads the message alone), here one read after the transport too (a create's answer without its
			// reference); Retry On Fail's later tries repeat it (rememberUncertain)
			outcomeWorded(error);
			if ((!resendableOperation || unguardedSends.has(send)) && mayHaveReached(error)) rememberUncertain(this, itemIndex, error);
			const byStop = signal?.aborted === true;
			if (continueOnFail) return { kind: 'done', output: [errorItem(this, error, itemIndex)], failure: { error, byStop } };
			stopped = true;
			return { kind: 'failed', error, byStop };
		}
	};
	// the last queued send of each key (`keyed`): the next one of that key starts after it has ended, success or failure
	const lastOfKey = new Map<string, Promise<Outcome>>();
	const queue = (send: Send, itemIndex: number): Promise<Outcome> => {
		const run = () => limit(sendOne, send, itemIndex);
		const key = sendKeys.get(send);
		if (key === undefined) return run();
		const previous = lastOfKey.get(key);
		const outcome = previous ? previous.then(run, run) : run();
		lastOfKey.set(key, outcome);
		return outcome;
	};
	const outcomes: Outcome[] = await Promise.all(
		prepared.map(async (send, itemIndex): Promise<Outcome> => {
			const earlier = completed.get(itemIndex);
			if (earlier) return { kind: 'done', output: earlier };
			const error = withheldInRun(this, itemIndex);
			if (error) {
				return continueOnFail
					? { kind: 'done', output: [errorItem(this, error, itemIndex)], failure: { error, byStop: false } }
					: { kind: 'failed', error, byStop: false };
			}
			return typeof send === 'function' ? await queue(send, itemIndex) : { kind: 'done', output: [send] };
		}),
	);

	if (continueOnFail) {
		// no item fails the run, so only a stopped execution skips items: each one never started is an error item saying
		// it was not sent (one on its way at the stop is one already, possibly sent). Thrown, the error would have n8n put
		// the node's input items out as its output, every order a success and the created ones without their references.
		return outcomes.flatMap((o, itemIndex) =>
			o.kind === 'done' ? o.output : [errorItem(this, stoppedError(this.getNode(), `before item ${itemIndex + 1} was sent`, itemIndex), itemIndex)],
		);
	}
	const failed = outcomes.findIndex((o) => o.kind === 'failed');
	// with no failure, only a stopped execution skips items: the first skipped one is named
	const first = failed === -1 ? outcomes.findIndex((o) => o.kind === 'skipped') : failed;
	if (first === -1) return outcomes.flatMap((o) => (o.kind === 'done' ? o.output : []));

	const error =
		failed === -1
			? stoppedError(this.getNode(), `before item ${first + 1} was sent`, first)
			: asNodeError(this, (outcomes[first] as { error: unknown }).error, first);
	error.context.itemIndex = first;
	if (items.length > 1) {
		// n8n's Stop ended the run: the item it cut off did not fail, and Continue On Fail would not have helped
		const canceled = failed === -1 || (outcomes[failed] as { byStop: boolean }).byStop;
		const done: number[] = [];
		const alsoFailed: string[] = [];
		const possiblySent: number[] = [];
		const notSent: number[] = [];
		outcomes.forEach((o, i) => {
			const failure = o.kind === 'failed' ? o : o.kind === 'done' ? o.failure : undefined;
			// the item whose error this is: its message says what became of it
			if (i === failed) return;
			if (o.kind === 'skipped') notSent.push(i);
			else if (!failure) done.push(i);
			else if (failure.byStop) (mayHaveReached(failure.error) ? possiblySent : notSent).push(i);
			else alsoFailed.push(`item ${i + 1}: ${asNodeError(this, failure.error, i).message}`);
		});
		const note = stoppedRunNote({
			stopped: canceled ? 'The execution was canceled.' : `Item ${first + 1} of ${items.length} failed, so the run stopped.`,
			done,
			outputOf: (i) => (outcomes[i] as { output: INodeExecutionData[] }).output,
			alsoFailed,
			failedFirst: canceled,
			possiblySent,
			notSent,
			advice: canceled ? '' : "Turn on Continue On Fail to get every item's result.",
		});
		error.description = [error.description, note].filter(Boolean).join('\n\n');
	}
	throw error;
}
