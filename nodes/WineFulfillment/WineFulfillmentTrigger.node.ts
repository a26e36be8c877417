import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { z } from 'zod';

import {
	advance,
	coveredFrom,
	rememberedPart,
	seedToTake,
	storedState,
	unseen,
	windowStart,
	type Candidate,
	type EventState,
	type SeedRecord,
	type WindowRead,
} from './trigger/cursor';
import { EVENTS, STATUS_MEMORY_MS, type EventName, type Filters, type ProviderPresent, type SnapshotEvent, type WindowedEvent } from './trigger/events';
import { CLOCK_MARGIN_MS, CURSOR_AHEAD_LIMIT_MS, DAY, FUTURE_HORIZON_MS, HOUR, MINUTE, SECOND, isoSecond } from './trigger/time';
import { readNewest, readWindow, type ReadOptions, type WindowQuery } from './trigger/window';
import { CARRIERS, WAREHOUSES, limitedList, onFirstUse, warehouseCode } from './wire/common';
import { DEFAULT_CARRIER, carrierOptions, packageStatusOptions, warehouseOptions } from './wire/labels';
import { MAX_ORDER_NUMBERS, PACKAGE_STATUSES, getPackagesRequest, statusWord } from './wire/tracking';
import { RETURNS_MAX_TOP } from './wire/salesOrder';
import { decimalNumber, listValue, wholeNumber } from './wire/values';
import { checkParameter } from './actions/parameters';
import { credentialTest } from './methods/credentialTest';

/** The Order Numbers filter: a list of at most 100 (GetPackages and GetReturns alike). */
const ORDER_NUMBERS = listValue.pipe(limitedList(MAX_ORDER_NUMBERS, 'order number'));

/**
 * Carrier and Warehouse, as the action node reads them (Get Packages' Carrier, Get Returns' Warehouse): blank is no filter
 * (checkParameter), anything the interface does not take is refused before any request instead of sent as given.
 */
const CARRIER = onFirstUse(() => z.string().trim().pipe(getPackagesRequest.schema.shape.ShippingCarrier.unwrap()));
const WAREHOUSE = z.string().pipe(warehouseCode);

/**
 * Statuses as the interface writes them, from the list or an expression in any letter case ("delivered"): a status the
 * provider never reports is refused, naming the entry, before any request. Filtered silently, its changes would be
 * stored as seen and never come back once the filter is put right.
 */
const STATUSES = listValue.transform((list, ctx): string[] => {
	const statuses: string[] = [];
	for (const [index, entry] of list.entries()) {
		const status = statusWord(entry);
		if (!(PACKAGE_STATUSES as readonly string[]).includes(status)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `entry ${index + 1} ("${entry}") must be one of ${PACKAGE_STATUSES.join(', ')}` });
			return z.NEVER;
		}
		statuses.push(status);
	}
	return statuses;
});

/** The Options as n8n gives them: numbers from the editor, anything from an expression ("60", "60 min", a $vars text). */
interface TriggerOptions {
	startFromHours?: unknown;
	overlapMinutes?: unknown;
	pageSize?: unknown;
}

/** The Late Reports Window when the option is not set. */
const DEFAULT_LATE_MINUTES = 60;

/** Late Reports Window and Start From: a number of minutes or hours, numeric text too; "60 min" is refused, not NaN. */
const NOT_NEGATIVE = decimalNumber.refine((n) => n >= 0, 'must be a number of at least 0');
/** Page Size: as the editor bounds it. */
const TRIGGER_PAGE_SIZE = wholeNumber({ min: 1, max: 500 });

/** Share of n8n's poll budget spent reading; the rest is for the items and the engine. */
const READ_SHARE_OF_BUDGET = 0.5;

/**
 * The polls reading now, by workflow and node. n8n starts a poll tick whether or not the previous poll of the same
 * node has returned (n8n-core's TriggersAndPollers only counts it as overlapped), and a poll reads for up to half its
 * budget: two polls reading the same stored state would emit every record twice. Polls run on the main only (the
 * leader, in multi-main), never on workers or webhook processors, so the polls of one node all run in this process:
 * a set in memory is enough.
 */
const reading = new Set<string>();

