// Panel parts every resource composes, so that one thing reads the same everywhere: the contact block (name,
// company, address, phone, e-mail), the items input and its table, and the names of shared identifiers.
import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { readChoice } from './parameters';
import { parameterName } from './wireNames';

// ---- identifiers ----

/** Display names of the identifiers several resources share. */
export const NAMES = {
	orderNumber: 'Order Number',
	customerReferenceNumber: 'Customer Reference Number',
	itemNumber: 'Item Number',
	quantity: 'Quantity',
	quantityUnit: 'Quantity Unit',
	items: 'Items',
	itemsJson: 'Items (JSON)',
	itemsInput: 'Items Input',
} as const;

// ---- the contact block ----

/** A contact's members in the order people fill them in, by their wire names (the parameters are named in camelCase). */
export const CONTACT_MEMBERS = [
	'FirstName',
	'LastName',
	'Company',
	'Address',
	'Address2',
	'City',
	'State',
	'ZipCode',
	'Country',
	'PhoneNumber',
	'EmailAddress',
] as const;

export type ContactMember = (typeof CONTACT_MEMBERS)[number];

interface ContactWords {
	displayName: string;
	description?: string;
	placeholder?: string;
}

/** How each member reads, wherever a contact or an address is asked for. */
const CONTACT_WORDS: Record<ContactMember, ContactWords> = {
	FirstName: { displayName: 'First Name' },
	LastName: { displayName: 'Last Name' },
	Company: { displayName: 'Company' },
	Address: { displayName: 'Address Line 1', description: 'Street and number', placeholder: 'e.g. 1200 Main Street' },
	Address2: { displayName: 'Address Line 2', description: 'Suite, unit or building', placeholder: 'e.g. Suite 200' },
	City: { displayName: 'City', placeholder: 'e.g. Napa' },
	State: { displayName: 'State', description: 'Two-letter state code', placeholder: 'e.g. CA' },
	ZipCode: { displayName: 'ZIP Code', placeholder: 'e.g. 94558' },
	Country: { displayName: 'Country', description: 'Two-letter country code', placeholder: 'e.g. US' },
	PhoneNumber: { displayName: 'Phone', placeholder: 'e.g. 707-555-0101' },
	EmailAddress: { displayName: 'Email', placeholder: 'name@email.com' },
};

/** The display name of each contact member, in the contact order (what the editor shows, and error messages name). */
export const CONTACT_DISPLAY_NAMES: readonly string[] = CONTACT_MEMBERS.map((m) => CONTACT_WORDS[m].displayName);

export interface ContactFieldsOptions {
	/** the members asked for (in any order: the block is always in the contact order); all by default */
	members?: readonly ContactMember[];
	/** parameter names that follow neither rule, kept as saved workflows have them */
	names?: Partial<Record<ContactMember, string>>;
	/** members the operation requires */
	required?: readonly ContactMember[];
	/** a description that says more than the shared one, e.g. whose address it is */
	descriptions?: Partial<Record<ContactMember, string>>;
	/** defaults other than '' */
	defaults?: Partial<Record<ContactMember, string>>;
	/** extra typeOptions of a member, e.g. rows */
	typeOptions?: Partial<Record<ContactMember, INodeProperties['typeOptions']>>;
}

/** The parameter name of a contact member under the given options: its camelCase name (wireNames.ts) unless renamed. */
export function contactParameterName(member: ContactMember, options: ContactFieldsOptions = {}): string {
	return options.names?.[member] ?? parameterName(member);
}

/**
 * The contact fields of an operation, in the contact order (first name, last name, company, address lines, city,
 * state, ZIP code, country, phone, e-mail) with the same names everywhere. In a collection they keep this order
 * rather than the alphabetical one n8n's lint asks of collection fields (node-param-collection-type-unsorted-items):
 * n8n's own nodes and its fixed-collection rule keep address fields in this order.
 */
export function contactFields(options: ContactFieldsOptions = {}): INodeProperties[] {
	const wanted = new Set(options.members ?? CONTACT_MEMBERS);
	return CONTACT_MEMBERS.filter((member) => wanted.has(member)).map((member) => {
		const words = CONTACT_WORDS[member];
		const description = options.descriptions?.[member] ?? words.description;
		const typeOptions = options.typeOptions?.[member];
		const byDefault = options.defaults?.[member] ?? '';
		return {
			displayName: words.displayName,
			name: contactParameterName(member, options),
			type: 'string',
			default: byDefault,
			...(options.required?.includes(member) ? { required: true } : {}),
			...(words.placeholder ? { placeholder: words.placeholder } : {}),
			...(description ? { description } : {}),
			...(typeOptions ? { typeOptions } : {}),
		} satisfies INodeProperties;
	});
}

