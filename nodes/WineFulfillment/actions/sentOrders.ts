// The record of what the create operations sent, kept in n8n's deduplication store: each order is created once across
// re-runs, retried executions, Retry On Fail, webhooks delivered twice and workers of n8n's queue mode.
//
// n8n's store (the one its Remove Duplicates node uses) keeps rows of hashed values: one per workflow (scope Workflow)
// and one per node (scope Node). `checkProcessedAndRecord` tells which values were there and adds the others,
// `removeProcessed` takes values out. It cannot be read without recording, and a value cannot be read back. The
// records live in the workflow's row (with scope Node, the key names the node); an order's state is two values:
//
//   (none)             never sent, or released                  → claimed by recording both, then sent
//   claim + open       being sent now, or the outcome is unknown → not sent again: an error says how to check
//   claim              accepted (a transaction reference came)   → put out again with alreadySent: true
//
// While a send is on its way a third value says since when (`sending`, the 10 seconds it was claimed in), and goes when
// the send ends, however it ends: another process that finds the order open waits for that send only while it may still
// be running, and reports an order left open by an earlier attempt (an unknown outcome, a process that died) at once.
//
// A call reads the row, then writes all of it back, with no transaction: two calls at once can both find a value new,
// and the later write drops what the earlier one added. So every write of the records holds a lock: the node's own
// row, which exists only while a process holds it. Creating a row is the one atomic step n8n's store has (its primary
// key is workflow and context: of two processes inserting it, one is refused), and the lock row is taken out again
// afterwards. Within one n8n process the node also queues its calls, so only one execution at a time waits for it.
//
// A send that ends records its outcome again (sent: the claim; unknown: claim and open), so a forget that landed while it
// was on its way (Forget Sent Orders, Send Again elsewhere) never leaves a sent order unrecorded. Send Again forgets an
// order once per execution: later rows, chunks and Retry On Fail tries of it find what the first send left.
//
// A process remembers the references of orders it sent (the store cannot give them back). Two more kinds of value keep
// that memory honest: `forgotten` (Forget Sent Orders records it for good: a reference remembered for the order no
// longer holds) and each process's `mark` (recorded with every claim: gone, the records were cleared or trimmed past
// it, and all the process remembers of the workflow's orders is dropped). Both ride on the claim's own store call.
import type {
	DeduplicationHelperFunctions,
	DeduplicationScope,
	ICheckProcessedOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import pLimit from 'p-limit';
import { randomUUID } from 'crypto';

import { mayHaveTakenEffect } from '../transport/errors';
import { DEFAULT_RETRY } from '../transport/request';
import { pause, stopSignal, stoppedError } from '../transport/stop';
import { hintOnce } from './common';
import { asNodeError, possiblySentInRun, unguarded, type Send } from './operation';
import { nodeParameter, invalidField, readBoolean, readInteger, type IntegerField } from './parameters';

export type SentKind = 'salesOrder' | 'purchaseOrder' | 'transferOrder' | 'sku';

interface KindWords {
	/** "sales order" */
	thing: string;
	/** the parameter that identifies it, as the editor names it */
	field: string;
	/** the option's display name */
	option: string;
	/** where the user checks whether it exists */
	check: string;
	/** how the user sends it on purpose */
	resend: string;
}

const SEND_AGAIN = '"Send Again Even If Sent" in this node\'s Send Once Options';

const KINDS: Record<SentKind, KindWords> = {
	salesOrder: {
		thing: 'sales order',
		field: 'Order Number',
		option: 'Send Each Sales Order Once',
		check: "with Tracking → Get Details for this order number, or in the provider's portal",
		resend: `run Sales Order → Forget Sent Orders for this order number in this workflow (same scope), or turn on ${SEND_AGAIN} for it`,
	},
	purchaseOrder: {
		thing: 'purchase order',
		field: 'Customer Reference Number',
		option: 'Send Each Purchase Order Once',
		check: "in the provider's portal (its inbound requests)",
		resend: `turn on ${SEND_AGAIN} for it`,
	},
	transferOrder: {
		thing: 'transfer order',
		field: 'Customer Reference Number',
		option: 'Send Each Transfer Order Once',
		check: "in the provider's portal",
		resend: `turn on ${SEND_AGAIN} for it`,
	},
	sku: {
		thing: 'SKU',
		field: 'Item Number',
		option: 'Create Each SKU Once',
		check: "in the provider's portal",
		resend: `turn on ${SEND_AGAIN} for it`,
	},
};

/** The lock is the node's own row, in a mode the records never use, holding this one number. */
const LOCK_VALUE = 1;
const LOCK_OPTIONS: ICheckProcessedOptions = { mode: 'latestIncrementalKey' };
/** Waits between attempts on a lock another process holds: doubling from the first to the last, each jittered. */
const LOCK_RETRY_FIRST_MS = 2;
const LOCK_RETRY_LAST_MS = 50;
/**
 * A lock is held for a few store calls. One still there after this long was left by a process that died holding it,
 * and is taken out; each waiter draws its own limit in this range, so two waiters seldom take it out at once.
 */
const STALE_LOCK_MS: readonly [number, number] = [15_000, 30_000];

/**
 * The longest a send runs: the transport ends a call, its attempts and its waits for 429s and retries together, within
 * maxCallMs. An order another process is sending is waited for until this long after it was claimed.
 */
export const LONGEST_SEND_MS = DEFAULT_RETRY.maxCallMs;
/** A send's `sending` value names the step of this many milliseconds it was claimed in (by the claiming process's clock). */
export const SENDING_STEP_MS = 10_000;
/** The pauses between looks at the record of an order another process is sending: doubling from the first to the last. */
const RECHECK_FIRST_MS = 500;
const RECHECK_LAST_MS = 8_000;

/**
 * How many steps the clocks of n8n's processes may disagree by: a send is looked for, and waited for, that much longer.
 * Clocks further apart only cost the wait: a duplicate then reports the order as possibly sent, never sends it.
 */
const CLOCK_SKEW_STEPS = 1;

const stepOf = (time: number) => Math.floor(time / SENDING_STEP_MS);

/** The steps a send may have been claimed in that may still be running at `now`. */
function stepsStillRunning(now: number): number[] {
	const steps: number[] = [];
	for (let step = stepOf(now - LONGEST_SEND_MS) - CLOCK_SKEW_STEPS; step <= stepOf(now) + CLOCK_SKEW_STEPS; step++) steps.push(step);
	return steps;
}

/** The values a send on its way has in the records beside its order's claim: open and sending. */
const VALUES_PER_SEND = 2;
/** Sends other processes (queue-mode workers) may have on their way at once, whose values each call leaves room for. */
const OTHER_SENDS = 100;

/** n8n's Remove Duplicates node keeps this many values by default too. */
export const DEFAULT_HISTORY_SIZE = 10_000;
const HISTORY_FIELD: IntegerField = { field: 'History Size', min: 100, max: 1_000_000, fallback: DEFAULT_HISTORY_SIZE };
const SCOPES: readonly DeduplicationScope[] = ['workflow', 'node'];

// ---- parameters ----

/** The scope choice, as each create's Send Once Options and Forget Sent Orders offer it. */
export const scopeOptions = (kind: SentKind) => [
	{
		name: 'Node',
		value: 'node',
		description: 'Kept for this node only: its records are no longer found if the node is deleted or pasted as a copy',
	},
	{
		name: 'Workflow',
		value: 'workflow',
		// Forget Sent Orders reaches the sales orders' records only (forgetSent.operation.ts)
		description: `Shared by every node of this workflow: another create node${kind === 'salesOrder' ? ' or a Forget Sent Orders node' : ''} in it sees the same ${KINDS[kind].thing} records (kept in the workflow's deduplication store: the Clear Deduplication History of a Remove Duplicates node set to Workflow clears them too)`,
	},
];

/** The option that turns the record on, and its settings; `onByDefault` for the sales order creates. */
export function sendOnceProperties(kind: SentKind, onByDefault: boolean): INodeProperties[] {
	const { thing, field } = KINDS[kind];
	const toggle: INodeProperties = {
		displayName: KINDS[kind].option,
		name: 'sendOnce',
		type: 'boolean',
		default: false,
		description: `Whether to keep a record of each ${thing} sent, in n8n's deduplication store, by account and ${field}, so that running the workflow again, retrying an execution, Retry On Fail or a webhook delivered twice never creates it twice: one already sent comes out with alreadySent true instead. One whose outcome is unknown (a timeout, a provider error) is not sent again until you check it.`,
	};
	return [
		onByDefault ? { ...toggle, default: true } : toggle,
		{
			displayName: 'Send Once Options',
			name: 'sendOnceOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { sendOnce: [true] } },
			options: [
				{
					displayName: 'History Size',
					name: 'historySize',
					type: 'number',
					typeOptions: { minValue: HISTORY_FIELD.min, maxValue: HISTORY_FIELD.max },
					default: DEFAULT_HISTORY_SIZE,
					description: `How many records n8n keeps for the scope (about one per ${thing} sent). Beyond it the oldest are dropped, and a ${thing} older than that is no longer guarded. With Scope Workflow, the nodes of the workflow share one record: give them the same History Size. A larger history makes each check slower.`,
				},
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					default: 'workflow',
					options: scopeOptions(kind),
					description: `Where the record of sent ${thing}s is kept. Records never cross workflows.`,
				},
				{
					displayName: 'Send Again Even If Sent',
					name: 'sendAgain',
					type: 'boolean',
					default: false,
					description: `Whether to forget the record of this ${thing} and send it again: for one that ${kind === 'sku' ? 'must be created again' : 'was canceled and must be placed again'}, or one whose unknown outcome you checked. While on, this node can create duplicates: turn it off afterwards, or set it per item with an expression.`,
				},
			],
		},
	];
}

