// Batch Create (deprecated BatchSalesOrder): input items grouped into chunks, a 413 answered by halving the chunk.
import upperFirst from 'lodash/upperFirst';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, NodeApiError } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import isPlainObject from 'lodash/isPlainObject';

import { ENDPOINTS } from '../../wire/endpoints';
import { BATCH_STATUSES, type CreateSalesOrderRequest } from '../../wire/salesOrder';
import { mayHaveTakenEffect } from '../../transport/errors';
import { inSpelling } from '../../wire/spellings';
import { flagValue } from '../../wire/values';
import { apiRequest } from '../../transport/request';
import { stopSignal, stoppedError } from '../../transport/stop';
import { additionalJsonProperty, compact } from '../common';
import {
	asNodeError,
	completedInRun,
	errorItem,
	mayHaveReached,
	possiblySentInRun,
	rememberUncertain,
	stoppedRunNote,
	withheldInRun,
	withOptions,
} from '../operation';
import { invalidField, readInteger, readText, type IntegerField } from '../parameters';
import { renamedSinceEarlierTry, sameOrder, sendAgain, sendOnceProperties, sendOnceSettings, sentOrdersFor, type SentOrders } from '../sentOrders';
import { toWire } from '../wireNames';
import { settingLabel, settingPath } from '../versions';
import { orderProperties, buildOrder } from './create.operation';

export const DEFAULT_BATCH_SIZE = 50;
/** The interface names no batch limit (a 413 splits a batch); 1,000 orders per request is the node's bound. */
const BATCH_SIZE_FIELD: IntegerField = { field: 'Batch Size', min: 1, max: 1000, fallback: DEFAULT_BATCH_SIZE };

const properties: INodeProperties[] = [
	{
		displayName:
			'Batch Sales Order is deprecated by the provider. Use Sales Order → Create instead: it sends one order per input item, with the same fields.',
		name: 'deprecationNotice',
		type: 'notice',
		default: '',
	},
	...orderProperties(false, {
		...additionalJsonProperty(),
		description:
			'Extra wire members the fields above lack, merged into each order entry (objects are merged member by member)',
	}),
	{
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Batch Description',
				name: 'batchDescription',
				type: 'string',
				default: '',
				description: 'Description sent with every batch request of this run',
			},
			{
				displayName: 'Batch ID',
				name: 'batchId',
				type: 'string',
				default: '',
				description: 'Identifier sent with every batch request of this run',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: BATCH_SIZE_FIELD.min, maxValue: BATCH_SIZE_FIELD.max },
				default: DEFAULT_BATCH_SIZE,
				description:
					'Orders (input items) per request. When the provider answers that a request is too large, it is split in halves and resent.',
			},
		],
	},
	...sendOnceProperties('salesOrder', true),
];

/**
 * Version 2's names of the batch members in Options, where "Batch ID" alone would read the same as Additional
 * Fields → Batch ID (each order's OrderInfo.BatchId); version 1 says which by its collection, Batch Options.
 */
const BATCH_REQUEST_NAMES = { batchId: 'Batch Request ID', batchDescription: 'Batch Request Description' };

// Concurrency does not apply: the input items are sent together, batch after batch
export const description = updateDisplayOptions(
	{ show: { resource: ['salesOrder'], operation: ['batchCreate'] } },
	withOptions(properties, { perItem: false, renamed: BATCH_REQUEST_NAMES }),
);

interface Entry {
	itemIndex: number;
	order: CreateSalesOrderRequest;
	/** its Send Again Even If Sent, read with the order: a value that is no yes/no fails its item before any chunk is sent */
	again: boolean;
}

const orderNoOf = (entry: Entry) => entry.order.OrderInfo.OrderNo;

type Settled<T> = { value: T } | { error: unknown };

/** Runs `fn` and keeps its failure as a value, so Continue On Fail can turn it into error items. */
async function settle<T>(fn: () => Promise<T> | T): Promise<Settled<T>> {
	try {
		return { value: await fn() };
	} catch (error) {
		return { error };
	}
}