export class WineFulfillmentTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Wine Fulfillment Trigger',
		name: 'wineFulfillmentTrigger',
		icon: { light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow when a package ships or changes status, an order goes on hold, or a return arrives',
		defaults: { name: 'Wine Fulfillment Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// the credential's Test button (methods/credentialTest.ts); every node using the credential names it, as n8n's lint asks
		credentials: [{ name: 'wineFulfillmentApi', required: true, testedBy: 'wineFulfillmentApiTest' }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				default: 'newPackage',
				options: [
					{
						name: 'New Package',
						value: 'newPackage',
						description: 'A package shipped: one item per package, with tracking number and URL',
					},
					{
						name: 'New Return',
						value: 'newReturn',
						description: 'A return was received at a warehouse',
					},
					{
						name: 'Order Put On Hold',
						value: 'orderOnHold',
						description: 'A sales order went on hold (again, after it had been released)',
					},
					{
						name: 'Package Status Changed',
						value: 'packageStatusChanged',
						description: 'A package reached a new status: in transit, delivered, exception, returned and so on',
					},
				],
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				// Order Put On Hold has no filter (GetOrdersOnHold takes none)
				displayOptions: { hide: { event: ['orderOnHold'] } },
				options: [
					{
						displayName: 'Carrier',
						name: 'carrier',
						type: 'options',
						default: DEFAULT_CARRIER,
						options: carrierOptions(CARRIERS),
						description: 'Only packages of this carrier (package events)',
						displayOptions: { show: { '/event': ['newPackage', 'packageStatusChanged'] } },
					},
					{
						displayName: 'Order Numbers',
						name: 'orderNumbers',
						type: 'string',
						default: '',
						description: 'Only these orders (up to 100, separated by commas); package and return events',
						displayOptions: { show: { '/event': ['newPackage', 'packageStatusChanged', 'newReturn'] } },
					},
					{
						displayName: 'Statuses',
						name: 'statuses',
						type: 'multiOptions',
						default: [],
						options: packageStatusOptions(PACKAGE_STATUSES),
						description: 'Only changes to these statuses, e.g. DELIVERED',
						displayOptions: { show: { '/event': ['packageStatusChanged'] } },
					},
					{
						displayName: 'Warehouse',
						name: 'warehouse',
						type: 'options',
						default: 'APC01',
						options: warehouseOptions(WAREHOUSES),
						description: 'Only returns received at this warehouse',
						displayOptions: { show: { '/event': ['newReturn'] } },
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				// Order Put On Hold reads the list of orders on hold whole, with no time or page: none of these applies to it
				displayOptions: { hide: { event: ['orderOnHold'] } },
				options: [
					{
						displayName: 'Late Reports Window (Minutes)',
						name: 'overlapMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: DEFAULT_LATE_MINUTES,
						description:
							'How long after its own time (ship date, activity, received date) the provider may still show a record. Each poll reads back this far; duplicates are dropped. A record the provider shows later than this is missed. Without LatestActivityTimestamp (returns), it must also cover how far the provider\'s clock may run behind n8n\'s.',
					},
					{
						displayName: 'Page Size',
						name: 'pageSize',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 500 },
						default: 500,
						description: `Records asked for per request (New Return asks for at most ${RETURNS_MAX_TOP}, the provider's limit for returns)`,
					},
					{
						displayName: 'Start From (Hours Back)',
						name: 'startFromHours',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 0,
						description:
							"On activation, also emit what happened this many hours before the provider's present. 0 starts from now: the first poll only remembers where it stands. A long backfill is read over several polls when n8n gives polls a time budget.",
					},
				],
			},
		],
	};

	methods = { credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const run = pollRun(this);
		// Fetch Test Event stores nothing: it is never held back, nor holds a poll back
		if (this.getMode() === 'manual') return await pollOnce(run);
		const node = this.getNode();
		// Stryker disable next-line StringLiteral: n8n polls only workflows it has stored, all with an id; without one, any text in place of '' keys a node's polls alike (the node part keeps nodes apart)
		const key = `${this.getWorkflow().id ?? ''}\u0000${node.id || node.name}`;
		if (reading.has(key)) {
			this.logger.warn(
				`${node.name}: the previous poll is still reading; this one is skipped (nothing asked, nothing emitted, the stored position kept). Set the poll times further apart than a poll takes.`,
			);
			return null;
		}
		reading.add(key);
		try {
			return await pollOnce(run);
		} finally {
			reading.delete(key);
		}
	}
}