interface Settings {
	scope: DeduplicationScope;
	historySize: number;
	/** Forget Sent Orders: it has no History Size and trims nothing (forgetGroup), so it shortens no other node's guard */
	forgetOnly?: true;
}

/** The settings of a create's Send Once Options. */
function readSettings(ctx: IExecuteFunctions, itemIndex: number): Settings {
	const scope = nodeParameter(ctx, 'sendOnceOptions.scope', itemIndex, 'workflow') as DeduplicationScope;
	if (!SCOPES.includes(scope)) throw invalidField(ctx, 'Scope', 'must be Workflow or Node', itemIndex, scope);
	return { scope, historySize: readInteger(ctx, 'sendOnceOptions.historySize', itemIndex, HISTORY_FIELD) };
}

// ---- this process's own state: nothing here carries correctness across processes ----

type Outcome = { kind: 'sent'; reference?: string } | { kind: 'released' } | { kind: 'unknown' };

/** One queue per workflow's records: this process's calls to them (and to the lock) never overlap. */
const listQueues = new Map<string, pLimit.Limit>();
/** Orders being sent right now by an execution in this process, by list and key: a racer waits for the outcome. */
const inFlight = new Map<string, Promise<Outcome>>();
/**
 * The orders recently accepted in this process, with their references (n8n's store keeps hashes only, so they cannot
 * be read back). Orders that ended unknown are not remembered: another process may send one again once it is forgotten.
 */
const settled = new Map<string, Outcome>();
const MAX_SETTLED = 10_000;

function keepSettled(flightKey: string, outcome: Outcome): void {
	// Stryker disable next-line CallExpression: an order is claimed again only once its records were forgotten or cleared, and the claim drops a reference remembered from before then (the forgotten note, the mark): one left here is never read
	settled.delete(flightKey);
	if (outcome.kind !== 'sent') return;
	settled.set(flightKey, outcome);
	if (settled.size > MAX_SETTLED) settled.delete(settled.keys().next().value as string);
}

/**
 * Sends that ended in this process whose outcome could not be written to n8n's store (it failed), by flight key: the
 * next claim of the order here writes it first, so this process never waits for a send it saw end.
 */
interface Unwritten {
	outcome: Outcome['kind'];
	/** the send's sending value, still in the records */
	sending: string;
}
const unwritten = new Map<string, Unwritten>();

function keepUnwritten(flightKey: string, entry: Unwritten): void {
	// Stryker disable next-line CallExpression: an entry set again keeps its place instead of moving last: that changes only which entries go first past 10,000 failed writes
	unwritten.delete(flightKey);
	unwritten.set(flightKey, entry);
	if (unwritten.size > MAX_SETTLED) unwritten.delete(unwritten.keys().next().value as string);
}

function referenceOf(flightKey: string): string | undefined {
	const outcome = settled.get(flightKey);
	return outcome?.kind === 'sent' ? outcome.reference : undefined;
}

/**
 * This process's mark in a workflow's records: a random value it records with every claim. Found there again, the
 * records were not cleared since (a Remove Duplicates node's Clear Deduplication History, or history trimmed past it);
 * gone, another process may have sent any order of the workflow again, so all this process remembers of the workflow's
 * orders is dropped (the references).
 * `generation` counts those drops: a send claimed before one keeps no reference after it.
 */
interface Mark {
	value: string;
	generation: number;
	/** a claim round's call recorded it: it is in the records (unless they were cleared since) */
	recorded?: boolean;
}
const marks = new Map<string, Mark>();

/** An order claimed in a node run and not settled yet. */
interface Flight {
	/** ends the flight: others in this process waiting for the order get the outcome */
	finish: (outcome: Outcome) => void;
	/** the mark's generation at the claim */
	generation: number;
	/** its sending value, taken out when it settles */
	sending: string;
	/** its values in the records while it is on its way: claim, open and sending */
	values: string[];
	/** the node run that claimed it: its store and lock move the values (SentOrders.refresh) */
	owner: SentOrders;
	/** when it was claimed */
	claimed: number;
	/** when its values were recorded, or last moved to the newest end of the records (SentOrders.refresh) */
	since: number;
	/** its settle has begun: its values are not moved any more */
	ending: boolean;
}

/** How often the values of a send on its way are moved to the newest end of the records (SentOrders.refresh). */
const REFRESH_MS = 1_000;
/** The transport ends every send within LONGEST_SEND_MS: a flight older than this (never settled) is not refreshed. */
const REFRESHED_FOR_MS = LONGEST_SEND_MS + SENDING_STEP_MS;

/**
 * The flights of this process by workflow and node (the records and the lock they share), each group's values moved by
 * one loop (`refreshLoop`): one store round a second for all of the group's long sends, whatever the executions.
 */
interface RefreshGroup {
	flights: Set<Flight>;
	ended: AbortController;
}
const refreshGroups = new Map<string, RefreshGroup>();

function refreshWhileOnItsWay(group: string, flight: Flight): void {
	let entry = refreshGroups.get(group);
	if (!entry) {
		entry = { flights: new Set(), ended: new AbortController() };
		refreshGroups.set(group, entry);
		void refreshLoop(group, entry);
	}
	entry.flights.add(flight);
}

function refreshNoMore(group: string, flight: Flight): void {
	const entry = refreshGroups.get(group);
	if (!entry?.flights.delete(flight) || entry.flights.size) return;
	entry.ended.abort();
	refreshGroups.delete(group);
}

const refreshDue = (flights: Iterable<Flight>, now: number) =>
	[...flights].filter((f) => !f.ending && now - f.since >= REFRESH_MS && now - f.claimed < REFRESHED_FOR_MS);

/**
 * Waits `ms`, or until `ended` aborts, without keeping the process alive: AbortSignal.timeout's timer does not (n8n's
 * sleep would, for up to REFRESHED_FOR_MS after a flight a failed run never settled).
 */
async function idle(ms: number, ended: AbortSignal): Promise<void> {
	const timer = AbortSignal.timeout(ms);
	await new Promise<void>((resolve) => {
		const done = () => {
			timer.removeEventListener('abort', done);
			ended.removeEventListener('abort', done);
			resolve();
		};
		timer.addEventListener('abort', done);
		ended.addEventListener('abort', done);
	});
}

/**
 * Every REFRESH_MS, until the group's last flight ends (or only flights the transport has long ended are left: a flight
 * starting later starts another loop).
 */
async function refreshLoop(group: string, entry: RefreshGroup): Promise<void> {
	for (;;) {
		await idle(REFRESH_MS, entry.ended.signal);
		if (entry.ended.signal.aborted) return;
		const now = Date.now();
		if (![...entry.flights].some((f) => now - f.claimed < REFRESHED_FOR_MS)) break;
		const due = refreshDue(entry.flights, now);
		if (due.length) await due[0].owner.refresh(entry.flights);
	}
	if (refreshGroups.get(group) === entry) refreshGroups.delete(group);
}