/**
 * An order number as a status may name it, for a match that ignores what a .NET provider changes: letter case (it
 * matches order numbers in any case and may answer in its own), spaces around it, a number for its text.
 */
function looseOrderNo(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/**
 * The status entry of each order in the chunk: by position when it names the order (or names none), else by order
 * number. A status names an order by its exact number, or loosely (looseOrderNo) when no other order number of the
 * chunk reads the same loosely: then the match is unambiguous. An entry of the list that is not an object counts as no
 * status. Positions count only in a list of one status per order: in a shorter or longer one (a provider listing its
 * failures alone) a status naming no order says nothing of which. An order named by a status left over (more statuses
 * name it than the chunk has entries of it) that says otherwise than its own has no status (it may have been created).
 */
function matchStatuses(chunk: Entry[], answered: unknown[]): Array<IDataObject | undefined> {
	const statuses = answered.map((s) => (isPlainObject(s) ? inSpelling(s as IDataObject, STATUS_MEMBERS) : undefined));
	const exactByLoose = new Map<string | undefined, Set<string>>();
	for (const entry of chunk) {
		const loose = looseOrderNo(orderNoOf(entry));
		exactByLoose.set(loose, (exactByLoose.get(loose) ?? new Set()).add(orderNoOf(entry)));
	}
	const names = (status: IDataObject | undefined, orderNo: string) => {
		const ref = status?.RefOrderNo;
		if (ref === orderNo) return true;
		const loose = looseOrderNo(ref);
		// Stryker disable next-line ConditionalExpression: an order number always has a loose form, which undefined never equals
		return loose !== undefined && loose === looseOrderNo(orderNo) && exactByLoose.get(loose)?.size === 1;
	};
	const used = new Set<number>();
	// first the statuses that name their order (the one at its position first): an unnamed status never goes to an
	// order a status names (it would take that order's outcome, another's failure marking a created order not created)
	const named = chunk.map((entry, i) => {
		const orderNo = orderNoOf(entry);
		const at = !used.has(i) && names(statuses[i], orderNo) ? i : statuses.findIndex((s, k) => !used.has(k) && names(s, orderNo));
		// Stryker disable next-line ConditionalExpression,EqualityOperator: no position -1; and a status at 0 named its order, which no other order of the chunk reads as (one spelling of an order is sent per run)
		if (at >= 0) used.add(at);
		return at;
	});
	// then a status that names no order (RefOrderNo missing or null) is the one at the position of an order none named
	const byPosition = statuses.length === chunk.length;
	// the statuses no entry of the chunk took (most answers have none): one naming an order and saying otherwise
	const leftOver = statuses.filter((s, k): s is IDataObject => s !== undefined && !used.has(k));
	return named.map((at, i) => {
		if (at >= 0) {
			const flag = createdFlag(statuses[at] as IDataObject);
			const orderNo = orderNoOf(chunk[i]);
			return leftOver.some((s) => names(s, orderNo) && createdFlag(s) !== flag) ? undefined : statuses[at];
		}
		const own = statuses[i];
		// each position is read once here: no second order can take it after this one
		if (!byPosition || own === undefined || used.has(i) || (own.RefOrderNo !== undefined && own.RefOrderNo !== null)) return undefined;
		return own;
	});
}

/** The members of a status the node reads, found in any letter case (a provider answering in camelCase). */
const STATUS_MEMBERS = ['RefOrderNo', 'IsCreated', 'TransactionReferenceNumber', 'Messages'];

/**
 * Whether a status says its order was created: true or false as the node reads every yes/no in an answer ("true", 1,
 * "False", "Y", "N": flagValue); null for anything else, which says neither (the order may have been created: it is not
 * given back to be sent again).
 */
function createdFlag(status: IDataObject): boolean | null {
	return flagValue(status.IsCreated) ?? null;
}

export const UNREAD_STATUS =
	"The provider's status for this order does not say whether it was created (IsCreated is neither true nor false): it may have been created. Check it (Tracking → Get Details for the order number, or the provider's portal) before sending it again.";

const asList = (value: unknown) =>
	Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];