/** Wire member → display name of the contact members, for validation messages (`prefix` as "Recipient (Ship-To) → "). */
export function contactLabels(members: readonly ContactMember[] = CONTACT_MEMBERS, prefix = ''): Record<string, string> {
	return Object.fromEntries(members.map((member) => [member, `${prefix}${CONTACT_WORDS[member].displayName}`]));
}

// ---- items ----

/** The one parameter that says how items are given, in every resource that takes items. */
export const ITEMS_INPUT = 'itemsInput';

/** Its values: the table below, one JSON value (usually an expression), or leave the items as they are (updates). */
export const ITEMS_INPUT_VALUES = ['fields', 'json', 'keep'] as const;

export type ItemsInput = (typeof ITEMS_INPUT_VALUES)[number];

const ITEMS_INPUT_OPTIONS: Record<ItemsInput, INodePropertyOptions> = {
	keep: { name: 'Keep Current Items', value: 'keep', description: 'Do not send items' },
	fields: { name: 'Using Fields Below', value: 'fields', description: 'Enter the items one by one in a table' },
	json: {
		name: 'Using JSON',
		value: 'json',
		description: "A list of items as JSON, usually an expression that maps a store order's line items",
	},
};

/**
 * Items Input: the table below or one JSON value (usually an expression), worded as n8n's HTTP Request node
 * words its body and query choices ("Using Fields Below", "Using JSON"). `keep` (updates) puts "Keep Current
 * Items" first, as the default.
 */
export function itemsInputProperty(keep: boolean): INodeProperties {
	const values: ItemsInput[] = keep ? ['keep', 'fields', 'json'] : ['fields', 'json'];
	const byDefault: ItemsInput = values[0];
	return {
		displayName: NAMES.itemsInput,
		name: ITEMS_INPUT,
		type: 'options',
		default: byDefault,
		options: values.map((value) => ITEMS_INPUT_OPTIONS[value]),
		description: 'How the items are given',
	};
}

/** The items table, shown for "Using Fields Below": one row per item, its first fields Item Number, Quantity and (if any) Quantity Unit. */
export function itemsTableProperty(row: INodeProperties[]): INodeProperties {
	return {
		displayName: NAMES.items,
		name: 'items',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Item',
		default: {},
		displayOptions: { show: { [ITEMS_INPUT]: ['fields'] satisfies ItemsInput[] } },
		options: [{ displayName: 'Item', name: 'item', values: row }],
	};
}

/** The items as one JSON value, shown for "Using JSON"; each resource says what a line holds. */
export function itemsJsonProperty(description: string, placeholder?: string): INodeProperties {
	return {
		displayName: NAMES.itemsJson,
		name: 'itemsJson',
		type: 'json',
		default: '[]',
		...(placeholder ? { placeholder } : {}),
		displayOptions: { show: { [ITEMS_INPUT]: ['json'] satisfies ItemsInput[] } },
		description,
	};
}

/** The Items Input values that give items: all but "Keep Current Items", which only an update offers (and reads first). */
const GIVEN_ITEMS = ['fields', 'json'] as const satisfies readonly ItemsInput[];

/**
 * Items Input of an item whose items are read: the table or JSON. Any other value (e.g. from an expression), "keep"
 * too, which a create does not offer (its order would go without the items given), is refused before any request.
 */
export function readItemsInput(ctx: IExecuteFunctions, itemIndex: number): (typeof GIVEN_ITEMS)[number] {
	return readChoice(ctx, ITEMS_INPUT, itemIndex, NAMES.itemsInput, GIVEN_ITEMS, 'fields');
}

/** "Not sent" in a dropdown whose empty value leaves a member out of the request. */
export const NOT_SENT_OPTION: INodePropertyOptions = {
	name: 'Default (Not Sent)',
	value: '',
	description: 'Not sent: the provider decides',
};

/**
 * Options with the deprecated ones (named "… (Deprecated)") moved after the others, each group keeping its order.
 * A list is written by name, as n8n's lint asks (node-param-options-type-unsorted-items); the editor then shows
 * what to use first and the deprecated choices last (as n8n's Airtable node lists "API Key (Deprecated)" last).
 */
export function deprecatedLast(options: INodePropertyOptions[]): INodePropertyOptions[] {
	const deprecated = (option: INodePropertyOptions) => option.name.endsWith('(Deprecated)');
	return [...options.filter((o) => !deprecated(o)), ...options.filter(deprecated)];
}