/** A poll's settings, from the node's parameters (a filter it cannot take fails the poll before any request). */
function pollRun(ctx: IPollFunctions): PollRun {
	const started = performance.now();
	const event = ctx.getNodeParameter('event') as EventName;
	const rawFilters = ctx.getNodeParameter('filters', {}) as IDataObject;
	// Stryker disable next-line ConditionalExpression: read for the Carrier filter alone, which n8n drops when hidden (below)
	const packageEvent = event === 'newPackage' || event === 'packageStatusChanged';
	const filters: Filters = {
		// a filter is read only for the events it filters: one left over from another event (hidden) fails no poll. n8n
		// itself drops a hidden option before the node reads it (test/trigger/optionsFromExpression.test.ts), so these
		// guards only hold where it would not
		carrier: packageEvent ? checkParameter(ctx, rawFilters.carrier, 0, 'Carrier', CARRIER, undefined) : undefined,
		// GetPackages and GetReturns both take at most 100 order numbers (field notes): refused before the poll asks
		orderNumbers: checkParameter(ctx, rawFilters.orderNumbers, 0, 'Order Numbers', ORDER_NUMBERS, []),
		// Stryker disable next-line ConditionalExpression: n8n drops the hidden option (above)
		warehouse: event === 'newReturn' ? checkParameter(ctx, rawFilters.warehouse, 0, 'Warehouse', WAREHOUSE, undefined) : undefined,
		// Stryker disable next-line ConditionalExpression: n8n drops the hidden option (above)
		statuses: event === 'packageStatusChanged' ? checkParameter(ctx, rawFilters.statuses, 0, 'Statuses', STATUSES, []) : [],
	};
	const options = ctx.getNodeParameter('options', {}) as TriggerOptions;
	// n8n 2.x gives a poll a time budget; 1.x has none (a poll then reads to the end)
	const budget = (ctx as Partial<IPollFunctions>).getPollBudgetMs;
	const budgetMs = typeof budget === 'function' ? budget.call(ctx) : undefined;
	return {
		ctx,
		event,
		filters,
		// read as the filters are: a value an expression gives that is no such number fails the poll before any request
		lookbackMs: checkParameter(ctx, options.overlapMinutes, 0, 'Late Reports Window (Minutes)', NOT_NEGATIVE, DEFAULT_LATE_MINUTES) * MINUTE,
		startFromHours: checkParameter(ctx, options.startFromHours, 0, 'Start From (Hours Back)', NOT_NEGATIVE, 0),
		pageSize: checkParameter(ctx, options.pageSize, 0, 'Page Size', TRIGGER_PAGE_SIZE, 500),
		deadline: budgetMs !== undefined && budgetMs > 0 ? started + budgetMs * READ_SHARE_OF_BUDGET : Number.POSITIVE_INFINITY,
	};
}

/** One poll: read what is new since the stored state (or, for Fetch Test Event, the most recent record). */
async function pollOnce(run: PollRun): Promise<INodeExecutionData[][] | null> {
	const { ctx, filters } = run;
	const source = EVENTS[run.event];
	const records =
		source.kind === 'snapshot'
			? await pollSnapshot(run, source)
			: ctx.getMode() === 'manual'
				? await fetchTestEvent(run, source)
				: await pollWindow(run, source);
	const emit = filters.statuses?.length ? records.filter((r) => filters.statuses?.includes(statusWord(r.status))) : records;
	return emit.length ? [ctx.helpers.returnJsonArray(ctx.getMode() === 'manual' ? emit.slice(0, 1) : emit)] : null;
}

interface PollRun {
	ctx: IPollFunctions;
	event: EventName;
	filters: Filters;
	lookbackMs: number;
	startFromHours: number;
	pageSize: number;
	/** performance.now() by which reading stops */
	deadline: number;
}

/** The stored state of the trigger's events (never touched by Fetch Test Event). */
const storeOf = (ctx: IPollFunctions) => ctx.getWorkflowStaticData('node') as { events?: Record<string, unknown> };

