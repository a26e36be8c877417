// The address parameters Validate shares with other address forms, and their wire shape.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../common';

export const addressProperties: INodeProperties[] = [
	{
		displayName: 'Address Line 1',
		name: 'addressLine1',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1200 Main Street',
	},
	{ displayName: 'Address Line 2', name: 'addressLine2', type: 'string', default: '', placeholder: 'e.g. Suite 200' },
	{ displayName: 'City', name: 'city', type: 'string', default: '', placeholder: 'e.g. Napa' },
	{ displayName: 'State', name: 'state', type: 'string', default: '', placeholder: 'e.g. CA', description: 'Two-letter state code' },
	{ displayName: 'ZIP Code', name: 'zipCode', type: 'string', default: '', placeholder: 'e.g. 94558' },
	{ displayName: 'Country', name: 'country', type: 'string', default: 'US', description: 'Two-letter country code' },
];

/** StreetLines from Address Line 1 and 2, then City, State, ZipCode, Country: only what is set. */
export function readAddress(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const text = (name: string) => String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	return compact({
		StreetLines: [text('addressLine1'), text('addressLine2')].filter(Boolean),
		City: text('city'),
		State: text('state'),
		ZipCode: text('zipCode'),
		Country: text('country'),
	});
}

/** Error labels for an address under the given wire member. */
export function addressLabels(member: string): Record<string, string> {
	return {
		[member]: 'Address',
		[`${member}.StreetLines`]: 'Address Line 1',
		[`${member}.City`]: 'City',
		[`${member}.State`]: 'State',
		[`${member}.ZipCode`]: 'ZIP Code',
		[`${member}.Country`]: 'Country',
	};
}
