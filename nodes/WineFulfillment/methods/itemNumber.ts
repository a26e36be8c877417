// The Item Number parameter as a resource locator: "From List" searches the account's SKUs, "By ID" takes a typed item number.
import type { IDataObject, INodeProperties, INodeParameterResourceLocator } from 'n8n-workflow';

/** The listSearch method the picker calls (methods/index.ts registers it under this name). */
export const SEARCH_SKUS = 'searchSkus';

/** The tip shown while a search takes long: a whole item number is looked up directly (methods/listSearch.ts). */
export const SLOW_SEARCH_TIP = 'Type the whole item number to find it at once, or choose By ID and enter it';

/**
 * An Item Number resource locator. `name` and the rest are the parameter's own; the value is
 * `{ __rl: true, mode, value }`, read with getNodeParameter(..., { extractValue: true }) or locatorValue.
 * A value saved before it was a locator (plain text) still reads as that text.
 */
export function itemNumberLocator(property: Omit<INodeProperties, 'type' | 'default'>): INodeProperties {
	return {
		...property,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an item...',
				typeOptions: {
					searchListMethod: SEARCH_SKUS,
					searchable: true,
					// n8n 2.x shows it under a search still loading (1.x ignores it): a search reads the SKUs page by page
					slowLoadNotice: { message: SLOW_SEARCH_TIP, timeout: 3_000 },
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. CAB-2021-750',
			},
		],
	};
}

const isLocator = (value: unknown): value is INodeParameterResourceLocator =>
	typeof value === 'object' && value !== null && 'mode' in value && 'value' in value;

/**
 * The item number inside a row read as a whole (table rows of purchase and transfer orders): what
 * getNodeParameter's extractValue gives for these modes (none has an extract rule), i.e. `value`.
 */
export function locatorValue(value: IDataObject[string]): IDataObject[string] {
	return isLocator(value) ? value.value : value;
}
