// Helpers every operation shares: reading list parameters, validating a wire body, building output items.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';
import get from 'lodash/get';
import has from 'lodash/has';
import isPlainObject from 'lodash/isPlainObject';
import mergeWith from 'lodash/mergeWith';
import omitBy from 'lodash/omitBy';
import set from 'lodash/set';
import unset from 'lodash/unset';
import type { ZodIssue, ZodType, ZodTypeDef } from 'zod';

import { unexpectedAnswer, unexpectedAnswerError } from '../transport/errors';
import { notARecordIn } from '../transport/pagination';
import { oneResult, textAnswer } from '../transport/reference';
import { isKnownWarehouse } from '../wire/common';
import { inZone } from '../wire/dates';
import { interfaceSpellings } from '../wire/spellings';
import { fieldOf } from '../wire/paths';
import { ITEMS_INPUT, ITEMS_INPUT_VALUES, NAMES } from './panel';
import { nodeParameter, invalidField, readChoice } from './parameters';

/** An empty value: null, text of only blanks ('' too: a mapped cell holding spaces) or an empty list. */
function isEmpty(value: unknown): boolean {
	return value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** A parameter's value, or `fallback` (its default) where it was left empty: a blank mapped cell reads as the default. */
export function orDefault(value: unknown, fallback: unknown): unknown {
	return value === undefined || isEmpty(value) ? fallback : value;
}

/**
 * Drops undefined members and empty ones (null, text of only blanks, an empty list), so only what the user set is
 * sent: blanks from a sheet count as left empty in every operation, as the schemas would trim them to '' and send them
 * as a change or refuse them. An update names in `clearable` the members it clears: one of those present but empty is
 * kept as '' (the user added the field and left it blank, so the provider clears it).
 */
// Stryker disable next-line ArrayDeclaration: ["Stryker was here"] would keep only a member of that name, and no body has it
export function compact<T extends IDataObject>(body: T, clearable: readonly string[] = []): T {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(body)) {
		if (value === undefined) continue;
		if (isEmpty(value)) {
			if (clearable.includes(key)) out[key] = '';
			continue;
		}
		out[key] = value;
	}
	return out as T;
}

const TYPE_WORDS: Record<string, string> = {
	object: 'an object',
	string: 'text',
	number: 'a number',
	integer: 'a whole number',
	array: 'a list',
	boolean: 'true or false',
};

