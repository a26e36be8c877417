// The polling trigger's events: what each one asks the provider for, its record keys and times, and its output item.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { paginatePages } from '../transport/pagination';
import { apiRequest } from '../transport/request';
import { ENDPOINTS, type Endpoint } from '../wire/endpoints';
import { readDate, usDateTimeRange } from '../wire/dates';
import { RETURNS_MAX_TOP, RETURNS_RECORDS } from '../wire/salesOrder';
import { MAX_PACKAGES_TOP, PACKAGE_RECORDS, latestActivityTimestamp } from '../wire/tracking';
import type { Candidate } from './cursor';

export type EventName = 'newPackage' | 'packageStatusChanged' | 'orderOnHold' | 'newReturn';

export interface Filters {
	carrier?: string;
	orderNumbers?: string[];
	warehouse?: string;
	statuses?: string[];
}

export interface Fetched {
	candidates: Candidate[];
	/** the provider's own notion of "latest", preferred to the local clock */
	providerTime?: number;
}

export interface EventSource {
	/** records whose event falls in [from, to] */
	fetch(ctx: IPollFunctions, from: number, to: number, filters: Filters, pageSize: number): Promise<Fetched>;
	/** the provider's latest time, cheaply; undefined where the operation reports none */
	providerNow(ctx: IPollFunctions, filters: Filters): Promise<number | undefined>;
	/** every poll sees the whole current list (orders on hold): keys not in it are forgotten */
	snapshot?: boolean;
}

const ms = (value: unknown): number | undefined => readDate(value)?.toMillis();
const DAY_MS = 24 * 60 * 60 * 1000;

async function allPages(
	ctx: IPollFunctions,
	endpoint: Endpoint,
	body: IDataObject,
	recordsKey: string,
	pageSize: number,
): Promise<{ records: IDataObject[]; pages: IDataObject[] }> {
	const records: IDataObject[] = [];
	const pages: IDataObject[] = [];
	for await (const page of paginatePages({
		style: 'skipTop',
		pageSize,
		recordsKey,
		fetchPage: async (paging) => (await apiRequest.call(ctx, endpoint, { ...body, ...paging })).body as IDataObject,
	})) {
		pages.push(page.body);
		records.push(...page.records);
	}
	return { records, pages };
}

const range = (from: number, to: number) =>
	usDateTimeRange(DateTime.fromMillis(from, { zone: 'utc' }), DateTime.fromMillis(to, { zone: 'utc' }));

function packageFilters(filters: Filters): IDataObject {
	const body: IDataObject = {};
	if (filters.carrier) body.ShippingCarrier = filters.carrier;
	if (filters.orderNumbers?.length) body.OrderNumbers = filters.orderNumbers;
	return body;
}

function packagesSource(rangeMember: 'ShipDateRange' | 'LastActivityDateRange', candidate: (p: IDataObject) => Candidate): EventSource {
	return {
		async fetch(ctx, from, to, filters, pageSize) {
			const { records, pages } = await allPages(
				ctx,
				ENDPOINTS.getPackages,
				{ ...packageFilters(filters), [rangeMember]: range(from, to) },
				PACKAGE_RECORDS,
				Math.min(pageSize, MAX_PACKAGES_TOP),
			);
			return {
				candidates: records.map(candidate),
				providerTime: newest(pages.map((p) => ({ at: ms(latestActivityTimestamp(p)) }))),
			};
		},
		async providerNow(ctx, filters) {
			const page = await apiRequest.call(ctx, ENDPOINTS.getPackages, { ...packageFilters(filters), Skip: 0, Top: 1 });
			return ms(latestActivityTimestamp(page.body));
		},
	};
}

