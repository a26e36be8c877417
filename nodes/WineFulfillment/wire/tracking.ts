// Tracking wire schemas and readers (docs/interface.md "Tracking").
import type { IDataObject } from 'n8n-workflow';
import { DateTime } from 'luxon';
import defaults from 'lodash/defaults';
import { z } from 'zod';

import { MAX_CLIENT_REFERENCE_LENGTH, streetAddress } from './commerce';
import { CARRIERS, limitedList, onFirstUse } from './common';
import { US_DATE_TIME, dateOrRule, endOrRule, readDate, usDate, usDateTimeRange } from './dates';
import { enumOf, identifier, preview } from './values';

/** Package Status values (field notes). */
export const PACKAGE_STATUSES = [
	'RECEIVED',
	'SHIPPED',
	'READY FOR PICKUP',
	'IN TRANSIT',
	'DELIVERED',
	'EXCEPTION',
	'CANCELED',
	'DELIVERED TO SHIPPER',
	'RETURNED',
] as const;

/**
 * A package status as the node compares it, the user's and the provider's alike: trimmed, in capitals, single spaces
 * ("Delivered", "DELIVERED ", "in  transit" → DELIVERED, IN TRANSIT); none (null, missing) is ''.
 */
export function statusWord(value: unknown): string {
	return String(value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Member of the GetPackages answer that holds the records. */
export const PACKAGE_RECORDS = 'Packages';

/** Largest GetPackages page the node asks for (the interface states no bound; GetStatus's 2500 is not assumed). */
export const MAX_PACKAGES_TOP = 500;

/** Order numbers one GetPackages request may filter on. */
export const MAX_ORDER_NUMBERS = 100;

/**
 * Every GetPackages request carries ShipDateRange and/or LastActivityDateRange (field notes). With
 * neither set, Get Packages asks for the packages with activity in this many days up to now.
 */
export const DEFAULT_ACTIVITY_DAYS = 30;

/** A range member from two instants (epoch ms): whole seconds in UTC, both ends included. */
export function rangeText(from: number, to: number): string {
	const at = (ms: number) => DateTime.fromMillis(Math.floor(ms / 1000) * 1000, { zone: 'utc' });
	return usDateTimeRange(at(from), at(to));
}

/**
 * OrderNo of GetDetails: an identifier of 5 to 50 characters (field notes "Authentication shapes"); missing or null reads
 * as empty, so the refusal is the length rule's.
 */
export const orderNo = z.preprocess((v) => v ?? '', identifier(50, 5));

/** POST /api/Tracking/GetDetails body (the credentials travel in AuthenticationDetails). */
export const getDetailsRequest = onFirstUse(() => z.object({ OrderNo: orderNo }).passthrough());

const RANGE_RULE = {
	both: 'is required: a range needs both a From and a To date',
	text: 'must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss',
	order: 'From must not be later than To',
	toBeforeFrom: 'must not be before the From date',
};

/**
 * A date range from two pickers ({from, to}), sent as "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss"
 * in UTC. A To that names a day (a picked day, 2026-01-04 from a sheet) means through that day: its 23:59:59 in the
 * zone it is read in (`endOrRule`). A missing, unreadable or early end is refused at its own path (`from` or `to`),
 * so the refusal names that end and what it was given. Text already in the wire form (from an expression or the JSON
 * escape hatch) is kept as given once both ends are real dates and times, the first not after the second.
 */
export const dateTimeRange = z.unknown().transform((value, ctx) => {
	const fail = (message: string, end?: 'from' | 'to') => {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: end === undefined ? [] : [end] });
		return z.NEVER;
	};
	if (typeof value === 'string') {
		const text = value.trim();
		const ends = text.split(' - ').map((end) => DateTime.fromFormat(end, US_DATE_TIME, { zone: 'utc' }));
		if (ends.length !== 2 || !ends[0].isValid || !ends[1].isValid) return fail(RANGE_RULE.text);
		return ends[0] > ends[1] ? fail(RANGE_RULE.order) : text;
	}
	// anything else than the wire text or a pair of ends (a number or a list from the JSON escape hatch) is no range
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(RANGE_RULE.text);
	const range = value as { from?: unknown; to?: unknown };
	if (range.from === undefined) return fail(RANGE_RULE.both, 'from');
	if (range.to === undefined) return fail(RANGE_RULE.both, 'to');
	const [from, to] = [dateOrRule(range.from), endOrRule(range.to)];
	if (typeof from === 'string') return fail(from, 'from');
	if (typeof to === 'string') return fail(to, 'to');
	if (from > to) return fail(RANGE_RULE.toBeforeFrom, 'to');
	return usDateTimeRange(from.toUTC(), to.toUTC());
});

/** POST /api/Tracking/GetPackages filters (paging members are added per page). */
export const getPackagesRequest = onFirstUse(() =>
	z
		.object({
			ShipDateRange: dateTimeRange.optional(),
			LastActivityDateRange: dateTimeRange.optional(),
			ShippingCarrier: enumOf(CARRIERS).optional(),
			OrderNumbers: limitedList(MAX_ORDER_NUMBERS, 'order number').optional(),
		})
		.passthrough()
);

