// The Simplify parameter of the query operations (n8n's convention) and how an operation reads it.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from './parameters';

/**
 * On by default. n8n gives a saved node without the parameter its default, so nodes saved before it
 * existed put out the simplified shape too (CHANGELOG).
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** A record shaper of wire/simplify.ts. */
export type Shaper = (record: IDataObject, zone: string) => IDataObject;

/**
 * The shaping of one input item's records: the shaper in the workflow's time zone with Simplify on,
 * undefined (records as the provider sent them) with it off.
 */
export function simplifier(
	ctx: IExecuteFunctions,
	itemIndex: number,
	shape: Shaper,
): ((record: IDataObject) => IDataObject) | undefined {
	if (!readBoolean(ctx, 'simplify', itemIndex, 'Simplify', true)) return undefined;
	const zone = ctx.getTimezone();
	return (record) => shape(record, zone);
}
