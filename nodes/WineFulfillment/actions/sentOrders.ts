// The record of what the create operations sent, kept in n8n's deduplication store: each order is created once across
// re-runs, retried executions, Retry On Fail and webhooks delivered twice.
//
// n8n's store (the one its Remove Duplicates node uses) keeps, per workflow (or per node), one list of hashed values;
// `checkProcessedAndRecord` tells which values were there and adds the others, `removeProcessed` takes values out.
// It cannot be read without recording, and a value cannot be read back. So an order's state is two values:
//
//   (none)             never sent, or released                  → claimed by recording both, then sent
//   claim + open       being sent now, or the outcome is unknown → not sent again: an error says how to check
//   claim              accepted (a transaction reference came)   → put out again with alreadySent: true
//
// Claiming records both values in one call. Reading the state records them too, so a read that finds "claim" without
// "open" (an accepted order) takes "open" out again: in between, the order looks unsettled to a racer, never unsent.
//
// What is atomic: nothing. n8n reads the list, then writes all of it back, with no lock or transaction: two calls at
// once can both find a value new, and the later write drops what the earlier one added. Within one n8n process this
// node runs its calls to one list one at a time, which closes that window between its own executions. Between
// processes (queue mode workers, several mains) each claim also records an owner value of its own, and is checked
// again once writes that overlapped it have landed (a wait of four times its own store call): its owner value gone
// while the claim is there, another process won the order; the claim gone, an unrelated write dropped it, and the
// check puts it back. What remains: a write of another process landing later than that wait.
import type {
	DeduplicationHelperFunctions,
	DeduplicationScope,
	ICheckProcessedOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { randomUUID } from 'node:crypto';
import { NodeOperationError, sleep } from 'n8n-workflow';
import pLimit from 'p-limit';

import { mayHaveTakenEffect } from '../transport/errors';
import { asNodeError } from './operation';
import { invalidField, readBoolean, readInteger, type IntegerField } from './parameters';

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
		field: 'Customer Reference No',
		option: 'Send Each Purchase Order Once',
		check: "in the provider's portal (its inbound requests)",
		resend: `turn on ${SEND_AGAIN} for it`,
	},
	transferOrder: {
		thing: 'transfer order',
		field: 'Customer Reference No',
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

/** The wait before a claim is checked again: four times the claim's own store call, within these bounds. */
const MIN_SETTLE_WAIT_MS = 25;
const MAX_SETTLE_WAIT_MS = 2_000;

/** n8n's Remove Duplicates node keeps this many values by default too. */
export const DEFAULT_HISTORY_SIZE = 10_000;
const HISTORY_FIELD: IntegerField = { field: 'History Size', min: 100, max: 1_000_000, fallback: DEFAULT_HISTORY_SIZE };
const SCOPES: readonly DeduplicationScope[] = ['workflow', 'node'];

// ---- parameters ----

/** The scope choice, as each create's Send Once Options and Forget Sent Orders offer it. */
export const scopeOptions = (thing: string) => [
	{
		name: 'Node',
		value: 'node',
		description: 'Kept for this node only: its records are lost if the node is deleted or pasted as a copy',
	},
	{
		name: 'Workflow',
		value: 'workflow',
		description: `Shared by every node of this workflow: another create node or a Forget Sent Orders node in it sees the same ${thing} records (Remove Duplicates nodes set to Workflow use the same store, and their Clear Deduplication History clears these records too)`,
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
			placeholder: 'Add option',
			default: {},
			displayOptions: { show: { sendOnce: [true] } },
			options: [
				{
					displayName: 'History Size',
					name: 'historySize',
					type: 'number',
					typeOptions: { minValue: HISTORY_FIELD.min, maxValue: HISTORY_FIELD.max },
					default: DEFAULT_HISTORY_SIZE,
					description: `How many records n8n keeps for the scope (about one per ${thing} sent). Beyond it the oldest are dropped, and a ${thing} older than that is no longer guarded. A larger history makes each check slower.`,
				},
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					default: 'workflow',
					options: scopeOptions(thing),
					description: `Where the record of sent ${thing}s is kept. Records never cross workflows.`,
				},
				{
					displayName: 'Send Again Even If Sent',
					name: 'sendAgain',
					type: 'boolean',
					default: false,
					description: `Whether to forget the record of this ${thing} and send it again: for one that was cancelled and must be placed again, or one whose unknown outcome you checked. While on, this node can create duplicates: turn it off afterwards, or set it per item with an expression.`,
				},
			],
		},
	];
}

