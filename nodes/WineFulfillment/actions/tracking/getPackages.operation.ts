import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { CARRIERS } from '../../wire/common';
import { DEFAULT_CARRIER, carrierOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import { packageRecordKey } from '../../wire/recordKeys';
import {
	DEFAULT_ACTIVITY_DAYS,
	MAX_ORDER_NUMBERS,
	MAX_PACKAGES_TOP,
	PACKAGE_RECORDS,
	getPackagesRequest,
	rangeText,
} from '../../wire/tracking';
import { simplePackage } from '../../wire/simplify';
import { additionalJsonProperty, compact, orDefault, validateBody, withAdditionalJson } from '../common';
import { prepareQuery, queryProperties } from '../query';
import { simplifier, simplifyProperty } from '../simplify';
import { withOptions, type Send } from '../operation';
import { nodeParameter, readList } from '../parameters';

const show = { resource: ['tracking'], operation: ['getPackages'] };

const properties: INodeProperties[] = [
	{
		displayName: `With no Ship Date or Last Activity range set, the packages with activity in the last ${DEFAULT_ACTIVITY_DAYS} days are returned (the provider requires a range)`,
		name: 'rangeNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Carrier',
				name: 'shippingCarrier',
				type: 'options',
				default: DEFAULT_CARRIER,
				options: carrierOptions(CARRIERS),
				description: 'Only packages shipped with this carrier',
			},
			{
				displayName: 'Last Activity From',
				name: 'lastActivityFrom',
				type: 'dateTime',
				default: '',
				description: 'Start of the last-activity range (needs Last Activity To). Sent in UTC.',
			},
			{
				displayName: 'Last Activity To',
				name: 'lastActivityTo',
				type: 'dateTime',
				default: '',
				description:
					"End of the last-activity range (needs Last Activity From), included. Sent in UTC. A day (picked with its time left at 00:00:00, or given as 2026-01-04 or 01/04/2026) means through the end of that day: 23:59:59 in the workflow's time zone. A time of day, an offset (Z, +02:00) or an expression's DateTime is taken as that moment.",
			},
			{
				displayName: 'Order Numbers',
				name: 'orderNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. SO-000123, SO-000124',
				description: `Up to ${MAX_ORDER_NUMBERS} order numbers, separated by commas, or an expression returning a list`,
			},
			{
				displayName: 'Ship Date From',
				name: 'shipDateFrom',
				type: 'dateTime',
				default: '',
				description: 'Start of the ship-date range (needs Ship Date To). Sent in UTC.',
			},
			{
				displayName: 'Ship Date To',
				name: 'shipDateTo',
				type: 'dateTime',
				default: '',
				description:
					"End of the ship-date range (needs Ship Date From), included. Sent in UTC. A day (picked with its time left at 00:00:00, or given as 2026-01-04 or 01/04/2026) means through the end of that day: 23:59:59 in the workflow's time zone. A time of day, an offset (Z, +02:00) or an expression's DateTime is taken as that moment.",
			},
		],
	},
	simplifyProperty,
	...queryProperties(MAX_PACKAGES_TOP),
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	ShipDateRange: 'Ship Date From/To',
	'ShipDateRange.from': 'Ship Date From',
	'ShipDateRange.to': 'Ship Date To',
	LastActivityDateRange: 'Last Activity From/To',
	'LastActivityDateRange.from': 'Last Activity From',
	'LastActivityDateRange.to': 'Last Activity To',
	ShippingCarrier: 'Carrier',
	OrderNumbers: 'Order Numbers',
};

/** A picker pair as the wire schema reads it; absent when neither end is set (an end of blanks is not set). */
function range(from: unknown, to: unknown): IDataObject | undefined {
	const set = (v: unknown) => orDefault(v, undefined) as IDataObject[string];
	return set(from) === undefined && set(to) === undefined ? undefined : { from: set(from), to: set(to) };
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const f = nodeParameter(this, 'filters', itemIndex, {}) as IDataObject;
	const body = validateBody(
		this,
		getPackagesRequest,
		withAdditionalJson(
			this,
			compact({
				ShipDateRange: range(f.shipDateFrom, f.shipDateTo),
				LastActivityDateRange: range(f.lastActivityFrom, f.lastActivityTo),
				ShippingCarrier: f.shippingCarrier as string | undefined,
				OrderNumbers: readList(this, f.orderNumbers, itemIndex, 'Order Numbers'),
			}),
			itemIndex,
		),
		labels,
		itemIndex,
	) as IDataObject;
	if (body.ShipDateRange === undefined && body.LastActivityDateRange === undefined) {
		// every GetPackages carries a range (field notes); one day past our clock covers a provider clock ahead of it
		const now = DateTime.utc();
		body.LastActivityDateRange = rangeText(now.minus({ days: DEFAULT_ACTIVITY_DAYS }).toMillis(), now.plus({ days: 1 }).toMillis());
	}
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getPackages,
			body,
			style: 'skipTop',
			recordsKey: PACKAGE_RECORDS,
			maxPageSize: MAX_PACKAGES_TOP,
			shape: simplifier(this, itemIndex, simplePackage),
			recordKey: packageRecordKey,
		},
		itemIndex,
	);
}