/**
 * The stored state of the Event polled, when this version can read it (else undefined, with a warning in n8n's log).
 * The other Events' states are dropped when the poll stores its own (storeState): an Event switched away from and back
 * to starts as on activation (remembers, emits nothing, or Start From), not from a position days old, every record of
 * those days new to it. The Event's own
 * state is kept however long ago the last poll was: a workflow deactivated and reactivated carries on where it stopped.
 */
function ownState(run: PollRun): EventState | undefined {
	const stored = storeOf(run.ctx).events?.[run.event];
	const state = storedState(stored);
	if (stored !== undefined && !state) {
		// n8n keeps static data across deactivation: without this, such a state would fail every poll for good
		run.ctx.logger.warn(
			`${run.ctx.getNode().name}: the stored position of "${run.event}" is not one this version can read; it starts again as on activation`,
		);
	}
	return state;
}

/** Stores the Event's next state, the only one kept. */
const storeState = (run: PollRun, next: EventState) => {
	storeOf(run.ctx).events = { [run.event]: next };
};

/**
 * Where each trigger node's seed is recorded in the workflow's global static data (see SeedRecord), by node id: two
 * trigger nodes of one workflow keep theirs apart.
 */
const SEEDS_KEY = 'wineFulfillmentTriggerSeeds';

/** The node's key among the recorded seeds: its id (its name where an old workflow's node has none) */
const seedKey = (ctx: IPollFunctions) => {
	const node = ctx.getNode();
	return node.id || node.name;
};

/** The recorded seeds of the workflow's trigger nodes, when the global static data holds such an object */
function recordedSeeds(ctx: IPollFunctions): IDataObject | undefined {
	const seeds = ctx.getWorkflowStaticData('global')[SEEDS_KEY];
	return typeof seeds === 'object' && seeds !== null && !Array.isArray(seeds) ? (seeds as IDataObject) : undefined;
}

/**
 * The seed this node recorded, for a poll that finds no state of its Event: the poll goes on from it as from a stored state when it was read for the same Event under the same filters within the last 24 hours
 * (seedToTake). n8n 2.x's durable poll cursors throw away the activation poll's node static data when it emits nothing.
 */
const seedOfNode = (run: PollRun, query: string): EventState | undefined =>
	seedToTake(recordedSeeds(run.ctx)?.[seedKey(run.ctx)], run.event, query, Date.now());

/**
 * After a poll's state is stored: a poll that started without one (it seeded, or began Start From's backfill) records it
 * as the node's seed (replacing the node's earlier one); one that went
 * on from a stored state of its own removes the node's seed, which then is of no more use. A poll that went on from the
 * seed leaves it: should n8n not keep that poll's state after all, the next poll takes it again. The seeds object is
 * replaced through the static data's own object, so that n8n sees the change.
 */
function keepSeed(run: PollRun, next: EventState, how: 'seeded' | 'fromSeed' | 'fromOwnState', query: string): void {
	if (how === 'fromSeed') return;
	const key = seedKey(run.ctx);
	const seeds = recordedSeeds(run.ctx);
	if (how === 'fromOwnState' && !(seeds && key in seeds)) return;
	const { [key]: _earlier, ...others } = seeds ?? {};
	const record: SeedRecord = { event: run.event, query, at: new Date(Date.now()).toISOString(), state: JSON.parse(JSON.stringify(next)) as EventState };
	const kept: IDataObject = how === 'seeded' ? { ...others, [key]: record as unknown as IDataObject } : others;
	const global = run.ctx.getWorkflowStaticData('global');
	if (Object.keys(kept).length) global[SEEDS_KEY] = kept;
	else delete global[SEEDS_KEY];
}

/** Orders on hold: the whole list each poll; what was not in the last one is new. */
async function pollSnapshot(run: PollRun, source: SnapshotEvent): Promise<IDataObject[]> {
	if (run.ctx.getMode() === 'manual') return (await source.fetch(run.ctx)).map((c) => c.record).reverse();
	const signature = JSON.stringify(run.filters);
	const own = ownState(run);
	const prior = own ?? seedOfNode(run, signature);
	const candidates = await source.fetch(run.ctx);
	const now = Date.now();
	const next: EventState = { cursor: isoSecond(now), seen: Object.fromEntries(candidates.map((c) => [c.key, now])) };
	storeState(run, next);
	keepSeed(run, next, own ? 'fromOwnState' : prior ? 'fromSeed' : 'seeded', signature);
	return prior ? unseen(candidates, prior.seen, source.groupOf).map((c) => c.record) : [];
}

