// Helpers purchase orders, transfer orders and the inventory queries share: item lists, the JSON
// escape hatch, unknown-warehouse hints, sending a write and shaping its result.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';

import { isKnownWarehouse } from '../../wire/common';
import type { Endpoint } from '../../wire/endpoints';
import { apiRequest } from '../../transport/request';
import { additionalJson, compact } from '../common';

/** The "Additional Fields (JSON)" parameter; `example` shows where members go. */
export function additionalJsonProperty(example: string): INodeProperties {
	return {
		displayName: 'Additional Fields (JSON)',
		name: 'additionalJson',
		type: 'json',
		default: '',
		typeOptions: { rows: 4 },
		description: `Extra request members the fields above do not offer, as a JSON object merged into the request (objects one level deep, and overriding the fields above). Example: ${example}.`,
	};
}

/** Merges the JSON escape hatch into a body: top-level members, and nested objects one level deep. */
export function withAdditionalJson(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number): IDataObject {
	const extra = additionalJson(ctx, ctx.getNodeParameter('additionalJson', itemIndex, ''), itemIndex);
	const out: IDataObject = { ...body };
	for (const [key, value] of Object.entries(extra)) {
		const current = out[key];
		const bothObjects = isPlainObject(current) && isPlainObject(value);
		out[key] = bothObjects ? { ...(current as IDataObject), ...(value as IDataObject) } : value;
	}
	return out;
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Older revisions' warehouse codes (and typos) are sent as given, with a hint in the output pane. */
export function hintUnknownWarehouses(ctx: IExecuteFunctions, field: string, codes: unknown[]): void {
	for (const code of codes) {
		if (typeof code === 'string' && code && !isKnownWarehouse(code)) {
			ctx.addExecutionHints({
				message: `${field} "${code}" is not one of the interface's current warehouse codes; it was sent as given.`,
				location: 'outputPane',
			});
		}
	}
}

// ---- item lists ----

export type ItemsSource = 'fields' | 'json' | 'keep';

/**
 * The items of an order: a table in the editor, or JSON / an expression yielding a list of
 * objects with the wire member names. `keep` adds a "leave the items as they are" choice (updates).
 */
export function itemsProperties(row: INodeProperties[], example: string, keep = false): INodeProperties[] {
	const choices = [
		{ name: 'Define Below', value: 'fields', description: 'Fill in a table of items' },
		{
			name: 'From JSON or Expression',
			value: 'json',
			description: 'A list of items from JSON or an expression, e.g. from the input item',
		},
	];
	if (keep) choices.push({ name: 'Keep Current Items', value: 'keep', description: 'Do not send items' });
	const source: INodeProperties = {
		displayName: 'Items Input',
		name: 'itemsSource',
		type: 'options',
		options: choices,
		default: 'fields',
		description: 'How the items are given',
	};
	return [
		keep ? { ...source, default: 'keep' } : source,
		{
			displayName: 'Items',
			name: 'items',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Item',
			default: {},
			displayOptions: { show: { itemsSource: ['fields'] } },
			options: [{ displayName: 'Item', name: 'item', values: row }],
		},
		{
			displayName: 'Items (JSON)',
			name: 'itemsJson',
			type: 'json',
			default: '[]',
			displayOptions: { show: { itemsSource: ['json'] } },
			description: `A list of items with the interface's member names, or an expression returning one. Example: ${example}.`,
		},
	];
}

/** Reads the items as wire objects; undefined when the user chose to keep the current items. */
export function readItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	toWire: (row: IDataObject) => IDataObject,
): IDataObject[] | undefined {
	const source = ctx.getNodeParameter('itemsSource', itemIndex, 'fields') as ItemsSource;
	if (source === 'keep') return undefined;
	if (source === 'fields') {
		const rows = ctx.getNodeParameter('items.item', itemIndex, []) as IDataObject[];
		return rows.map((row) => compact(toWire(row)));
	}
	const raw = ctx.getNodeParameter('itemsJson', itemIndex, '[]');
	const value = typeof raw === 'string' ? jsonParse<unknown>(raw, { fallbackValue: undefined }) : raw;
	const list = isPlainObject(value) ? [value] : value;
	if (!Array.isArray(list) || !list.every(isPlainObject)) {
		throw new NodeOperationError(ctx.getNode(), 'Invalid "Items (JSON)": must be a list of item objects', {
			itemIndex,
			description:
				'Give a JSON array such as [{"ItemNo": "CAB-2019", "ItemQuantity": 12}], or an expression returning one. Nothing was sent.',
		});
	}
	return list;
}

// ---- writes ----

/** Sends a create, update or cancel; the transport words refusals by the order the endpoint changes. */
export async function sendMovement(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	body: object,
	itemIndex: number,
): Promise<unknown> {
	return (await apiRequest.call(ctx, endpoint, body as IDataObject, { itemIndex })).body;
}

/** The output of a write: the reference it was made for, the provider's transaction reference, and any members it returned. */
export function writeResult(
	response: unknown,
	customerReferenceNo: string,
	outcome: 'created' | 'updated' | 'cancelled',
): IDataObject {
	const out: IDataObject = { CustomerReferenceNo: customerReferenceNo, Outcome: outcome };
	if (typeof response === 'string' && response.trim()) out.TransactionReferenceNumber = response.trim();
	else if (isPlainObject(response)) Object.assign(out, response);
	return out;
}