/**
 * LatestActivityTimestamp of a GetPackages answer. One copy of the documentation prints the member
 * with a leading space (" LatestActivityTimestamp"): both spellings are read.
 */
export function latestActivityTimestamp(body: unknown): string | undefined {
	// An answer that is not an object (none, text, a number) holds neither member: the look-ups below find nothing in it.
	const record = (body ?? {}) as IDataObject;
	const key = ['LatestActivityTimestamp', ' LatestActivityTimestamp'].find((k) => record[k] != null)
		?? Object.keys(record).find((k) => k.trim() === 'LatestActivityTimestamp' && record[k] != null);
	return key === undefined ? undefined : String(record[key]);
}

/** Members that make an object one GetDetails package record (field notes). */
export const DETAIL_MEMBERS = ['TrackingNo', 'OrderNumber'];

/**
 * The package records of a GetDetails answer: an array, or an object holding `Packages` (a list, or null for none) or
 * one record (it holds a DETAIL_MEMBERS member); undefined for anything else, an error object answered with 200 say.
 */
export function detailRecords(body: unknown): IDataObject[] | undefined {
	if (Array.isArray(body)) return body as IDataObject[];
	if (!body || typeof body !== 'object') return undefined;
	const answer = body as IDataObject;
	const packages = answer[PACKAGE_RECORDS];
	if (Array.isArray(packages)) return packages as IDataObject[];
	if (packages === null) return [];
	return DETAIL_MEMBERS.some((member) => member in answer) ? [answer] : undefined;
}

/**
 * DeliveryEstimateRange: the interface does not document its members. The node sends
 * {StartDate, EndDate} as MM/DD/YYYY (a choice: Additional Fields (JSON) may add members beside them, or replace them,
 * DELIVERY_ESTIMATES_OURS).
 */
export const deliveryEstimateRange = onFirstUse(() =>
	z
		.object({ StartDate: usDate, EndDate: usDate })
		.passthrough()
		.superRefine((range, ctx) => {
			const [start, end] = [readDate(range.StartDate), readDate(range.EndDate)];
			// at the To end, so that the refusal names it and shows what it was given
			if (start && end && start > end) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['EndDate'], message: 'must not be before Ship Date From' });
		})
);

/** The members of GetDeliveryEstimates whose rules are ours (the range's members and their form): Additional Fields (JSON) may replace them. */
export const DELIVERY_ESTIMATES_OURS = [['DeliveryEstimateRange']] as const;

/** POST /api/Tracking/GetDeliveryEstimates body. */
export const getDeliveryEstimatesRequest = onFirstUse(() =>
	z
		.object({
			ClientReferenceCode: identifier(MAX_CLIENT_REFERENCE_LENGTH).optional(),
			DeliveryAddress: streetAddress,
			DeliveryEstimateRange: deliveryEstimateRange,
		})
		.passthrough()
);

const isRecord = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list member of the estimates as a list: one object in its place (a serialiser that writes a one-entry list as
 * its entry) is a list of one, absent or null an empty list; anything else (text, a number) undefined.
 */
function entriesOf(value: unknown): unknown[] | undefined {
	if (Array.isArray(value)) return value;
	if (isRecord(value)) return [value];
	return value === undefined || value === null ? [] : undefined;
}

/**
 * What is malformed in a GetDeliveryEstimates answer, in words ("DeliveryEstimateOptions entry 1 is null"): a
 * DeliveryEstimateOptions or ShippingOptions that is text or a number ("No service to this ZIP code"), or an entry of
 * either that is no object. Such an answer carries no estimate to output, and reading it as none would give fewer
 * carriers, or none, without notice. Undefined when nothing is.
 */
export function malformedEstimates(body: unknown): string | undefined {
	const given = (body as IDataObject | undefined)?.DeliveryEstimateOptions;
	const options = entriesOf(given);
	if (!options) return `DeliveryEstimateOptions is ${preview(given)}`;
	for (const [i, option] of options.entries()) {
		const entry = `DeliveryEstimateOptions entry ${i + 1}`;
		if (!isRecord(option)) return `${entry} is ${preview(option)}`;
		const services = entriesOf(option.ShippingOptions);
		if (!services) return `${entry}: ShippingOptions is ${preview(option.ShippingOptions)}`;
		const bad = services.findIndex((service) => !isRecord(service));
		if (bad !== -1) return `${entry}: ShippingOptions entry ${bad + 1} is ${preview(services[bad])}`;
	}
	return undefined;
}

/**
 * One record per carrier and service: each DeliveryEstimateOptions entry is repeated for each of
 * its ShippingOptions, the option's Carrier and Service beside its dates. A member a shipping option
 * gives itself (its own DeliveryDateEstimate, say) is the more specific one and is kept over the
 * estimate's of the same name. The answer is checked by `malformedEstimates` first.
 */
export function flattenEstimates(body: unknown): IDataObject[] {
	const options = (entriesOf((body as IDataObject | undefined)?.DeliveryEstimateOptions) ?? []) as IDataObject[];
	return options.flatMap(({ ShippingOptions, ...estimate }) => {
		const services = (entriesOf(ShippingOptions) ?? []) as IDataObject[];
		return services.length ? services.map((service) => defaults({ ...service }, estimate)) : [estimate];
	});
}