interface Settings {
	scope: DeduplicationScope;
	historySize: number;
}

/** The settings of a create's Send Once Options, or (Forget Sent Orders) of its own Scope parameter. */
function readSettings(ctx: IExecuteFunctions, itemIndex: number, scopeParameter = 'sendOnceOptions.scope'): Settings {
	const scope = ctx.getNodeParameter(scopeParameter, itemIndex, 'workflow') as DeduplicationScope;
	if (!SCOPES.includes(scope)) throw invalidField(ctx, 'Scope', 'must be Workflow or Node', itemIndex, scope);
	return { scope, historySize: readInteger(ctx, 'sendOnceOptions.historySize', itemIndex, HISTORY_FIELD) };
}

// ---- this process's own state: nothing here carries correctness across processes ----

type Outcome = { kind: 'sent'; reference?: string } | { kind: 'released' } | { kind: 'unknown' };

/** One queue per store list (workflow and scope): n8n reads the list and writes it back, so calls must not overlap. */
const listQueues = new Map<string, pLimit.Limit>();
/** Orders being sent right now by an execution in this process, by list and key: a racer waits for the outcome. */
const inFlight = new Map<string, Promise<Outcome>>();
/** References of orders recently accepted in this process (n8n's store keeps hashes only, so they cannot be read back). */
const references = new Map<string, string>();
const MAX_REFERENCES = 10_000;

function keepReference(flightKey: string, reference: string): void {
	references.delete(flightKey);
	references.set(flightKey, reference);
	if (references.size > MAX_REFERENCES) references.delete(references.keys().next().value as string);
}

// ---- one node run's access to the store ----

type Store = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'removeProcessed' | 'getProcessedDataCount'>;

interface RunState {
	/** by scope: whether n8n's store answers in this run */
	available: Map<DeduplicationScope, Promise<boolean>>;
	account?: Promise<string>;
	hinted: Set<string>;
}

const runs = new WeakMap<IExecuteFunctions, RunState>();

function runState(ctx: IExecuteFunctions): RunState {
	let state = runs.get(ctx);
	if (!state) {
		state = { available: new Map(), hinted: new Set() };
		runs.set(ctx, state);
	}
	return state;
}

function hintOnce(ctx: IExecuteFunctions, key: string, message: string): void {
	const state = runState(ctx);
	if (state.hinted.has(key) || typeof ctx.addExecutionHints !== 'function') return;
	state.hinted.add(key);
	ctx.addExecutionHints({ message, location: 'outputPane' });
}

/** n8n's precondition failures (no store set up in this process, a workflow without an id) come as assertion errors. */
const isUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_ASSERTION';

function storeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number, what: string): NodeOperationError {
	const said = error instanceof Error ? error.message : String(error);
	const otherMode = /incompatible setting/i.test(said)
		? " Another node of this workflow (Remove Duplicates keeping items by a later value or date, with Scope Workflow) uses this workflow's store in another mode: set Scope to Node in this node's Send Once Options."
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
		typeof helpers.getProcessedDataCount === 'function'
		? (helpers as Store)
		: undefined;
}

const UNAVAILABLE_HINT =
	"n8n's deduplication store is not available here (an older n8n, or the node runs without it), so orders are sent without a record of what was sent: running again or retrying can create an order twice.";