/** A zod issue's rule in the node's words: zod's own type messages ("Expected object, received null") reworded. */
function ruleOf(issue: ZodIssue): string {
	// Stryker disable next-line Regex: zod's own type messages start with these words; the wire schemas' own (`must be text`, `is required`) hold neither
	if (issue.code === 'invalid_type' && /^(Expected|Required)/.test(issue.message)) {
		return issue.received === 'undefined' ? 'is required' : `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
	}
	if (issue.code === 'invalid_enum_value' && issue.message.startsWith('Invalid enum value')) {
		return `must be one of ${issue.options.join(', ')}`;
	}
	return issue.message;
}

/**
 * Checks a wire body against its schema before anything is sent, with dates that carry no offset read in
 * the workflow's time zone. The error names the field as the editor shows it (`labels`), the rule it broke
 * and the value given.
 */
export function validateBody<T>(
	ctx: IExecuteFunctions,
	schema: ZodType<T, ZodTypeDef, unknown>,
	body: unknown,
	labels: Record<string, string>,
	itemIndex: number,
): T {
	const result = inZone(ctx.getTimezone(), () => schema.safeParse(body));
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	// the value at the issue's path in what was validated (the path may be empty: the body itself), to show what was given
	const given: unknown = get({ body }, ['body', ...issue.path]);
	throw invalidField(ctx, fieldOf(issue.path, labels), ruleOf(issue), itemIndex, given);
}

/**
 * The provider's answer when it is an object holding one of the documented `members` (even as null); anything else (an
 * empty body, a list, an error object answered with 200) is an error naming what came back, never read as a result.
 */
export function answerWith(ctx: IExecuteFunctions, body: unknown, members: readonly string[], itemIndex: number): IDataObject {
	if (typeof body === 'object' && body !== null && !Array.isArray(body) && members.some((member) => member in body)) return body as IDataObject;
	throw unexpectedAnswer(ctx.getNode(), body, members.join(' or '), itemIndex);
}

/**
 * An answer's whole list of records as it may be handed on: an entry that is no record (null, text, a number) fails the
 * item naming it, as a paged read's does (notARecordIn). `answered`: what came, as the message names it.
 */
export function checkedRecords(ctx: IExecuteFunctions, list: IDataObject[], answered: string, itemIndex: number): IDataObject[] {
	const refused = notARecordIn(list, answered);
	if (refused !== undefined) throw unexpectedAnswerError(ctx.getNode(), refused, itemIndex);
	return list;
}

/** Parses the "Additional Fields (JSON)" escape hatch: an object of extra wire members; empty or blanks add none. */
export function additionalJson(ctx: IExecuteFunctions, raw: unknown, itemIndex: number): IDataObject {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return {};
	const value = typeof raw === 'string' ? jsonParse<unknown>(raw, { fallbackValue: null }) : raw;
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new NodeOperationError(ctx.getNode(), 'Invalid "Additional Fields (JSON)": must be a JSON object', {
			itemIndex,
			description: 'Give an object of extra wire members, e.g. {"SomeMember": "value"}. Nothing was sent.',
		});
	}
	return value as IDataObject;
}

/** The "Additional Fields (JSON)" parameter: extra wire members for what the node does not list. */
export function additionalJsonProperty(example = '{"SomeMember": "value"}'): INodeProperties {
	return {
		displayName: 'Additional Fields (JSON)',
		name: 'additionalJson',
		type: 'json',
		default: '{}',
		typeOptions: { rows: 4 },
		description: `Extra request members the fields above do not offer, as a JSON object merged into the request: nested objects member by member, anything else replaced. Example: ${example}.`,
	};
}

/**
 * Additional Fields (JSON) with each member in the interface's spelling: the provider (.NET) reads member names in any
 * letter case, the last spelling winning, so "transactionReferenceNumber" addresses an order as TransactionReferenceNumber
 * does. Renamed before the merge, such a member merges with the node's own and meets every check made by the interface's
 * name (the locator guard, the gift-card and hold-at-location rules). A member the body already has is spelled as the body
 * spells it; two spellings of one name in one object are refused: the provider would keep only one of them.
 */
function inInterfaceSpelling(
	ctx: IExecuteFunctions,
	extra: IDataObject,
	body: unknown,
	holder: string,
	path: string,
	itemIndex: number,
	field = 'Additional Fields (JSON)',
): IDataObject {
	const names = new Map(interfaceSpellings().get(holder) ?? []);
	if (isPlainObject(body)) for (const name of Object.keys(body as IDataObject)) names.set(name.toLowerCase(), name);
	const given = new Map<string, string>();
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(extra)) {
		const lower = key.toLowerCase();
		const earlier = given.get(lower);
		if (earlier !== undefined) {
			const spelled = names.get(lower) ?? earlier;
			throw invalidField(
				ctx,
				field,
				`${path ? `${path}: ` : ''}"${earlier}" and "${key}" are one member to the provider (it reads member names in any letter case); give it once, as "${spelled}"`,
				itemIndex,
			);
		}
		given.set(lower, key);
		const name = names.get(lower) ?? key;
		const within = isPlainObject(body) ? (body as IDataObject)[name] : undefined;
		const at = path ? `${path}.${name}` : name;
		const spell = <T>(v: T, inBody: unknown): T | IDataObject =>
			isPlainObject(v) ? inInterfaceSpelling(ctx, v as IDataObject, inBody, name, at, itemIndex, field) : v;
		out[name] = (Array.isArray(value) ? value.map((entry) => spell(entry, undefined)) : spell(value, within)) as IDataObject[string];
	}
	return out;
}

/** A JSON field's value: text parsed (blanks: undefined), an expression's value as it is; text that is no JSON is refused. */
export function jsonFieldValue(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): unknown {
	if (typeof value !== 'string') return value;
	if (!value.trim()) return undefined;
	const bad = Symbol('bad');
	const parsed = jsonParse<unknown>(value, { fallbackValue: bad });
	if (parsed === bad) {
		throw new NodeOperationError(ctx.getNode(), `Invalid "${field}": must be valid JSON`, {
			itemIndex,
			description: `Nothing was sent to the provider. Correct "${field}" and run again.`,
		});
	}
	return parsed;
}

/**
 * The lines of Items (JSON), every resource's: a list, or one line (an object) as a list of one; blanks or null, none.
 * Each line is put in the interface's spelling as Additional Fields (JSON) spells its ItemsInfo lines: a line written in
 * camelCase ({"itemNo": …}, as store APIs write it) is read, and held to each member's rule, as the interface names it.
 * An entry that is no object is left for the caller's check of its lines.
 */
export function itemsJsonLines(ctx: IExecuteFunctions, itemIndex: number): unknown[] {
	// Stryker disable next-line StringLiteral: read only when the parameter is absent, where blank text gives no items as '[]' does
	const value = jsonFieldValue(ctx, nodeParameter(ctx, 'itemsJson', itemIndex, '[]'), NAMES.itemsJson, itemIndex);
	const lines = value === undefined || value === null ? [] : Array.isArray(value) ? value : isPlainObject(value) ? [value] : undefined;
	if (!lines) {
		throw new NodeOperationError(ctx.getNode(), `Invalid "${NAMES.itemsJson}": must be a list of items`, {
			itemIndex,
			description: 'Give a list such as [{"ItemNo": "CAB-2019", "ItemQuantity": 2}]. Nothing was sent to the provider.',
		});
	}
	return lines.map((line: unknown, n) =>
		isPlainObject(line) ? inInterfaceSpelling(ctx, line as IDataObject, undefined, 'ItemsInfo', `line ${n + 1}`, itemIndex, NAMES.itemsJson) : line,
	);
}

/**
 * The body with the user's "Additional Fields (JSON)" merged in: nested objects member by member, arrays and values
 * replaced; members in another letter case than the interface's are read as the interface's (inInterfaceSpelling).
 * `parameter` is where the field is (a path such as `additionalFields.additionalJson` when it is inside a collection).
 */
export function withAdditionalJson(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number, parameter = 'additionalJson'): IDataObject {
	return mergedJson(body, spelledJson(ctx, body, itemIndex, parameter));
}

/** Additional Fields (JSON) of an item, its members in the interface's spelling (as `body` spells them). */
function spelledJson(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number, parameter: string): IDataObject {
	const given = additionalJson(ctx, nodeParameter(ctx, parameter, itemIndex, ''), itemIndex);
	// most items give none: nothing to spell
	return Object.keys(given).length ? inInterfaceSpelling(ctx, given, body, '', '', itemIndex) : given;
}

/**
 * The JSON merged into the body: nested objects member by member, lists and other values replaced whole. A list the
 * fields give is replaced whole by whatever the JSON gives there (merged, an object's members would land on the list
 * as properties the wire rules never see: the JSON's line dropped without a word).
 */
function mergedJson(body: IDataObject, json: IDataObject): IDataObject {
	return mergeWith({}, body, json, (target: unknown, source: unknown) =>
		Array.isArray(source) || Array.isArray(target) ? source : undefined,
	) as IDataObject;
}

/**
 * A wire body of the node's fields with Additional Fields (JSON) merged in, checked by validateBody, except for the
 * members at `ours` (wire paths whose rule is a choice of this package where the interface is silent: a range's
 * members, a date's form, an upper bound) that the JSON gives: those are sent as the JSON gives them, unchecked and
 * unconverted (an object member by member over what the fields give, checked; a member it sets to null, or the
 * member itself set to null, left out).
 * The rest of the body is held to its rules as ever; at those paths the check sees what the fields give (or nothing).
 */
export function validateWithJson<T>(
	ctx: IExecuteFunctions,
	schema: ZodType<T, ZodTypeDef, unknown>,
	fields: IDataObject,
	ours: ReadonlyArray<readonly string[]>,
	labels: Record<string, string>,
	itemIndex: number,
): T {
	const json = spelledJson(ctx, fields, itemIndex, 'additionalJson');
	const merged = mergedJson(fields, json);
	const lifted = ours.filter((path) => has(json, path));
	// Stryker disable next-line ConditionalExpression: a shortcut: with nothing lifted the steps below change nothing
	if (!lifted.length) return validateBody(ctx, schema, merged, labels, itemIndex);
	// mergedJson copies: the paths set here are the merged body's own; a member the fields leave out is undefined, as absent
	const checked = merged;
	for (const path of lifted) set(checked, path, get(fields, path));
	const body = validateBody(ctx, schema, checked, labels, itemIndex) as IDataObject;
	for (const path of lifted) {
		const given: unknown = get(json, path);
		// an object of the JSON goes over what the fields gave, as checked and converted (a member added beside the
		// range's dates leaves them in their form); anything else replaces it whole
		if (given === null) unset(body, path);
		else if (!isPlainObject(given)) set(body, path, given);
		else {
			const own: unknown = get(body, path);
			const whole = isPlainObject(own) ? mergedJson(own as IDataObject, given as IDataObject) : (given as IDataObject);
			set(body, path, omitBy(whole, (value) => value === null));
		}
	}
	return body as T;
}

/**
 * An update's items: undefined for Items Input "Keep Current Items" (also when the parameter is absent, the update's
 * default; a choice no option takes is refused naming the field); otherwise what `read` gives, where an empty list is
 * refused before anything is sent, never read as "keep the items". `record` names what is updated ("sales order").
 */
export function updateItems<T>(ctx: IExecuteFunctions, itemIndex: number, record: string, read: () => T[] | undefined): T[] | undefined {
	if (readChoice(ctx, ITEMS_INPUT, itemIndex, NAMES.itemsInput, ITEMS_INPUT_VALUES, 'keep') === 'keep') return undefined;
	const items = read() ?? [];
	if (items.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Invalid "${NAMES.items}": the list is empty`, {
			itemIndex,
			description: `Nothing was sent to the provider. To leave the items as they are, set Items Input to "Keep Current Items"; a ${record} cannot be left without items (cancel it instead).`,
		});
	}
	return items;
}