export const NO_STATUS =
	"The provider returned no status for this order: it may have been created. Check it (Tracking → Get Details for the order number, or the provider's portal) before sending it again.";

/** The output of a sent order; `guarded`: the record of sent orders is on, so it says it was not sent before. */
function outputFor(entry: Entry, status: IDataObject | undefined, batchReference: unknown, guarded: boolean): INodeExecutionData {
	const created = status && createdFlag(status);
	const json: IDataObject = status
		? {
				OrderNo: orderNoOf(entry),
				...status,
				IsCreated: created,
				Messages: created === null ? [...asList(status.Messages), UNREAD_STATUS] : asList(status.Messages),
			}
		: {
				OrderNo: orderNoOf(entry),
				// the batch was taken, and nothing says this order was not: not known, as the record of sent orders keeps it
				IsCreated: null,
				Messages: [NO_STATUS],
			};
	if (batchReference !== undefined) json.BatchTransactionReferenceNumber = batchReference as string;
	if (guarded) json.alreadySent = false;
	return { json, pairedItem: { item: entry.itemIndex } };
}

/** An order the record says was accepted before: put out again, not sent. */
function alreadySentItem(entry: Entry, reference: string | undefined): INodeExecutionData {
	return {
		json: {
			OrderNo: orderNoOf(entry),
			IsCreated: false,
			alreadySent: true,
			TransactionReferenceNumber: reference ?? null,
			Messages: ['Already sent before: not sent again'],
		},
		pairedItem: { item: entry.itemIndex },
	};
}

/**
 * Send Each Sales Order Once (and its Scope and History Size) as every order of the batch has it: the batch is sent
 * through one record, so an item that differs from the first (an expression per row) is refused, never sent otherwise.
 */
function sameSendOnce(ctx: IExecuteFunctions, entries: Entry[]): void {
	// Stryker disable next-line BooleanLiteral: the default (on) is every item's alike, so it never makes two items differ
	const settingsOf = (itemIndex: number) => JSON.stringify(sendOnceSettings(ctx, 'salesOrder', itemIndex, true) ?? null);
	const first = entries[0];
	if (!first) return;
	const wanted = settingsOf(first.itemIndex);
	const other = entries.find((entry) => settingsOf(entry.itemIndex) !== wanted);
	if (other) {
		throw invalidField(
			ctx,
			'Send Each Sales Order Once',
			`must be the same for every order of a Batch Create, with its Scope and History Size (item ${other.itemIndex + 1} differs from item ${first.itemIndex + 1}): the orders go through one record; use Create for orders that differ`,
			other.itemIndex,
		);
	}
}