/** Whether the store answers, checked once per run and scope with a read that records nothing. */
async function storeAvailable(ctx: IExecuteFunctions, settings: Settings, itemIndex: number): Promise<boolean> {
	const state = runState(ctx);
	let pending = state.available.get(settings.scope);
	if (!pending) {
		pending = (async () => {
			const store = storeOf(ctx);
			if (!store) return false;
			try {
				await store.getProcessedDataCount(settings.scope, { mode: 'entries' });
				return true;
			} catch (error) {
				if (isUnavailable(error)) return false;
				throw storeError(ctx, error, itemIndex, 'read the record of sent orders');
			}
		})();
		state.available.set(settings.scope, pending);
		// a failed check is not kept: the next item asks again
		pending.catch(() => state.available.delete(settings.scope));
	}
	const available = await pending;
	if (!available) hintOnce(ctx, 'unavailable', UNAVAILABLE_HINT);
	return available;
}

/**
 * The account an order belongs to: the credential's Customer No at its Base URL (the provider's test and live
 * environments can share customer numbers). Never the User Key, Password or token.
 */
async function accountOf(ctx: IExecuteFunctions): Promise<string> {
	const state = runState(ctx);
	state.account ??= (async () => {
		const credentials = await ctx.getCredentials('wineFulfillmentApi');
		const customerNo = String(credentials.customerNo ?? '').trim();
		const raw = String(credentials.baseUrl ?? '').trim();
		let base = raw.toLowerCase();
		try {
			const url = new URL(raw);
			base = `${url.host}${url.pathname}`.toLowerCase();
		} catch {
			// the transport refuses a Base URL it cannot read before anything is sent
		}
		return `${customerNo}@${base.replace(/\/+$/, '')}`;
	})();
	return await state.account;
}

/** What a claim found for one order. */
export type Claim = { state: 'claimed' } | { state: 'sent'; reference?: string } | { state: 'unsettled' };

/** How a claimed send ended. */
export type Settlement = { identity: string } & ({ outcome: 'sent'; reference?: string } | { outcome: 'released' } | { outcome: 'unknown' });