/** The fields a notification needs, next to the whole package. */
export function packageItem(p: IDataObject, event: EventName): IDataObject {
	const shipTo = (p.ShipTo ?? {}) as IDataObject;
	return {
		event,
		orderNumber: p.OrderNumber,
		trackingNumber: p.TrackingNo,
		trackingUrl: p.TrackingURL,
		carrier: p.Carrier,
		service: p.Service,
		status: p.Status,
		statusDescription: p.StatusDescription,
		shipDate: p.ShipDate,
		estimatedDeliveryDate: p.EstimatedDeliveryDate,
		shipToName: shipTo.Name ?? shipTo.Contact ?? null,
		shipToEmail: shipTo.EmailAddress ?? shipTo.Email ?? null,
		package: p,
	};
}

const trackingKey = (p: IDataObject) => String(p.TrackingNo ?? `${String(p.OrderNumber)}#${String(p.ShipDate)}`);

export const EVENTS: Record<EventName, EventSource> = {
	newPackage: packagesSource('ShipDateRange', (p) => ({
		key: trackingKey(p),
		at: ms(p.ShipDate),
		record: packageItem(p, 'newPackage'),
	})),
	packageStatusChanged: packagesSource('LastActivityDateRange', (p) => ({
		key: `${trackingKey(p)}|${String(p.Status)}`,
		at: ms(p.CarrierStatusTimestamp),
		record: packageItem(p, 'packageStatusChanged'),
	})),
	orderOnHold: {
		snapshot: true,
		async fetch(ctx) {
			const res = await apiRequest.call(ctx, ENDPOINTS.getOrdersOnHold, {}, { acceptStatuses: [404] });
			const orders = res.statusCode === 404 || !Array.isArray(res.body) ? [] : (res.body as IDataObject[]);
			return {
				candidates: orders.map((o) => ({
					key: `${String(o.OrderNo)}|${String(o.HoldReason ?? '')}`,
					at: undefined,
					record: { event: 'orderOnHold', orderNumber: o.OrderNo, holdReason: o.HoldReason, holdReasonDescription: o.HoldReasonDescription, order: o },
				})),
			};
		},
		async providerNow() {
			return undefined;
		},
	},
	newReturn: {
		async fetch(ctx, from, to, filters, pageSize) {
			const { records } = await allPages(
				ctx,
				ENDPOINTS.getReturns,
				returnFilters(filters, from, to),
				RETURNS_RECORDS,
				Math.min(pageSize, RETURNS_MAX_TOP),
			);
			const candidates = records.map((r) => ({
				key: String(r.RMANumber ?? `${String(r.OrderNo)}#${String(r.ReceivedDate)}`),
				at: ms(r.ReceivedDate),
				record: {
					event: 'newReturn',
					orderNumber: r.OrderNo,
					rmaNumber: r.RMANumber,
					returnStatus: r.ReturnStatus,
					returnReason: r.ReturnReason,
					customerEmail: r.EmailAddress ?? null,
					return: r,
				} as IDataObject,
			}));
			return { candidates, providerTime: newest(candidates) };
		},
		/** Returns carry no provider timestamp: the newest ReceivedDate stands in (last 30 days first, then all). */
		async providerNow(ctx, filters) {
			for (const from of [Date.now() - 30 * DAY_MS, undefined]) {
				const { records } = await allPages(ctx, ENDPOINTS.getReturns, returnFilters(filters, from), RETURNS_RECORDS, RETURNS_MAX_TOP);
				const latest = newest(records.map((r) => ({ at: ms(r.ReceivedDate) })));
				if (latest !== undefined) return latest;
			}
			return undefined;
		},
	},
};

function returnFilters(filters: Filters, from?: number, to?: number): IDataObject {
	const body: IDataObject = { IncludeTotalRecordCount: true };
	if (from !== undefined) body.StartTime = new Date(from).toISOString();
	if (to !== undefined) body.EndTime = new Date(to).toISOString();
	if (filters.orderNumbers?.length) body.OrderNumbers = filters.orderNumbers;
	if (filters.warehouse) body.Warehouse = filters.warehouse;
	return body;
}

function newest(records: Array<{ at: number | undefined }>): number | undefined {
	const times = records.map((r) => r.at).filter((t): t is number => t !== undefined);
	return times.length ? Math.max(...times) : undefined;
}