/**
 * A write's output member set: the node's own members first, then what the provider answered: an object's members,
 * except those that would replace the node's own (a workflow branches on them: Outcome, Cancelled, the order located);
 * a text or number answer as textAnswer reads it (a transaction reference, else ProviderAnswer); either one as the one
 * result of a list (oneResult). `reference`: a create's, as
 * requireReference read it from the answer (its text, or its member in any letter case): it is put out as the node's
 * own TransactionReferenceNumber, in the interface's spelling, and the answer's member of that name in any spelling
 * is not repeated beside it.
 */
export function withAnswer(own: IDataObject, answer: unknown, reference?: string): IDataObject {
	const json: IDataObject = reference === undefined ? { ...own } : { ...own, TransactionReferenceNumber: reference };
	// bug hunts 43, 44: a result wrapped in a list of one is that result (the transport hands the list on), and a number
	// is text the transport read as JSON (100234, bare or not): read as textAnswer reads the text, never dropped
	const result = oneResult(answer);
	const answered =
		typeof result === 'string' || typeof result === 'number'
			? reference === undefined ? textAnswer(result) : {}
			: result && typeof result === 'object' && !Array.isArray(result) ? result : {};
	for (const [member, value] of Object.entries(answered)) {
		if (member in json || (reference !== undefined && member.toLowerCase() === 'transactionreferencenumber')) continue;
		json[member] = value;
	}
	return json;
}