export async function executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const results = new Map<number, INodeExecutionData>();
	const entries: Entry[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		// Stryker disable next-line BooleanLiteral: Batch Create has no Hold Order parameter (n8n drops a parameter its description lacks), so true reads the fallback, false
		const built = await settle(() => ({ itemIndex, order: buildOrder(this, itemIndex, false), again: sendAgain(this, itemIndex) }));
		if ('value' in built) entries.push(built.value);
		else if (continueOnFail) results.set(itemIndex, errorItem(this, built.error, itemIndex));
		else throw asNodeError(this, built.error, itemIndex);
	}

	// the settings of the whole batch, read once (from the first item): refused, they fail every item, nothing sent
	const runSettings = await settle(() => {
		sameSendOnce(this, entries);
		return {
			batchSize: readInteger(this, settingPath(this, 'batchOptions', 'batchSize'), 0, BATCH_SIZE_FIELD),
			header: compact(
				toWire({
					batchId: readText(this, settingPath(this, 'batchOptions', 'batchId'), 0, settingLabel(this, 'Batch ID', BATCH_REQUEST_NAMES.batchId)),
					batchDescription: readText(
						this,
						settingPath(this, 'batchOptions', 'batchDescription'),
						0,
						settingLabel(this, 'Batch Description', BATCH_REQUEST_NAMES.batchDescription),
					),
				}),
			),
		};
	});
	if ('error' in runSettings) {
		if (!continueOnFail) throw asNodeError(this, runSettings.error, 0);
		return items.map((_item, itemIndex) => errorItem(this, runSettings.error, itemIndex));
	}
	const { batchSize, header } = runSettings.value;
	// n8n's Retry On Fail runs the node again over the same items: an order an earlier try of this node run completed
	// (its chunk answered) comes out as it did and is not sent again; only the others are chunked and sent
	const completed = completedInRun(this);
	/** an order's output, final: a later try of this node run puts it out again */
	const complete = (itemIndex: number, item: INodeExecutionData) => {
		results.set(itemIndex, item);
		completed.set(itemIndex, [item]);
	};
	const pending: Entry[] = [];
	for (const entry of entries) {
		const earlier = completed.get(entry.itemIndex);
		// an order whose chunk an earlier try sent with no record of sent orders and an unknown outcome: not sent again
		// (without Continue On Fail the run stops there again, nothing sent, as its first try did)
		const withheld = earlier ? undefined : withheldInRun(this, entry.itemIndex);
		if (earlier) results.set(entry.itemIndex, earlier[0]);
		else if (!withheld) pending.push(entry);
		else if (continueOnFail) results.set(entry.itemIndex, errorItem(this, withheld, entry.itemIndex));
		else throw withheld;
	}
	// the record of sent orders could not be opened (n8n's store failed): nothing was sent; with Continue On Fail every
	// order is an error item, never its input item passed on as if it had been sent
	const opened = pending.length ? await settle(async () => await sentOrdersFor(this, 'salesOrder', pending[0].itemIndex, true)) : { value: undefined };
	if ('error' in opened) {
		if (!continueOnFail) throw asNodeError(this, opened.error, pending[0].itemIndex);
		for (const entry of pending) results.set(entry.itemIndex, errorItem(this, opened.error, entry.itemIndex));
	}
	const record = 'value' in opened ? opened.value : undefined;
	// an order an earlier try of this node run (Retry On Fail) sent with an unknown outcome under another number (an
	// expression that gives another each try) is not sent: the record knows only that number, and the provider may have it
	const renamed = new Set<Entry>();
	for (const entry of record ? pending : []) {
		const error = renamedSinceEarlierTry(this, 'salesOrder', orderNoOf(entry), entry.itemIndex);
		if (!error) continue;
		if (!continueOnFail) throw error;
		renamed.add(entry);
		results.set(entry.itemIndex, errorItem(this, error, entry.itemIndex));
	}
	// nothing is sent without the record the user asked for
	const toSend = 'value' in opened ? pending.filter((entry) => !renamed.has(entry)) : [];
	/** orders whose request went out (or may have): if the run stops, their claims are kept as unknown */
	const attempted = new Set<string>();

	const send = async (chunk: Entry[]): Promise<void> => {
		// A 413 is answered by splitting; a single order that is too large fails as the transport reports it.
		// Stryker disable next-line CallExpression: a safety net: send settles every order it attempts before it returns or throws, so none is left open for sendChunkOnce's settleOpen unless code between the request and the settling throws, which none does
		for (const entry of chunk) attempted.add(orderNoOf(entry));
		const sent = await settle(
			async () =>
				await apiRequest.call(
					this,
					ENDPOINTS.batchSalesOrder,
					{ ...header, SalesOrdersInfo: chunk.map((e) => e.order as IDataObject) },
					{ itemIndex: chunk[0].itemIndex, acceptStatuses: chunk.length > 1 ? [413] : [], statusesIn: BATCH_STATUSES },
				),
		);
		if ('error' in sent) {
			await record?.failed(chunk.map(orderNoOf), sent.error);
			// Retry On Fail's next try must not send these items under other numbers (see `renamed`), nor at all when no
			// record of sent orders guards them (Send Each Sales Order Once off, or no store)
			if (record && mayHaveTakenEffect(sent.error)) for (const entry of chunk) possiblySentInRun(this).set(entry.itemIndex, orderNoOf(entry));
			if (!record && mayHaveReached(sent.error)) for (const entry of chunk) rememberUncertain(this, entry.itemIndex, sent.error);
			if (!continueOnFail) throw asNodeError(this, sent.error, chunk[0].itemIndex);
			for (const entry of chunk) results.set(entry.itemIndex, errorItem(this, sent.error, entry.itemIndex));
			return;
		}
		const response = sent.value;
		if (response.statusCode === 413) {
			// nothing was created: the claims stay with this run while the halves are sent, and an order whose half is
			// never sent (the run stops before it) is given back
			for (const entry of chunk) attempted.delete(orderNoOf(entry));
			const half = Math.ceil(chunk.length / 2);
			await send(chunk.slice(0, half));
			await send(chunk.slice(half));
			return;
		}
		const body = (response.body ?? {}) as IDataObject;
		const listed = inSpelling(body, [BATCH_STATUSES, 'TransactionReferenceNumber']);
		// one status object in the list's place (a gateway writing a one-entry list as its entry) is a list of one (bug hunt 33)
		const given = listed[BATCH_STATUSES];
		// Stryker disable next-line ArrayDeclaration: an entry that is no object counts as no status, as a missing one does
		const statuses: unknown[] = Array.isArray(given) ? given : isPlainObject(given) ? [given] : [];
		const matched = matchStatuses(chunk, statuses);
		matched.forEach((status, i) =>
			complete(chunk[i].itemIndex, outputFor(chunk[i], status, listed.TransactionReferenceNumber, record !== undefined)),
		);
		// settled below: a later chunk that claims one of these orders again (a repeat whose entry here was refused) gives
		// it back if it is never sent
		// Stryker disable next-line CallExpression: settle (which never throws) has ended these claims, and a later claim of one is sent (added again) or split after a 413 (taken out there) before settleOpen reads the set
		for (const entry of chunk) attempted.delete(orderNoOf(entry));
		// an order without a status may or may not have been created: it stays unsettled
		await record?.settle(
			chunk.map((entry, i) => {
				const status = matched[i];
				// Stryker disable next-line ObjectLiteral: left open, the order is settled as unknown all the same by sendChunkOnce's settleOpen (it was attempted)
				if (!status) return { identity: orderNoOf(entry), outcome: 'unknown' as const };
				const created = createdFlag(status);
				// a status that says neither: as no status
				if (created === null) return { identity: orderNoOf(entry), outcome: 'unknown' as const };
				if (!created) return { identity: orderNoOf(entry), outcome: 'released' as const };
				// the order's own reference only: the batch's is not the order's (interface: the batch answer's entries carry none)
				const reference = status.TransactionReferenceNumber;
				return { identity: orderNoOf(entry), outcome: 'sent' as const, reference: typeof reference === 'string' ? reference : undefined };
			}),
		);
	};

	// n8n's Stop: no later chunk is claimed or sent (with Continue On Fail, its orders are error items saying so)
	const signal = stopSignal(this);
	for (let start = 0; start < toSend.length; start += batchSize) {
		const chunk = toSend.slice(start, start + batchSize);
		const done = signal?.aborted
			? { error: stoppedError(this.getNode(), `before the chunk of ${chunk.length} orders from item ${chunk[0].itemIndex + 1} on was sent`, chunk[0].itemIndex) }
			: await settle(async () => await (record ? sendChunkOnce.call(this, record, chunk, send, results, complete, continueOnFail, attempted) : send(chunk)));
		if ('error' in done) {
			if (!continueOnFail) throw withStopNote(this, done.error, chunk, results, toSend.slice(start + batchSize), attempted);
			// the record failed before the chunk was sent (its claim or forget): its orders are error items, the next chunk goes on
			for (const entry of chunk) results.set(entry.itemIndex, errorItem(this, done.error, entry.itemIndex));
		}
	}
	return items.map((_item, itemIndex) => {
		const result = results.get(itemIndex);
		// Stryker disable next-line StringLiteral,ObjectLiteral: a guard that cannot fire: every item gets a result, or the run throws before here
		if (!result) throw new NodeOperationError(this.getNode(), `No result for item ${itemIndex}`, { itemIndex });
		return result;
	});
}