const readFrom = (run: PollRun, query: WindowQuery, from: number, localNow: number, more: Partial<ReadOptions> = {}) =>
	readWindow(run.ctx, query, from, localNow + FUTURE_HORIZON_MS, {
		pageSize: run.pageSize,
		deadline: run.deadline,
		presentHint: localNow,
		...more,
	});

/**
 * Where a span back from the provider's present starts from (Start From, Fetch Test Event's look back): its clock (the
 * answer's Date), where that is less than a day from ours (further off, it is a server clock not set, not the
 * provider's), kept between its latest activity and our clock: a Date ahead of both (a front server's clock, the
 * provider's records on ours) would put the span in the future and lose what happens before it; one behind both would
 * emit what the provider's records show happened before the span. Where it reports no activity (returns), only our
 * clock bounds it. Otherwise its latest activity, no later than our clock: that is the present of an account in use
 * only (on one quiet for hours it is hours old), and it follows one activity recorded in the future (a mistyped scan
 * time) as it follows a provider clock ahead of ours, so it counts no further than our clock (windowStart reads the
 * cursor the same way). Neither told: CLOCK_MARGIN_MS behind our clock.
 */
const backFrom = ({ activity, clock }: ProviderPresent, localNow: number) => {
	if (clock === undefined || !(Math.abs(clock - localNow) < DAY)) return Math.min(activity ?? localNow - CLOCK_MARGIN_MS, localNow);
	const lowest = activity === undefined ? clock : Math.min(activity, localNow);
	return Math.min(Math.max(clock, lowest), Math.max(activity ?? localNow, localNow));
};

/**
 * Fetch Test Event: the most recent records, newest first, widening the look back step by step. Each span is read
 * newest part first (readNewest), so that a busy account and a slow provider still give the most recent record within
 * the poll's budget. It stores nothing.
 */
async function fetchTestEvent(run: PollRun, source: WindowedEvent): Promise<IDataObject[]> {
	const localNow = Date.now();
	const query = source.query(run.filters, run.ctx.getTimezone());
	// the look back need not start exactly: without a time of its own in the answers (returns), our clock is asked nothing
	const present = backFrom(await source.present(run.ctx, run.filters, localNow, false), localNow);
	const statuses = run.filters.statuses;
	const wanted = (c: Candidate) => !statuses?.length || statuses.includes(statusWord(c.record.status));
	// it looks for the latest record this far back, widening step by step
	for (const span of [HOUR, DAY, 7 * DAY]) {
		const found = await readNewest(run.ctx, query, present - span, localNow + FUTURE_HORIZON_MS, {
			pageSize: run.pageSize,
			deadline: run.deadline,
			presentHint: localNow,
			wanted,
		});
		if (found.length) return found.sort((a, b) => (b.at ?? 0) - (a.at ?? 0)).map((c) => c.record);
		if (!(performance.now() < run.deadline)) break;
	}
	return [];
}