/** The record of sent orders of one kind, for one node run. */
export class SentOrders {
	private readonly list: string;
	private readonly options: ICheckProcessedOptions;
	private readonly flights = new Map<string, (outcome: Outcome) => void>();
	/** this run's own token per order: only the claim whose token survives in the list may send */
	private readonly tokens = new Map<string, string>();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly store: Store,
		readonly kind: SentKind,
		private readonly settings: Settings,
		private readonly account: string,
	) {
		const workflowId = String(ctx.getWorkflow().id ?? '');
		this.list = JSON.stringify([workflowId, settings.scope, settings.scope === 'node' ? ctx.getNode().id : '']);
		this.options = { mode: 'entries', maxEntries: settings.historySize };
	}

	/** The order's key: account, kind and identity; n8n stores an MD5 of each value, never the text. */
	private key(identity: string): string {
		return JSON.stringify(['wine-fulfillment', this.account, this.kind, identity]);
	}

	private values(identity: string): { claim: string; open: string; owner: string } {
		const key = this.key(identity);
		let token = this.tokens.get(identity);
		if (!token) {
			token = randomUUID();
			this.tokens.set(identity, token);
		}
		return { claim: `claim:${key}`, open: `open:${key}`, owner: `owner:${key}:${token}` };
	}

	private flightKey(identity: string): string {
		return `${this.list}|${this.key(identity)}`;
	}

	/** Runs store calls on this list one at a time within this process. */
	private async serial<T>(work: () => Promise<T>): Promise<T> {
		let queue = listQueues.get(this.list);
		if (!queue) {
			queue = pLimit(1);
			listQueues.set(this.list, queue);
		}
		return await queue(work);
	}

	private startFlight(identity: string): void {
		let finish!: (outcome: Outcome) => void;
		const key = this.flightKey(identity);
		const flight = new Promise<Outcome>((resolve) => (finish = resolve));
		inFlight.set(key, flight);
		this.flights.set(identity, (outcome) => {
			if (inFlight.get(key) === flight) inFlight.delete(key);
			this.flights.delete(identity);
			finish(outcome);
		});
	}

	/** A store call on this list, its failure worded for the user (nothing was sent). */
	private async record(values: string[], itemIndex: number): Promise<Set<string>> {
		try {
			const result = await this.store.checkProcessedAndRecord(values, this.settings.scope, this.options);
			return new Set(result.processed.map(String));
		} catch (error) {
			throw storeError(this.ctx, error, itemIndex, 'record the orders about to be sent');
		}
	}

	/** Takes values out that a read recorded as a side effect; if that fails they stay, on the safe side. */
	private async tidy(values: string[]): Promise<void> {
		if (!values.length) return;
		try {
			await this.store.removeProcessed(values, this.settings.scope, this.options);
		} catch {
			hintOnce(
				this.ctx,
				'tidy',
				"Some records could not be tidied in n8n's deduplication store: orders already sent may be reported as possibly sent by a later run, which then asks you to check them.",
			);
		}
	}

	/**
	 * One store call for all the orders: which are claimed now (their claim, open and owner values recorded), which
	 * were accepted before, which are unsettled. Also returns how long the call took.
	 */
	private async claimRound(identities: string[], itemIndex: number): Promise<{ found: Map<string, Claim['state']>; tookMs: number }> {
		return await this.serial(async () => {
			const found = new Map<string, Claim['state']>();
			const started = Date.now();
			const processed = await this.record(
				identities.flatMap((id) => Object.values(this.values(id))),
				itemIndex,
			);
			const tookMs = Date.now() - started;
			const tidy: string[] = [];
			for (const id of identities) {
				const { claim, open, owner } = this.values(id);
				const claimed = processed.has(claim);
				const unsettled = processed.has(open);
				if (!claimed && !unsettled) {
					found.set(id, 'claimed');
					this.startFlight(id);
				} else {
					// the read recorded this run's owner value, and for an accepted order the open value: both go again
					tidy.push(owner);
					if (claimed && !unsettled) {
						found.set(id, 'sent');
						tidy.push(open);
					} else found.set(id, 'unsettled');
				}
			}
			await this.tidy(tidy);
			return { found, tookMs };
		});
	}

	/**
	 * n8n's store writes back the whole list it read: a call of another n8n process that read the list before this
	 * claim landed can still write after it, granting its own claim of the same order or dropping this one. Once such
	 * writes have landed (after a wait well beyond this claim's own round trip), the list tells: this run's owner
	 * value still there, the claim holds; gone while the claim is there, another process won the order; the claim gone
	 * too, an unrelated write dropped it, and this call has put it back (checked again).
	 */
	private async verify(identities: string[], tookMs: number, itemIndex: number): Promise<Map<string, 'claimed' | 'unsettled'>> {
		const verdict = new Map<string, 'claimed' | 'unsettled'>();
		let pending = identities;
		for (let round = 0; pending.length > 0 && round < 3; round++) {
			await sleep(Math.min(MAX_SETTLE_WAIT_MS, Math.max(MIN_SETTLE_WAIT_MS, 4 * tookMs)));
			const started = Date.now();
			const processed = await this.serial(async () => await this.record(pending.flatMap((id) => Object.values(this.values(id))), itemIndex));
			tookMs = Date.now() - started;
			const again: string[] = [];
			const tidy: string[] = [];
			for (const id of pending) {
				const { claim, open, owner } = this.values(id);
				if (processed.has(owner) && processed.has(claim) && processed.has(open)) verdict.set(id, 'claimed');
				else if (!processed.has(owner) && processed.has(claim)) {
					tidy.push(owner);
					verdict.set(id, 'unsettled');
				} else again.push(id);
			}
			if (tidy.length) await this.serial(async () => await this.tidy(tidy));
			pending = again;
		}
		// still not confirmed: the values are there now, but this run does not send on an unproven claim
		for (const id of pending) verdict.set(id, 'unsettled');
		return verdict;
	}

	/**
	 * Claims the orders before they are sent. An order another execution of this process is sending right now is
	 * waited for; one whose record says "being sent or unknown" in another process is unsettled.
	 */
	async claim(identities: string[], itemIndex: number): Promise<Map<string, Claim>> {
		const claims = new Map<string, Claim>();
		let pending = [...new Set(identities)];
		for (let round = 0; pending.length > 0 && round < 5; round++) {
			const waiting = pending.filter((id) => inFlight.has(this.flightKey(id)));
			const outcomes = await Promise.all(waiting.map((id) => inFlight.get(this.flightKey(id))));
			waiting.forEach((id, i) => {
				const outcome = outcomes[i];
				if (outcome?.kind === 'sent') claims.set(id, { state: 'sent', reference: outcome.reference });
				else if (outcome?.kind === 'unknown') claims.set(id, { state: 'unsettled' });
			});
			pending = pending.filter((id) => !claims.has(id));
			if (pending.length === 0) break;

			const { found, tookMs } = await this.claimRound(pending, itemIndex);
			const tentative = pending.filter((id) => found.get(id) === 'claimed');
			if (tentative.length) {
				let verdict: Map<string, 'claimed' | 'unsettled'>;
				try {
					verdict = await this.verify(tentative, tookMs, itemIndex);
				} catch (error) {
					// nothing was sent; the claims stay in the store (unsettled, the safe side) and waiters here are told
					for (const id of tentative) this.flights.get(id)?.({ kind: 'unknown' });
					throw asNodeError(this.ctx, error, itemIndex);
				}
				for (const id of tentative) {
					if (verdict.get(id) === 'claimed') continue;
					// another process holds it: this process's waiters learn that its outcome is not known here
					found.set(id, 'unsettled');
					this.flights.get(id)?.({ kind: 'unknown' });
				}
			}
			const again: string[] = [];
			for (const id of pending) {
				const state = found.get(id);
				if (state === 'claimed') claims.set(id, { state });
				else if (state === 'sent') claims.set(id, { state, reference: references.get(this.flightKey(id)) });
				else if (inFlight.has(this.flightKey(id))) again.push(id);
				else claims.set(id, { state: 'unsettled' });
			}
			pending = again;
		}
		for (const id of pending) claims.set(id, { state: 'unsettled' });
		return claims;
	}

	/**
	 * Records how claimed sends ended: accepted orders as sent; released ones (refused by the provider, or never sent)
	 * forgotten, so they can be sent again; unknown ones kept unsettled.
	 */
	async settle(settlements: Settlement[]): Promise<void> {
		const remove: string[] = [];
		for (const s of settlements) {
			const { claim, open, owner } = this.values(s.identity);
			if (s.outcome === 'sent') {
				remove.push(open, owner);
				if (s.reference) keepReference(this.flightKey(s.identity), s.reference);
			} else if (s.outcome === 'released') {
				remove.push(claim, open, owner);
			}
		}
		try {
			if (remove.length) await this.serial(async () => await this.store.removeProcessed(remove, this.settings.scope, this.options));
		} catch {
			hintOnce(
				this.ctx,
				'settle',
				"The outcome of some orders could not be written to n8n's deduplication store: they stay marked as unsettled, and a later run asks you to check them instead of sending them.",
			);
		} finally {
			for (const s of settlements) {
				this.flights.get(s.identity)?.(
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
		const open = [...new Set(identities)].filter((id) => this.flights.has(id));
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

	/** Removes the records of these orders; returns how many values each had. */
	async forget(identities: string[], itemIndex: number): Promise<Map<string, number>> {
		const removed = new Map<string, number>();
		await this.serial(async () => {
			try {
				for (const id of new Set(identities)) {
					const { claim, open } = this.values(id);
					const before = await this.store.getProcessedDataCount(this.settings.scope, this.options);
					await this.store.removeProcessed([claim, open], this.settings.scope, this.options);
					const after = await this.store.getProcessedDataCount(this.settings.scope, this.options);
					removed.set(id, Math.max(0, before - after));
					references.delete(this.flightKey(id));
				}
			} catch (error) {
				throw storeError(this.ctx, error, itemIndex, 'forget sent orders');
			}
		});
		return removed;
	}

	private keptNote(identities: string[]): string {
		const { thing, check, resend } = KINDS[this.kind];
		const more = identities.length > 10 ? ` and ${identities.length - 10} more` : '';
		const named = `${identities.slice(0, 10).join(', ')}${more}`;
		return identities.length === 1
			? `The ${thing} ${named} is recorded as possibly sent in n8n's deduplication store: running again will not send it. Check whether the provider has it ${check}. If it has not, send it on purpose: ${resend}.`
			: `The ${thing}s ${named} are recorded as possibly sent in n8n's deduplication store: running again will not send them. Check whether the provider has each ${check}. Send one it has not on purpose: ${resend}.`;
	}

	/** The error for an order whose earlier attempt has an unknown outcome (or that another process is sending now). */
	unsettledError(identity: string, itemIndex: number): NodeOperationError {
		const { thing, check, resend } = KINDS[this.kind];
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
	if (!readBoolean(ctx, 'sendOnce', itemIndex, KINDS[kind].option, onByDefault)) return undefined;
	return await openRecord(ctx, kind, readSettings(ctx, itemIndex), itemIndex);
}

/** The record for Forget Sent Orders: its own Scope parameter; undefined (hinted) when n8n has no store here. */
export async function recordToForget(ctx: IExecuteFunctions, kind: SentKind, itemIndex: number): Promise<SentOrders | undefined> {
	return await openRecord(ctx, kind, readSettings(ctx, itemIndex, 'scope'), itemIndex);
}

async function openRecord(ctx: IExecuteFunctions, kind: SentKind, settings: Settings, itemIndex: number): Promise<SentOrders | undefined> {
	if (!(await storeAvailable(ctx, settings, itemIndex))) return undefined;
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
 * is unknown fails with an error saying how to check it and how to send it on purpose.
 */
export async function sendOnce(
	ctx: IExecuteFunctions,
	itemIndex: number,
	order: { kind: SentKind; identity: string; onByDefault: boolean },
	send: () => Promise<Sent>,
	sentBefore: (reference: string | null) => INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const record = await sentOrdersFor(ctx, order.kind, itemIndex, order.onByDefault);
	if (!record) return (await send()).output;
	if (sendAgain(ctx, itemIndex)) await record.forget([order.identity], itemIndex);

	const claim = (await record.claim([order.identity], itemIndex)).get(order.identity) ?? { state: 'unsettled' };
	if (claim.state === 'sent') return flagged(sentBefore(claim.reference ?? null), true);
	if (claim.state === 'unsettled') throw record.unsettledError(order.identity, itemIndex);

	let sent: Sent;
	try {
		sent = await send();
	} catch (error) {
		const shown = asNodeError(ctx, error, itemIndex);
		await record.failed([order.identity], error, shown);
		throw shown;
	}
	await record.settle([{ identity: order.identity, outcome: 'sent', reference: sent.reference }]);
	return flagged(sent.output, false);
}

/** Output items with alreadySent set. */
export function flagged(items: INodeExecutionData[], alreadySent: boolean): INodeExecutionData[] {
	return items.map((item) => ({ ...item, json: { ...item.json, alreadySent } }));
}