/**
 * The orders Send Again forgot in an execution, by their flight key: the forget of each (a later row, chunk or Retry On
 * Fail try with the same order waits for it and forgets nothing). Keyed by the execution's cancel signal, one per n8n
 * execution (every node run and try of it shares it), or where n8n gives none by the node run's input items.
 */
const sentAgainByExecution = new WeakMap<object, Map<string, Promise<unknown>>>();

function sentAgainIn(ctx: IExecuteFunctions): Map<string, Promise<unknown>> {
	const execution: object = stopSignal(ctx) ?? ctx.getInputData();
	let forgotten = sentAgainByExecution.get(execution);
	if (!forgotten) {
		forgotten = new Map();
		sentAgainByExecution.set(execution, forgotten);
	}
	return forgotten;
}

/** How many times a claim looks again for orders this process is sending (each look waits for those sends). */
const CLAIM_ROUNDS = 5;

/** How many order numbers one hold of the lock forgets at most: two store calls each, whatever the list's length. */
const FORGET_GROUP = 25;
/**
 * How long one hold of the lock goes on forgetting: a slow store (300 ms a call) must not keep the lock near
 * STALE_LOCK_MS, where a waiting process takes it out as left by a dead one and writes the records at the same time.
 */
const FORGET_HOLD_MS = 2_000;

/** The hint for orders Forget Sent Orders (or Send Again) left recorded because a send of them was on its way. */
function beingSentHint(orders: string[]): string {
	const named = orders.slice(0, 5).join(', ') + (orders.length > 5 ? ` and ${orders.length - 5} more` : '');
	return `Not forgotten, being sent right now by another execution (or sent in the last few minutes by one that could not record how it ended): ${named}. Their record is kept so that they are not sent twice; once that send has ended, forget them again if they must be placed once more.`;
}

/**
 * What `work` gives, or undefined once n8n's Stop comes first (at once when the run is already stopped). The listener
 * goes when either ends: a run's signal outlives many waits.
 */