/** A poll of a windowed event: read the window after the stored cursor, emit what is new, store the next state. */
async function pollWindow(run: PollRun, source: WindowedEvent): Promise<IDataObject[]> {
	const localNow = Date.now();
	const query = source.query(run.filters, run.ctx.getTimezone());
	const signature = JSON.stringify(run.filters);
	const own = ownState(run);
	// no state of its own: the seed of the activation poll, where n8n did not keep that poll's state
	const fromSeed = own ? undefined : seedOfNode(run, signature);
	let state = own ?? fromSeed;
	let seed = false;
	if (!state) {
		const told = await source.present(run.ctx, run.filters, localNow, run.startFromHours > 0);
		if (run.startFromHours > 0) {
			const from = isoSecond(backFrom(told, localNow) - run.startFromHours * HOUR);
			state = { cursor: from, floor: from, seen: {} };
		} else {
			// First poll: remember what is already there (one lookback window), emit nothing.
			seed = true;
			state = { cursor: isoSecond(told.activity ?? localNow - CLOCK_MARGIN_MS), seen: {} };
		}
	}

	// a cursor ahead of our clock (earlier versions followed a record stamped in the future, or a provider clock ahead, or
	// our clock went back) is brought back; where its seen keys start is then no longer known: the window is read as new
	if (Date.parse(state.cursor) > localNow + CURSOR_AHEAD_LIMIT_MS) {
		const { coveredFrom: _dropped, ...rest } = state;
		state = { ...rest, cursor: isoSecond(localNow), behind: true };
	}
	const start = windowStart(state, run.lookbackMs, localNow);
	// The first poll of a status event (activation, or Start From) also reads, with the poll's budget left, the activity
	// of the status memory before its window: a package on its way is remembered there, not emitted, so that a later
	// activity that changes no status (a carrier scan) emits nothing. Its status is known from its last activity only.
	// So does the first poll after the filters changed (a state stored under others, bug hunt 42): the packages the new
	// filters bring in are remembered as on activation, and the stored keys kept for the packages both filters cover.
	const filtersChanged = own !== undefined && own.query !== undefined && own.query !== signature;
	const memoryFrom =
		((!own && !fromSeed) || filtersChanged) && source.field === 'activity' ? Date.parse(state.cursor) - STATUS_MEMORY_MS : undefined;
	// with Start From its window is emitted (a backfill); the part read before it is marked as before what the stored keys
	// cover (coveredFrom), so that advance remembers it and emits none of it, as it does at activation
	if (memoryFrom !== undefined && !seed) state = { ...state, coveredFrom: isoSecond(start), query: signature };
	const covered = seed ? undefined : coveredFrom(state, signature);
	const remembered = seed ? undefined : rememberedPart(state, run.lookbackMs, source.field, signature, localNow);
	const progressPast = Date.parse(state.cursor);
	const { read, readFrom: from } =
		// Stryker disable next-line ConditionalExpression: a memory starting after the window (Start From further back) gives readBefore an empty part before, which reads nothing (test: statusMemoryAtActivation)
		memoryFrom !== undefined && memoryFrom < start
			? await readBefore(run, query, memoryFrom, start, localNow, progressPast)
			: // a longer window than the seen keys cover: an activity window reads the part before them apart (see readBefore)
				source.field === 'activity' && covered !== undefined && start < covered
				? await readBefore(run, query, start, covered, localNow, progressPast)
				: { read: await readFrom(run, query, start, localNow, { remembered, progressPast }), readFrom: undefined };
	// Every request of the read succeeded: only now does the stored state move, with what is emitted.
	const outcome = advance(state, read, { field: source.field, query: signature, lookbackMs: run.lookbackMs, localNow, seed, readFrom: from });
	storeState(run, outcome.next);
	// the activation poll's state, seeded or at the start of Start From's backfill, is recorded: n8n 2.x throws away
	// that poll's node static data when it emits nothing
	if (!own && !fromSeed) keepSeed(run, outcome.next, 'seeded', signature);
	else if (own) keepSeed(run, outcome.next, 'fromOwnState', signature);
	return outcome.emit;
}

/**
 * An activity window that starts before the seen keys cover (`covered`: the Late Reports Window was made longer):
 * a package's activity is known only to be at most the end of the request it was read by, so the part before
 * `covered` is read by itself (its packages are remembered, not emitted: see advance). The rest is read first, as
 * usual; the part before only with the poll's budget left, its answers moving nothing (the cursor follows the rest).
 * `readFrom` is `covered` when the part before it was not read whole.
 */
async function readBefore(
	run: PollRun,
	query: WindowQuery,
	start: number,
	covered: number,
	localNow: number,
	progressPast: number,
): Promise<{ read: WindowRead; readFrom: number | undefined }> {
	const rest = await readFrom(run, query, covered, localNow, { progressPast });
	const last = covered - SECOND;
	if (!(performance.now() < run.deadline)) return { read: rest, readFrom: covered };
	const before = await readWindow(run.ctx, query, start, last, {
		pageSize: run.pageSize,
		deadline: run.deadline,
		presentHint: localNow,
		progressPast: Number.NEGATIVE_INFINITY,
	});
	// the rest's read with the part before's packages added (nothing after the read counts its requests)
	const read: WindowRead = { ...rest, candidates: [...before.candidates, ...rest.candidates] };
	return { read, readFrom: before.through >= last ? undefined : covered };
}
