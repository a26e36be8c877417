import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toList } from './actions/common';
import { advance, type EventState } from './trigger/cursor';
import { EVENTS, type EventName, type Filters } from './trigger/events';
import { CARRIERS, WAREHOUSES } from './wire/common';
import { PACKAGE_STATUSES } from './wire/tracking';

const DAY_MS = 24 * 60 * 60 * 1000;

interface TriggerOptions {
	startFromHours?: number;
	overlapMinutes?: number;
	pageSize?: number;
}

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
		credentials: [{ name: 'wineFulfillmentApi', required: true }],
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
				placeholder: 'Add filter',
				default: {},
				options: [
					{
						displayName: 'Carrier',
						name: 'carrier',
						type: 'options',
						default: 'UPS',
						options: [...CARRIERS].sort().map((c) => ({ name: c, value: c })),
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
						options: PACKAGE_STATUSES.map((s) => ({ name: s, value: s })),
						description: 'Only changes to these statuses, e.g. DELIVERED',
						displayOptions: { show: { '/event': ['packageStatusChanged'] } },
					},
					{
						displayName: 'Warehouse',
						name: 'warehouse',
						type: 'options',
						default: 'APC01',
						options: WAREHOUSES.map((w) => ({ name: w, value: w })),
						description: 'Only returns received at this warehouse',
						displayOptions: { show: { '/event': ['newReturn'] } },
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Overlap (Minutes)',
						name: 'overlapMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 15,
						description:
							'Each poll looks this far back before the last one, so records the provider reports late are not missed; duplicates are dropped',
					},
					{
						displayName: 'Page Size',
						name: 'pageSize',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 500 },
						default: 500,
						description: 'Records asked for per request',
					},
					{
						displayName: 'Start From (Hours Back)',
						name: 'startFromHours',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 0,
						description:
							'On activation, also emit what happened this many hours before. 0 starts from now: the first poll only remembers where it stands.',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as EventName;
		const rawFilters = this.getNodeParameter('filters', {}) as IDataObject;
		const filters: Filters = {
			carrier: rawFilters.carrier as string | undefined,
			orderNumbers: toList(rawFilters.orderNumbers),
			warehouse: rawFilters.warehouse as string | undefined,
			statuses: toList(rawFilters.statuses),
		};
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const overlapMs = Math.max(0, options.overlapMinutes ?? 15) * 60_000;
		const pageSize = Math.max(1, options.pageSize ?? 500);
		const source = EVENTS[event];
		const localNow = Date.now();
		const keep = (records: IDataObject[]) =>
			filters.statuses?.length ? records.filter((r) => filters.statuses?.includes(String(r.status))) : records;

		// Fetch Test Event: the most recent record of the last week; the stored state is not touched.
		if (this.getMode() === 'manual') {
			const now = (await source.providerNow(this, filters)) ?? localNow;
			const { candidates } = await source.fetch(this, now - 7 * DAY_MS, Math.max(now, localNow) + DAY_MS, filters, pageSize);
			const latest = keep(
				[...candidates].sort((a, b) => (a.at ?? 0) - (b.at ?? 0)).map((c) => c.record),
			).slice(-1);
			return latest.length ? [this.helpers.returnJsonArray(latest)] : null;
		}

		const store = this.getWorkflowStaticData('node') as { events?: Record<string, EventState> };
		let state = store.events?.[event];
		if (!state) {
			const now = (await source.providerNow(this, filters)) ?? localNow;
			const hours = Math.max(0, options.startFromHours ?? 0);
			if (hours === 0) {
				// First poll: remember what is already there, emit nothing.
				const { candidates } = await source.fetch(this, now - overlapMs, Math.max(now, localNow) + DAY_MS, filters, pageSize);
				const seeded = advance({ cursor: new Date(now).toISOString(), seen: {} }, candidates, now, Number.POSITIVE_INFINITY, overlapMs);
				store.events = { ...store.events, [event]: seeded.next };
				return null;
			}
			state = { cursor: new Date(now - hours * 3_600_000).toISOString(), seen: {} };
		}

		const cursor = Date.parse(state.cursor);
		const windowStart = cursor - overlapMs;
		const { candidates, providerTime } = await source.fetch(this, windowStart, Math.max(cursor, localNow) + DAY_MS, filters, pageSize);
		// Every page arrived: only now does the stored state move.
		const outcome = advance(state, candidates, providerTime, windowStart, overlapMs);
		const next: EventState = source.snapshot
			? { cursor: new Date(localNow).toISOString(), seen: Object.fromEntries(candidates.map((c) => [c.key, localNow])) }
			: outcome.next;
		store.events = { ...store.events, [event]: next };
		const emit = keep(outcome.emit);
		return emit.length ? [this.helpers.returnJsonArray(emit)] : null;
	}
}