async function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
	if (!signal) return await work;
	if (signal.aborted) return undefined;
	let onAbort = () => {};
	const stopped = new Promise<undefined>((resolve) => {
		onAbort = () => resolve(undefined);
		// Stryker disable next-line ObjectLiteral,BooleanLiteral: the finally below takes the listener out however the race ends, and a second resolve does nothing: `once` only saves that removal
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([work, stopped]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** Drops what this process remembers of one workflow's orders (by their list). */
function forgetSettled(list: string): void {
	for (const flightKey of settled.keys()) if (flightKey.startsWith(`${list}|`)) settled.delete(flightKey);
}

// ---- one node run's access to the store ----

type Store = Pick<
	DeduplicationHelperFunctions,
	'checkProcessedAndRecord' | 'removeProcessed' | 'getProcessedDataCount' | 'clearAllProcessedItems'
>;

interface RunState {
	/** by scope: how many values the workflow's records held when this run first asked (undefined: n8n's store does not answer) */
	available: Map<DeduplicationScope, Promise<number | undefined>>;
	account?: Promise<string>;
}

const runs = new WeakMap<IExecuteFunctions, RunState>();

function runState(ctx: IExecuteFunctions): RunState {
	let state = runs.get(ctx);
	if (!state) {
		state = { available: new Map() };
		runs.set(ctx, state);
	}
	return state;
}

/** n8n's precondition failures (no store set up in this process, a workflow without an id) come as assertion errors. */
const isUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_ASSERTION';

function storeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number, what: string): NodeOperationError {
	const said = error instanceof Error ? error.message : String(error);
	const otherMode = /incompatible setting/i.test(said)
		? " Another node of this workflow (Remove Duplicates keeping items by a later value or date, with Scope Workflow) uses this workflow's store in another mode: set that node's Scope to Node."
		: '';
	return new NodeOperationError(ctx.getNode(), `Could not ${what} in n8n's deduplication store: ${said}`, {
		itemIndex,
		description: `Nothing was sent to the provider for this item.${otherMode} Run it again once the store answers.`,
	});
}

function storeOf(ctx: IExecuteFunctions): Store | undefined {
	const helpers = ctx.helpers as Partial<Store>;
	return typeof helpers.checkProcessedAndRecord === 'function' &&
		typeof helpers.removeProcessed === 'function' &&
		typeof helpers.getProcessedDataCount === 'function' &&
		typeof helpers.clearAllProcessedItems === 'function'
		? (helpers as Store)
		: undefined;
}

const UNAVAILABLE_HINT =
	"n8n's deduplication store is not available here (an older n8n, or the node runs without it), so orders are sent without a record of what was sent: running again or retrying can create an order twice.";

/**
 * How many values the workflow's records hold, read once per run and scope with a read that records nothing; undefined
 * (hinted) when n8n's store does not answer here.
 */
async function storeAvailable(ctx: IExecuteFunctions, settings: Settings, itemIndex: number): Promise<number | undefined> {
	const state = runState(ctx);
	let pending = state.available.get(settings.scope);
	if (!pending) {
		pending = (async () => {
			const store = storeOf(ctx);
			if (!store) return undefined;
			try {
				return await store.getProcessedDataCount('workflow', { mode: 'entries' });
			} catch (error) {
				if (isUnavailable(error)) return undefined;
				throw storeError(ctx, error, itemIndex, 'read the record of sent orders');
			}
		})();
		state.available.set(settings.scope, pending);
		// a failed check is not kept: the next item asks again
		pending.catch(() => state.available.delete(settings.scope));
	}
	const count = await pending;
	if (count === undefined) hintOnce(ctx, UNAVAILABLE_HINT);
	// far more than this node keeps: another node of the workflow keeps a longer history, which this node's calls cut short
	else if (!settings.forgetOnly && count > 2 * settings.historySize) hintOnce(ctx, shorterHistoryHint(count, settings.historySize));
	return count;
}

const shorterHistoryHint = (count: number, historySize: number) =>
	`This workflow's record of sent orders holds ${count} values, far more than this node's History Size (${historySize}): another node of the workflow keeps a longer history. The nodes of a workflow share one record, and each trims it to its own History Size as it writes, so this node shortens the other's guard. Give every node of this workflow that sends once the same History Size.`;

/**
 * The account an order belongs to: the credential's Customer No at its Base URL (the provider's test and live
 * environments can share customer numbers). Never the User Key, Password or token.
 */
async function accountOf(ctx: IExecuteFunctions): Promise<string> {
	const state = runState(ctx);
	state.account ??= (async () => {
		const credentials = await ctx.getCredentials('wineFulfillmentApi');
		// Stryker disable next-line StringLiteral: n8n fills in the credential's defaults ('' for Customer No), so the fallback never applies (and would only change the key n8n hashes)
		const customerNo = String(credentials.customerNo ?? '').trim();
		// Stryker disable next-line StringLiteral: n8n fills in the credential's defaults ('' for Base URL), so the fallback never applies (and would only change the key n8n hashes)
		const raw = String(credentials.baseUrl ?? '').trim();
		// a Base URL that is not an address stays as it is: the transport refuses it before anything is sent, and the
		// claims made under it are given back
		let base = raw;
		try {
			const url = new URL(raw);
			base = `${url.host}${url.pathname}`.toLowerCase();
		} catch {
			// the transport's refusal names the rule it breaks
		}
		return `${customerNo}@${base.replace(/\/+$/, '')}`;
	})();
	return await state.account;
}

/**
 * The identity the record keeps for an order number (or reference, or item number): folded as the provider's database
 * compares it (SQL Server's default collations ignore letter case and width and compare composed and decomposed
 * accents as equal), so one order at the provider is one record here. What is sent and put out keeps the text as given.
 */
export function sameOrder(identity: string): string {
	return identity.normalize('NFKC').toLowerCase();
}

/** The identities, each fold once: the first text given for it. */
function onePerOrder(identities: string[]): string[] {
	const first = new Map<string, string>();
	for (const id of identities) if (!first.has(sameOrder(id))) first.set(sameOrder(id), id);
	return [...first.values()];
}

/** `found` (by one spelling of each order) for every spelling given. */
function everySpelling<T>(identities: string[], found: Map<string, T>): Map<string, T> {
	const byOrder = new Map([...found].map(([id, value]) => [sameOrder(id), value]));
	// Stryker disable next-line MethodExpression: every caller's `found` has an entry for every order given (a claim a state, a forget a count): nothing is filtered out
	return new Map(identities.filter((id) => byOrder.has(sameOrder(id))).map((id) => [id, byOrder.get(sameOrder(id)) as T]));
}

/** What a claim found for one order. */
export type Claim = { state: 'claimed' } | { state: 'sent'; reference?: string } | { state: 'unsettled' };

/** How a claimed send ended. */
export type Settlement = { identity: string } & ({ outcome: 'sent'; reference?: string } | { outcome: 'released' } | { outcome: 'unknown' });

/** Whether a store call failed because the row it inserted was there by then (another process took the lock). */
const isInsertConflict = (error: unknown) =>
	/duplicate key|unique constraint|SQLITE_CONSTRAINT|ER_DUP_ENTRY/i.test(error instanceof Error ? error.message : String(error));

/** The record of sent orders of one kind, for one node run. */
export class SentOrders {
	/** the workflow's records, as this process's queues know them */
	private readonly list: string;
	private readonly options: ICheckProcessedOptions;
	/** the orders this run claimed and has not settled, by folded identity */
	private readonly flights = new Map<string, Flight>();
	/** the orders a forget of this run left recorded because a send of them was on its way, by folded identity */
	private readonly keptOnItsWay = new Set<string>();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly store: Store,
		readonly kind: SentKind,
		private readonly settings: Settings,
		private readonly account: string,
	) {
		// Stryker disable next-line ArrayDeclaration: one queue for every workflow's records only puts more of this process's calls in line; the lock keeps the records' writers apart either way
		this.list = JSON.stringify([ctx.getWorkflow().id]);
		this.options = { mode: 'entries', maxEntries: settings.historySize };
	}

	/** The order's key: account, kind, folded identity, and the node with scope Node; n8n stores an MD5 of it, never the text. */
	private key(identity: string): string {
		const node = this.settings.scope === 'node' ? [this.ctx.getNode().id] : [];
		return JSON.stringify(['wine-fulfillment', this.account, this.kind, sameOrder(identity), ...node]);
	}

	private values(identity: string): { claim: string; open: string } {
		const key = this.key(identity);
		return { claim: `claim:${key}`, open: `open:${key}` };
	}

	/**
	 * The values releases before the fold kept for the order, by its text as given (none when that is its folded form):
	 * a claim finds them and carries their state over to the folded key, and a forget takes them out too.
	 */
	private earlierValues(identity: string): string[] {
		const node = this.settings.scope === 'node' ? [this.ctx.getNode().id] : [];
		const key = JSON.stringify(['wine-fulfillment', this.account, this.kind, identity, ...node]);
		return key === this.key(identity) ? [] : [`claim:${key}`, `open:${key}`];
	}

	private flightKey(identity: string): string {
		return `${this.list}|${this.key(identity)}`;
	}

	/** The value saying that a send of the order, claimed in `step`, is on its way. */
	private sending(identity: string, step: number): string {
		return `sending:${step}:${this.key(identity)}`;
	}

	/** The value Forget Sent Orders records for an order (and never takes out): references remembered for it are stale. */
	private forgotten(identity: string): string {
		return `forgotten:${this.key(identity)}`;
	}

	/** This process's mark in the workflow's records. */
	private mark(): Mark {
		let mark = marks.get(this.list);
		if (!mark) {
			mark = { value: `mark:${randomUUID()}`, generation: 0 };
			marks.set(this.list, mark);
		}
		return mark;
	}

	/**
	 * Runs `work` on the records alone: one call at a time within this process, and across processes while holding the
	 * lock (the node's own row, created by this call and taken out after). A failure to take or give back the lock is
	 * worded for the user as a store failure: nothing was sent.
	 */
	private async exclusive<T>(itemIndex: number, work: () => Promise<T>, stoppable = false): Promise<T> {
		const queue = listQueues.get(this.list) ?? this.newQueue();
		return await queue(async () => {
			await this.lock(itemIndex, stoppable ? stopSignal(this.ctx) : undefined);
			try {
				return await work();
			} finally {
				await this.unlock();
			}
		});
	}

	/**
	 * Takes the lock, waiting while another process holds it. `signal`: n8n's Stop ends the wait (a claim or forget that
	 * has not begun changes nothing); a settle is not given one, as the outcome of a send must be recorded.
	 */
	private async lock(itemIndex: number, signal?: AbortSignal): Promise<void> {
		const [low, high] = STALE_LOCK_MS;
		const staleAfter = low + Math.random() * (high - low);
		let since = Date.now();
		let wait = LOCK_RETRY_FIRST_MS;
		for (;;) {
			try {
				// an insert (no row: the lock was free) reports the value new; an update of the holder's row, processed
				const taken = await this.store.checkProcessedAndRecord([LOCK_VALUE], 'node', LOCK_OPTIONS);
				if (taken.new.length > 0) return;
			} catch (error) {
				if (!isInsertConflict(error)) throw storeError(this.ctx, error, itemIndex, 'lock the record of sent orders');
			}
			if (Date.now() - since > staleAfter) {
				await this.unlock();
				since = Date.now();
				continue;
			}
			if (signal?.aborted) throw stoppedError(this.ctx.getNode(), 'while waiting for the record of sent orders', itemIndex);
			// Stryker disable next-line ArithmeticOperator: how long a wait for the lock lasts changes only when it is taken, not what the records hold
			await pause(wait * (0.5 + Math.random()), signal);
			// Stryker disable next-line ArithmeticOperator: shorter waits for the lock only ask for it more often
			wait = Math.min(LOCK_RETRY_LAST_MS, wait * 2);
		}
	}

	/** This process's queue for the records of this workflow, kept for its later calls. */
	private newQueue(): pLimit.Limit {
		const queue = pLimit(1);
		// Stryker disable next-line CallExpression: a queue per call lets this process's calls reach the lock together, which still lets one at a time through (only slower)
		listQueues.set(this.list, queue);
		return queue;
	}

	/** Gives the lock back; if that fails, other processes take it out once it is stale. */
	private async unlock(): Promise<void> {
		try {
			await this.store.clearAllProcessedItems('node', LOCK_OPTIONS);
		} catch {
			// left for the stale-lock rule
		}
	}

	/**
	 * An order claimed in this run: others in this process wait for its outcome; `generation`: its mark's when claimed;
	 * `sending`: its sending value, taken out when it settles.
	 */
	private startFlight(identity: string, generation: number, sending: string): void {
		let finish!: (outcome: Outcome) => void;
		const key = this.flightKey(identity);
		const flight = new Promise<Outcome>((resolve) => (finish = resolve));
		inFlight.set(key, flight);
		const group = `${this.list}|${this.ctx.getNode().id}`;
		const entry: Flight = {
			generation,
			sending,
			values: [...Object.values(this.values(identity)), sending],
			owner: this,
			claimed: Date.now(),
			since: Date.now(),
			ending: false,
			finish: (outcome) => {
				if (inFlight.get(key) === flight) inFlight.delete(key);
				this.flights.delete(sameOrder(identity));
				refreshNoMore(group, entry);
				finish(outcome);
			},
		};
		this.flights.set(sameOrder(identity), entry);
		refreshWhileOnItsWay(group, entry);
	}

	/**
	 * n8n's store trims the records oldest first, and a value recorded again keeps its place: the claim, open and
	 * sending values of a send still on its way would be trimmed once History Size and the room beside it of other
	 * values came after them (a 429 wait while other workers send hundreds of orders), and another process would then
	 * find the order never sent and send it too. So while sends are on their way, their values are moved to the newest
	 * end every REFRESH_MS (refreshLoop, for all of a workflow's node's flights in this process: the only process that
	 * knows them), under the lock: those still there are found (a record that trims nothing: the ones a forget took out
	 * are recorded by it), all are taken out, and those found are recorded again. Trimming one would need History Size
	 * and that room of values within REFRESH_MS.
	 */
	async refresh(group: Iterable<Flight>): Promise<void> {
		try {
			await this.exclusive(0, async () => {
				// a settle queued meanwhile ran first: its flights are ending (or gone)
				const flights = refreshDue(group, Date.now());
				if (!flights.length) return;
				const values = flights.flatMap((f) => f.values);
				const there = (await this.store.checkProcessedAndRecord(values, 'workflow', { mode: 'entries' })).processed.map(String);
				try {
					await this.store.removeProcessed(values, 'workflow', this.options);
				} finally {
					// those found are put back however the removal ended
					if (there.length) await this.store.checkProcessedAndRecord(there, 'workflow', { mode: 'entries' });
				}
				const now = Date.now();
				for (const f of flights) f.since = now;
			});
		} catch {
			// the next round tries again; the send's own settle records its outcome in any case
		}
	}

	/**
	 * n8n's store trims the records to `maxEntries` as it records, oldest first. The values recorded beyond the orders'
	 * own records must not push one out: the call's own (probes taken out again in the same round, the mark), and the
	 * open and sending values of every send on its way, this process's and (up to OTHER_SENDS) other processes'. So a
	 * call keeps History Size plus room for all of those; once they are gone, what is left over History Size is older
	 * records, kept until the calls that follow fill that room.
	 */
	private optionsFor(values: string[]): ICheckProcessedOptions {
		let sendsHere = 0;
		// Stryker disable next-line ConditionalExpression,StringLiteral: counting other workflows' sends too (condition true, or every key starting with '') only leaves more room
		for (const key of inFlight.keys()) if (key.startsWith(`${this.list}|`)) sendsHere++;
		const room = values.length + VALUES_PER_SEND * (sendsHere + OTHER_SENDS);
		return { ...this.options, maxEntries: this.settings.historySize + room };
	}

	/** A store call on the records, its failure worded for the user (nothing was sent). */
	private async record(values: string[], itemIndex: number): Promise<Set<string>> {
		try {
			const result = await this.store.checkProcessedAndRecord(values, 'workflow', this.optionsFor(values));
			return new Set(result.processed.map(String));
		} catch (error) {
			throw storeError(this.ctx, error, itemIndex, 'record the orders about to be sent');
		}
	}

	/**
	 * The claim round's store call. One that fails may still have written (a connection lost after the commit): then
	 * it claimed orders it never reports, and their open and sending values would block them as possibly sent. So the
	 * records are counted first (under the lock nothing else writes them), and after a failure: grown by every value
	 * of the call but those known to be there already (`there`: the process's mark, recorded by its earlier rounds),
	 * every one was new, none another's claim or a sent order's, and all those are taken out again. Best effort: grown
	 * by fewer (some were there), or the store not answering, they stay, on the safe side. The call trims nothing (a
	 * full history trimmed as many as it adds would not grow): what it leaves over History Size goes with the next write.
	 */
	private async recordClaims(values: string[], itemIndex: number, there: ReadonlySet<string>): Promise<Set<string>> {
		let before: number;
		try {
			before = await this.store.getProcessedDataCount('workflow', this.options);
		} catch (error) {
			throw storeError(this.ctx, error, itemIndex, 'record the orders about to be sent');
		}
		try {
			// nothing trimmed: the count below tells whether a call that failed wrote, also once the records are full
			const options = this.optionsFor(values);
			const result = await this.store.checkProcessedAndRecord(values, 'workflow', {
				...options,
				maxEntries: Math.max(options.maxEntries ?? 0, before + values.length),
			});
			return new Set(result.processed.map(String));
		} catch (error) {
			try {
				const after = await this.store.getProcessedDataCount('workflow', this.options);
				const fresh = values.filter((value) => !there.has(value));
				if (after - before === fresh.length) await this.store.removeProcessed(fresh, 'workflow', this.options);
			} catch {
				// left as they are: the safe side
			}
			throw storeError(this.ctx, error, itemIndex, 'record the orders about to be sent');
		}
	}

	/**
	 * Writes what sends of these orders that ended in this process left unwritten (n8n's store failed then), before
	 * they are claimed: their sending values go, and the outcome is recorded as the settle would have, unless the
	 * records changed since in a way that makes that unsafe (a forget of the order at any time, the records cleared):
	 * then only the sending value goes, and the order stays as its record says.
	 */
	private async rewrite(identities: string[], itemIndex: number): Promise<void> {
		const due = identities.filter((id) => unwritten.has(this.flightKey(id)));
		if (!due.length) return;
		await this.exclusive(
			itemIndex,
			async () => {
				const mark = this.mark();
				const ended = (id: string) => unwritten.get(this.flightKey(id)) as Unwritten;
				const processed = await this.record([mark.value, ...due.flatMap((id) => [this.forgotten(id), ended(id).sending])], itemIndex);
				const cleared = !processed.has(mark.value);
				if (cleared) {
					forgetSettled(this.list);
					// Stryker disable next-line UpdateOperator: any change of the generation tells a settle that a drop came after its claim
					mark.generation++;
				}
				const keep: string[] = [];
				// Stryker disable next-line ArrayDeclaration: removing a value that is never recorded changes no record
				const remove: string[] = [];
				for (const id of due) {
					const { outcome, sending } = ended(id);
					const { claim, open } = this.values(id);
					// the send's sending value goes in any case (with what a failed tidy of its claim may have left), and the
					// forgotten note if the check recorded it
					remove.push(sending, ...this.earlierValues(id));
					if (!processed.has(this.forgotten(id))) remove.push(this.forgotten(id));
					// the sending value was gone: its settle's removal went through after all (or a forget took it out)
					if (!processed.has(sending) || cleared || processed.has(this.forgotten(id))) continue;
					// the claim (and open) values are in the records here (neither forgotten nor cleared): recorded again, as the
					// settle would, they change nothing; only what the settle takes out matters
					if (outcome === 'sent') {
						// Stryker disable next-line CallExpression: see above: the claim is there
						keep.push(claim);
						remove.push(open);
					} else if (outcome === 'released') remove.push(claim, open);
					// Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: see above: claim and open are there (for another outcome, what is recorded again is then taken out, as before)
					if (outcome === 'unknown') keep.push(claim, open);
				}
				try {
					// Stryker disable next-line ConditionalExpression: recording no values changes no record
					if (keep.length) await this.store.checkProcessedAndRecord(keep, 'workflow', this.optionsFor(keep));
					await this.store.removeProcessed(remove, 'workflow', this.options);
				} catch (error) {
					throw storeError(this.ctx, error, itemIndex, 'record the orders about to be sent');
				}
				// Stryker disable next-line CallExpression: one left would be written again on the next claim, finding its sending value gone: nothing changes
				for (const id of due) unwritten.delete(this.flightKey(id));
			},
			true,
		);
	}

	/** Takes values out that a read recorded as a side effect; if that fails they stay, on the safe side. */
	private async tidy(values: string[]): Promise<void> {
		if (!values.length) return;
		try {
			await this.store.removeProcessed(values, 'workflow', this.options);
		} catch {
			hintOnce(
				this.ctx,
				"Some records could not be tidied in n8n's deduplication store: orders already sent may be reported as possibly sent by a later run, which then asks you to check them.",
			);
		}
	}

	/**
	 * One locked store call for all the orders: which are claimed now (their claim, open and sending values recorded),
	 * which were accepted before, which are unsettled. The same call checks that the references this process remembers
	 * for them still hold: its mark is still in the records, and no order was forgotten since. With `look`, it also
	 * looks for sends of the unsettled ones still on their way (their sending values of the steps that may still run),
	 * and sets until when each may run in `look.until` (none found: taken out).
	 */
	private async claimRound(
		identities: string[],
		itemIndex: number,
		look?: { until: Map<string, number> },
	): Promise<Map<string, Claim['state']>> {
		return await this.exclusive(itemIndex, async () => {
			const found = new Map<string, Claim['state']>();
			const mark = this.mark();
			const now = Date.now();
			const step = stepOf(now);
			// Stryker disable next-line ArrayDeclaration: without a look, `steps` only feeds the look's probes (none but this step's) and its `until` (not set): [] gives the same
			const steps = look ? stepsStillRunning(now) : [step];
			const probes = identities.flatMap((id) => steps.filter((s) => s !== step).map((s) => this.sending(id, s)));
			const vouched = identities.filter((id) => referenceOf(this.flightKey(id)) !== undefined);
			const processed = await this.recordClaims(
				[
					...identities.flatMap((id) => [...Object.values(this.values(id)), this.sending(id, step), ...this.earlierValues(id)]),
					mark.value,
					...vouched.map((id) => this.forgotten(id)),
					...probes,
				],
				itemIndex,
				// Stryker disable next-line ArrayDeclaration: a value the call does not hold changes no count
				new Set(mark.recorded ? [mark.value] : []),
			);
			mark.recorded = true;
			const tidy: string[] = [];
			for (const id of vouched) {
				if (processed.has(this.forgotten(id))) settled.delete(this.flightKey(id));
				// the look recorded it: it goes again
				else tidy.push(this.forgotten(id));
			}
			if (!processed.has(mark.value)) {
				forgetSettled(this.list);
				// Stryker disable next-line UpdateOperator: any change of the generation tells a settle that a drop came after its claim
				mark.generation++;
			}
			for (const id of identities) {
				const { claim, open } = this.values(id);
				const sending = this.sending(id, step);
				// an earlier release's record of the order counts as its own; recorded now under the folded key (this call
				// recorded claim and open there), it goes (and if the check recorded it, it goes again)
				const [earlierClaim, earlierOpen] = this.earlierValues(id);
				if (earlierClaim !== undefined) tidy.push(earlierClaim, earlierOpen);
				const claimed = processed.has(claim) || processed.has(earlierClaim);
				const unsettled = processed.has(open) || processed.has(earlierOpen);
				if (!claimed && !unsettled) {
					found.set(id, 'claimed');
					this.startFlight(id, mark.generation, sending);
					continue;
				}
				// not claimed here: the look recorded the sending value, which goes again (unless a send of this step left it)
				if (!processed.has(sending)) tidy.push(sending);
				if (claimed && !unsettled) {
					// accepted before: the read recorded the open value, which goes again
					found.set(id, 'sent');
					tidy.push(open);
				} else {
					found.set(id, 'unsettled');
					// the latest step a send of it was claimed in: that send may run until the longest a send runs after its end
					const since = steps.filter((s) => processed.has(this.sending(id, s))).pop();
					if (since === undefined) look?.until.delete(id);
					else look?.until.set(id, (since + 1 + CLOCK_SKEW_STEPS) * SENDING_STEP_MS + LONGEST_SEND_MS);
				}
			}
			// the probes the look recorded go again
			tidy.push(...probes.filter((value) => !processed.has(value)));
			await this.tidy(tidy);
			return found;
			// n8n's Stop ends the wait for the lock: nothing is claimed then
		}, true);
	}

	/**
	 * Claims the orders before they are sent. An order another execution of this process is sending right now is
	 * waited for; one whose record says "being sent or unknown" (here or in another process) is unsettled.
	 */
	async claim(identities: string[], itemIndex: number): Promise<Map<string, Claim>> {
		const claims = new Map<string, Claim>();
		let done = false;
		try {
			const claimed = everySpelling(identities, await this.claimInto(claims, identities, itemIndex));
			done = true;
			return claimed;
		} finally {
			// a later round failed (the store; n8n's Stop while waiting for the lock): the orders claimed before it were
			// never sent, and are given back (else they stay "being sent": this process would wait on them for ever)
			// (settleOpen settles only the orders this run has claimed and not settled)
			if (!done) await this.settleOpen([...claims.keys()], () => 'released');
		}
	}

	/** claim's rounds, each order's claim put in `claims` as soon as it is known. */
	private async claimInto(claims: Map<string, Claim>, identities: string[], itemIndex: number): Promise<Map<string, Claim>> {
		const signal = stopSignal(this.ctx);
		// two spellings of one order are claimed once; each comes out with the claim
		let pending = onePerOrder(identities);
		await this.rewrite(pending, itemIndex);
		// Stryker disable next-line UpdateOperator: the rounds only wait for this process's own sends; more rounds end once those settle
		for (let round = 0; pending.length > 0; round++) {
			// Stryker disable next-line ConditionalExpression: the rounds only wait for this process's own sends; more rounds end once those settle, and an order still unsettled after fewer is rechecked by awaitOthers: the outcome is the same
			if (round === CLAIM_ROUNDS) break;
			// the outcome of each order being sent in this process (undefined for the others)
			const outcomes = await untilStopped(Promise.all(pending.map((id) => inFlight.get(this.flightKey(id)))), signal);
			if (outcomes === undefined) {
				// n8n's Stop: no more waiting; the orders still on their way are reported so (nothing of them is sent)
				for (const id of pending) claims.set(id, { state: 'unsettled' });
				return claims;
			}
			pending.forEach((id, i) => {
				const outcome = outcomes[i];
				if (outcome?.kind === 'sent') claims.set(id, { state: 'sent', reference: outcome.reference });
				else if (outcome?.kind === 'unknown') claims.set(id, { state: 'unsettled' });
			});
			pending = pending.filter((id) => !claims.has(id));
			// Stryker disable next-line ConditionalExpression: a round for no orders records nothing and finds nothing (one more lock round trip)
			if (pending.length === 0) break;

			// what the failed settle of a send this round waited for left is written first
			await this.rewrite(pending, itemIndex);
			const found = await this.claimRound(pending, itemIndex);
			const again: string[] = [];
			for (const id of pending) {
				const state = found.get(id);
				if (state === 'claimed') claims.set(id, { state });
				else if (state === 'sent') claims.set(id, { state, reference: referenceOf(this.flightKey(id)) });
				else if (inFlight.has(this.flightKey(id))) again.push(id);
				else claims.set(id, { state: 'unsettled' });
			}
			pending = again;
		}
		for (const id of pending) claims.set(id, { state: 'unsettled' });
		return await this.awaitOthers(claims, itemIndex);
	}

	/**
	 * An unsettled order may be one another process is sending right now (a webhook delivered twice, to two workers):
	 * while its sending value says that a send may still be running, its record is asked again, more and more slowly.
	 * One settled by then comes out as sent (or, if the other process released it, is claimed here); one still unsettled
	 * after that, or with no send on its way (an earlier attempt's unknown outcome, a process that died sending it long
	 * enough ago), is reported at once. One this process saw end unknown is looked at too (one store call): once
	 * forgotten, another process may be sending it again.
	 */
	private async awaitOthers(claims: Map<string, Claim>, itemIndex: number): Promise<Map<string, Claim>> {
		let unsettled = [...claims].filter(([, c]) => c.state === 'unsettled').map(([id]) => id);
		const until = new Map<string, number>();
		const signal = stopSignal(this.ctx);
		for (let wait = RECHECK_FIRST_MS; unsettled.length > 0; wait = Math.min(RECHECK_LAST_MS, wait * 2)) {
			const found = await this.claimRound(unsettled, itemIndex, { until });
			for (const id of unsettled) {
				const state = found.get(id);
				if (state === 'claimed') claims.set(id, { state });
				else if (state === 'sent') claims.set(id, { state, reference: referenceOf(this.flightKey(id)) });
			}
			const now = Date.now();
			unsettled = unsettled.filter((id) => found.get(id) === 'unsettled' && (until.get(id) ?? now) > now);
			// none left: no pause (Math.max of no ends is -Infinity, which setTimeout warns of), and the loop's condition ends it
			if (!unsettled.length) break;
			// looked at again after the pause, and once more when the last of those sends may have ended
			// Stryker disable next-line MethodExpression: the earliest end instead only makes the pauses shorter: more looks, the same outcome
			const last = Math.max(...unsettled.map((id) => until.get(id) as number));
			// Stryker disable next-line ArithmeticOperator: a pause not cut at the last end only makes the last look later (by a pause of up to 8 s): the same outcome
			await pause(Math.min(wait, last - now), signal);
			// n8n's Stop: no more waiting; what is still unsettled is reported so (nothing of it is sent)
			if (signal?.aborted) break;
		}
		return claims;
	}

	/**
	 * Records how claimed sends ended: accepted orders as sent; released ones (refused by the provider, or never sent)
	 * forgotten, so they can be sent again; unknown ones kept unsettled.
	 */
	async settle(settlements: Settlement[]): Promise<void> {
		// Stryker disable next-line ArrayDeclaration: removing a value that is never recorded changes no record
		const remove: string[] = [];
		/** values recorded again: a forget that landed while the order was on its way must not leave it unrecorded */
		const keep: string[] = [];
		for (const s of settlements) {
			const { claim, open } = this.values(s.identity);
			const flight = this.flights.get(sameOrder(s.identity));
			// a refresh that runs before this settle's write no longer moves its values (it would record open again)
			if (flight) flight.ending = true;
			// the send is over, however it ended: nobody waits for it any more; an earlier release's values, absent when it
			// was claimed, can only be what a failed tidy of that claim's check left
			if (flight) remove.push(flight.sending, ...this.earlierValues(s.identity));
			// a reference is remembered only if the records were not cleared since the order was claimed
			const current = flight?.generation === this.mark().generation;
			keepSettled(
				this.flightKey(s.identity),
				s.outcome === 'sent' ? { kind: 'sent', reference: current ? s.reference : undefined } : { kind: s.outcome },
			);
			if (s.outcome === 'sent') {
				remove.push(open);
				if (flight) keep.push(claim);
			} else if (s.outcome === 'released') {
				remove.push(claim, open);
			} else if (flight) {
				keep.push(claim, open);
			}
		}
		try {
			if (remove.length || keep.length) {
				await this.exclusive(0, async () => {
					// Forget Sent Orders or another execution's Send Again may have taken the claim out while the order was
					// being sent: recorded again (a value already there is left as it is), the record says what happened
					if (keep.length) await this.store.checkProcessedAndRecord(keep, 'workflow', this.optionsFor(keep));
					if (remove.length) await this.store.removeProcessed(remove, 'workflow', this.options);
				});
			}
			// Stryker disable next-line CallExpression: a claim writes what a failed settle left before it is claimed (rewrite) and only then can it be settled again: nothing is left here to take out
			for (const s of settlements) unwritten.delete(this.flightKey(s.identity));
		} catch {
			// the next claim of these orders in this process writes their outcome first
			for (const s of settlements) {
				const flight = this.flights.get(sameOrder(s.identity));
				if (flight) keepUnwritten(this.flightKey(s.identity), { outcome: s.outcome, sending: flight.sending });
			}
			hintOnce(
				this.ctx,
				"The outcome of some orders could not be written to n8n's deduplication store: they stay marked as unsettled, and a later run asks you to check them instead of sending them.",
			);
		} finally {
			for (const s of settlements) {
				this.flights.get(sameOrder(s.identity))?.finish(
					s.outcome === 'sent'
						? { kind: 'sent', reference: s.reference }
						: s.outcome === 'released'
							? { kind: 'released' }
							: { kind: 'unknown' },
				);
			}
		}
	}

	/** Settles those of these orders this run claimed and has not settled yet (a run that stopped part way). */
	async settleOpen(identities: string[], outcome: (identity: string) => 'released' | 'unknown'): Promise<void> {
		const open = onePerOrder(identities).filter((id) => this.flights.has(sameOrder(id)));
		if (open.length) await this.settle(open.map((identity) => ({ identity, outcome: outcome(identity) })));
	}

	/**
	 * Settles claimed sends that failed with `error`, and adds to `shown` (the error the user sees: `error`, or n8n's
	 * wrapper of it) what a later attempt will do.
	 */
	async failed(identities: string[], error: unknown, shown: unknown = error): Promise<void> {
		const created = mayHaveTakenEffect(error);
		await this.settle(identities.map((identity) => ({ identity, outcome: created ? 'unknown' : 'released' })));
		if (created && shown instanceof Error && identities.length) {
			const described = shown as Error & { description?: string | null };
			described.description = [described.description, this.keptNote(identities)].filter(Boolean).join('\n\n');
		}
	}

	/**
	 * Send Again: forgets the records of these orders, each once per execution. A later row, chunk or Retry On Fail try
	 * of the execution with the same order waits for that forget and forgets nothing: it finds the record the first send
	 * left (sent, or possibly sent), so the order is sent once more, not once per row or try. A forget that failed is
	 * not kept: the next one with the order forgets it.
	 */
	async forgetOnce(identities: string[], itemIndex: number): Promise<void> {
		const forgotten = sentAgainIn(this.ctx);
		let pending = [...new Set(identities)];
		while (pending.length > 0) {
			const mine = pending.filter((id) => !forgotten.has(this.flightKey(id)));
			// Stryker disable next-line MethodExpression: waiting for its own forget too changes nothing: that is `forgetting`, awaited just after (a failure throws there before `pending` is read)
			const earlier = pending.filter((id) => forgotten.has(this.flightKey(id)));
			const forgetting = mine.length ? this.forget(mine, itemIndex) : undefined;
			if (forgetting) {
				for (const id of mine) forgotten.set(this.flightKey(id), forgetting);
				forgetting.catch(() => {
					for (const id of mine) if (forgotten.get(this.flightKey(id)) === forgetting) forgotten.delete(this.flightKey(id));
				});
			}
			const waited = await Promise.allSettled(earlier.map(async (id) => await forgotten.get(this.flightKey(id))));
			if (forgetting) await forgetting;
			pending = earlier.filter((_id, i) => waited[i].status === 'rejected');
		}
	}

	/**
	 * Removes the records of these orders; returns how many values each had. The lock is held for a group of orders at
	 * a time (a few store calls), so a long list never holds it near the time after which a waiter takes it out. An
	 * order being sent right now (here or in another process) keeps its record (0 removed, with a hint): forgotten
	 * while on its way, another process would find it never sent and send it too, and the send's end records it again.
	 */
	async forget(identities: string[], itemIndex: number): Promise<Map<string, number>> {
		const removed = new Map<string, number>();
		const onItsWay: string[] = [];
		const ids = onePerOrder(identities);
		try {
			for (let start = 0; start < ids.length; ) {
				const group = ids.slice(start, start + FORGET_GROUP);
				start += await this.exclusive(itemIndex, async () => await this.forgetGroup(group, removed, onItsWay), true);
			}
		} catch (error) {
			throw error instanceof NodeOperationError ? error : storeError(this.ctx, error, itemIndex, 'forget sent orders');
		}
		if (onItsWay.length) hintOnce(this.ctx, beingSentHint(onItsWay));
		return everySpelling(identities, removed);
	}

	/**
	 * One group of `forget`, under the lock: each order's values taken out, and how many it had; an order with a send on
	 * its way is left as it is (0) and put in `onItsWay`. The store tells what it holds only by recording, and a forget must
	 * never record an order's values: a store failing between that and their removal would leave an order never sent
	 * looking possibly sent. So each order's values are removed alone, and the count of the records before and after
	 * says how many it had (under the lock, nothing else writes them between). The hold ends after FORGET_HOLD_MS (one
	 * order at least): how many orders it dealt with.
	 */
	private async forgetGroup(orders: string[], removed: Map<string, number>, onItsWay: string[]): Promise<number> {
		const busy = await this.sendsOnTheirWay(orders);
		const until = Date.now() + FORGET_HOLD_MS;
		const group: string[] = [];
		let dealt = 0;
		let count = await this.store.getProcessedDataCount('workflow', this.options);
		for (const id of orders) {
			if (dealt > 0 && Date.now() >= until) break;
			dealt++;
			if (busy.has(id)) {
				removed.set(id, 0);
				onItsWay.push(id);
				this.keptOnItsWay.add(sameOrder(id));
				continue;
			}
			group.push(id);
			// a send this process saw end but could not record so: its sending value goes too, and nothing is written later
			const ended = unwritten.get(this.flightKey(id))?.sending;
			if (ended !== undefined) {
				await this.store.removeProcessed([ended], 'workflow', this.options);
				count = await this.store.getProcessedDataCount('workflow', this.options);
			}
			unwritten.delete(this.flightKey(id));
			await this.store.removeProcessed([...Object.values(this.values(id)), ...this.earlierValues(id)], 'workflow', this.options);
			const after = await this.store.getProcessedDataCount('workflow', this.options);
			removed.set(id, Math.max(0, count - after));
			count = after;
			// Stryker disable next-line CallExpression: a reference left remembered is dropped by the order's next claim, which finds the forgotten note recorded below (or, with nothing removed, no records to claim against)
			settled.delete(this.flightKey(id));
		}
		// kept for good: another process that remembers a reference for one of them finds it and drops it
		const forgotten = group.filter((id) => (removed.get(id) as number) > 0).map((id) => this.forgotten(id));
		// Stryker disable next-line ConditionalExpression: recording no values changes no record (one store call saved)
		if (forgotten.length) {
			// nothing is trimmed here: Forget Sent Orders has no History Size of its own, and the creates' records stay as
			// they set them (the records hold at most `count` values now)
			await this.store.checkProcessedAndRecord(forgotten, 'workflow', { ...this.options, maxEntries: count + forgotten.length });
		}
		return dealt;
	}

	/**
	 * Which of these orders have a send on its way (a sending value of a step that may still run), under the lock: the
	 * look records the values it asks for, and takes out again those that were not there (if that fails they stay, on
	 * the safe side: a later forget of the order takes them for a send on its way until their steps are over). The
	 * sending value of a send this process saw end but could not record so does not count (the forget takes it out).
	 */
	private async sendsOnTheirWay(orders: string[]): Promise<Set<string>> {
		const steps = stepsStillRunning(Date.now());
		const probes = orders.flatMap((id) => steps.map((step) => ({ id, value: this.sending(id, step) })));
		// nothing trimmed: the probes not there go again just after
		const values = probes.map((probe) => probe.value);
		const processed = new Set((await this.store.checkProcessedAndRecord(values, 'workflow', { mode: 'entries' })).processed.map(String));
		const busy = new Set<string>();
		const fresh: string[] = [];
		for (const { id, value } of probes) {
			if (!processed.has(value)) fresh.push(value);
			else if (value !== unwritten.get(this.flightKey(id))?.sending) busy.add(id);
		}
		await this.tidy(fresh);
		return busy;
	}

	/** Whether a forget of this run left the order recorded because a send of it was on its way (its count was 0 for that). */
	wasOnItsWay(identity: string): boolean {
		return this.keptOnItsWay.has(sameOrder(identity));
	}

	/** How to send an order on purpose: with Scope Node only this node's Send Again reaches its records (Forget Sent Orders cannot). */
	private resend(): string {
		return this.settings.scope === 'node' ? `turn on ${SEND_AGAIN} for it (with Scope Node, only this node reaches its records)` : KINDS[this.kind].resend;
	}

	private keptNote(identities: string[]): string {
		const { thing, check } = KINDS[this.kind];
		const resend = this.resend();
		const more = identities.length > 10 ? ` and ${identities.length - 10} more` : '';
		const named = `${identities.slice(0, 10).join(', ')}${more}`;
		return identities.length === 1
			? `The ${thing} ${named} is recorded as possibly sent in n8n's deduplication store: running again will not send it. Check whether the provider has it ${check}. If it has not, send it on purpose: ${resend}.`
			: `The ${thing}s ${named} are recorded as possibly sent in n8n's deduplication store: running again will not send them. Check whether the provider has each ${check}. Send one it has not on purpose: ${resend}.`;
	}

	/** The error for an order whose earlier attempt has an unknown outcome (or that another process is sending now). */
	unsettledError(identity: string, itemIndex: number): NodeOperationError {
		const { thing, check } = KINDS[this.kind];
		const resend = this.resend();
		return new NodeOperationError(
			this.ctx.getNode(),
			`The ${thing} ${identity} may already have been sent, so it was not sent again`,
			{
				itemIndex,
				description:
					`An earlier attempt sent this ${thing} and got no clear answer (a timeout, a lost connection, a provider error, or an answer without a transaction reference), or another execution is sending it right now. ` +
					`Check whether the provider has it ${check}. If it has, there is nothing to do. If it has not, send it on purpose: ${resend}, then run again.`,
			},
		);
	}
}

/** Whether the user asked to forget this item's record and send it again. */
export function sendAgain(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return readBoolean(ctx, 'sendOnceOptions.sendAgain', itemIndex, 'Send Again Even If Sent');
}

/**
 * The record of sent orders for this node run, or undefined when the user turned it off or when n8n has no store
 * here (then an execution hint says so, once). `onByDefault` as the operation's option.
 */
export async function sentOrdersFor(
	ctx: IExecuteFunctions,
	kind: SentKind,
	itemIndex: number,
	onByDefault: boolean,
): Promise<SentOrders | undefined> {
	const settings = sendOnceSettings(ctx, kind, itemIndex, onByDefault);
	return settings && (await openRecord(ctx, kind, settings, itemIndex));
}

/** The item's Scope and History Size, read and checked; undefined when the user turned the record off. */
export function sendOnceSettings(ctx: IExecuteFunctions, kind: SentKind, itemIndex: number, onByDefault: boolean): Settings | undefined {
	return readBoolean(ctx, 'sendOnce', itemIndex, KINDS[kind].option, onByDefault) ? readSettings(ctx, itemIndex) : undefined;
}

/**
 * The record a Forget Sent Orders node reaches: the workflow's (Scope Workflow); undefined (hinted) when n8n has no store
 * here. A record kept with Scope Node belongs to the create node, which another node never is: only its own Send Again
 * Even If Sent reaches it.
 */
export async function recordToForget(ctx: IExecuteFunctions, kind: SentKind, itemIndex: number): Promise<SentOrders | undefined> {
	return await openRecord(ctx, kind, { scope: 'workflow', historySize: DEFAULT_HISTORY_SIZE, forgetOnly: true }, itemIndex);
}

async function openRecord(ctx: IExecuteFunctions, kind: SentKind, settings: Settings, itemIndex: number): Promise<SentOrders | undefined> {
	if ((await storeAvailable(ctx, settings, itemIndex)) === undefined) return undefined;
	return new SentOrders(ctx, storeOf(ctx) as Store, kind, settings, await accountOf(ctx));
}

/** What a create sends: its answer's reference (undefined when it named none) and its output items. */
export interface Sent {
	reference?: string;
	output: INodeExecutionData[];
}

/**
 * Sends one order at most once: claims it, sends it, records the outcome. An order accepted before comes out of
 * `sentBefore` with alreadySent true (and its reference when this process still knows it); one whose earlier outcome
 * is unknown fails with an error saying how to check it and how to send it on purpose. The item's settings (Send
 * Once, Scope, History Size, Send Again) are read and checked at once, with the rest of the item's parameters; what
 * it returns claims and sends.
 */
export function sendOnce(
	ctx: IExecuteFunctions,
	itemIndex: number,
	order: { kind: SentKind; identity: string; onByDefault: boolean },
	send: () => Promise<Sent>,
	sentBefore: (reference: string | null) => INodeExecutionData[],
): Send {
	const settings = sendOnceSettings(ctx, order.kind, itemIndex, order.onByDefault);
	if (!settings) return unguarded(async () => (await send()).output);
	const again = sendAgain(ctx, itemIndex);
	const guarded = async (): Promise<INodeExecutionData[]> => {
		const record = await openRecord(ctx, order.kind, settings, itemIndex);
		if (!record) {
			// no store here (hinted): nothing guards this create but the run's own memory
			unguarded(guarded);
			return (await send()).output;
		}
		// an earlier try of this item may have created it under another identity: the record knows only that one
		const renamed = renamedSinceEarlierTry(ctx, order.kind, order.identity, itemIndex);
		if (renamed) throw renamed;
		if (again) await record.forgetOnce([order.identity], itemIndex);

		// claim answers for every order it is given
		const claim = (await record.claim([order.identity], itemIndex)).get(order.identity) as Claim;
		if (claim.state === 'sent') return flagged(sentBefore(claim.reference ?? null), true);
		if (claim.state === 'unsettled') throw record.unsettledError(order.identity, itemIndex);

		let sent: Sent;
		try {
			sent = await send();
		} catch (error) {
			const shown = asNodeError(ctx, error, itemIndex);
			await record.failed([order.identity], error, shown);
			if (mayHaveTakenEffect(error)) possiblySentInRun(ctx).set(itemIndex, order.identity);
			throw shown;
		}
		await record.settle([{ identity: order.identity, outcome: 'sent', reference: sent.reference }]);
		return flagged(sent.output, false);
	};
	return guarded;
}

/**
 * The error for a later try (Retry On Fail) of an input item whose earlier try of this node run sent it under another
 * identity with an unknown outcome (possiblySentInRun): not sent, since the record of sent orders knows the earlier
 * identity only and the provider may hold it. Undefined when no earlier try did so.
 */
export function renamedSinceEarlierTry(ctx: IExecuteFunctions, kind: SentKind, identity: string, itemIndex: number): NodeOperationError | undefined {
	const earlier = possiblySentInRun(ctx).get(itemIndex);
	if (earlier === undefined || sameOrder(earlier) === sameOrder(identity)) return undefined;
	const { thing, field, check } = KINDS[kind];
	return new NodeOperationError(ctx.getNode(), `The ${thing} ${identity} was not sent: this item's earlier try sent it as ${earlier}, which may have been created`, {
		itemIndex,
		description:
			`n8n's Retry On Fail ran the node again, and this item's ${field} changed between the tries (an expression that gives another value each time, such as one made from $now). ` +
			`The earlier try's ${thing} ${earlier} got no clear answer, so the provider may have it: check ${check}. ` +
			`Give each ${thing} a ${field} that stays the same (your store's own number), so that a retry finds it.`,
	});
}

/** Output items with alreadySent set. */
export function flagged(items: INodeExecutionData[], alreadySent: boolean): INodeExecutionData[] {
	return items.map((item) => ({ ...item, json: { ...item.json, alreadySent } }));
}
