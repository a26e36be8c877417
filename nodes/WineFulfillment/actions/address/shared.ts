// The address parameters Validate shares with other address forms, and their wire shape.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../common';
import { contactFields, contactLabels } from '../panel';
import { nodeParameter } from '../parameters';

/** The address fields (panel.ts contactFields): Address Line 1 required, Country US unless changed. */
export const addressProperties: INodeProperties[] = contactFields({
	members: ['Address', 'Address2', 'City', 'State', 'ZipCode', 'Country'],
	names: { Address: 'addressLine1', Address2: 'addressLine2' },
	required: ['Address'],
	defaults: { Country: 'US' },
});

/** StreetLines from Address Line 1 and 2, then City, State, ZipCode, Country: only what is set. */
export function readAddress(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const text = (name: string) => String(nodeParameter(ctx, name, itemIndex, '') ?? '').trim();
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
	const labels = contactLabels(['Address', 'City', 'State', 'ZipCode', 'Country']);
	return {
		[member]: 'Address',
		[`${member}.StreetLines`]: labels.Address,
		[`${member}.City`]: labels.City,
		[`${member}.State`]: labels.State,
		[`${member}.ZipCode`]: labels.ZipCode,
		[`${member}.Country`]: labels.Country,
	};
}
