import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { LOCATION_CARRIERS, LOCATION_RECORDS, MAX_LOCATIONS_TOP, carrierLocationsRequest } from '../../wire/commerce';
import { ENDPOINTS } from '../../wire/endpoints';
import { locationRecordKey } from '../../wire/recordKeys';
import { DEFAULT_CARRIER, carrierOptions } from '../../wire/labels';
import { additionalJsonProperty, compact, validateBody, withAdditionalJson } from '../common';
import { prepareQuery, queryProperties } from '../query';
import { toWire } from '../wireNames';
import { withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['address'], operation: ['getCarrierLocations'] };

const properties: INodeProperties[] = [
	{
		displayName: 'Carrier',
		name: 'shippingCarrier',
		type: 'options',
		required: true,
		default: DEFAULT_CARRIER,
		options: carrierOptions(LOCATION_CARRIERS),
		description: 'Whose pickup locations to list',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Where to look: a city and state, a ZIP code with a search radius, or a latitude/longitude pair with a search radius',
		options: [
			{ displayName: 'City', name: 'city', type: 'string', default: '', placeholder: 'e.g. Napa' },
			{
				displayName: 'Latitude',
				name: 'latitude',
				type: 'number',
				typeOptions: { minValue: -90, maxValue: 90, numberPrecision: 6 },
				default: 0,
				description: 'Center of the search, -90 to 90 (needs Longitude)',
			},
			{
				displayName: 'Longitude',
				name: 'longitude',
				type: 'number',
				typeOptions: { minValue: -180, maxValue: 180, numberPrecision: 6 },
				default: 0,
				description: 'Center of the search, -180 to 180 (needs Latitude)',
			},
			{
				displayName: 'Search Radius (Miles)',
				name: 'searchRadius',
				type: 'number',
				// the radius must be more than 0 (wire/commerce): a tenth of a mile is the least the editor offers
				typeOptions: { minValue: 0.1 },
				default: 10,
				description: 'How far from the ZIP code or the latitude/longitude to look',
			},
			{ displayName: 'State', name: 'state', type: 'string', default: '', placeholder: 'e.g. CA', description: 'Two-letter state code' },
			{ displayName: 'ZIP Code', name: 'zipCode', type: 'string', default: '', placeholder: 'e.g. 94558' },
		],
	},
	...queryProperties(MAX_LOCATIONS_TOP),
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

const labels = {
	ShippingCarrier: 'Carrier',
	City: 'City',
	State: 'State',
	ZipCode: 'ZIP Code',
	SearchRadius: 'Search Radius (Miles)',
	Latitude: 'Latitude',
	Longitude: 'Longitude',
};

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const filters = toWire(nodeParameter(this, 'filters', itemIndex, {}) as IDataObject);
	const body = validateBody(
		this,
		carrierLocationsRequest,
		withAdditionalJson(
			this,
			compact({ ShippingCarrier: nodeParameter(this, 'shippingCarrier', itemIndex) as string, ...filters }),
			itemIndex,
		),
		labels,
		itemIndex,
	);
	return prepareQuery.call(
		this,
		{
			endpoint: ENDPOINTS.getCarrierLocations,
			body: body as IDataObject,
			style: 'skipTop',
			recordsKey: LOCATION_RECORDS,
			maxPageSize: MAX_LOCATIONS_TOP,
			recordKey: locationRecordKey,
		},
		itemIndex,
	);
}
