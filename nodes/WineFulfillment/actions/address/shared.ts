// The address parameters Validate shares with other address forms, and their wire shape.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../common';
import { contactFields, contactLabels } from '../panel';
import { zipCodeInput } from '../../wire/values';
import { invalidField, readParameter, readText } from '../parameters';

/** The address fields (panel.ts contactFields): Address Line 1 required, Country US unless changed. */
export const addressProperties: INodeProperties[] = contactFields({
	members: ['Address', 'Address2', 'City', 'State', 'ZipCode', 'Country'],
	names: { Address: 'addressLine1', Address2: 'addressLine2' },
	required: ['Address'],
	defaults: { Country: 'US' },
});

/** The address fields' display names by parameter name, for the readers' refusals. */
const FIELD_NAMES = Object.fromEntries(addressProperties.map((p) => [p.name, p.displayName]));

/**
 * StreetLines from Address Line 1 and 2, then City, State, ZipCode, Country: only what is set. Each is text (a number
 * from a sheet is sent as text; a ZIP code's as values.ts zipCode restores it); an object or a list is refused, never
 * sent as "[object Object]".
 */
export function readAddress(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const text = (name: string) => readText(ctx, name, itemIndex, FIELD_NAMES[name]);
	const [line1, line2] = [text('addressLine1'), text('addressLine2')];
	// line 2 alone would go out as the street line (an "Apt 5" with no street)
	if (!line1 && line2) throw invalidField(ctx, FIELD_NAMES.addressLine1, `is required when ${FIELD_NAMES.addressLine2} is set`, itemIndex);
	return compact({
		StreetLines: [line1, line2].filter(Boolean),
		City: text('city'),
		State: text('state'),
		ZipCode: readParameter(ctx, 'zipCode', itemIndex, FIELD_NAMES.zipCode, zipCodeInput, ''),
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