/** The hints given in each node run: n8n makes one execute context per run, and every item is prepared with it. */
const hintedIn = new WeakMap<IExecuteFunctions, Set<string>>();

/**
 * An output-pane hint, given once per node run: prepare() runs per input item, and 1,000 items of the same workflow
 * would otherwise show the same hint 1,000 times.
 */
export function hintOnce(ctx: IExecuteFunctions, message: string): void {
	let hinted = hintedIn.get(ctx);
	if (!hinted) {
		hinted = new Set();
		hintedIn.set(ctx, hinted);
	}
	// Stryker disable next-line ConditionalExpression: every n8n this package supports gives execute contexts addExecutionHints
	if (hinted.has(message) || typeof ctx.addExecutionHints !== 'function') return;
	hinted.add(message);
	ctx.addExecutionHints({ message, location: 'outputPane' });
}

/**
 * Older revisions' warehouse codes (field notes) are kept as given, with a hint in the output pane (once per code and
 * run). It is given while the item is prepared, before the record of sent orders decides whether it is sent: it says
 * nothing of sending.
 */
export function hintUnknownWarehouses(ctx: IExecuteFunctions, field: string, codes: unknown[]): void {
	for (const code of codes) {
		if (typeof code === 'string' && code && !isKnownWarehouse(code)) {
			hintOnce(ctx, `${field} "${code}" is not one of the interface's current warehouse codes; it is kept as given (the provider may still take an older code).`);
		}
	}
}

/** Output items for one input item, each linked back to it. */
export function itemsFor(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