/**
 * The error of a chunk that stopped the run, with the note a per-item run's error carries (stoppedRunNote): the orders
 * already answered (created, not created, already sent), the orders of the request that failed (which may have been
 * created when the error says it may have taken effect: after a 413, only the half whose request failed) and the orders
 * never sent (the chunk's other half, the later chunks). n8n's Stop is told as the execution canceled, not as a failure
 * Continue On Fail would have helped with. `attempted`: the orders whose request went out and has no answer.
 */
function withStopNote(
	ctx: IExecuteFunctions,
	failure: unknown,
	chunk: Entry[],
	results: Map<number, INodeExecutionData>,
	later: Entry[],
	attempted: Set<string>,
): NodeApiError | NodeOperationError {
	const error = asNodeError(ctx, failure, chunk[0].itemIndex);
	const unanswered = chunk.filter((entry) => !results.has(entry.itemIndex));
	const failed = unanswered.filter((entry) => attempted.has(orderNoOf(entry)));
	const sent = failed.length ? failed : unanswered;
	const maybe = mayHaveTakenEffect(failure);
	const canceled = stopSignal(ctx)?.aborted === true;
	const what = `the chunk of ${sent.length} order${sent.length > 1 ? 's' : ''} from item ${sent[0].itemIndex + 1} on (${sent.map(orderNoOf).join(', ')})`;
	const created = maybe ? `: ${sent.length > 1 ? 'they' : 'it'} may have been created, check ${sent.length > 1 ? 'each' : 'it'} with Tracking → Get Details before sending again` : '';
	const note = stoppedRunNote({
		stopped: canceled
			? `The execution was canceled${maybe ? ` while ${what} was on its way${created}` : ''}.`
			: `${upperFirst(what)} failed, so the run stopped${created}.`,
		done: [...results.keys()].sort((x, y) => x - y),
		outputOf: (itemIndex) => [results.get(itemIndex) as INodeExecutionData],
		notSent: [...unanswered.filter((entry) => !sent.includes(entry)), ...later].map((entry) => entry.itemIndex),
		advice: canceled ? '' : "Turn on Continue On Fail to get every order's result.",
	});
	error.description = [error.description, note].filter(Boolean).join('\n\n');
	return error;
}

