// The shared readers for node parameters: one per kind of value, each refusing what it cannot read with the
// field named and the rule broken, before anything is sent.
import type { IExecuteFunctions, IGetNodeParameterOptions, INode, NodeParameterValueType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod';

import { booleanValue, identifier, listValue, preview, textValue, wholeNumber, type WholeNumberBounds } from '../wire/values';

/** What the error helpers need of n8n's context: the node (an action's, or a trigger's). */
export type NodeContext = { getNode(): INode };

/** The error for a value a field cannot take: names the field, the rule and what was given. */
export function invalidField(
	ctx: NodeContext,
	field: string,
	rule: string,
	itemIndex: number,
	given?: unknown,
): NodeOperationError {
	const got = given === undefined ? '' : ` (got ${preview(given)})`;
	return new NodeOperationError(ctx.getNode(), `Invalid "${field}": ${rule}${got}`, {
		itemIndex,
		description: `Nothing was sent to the provider. Correct "${field}" and run again.`,
	});
}

/**
 * A node parameter as n8n resolves it (expressions evaluated), the one way the action node reads its parameters. n8n's
 * check against the node's description is skipped, as Airtable v2 does: it only applies a property's
 * `validateType`, which no property of this node has (the readers here validate every value), and it looks the
 * property up among all of the node's operations on every read.
 */
export function nodeParameter(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback?: unknown,
	options: IGetNodeParameterOptions = {},
): NodeParameterValueType | object {
	// Stryker disable next-line BooleanLiteral: n8n's check applies only validateType, which no field has (test/node/description.test.ts): it only costs time
	return ctx.getNodeParameter(name, itemIndex, fallback, { ...options, skipValidation: true });
}

/** Reads a parameter through a value schema; empty (undefined, null, '' or blanks) gives the fallback. */
export function readParameter<T>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	field: string,
	schema: ZodType<T, ZodTypeDef, unknown>,
	fallback: T,
): T {
	// null, not undefined: n8n throws for a missing parameter when the fallback is undefined
	return checkParameter(ctx, nodeParameter(ctx, name, itemIndex, null), itemIndex, field, schema, fallback);
}

/**
 * A value already read (e.g. a member of a collection read whole) through a value schema, as `readParameter` does.
 * Empty is undefined, null, '' or text of only blanks (a mapped cell holding spaces): left empty, it gives the fallback.
 */
export function checkParameter<T>(
	ctx: NodeContext,
	raw: unknown,
	itemIndex: number,
	field: string,
	schema: ZodType<T, ZodTypeDef, unknown>,
	fallback: T,
): T {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return fallback;
	const result = schema.safeParse(raw);
	if (result.success) return result.data;
	throw invalidField(ctx, field, result.error.issues[0].message, itemIndex, raw);
}

/**
 * A list parameter (item numbers, order numbers, warehouses, tags), read through `listValue`: text separated by commas,
 * semicolons or line breaks, or a list from an expression; empty gives [].
 */
export function readList(ctx: NodeContext, raw: unknown, itemIndex: number, field: string): string[] {
	return checkParameter(ctx, raw, itemIndex, field, listValue, []);
}

/**
 * A choice parameter, one of `values`: an expression or a sheet may give any text (a choice from an AI agent's
 * $fromAI too), checked here; text is read trimmed, and empty or only spaces (or null) counts as left empty:
 * `fallback`, unless `blank` is 'refused' (a choice no default may stand in for: which order to change).
 */
export function readChoice<T extends string>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	field: string,
	values: readonly T[],
	fallback: T,
	blank: 'fallback' | 'refused' = 'fallback',
): T {
	return checkChoice(ctx, nodeParameter(ctx, name, itemIndex, fallback), itemIndex, field, values, blank === 'fallback' ? fallback : undefined);
}

/** A choice's value read as readChoice reads one: a value already read (a setting of an Options collection); blank refused without a `fallback`. */
export function checkChoice<T extends string>(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	field: string,
	values: readonly T[],
	fallback: T | undefined,
): T {
	const chosen = typeof value === 'string' ? value.trim() : value;
	if (fallback !== undefined && (chosen === '' || chosen === null || chosen === undefined)) return fallback;
	if (!(values as readonly unknown[]).includes(chosen)) {
		throw invalidField(ctx, field, `must be one of ${values.join(', ')}`, itemIndex, value);
	}
	return chosen as T;
}

/** A boolean parameter: true/false, and "true"/"false"/"1"/"0"/"yes"/"no" from an expression or a sheet. */
export function readBoolean(ctx: IExecuteFunctions, name: string, itemIndex: number, field: string, fallback = false): boolean {
	return readParameter(ctx, name, itemIndex, field, booleanValue, fallback);
}

export interface IntegerField extends WholeNumberBounds {
	field: string;
	fallback: number;
}

/** The whole-number schema of each pair of bounds, built once (not once per item). */
const integerSchemas = new Map<string, ReturnType<typeof wholeNumber>>();

function integerSchema({ min, max }: WholeNumberBounds): ReturnType<typeof wholeNumber> {
	// Stryker disable next-line StringLiteral: any text that is no number marks bounds without a maximum
	const key = `${min}:${max ?? ''}`;
	let schema = integerSchemas.get(key);
	// Stryker disable next-line ConditionalExpression: building the schema again gives the same schema (only slower)
	if (!schema) integerSchemas.set(key, (schema = wholeNumber({ min, max })));
	return schema;
}

/** A whole-number parameter within the field's bounds; "abc", "1e3", "0x10", -1 beyond them are refused. */
export function readInteger(ctx: IExecuteFunctions, name: string, itemIndex: number, spec: IntegerField): number {
	return readParameter(ctx, name, itemIndex, spec.field, integerSchema(spec), spec.fallback);
}

/** A whole number already read, within the field's bounds, as `readInteger` checks it. */
export function checkInteger(ctx: IExecuteFunctions, raw: unknown, itemIndex: number, spec: IntegerField): number {
	return checkParameter(ctx, raw, itemIndex, spec.field, integerSchema(spec), spec.fallback);
}

/** A text parameter, trimmed; numbers become text, objects and lists are refused. '' when empty. */
export function readText(ctx: IExecuteFunctions, name: string, itemIndex: number, field: string): string {
	return readParameter(ctx, name, itemIndex, field, textValue, '').trim();
}

/** An identifier parameter (order, reference or item number): see wire/values `identifier`. */
export function readIdentifier(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	field: string,
	max?: number,
	min?: number,
): string {
	const value = readParameter(ctx, name, itemIndex, field, identifier(max, min), '');
	if (!value) throw invalidField(ctx, field, 'is required', itemIndex);
	return value;
}