/**
 * A chunk through the record of sent orders: orders accepted before come out as already sent, unsettled ones fail,
 * the rest are claimed and sent once (an order number twice in the run, in any letter case, is sent for its first item only).
 */
async function sendChunkOnce(
	this: IExecuteFunctions,
	record: SentOrders,
	chunk: Entry[],
	send: (chunk: Entry[]) => Promise<void>,
	results: Map<number, INodeExecutionData>,
	complete: (itemIndex: number, item: INodeExecutionData) => void,
	continueOnFail: boolean,
	attempted: Set<string>,
): Promise<void> {
	const again = chunk.filter((entry) => entry.again).map(orderNoOf);
	// Stryker disable next-line ConditionalExpression: forgetting no orders changes no record (it only takes the lock)
	if (again.length) await record.forgetOnce(again, chunk[0].itemIndex);
	const claims = await record.claim(chunk.map(orderNoOf), chunk[0].itemIndex);

	/** by the record's identity: two spellings of one order number (WEB-1, web-1) are one order */
	const first = new Map<string, Entry>();
	const toSend: Entry[] = [];
	/** an entry whose order (in any spelling) an earlier entry of the chunk has, with that entry */
	const repeats: Array<{ entry: Entry; earlier: Entry }> = [];
	const unsettled: Entry[] = [];
	for (const entry of chunk) {
		const claim = claims.get(orderNoOf(entry));
		const earlier = first.get(sameOrder(orderNoOf(entry)));
		if (claim?.state === 'sent') results.set(entry.itemIndex, alreadySentItem(entry, claim.reference));
		else if (claim?.state !== 'claimed') unsettled.push(entry);
		else if (earlier) repeats.push({ entry, earlier });
		else {
			first.set(sameOrder(orderNoOf(entry)), entry);
			toSend.push(entry);
		}
	}
	if (unsettled.length && !continueOnFail) {
		// nothing of this chunk was sent: its claims are given back before the run stops
		await record.settle(toSend.map((entry) => ({ identity: orderNoOf(entry), outcome: 'released' as const })));
		throw record.unsettledError(orderNoOf(unsettled[0]), unsettled[0].itemIndex);
	}
	for (const entry of unsettled) {
		results.set(entry.itemIndex, errorItem(this, record.unsettledError(orderNoOf(entry), entry.itemIndex), entry.itemIndex));
	}
	try {
		if (toSend.length) await send(toSend);
	} finally {
		// the run stopped part way (a later half of a split chunk failed): what was never sent is given back
		await record.settleOpen(toSend.map(orderNoOf), (id) => {
			// Stryker disable next-line StringLiteral,ConditionalExpression: any outcome but 'released' keeps the order unsettled; only 'unknown' spares a claim of it waiting in this process one store call before the same refusal. And a safety net (see `send`): no attempted order is left open to come here
			if (attempted.has(id)) return 'unknown';
			return 'released';
		});
	}
	/** repeats whose earlier entry was not created: claimed again, as a chunk of their own */
	const later: Entry[] = [];
	for (const { entry, earlier } of repeats) {
		const original = results.get(earlier.itemIndex);
		if (original?.json.IsCreated !== true) {
			later.push(entry);
			continue;
		}
		complete(entry.itemIndex, {
			json: {
				OrderNo: orderNoOf(entry),
				IsCreated: false,
				alreadySent: true,
				TransactionReferenceNumber: original.json.TransactionReferenceNumber ?? null,
				Messages: [
					orderNoOf(entry) === orderNoOf(earlier)
						? `The same order number as item ${earlier.itemIndex + 1}: sent once, for that item`
						: `The same order number as item ${earlier.itemIndex + 1} (${orderNoOf(earlier)}), as the provider reads it: sent once, for that item`,
				],
			},
			pairedItem: { item: entry.itemIndex },
		});
	}
	// as Create does: one refused (released) is sent for the next row that has it (a corrected one); one whose outcome
	// is unknown is reported as possibly sent, never sent again
	// Stryker disable next-line ConditionalExpression: a chunk of no orders claims and sends nothing
	if (!later.length) return;
	const signal = stopSignal(this);
	const done = signal?.aborted
		? { error: stoppedError(this.getNode(), `before the order ${orderNoOf(later[0])} of item ${later[0].itemIndex + 1} was sent`, later[0].itemIndex) }
		: await settle(async () => await sendChunkOnce.call(this, record, later, send, results, complete, continueOnFail, attempted));
	if ('error' in done) {
		if (!continueOnFail) throw asNodeError(this, done.error, later[0].itemIndex);
		// only these orders failed: the chunk's others keep their outputs
		for (const entry of later) results.set(entry.itemIndex, errorItem(this, done.error, entry.itemIndex));
	}
}
