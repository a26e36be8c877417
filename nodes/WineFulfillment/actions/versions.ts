// What version 2 of the action node moved, in one place. From version 2 on an operation shows its required fields,
// then one collection holding the optional rest, added on demand (n8n's pattern): the sales order groups (contacts,
// shipment, hold, JSON) inside Additional Fields or Update Fields, and every setting (version 1's Query Options, the
// operation's Options, Options of Get Sellable, Batch Options, the node's Request Options) inside one Options
// collection. Version 1 keeps each parameter where saved workflows have it. The descriptions show both by '@version';
// the readers ask here for a parameter's path in the node's version, so operation code never checks the version.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import pick from 'lodash/pick';
import { nodeParameter } from './parameters';

/** The first version that groups the optional parameters. */
export const GROUPED_VERSION = 2;

export const onVersion1 = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': [1] } },
});

export const fromVersion2 = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: {
		...property.displayOptions,
		show: { ...property.displayOptions?.show, '@version': [{ _cnd: { gte: GROUPED_VERSION } }] },
	},
});

const byName = (a: INodeProperties, b: INodeProperties) =>
	// Stryker disable next-line EqualityOperator,MethodExpression: display names never compare equal here (sharedName refuses two that differ only in case), and they hold letters, digits, spaces and brackets, which upper case orders as lower case does
	a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1;

/** The first name, or display name whatever its case, that two members of a collection share, if any. */
function sharedName(members: INodeProperties[]): string | undefined {
	for (const key of ['name', 'displayName'] as const) {
		const seen = new Set<string>();
		for (const member of members) {
			// Stryker disable next-line MethodExpression: upper case compares display names whatever their case as lower case does
			const value = key === 'displayName' ? member[key].toLowerCase() : member[key];
			if (seen.has(value)) return `${key} "${member[key]}"`;
			seen.add(value);
		}
	}
	return undefined;
}

export interface Grouping {
	/** version 1 parameters that become members of the collection, each whole (a contact, Hold Order, the JSON) */
	groups?: INodeProperties[];
	/** version 1 collections whose members become members of the collection (Query Options → Options) */
	merged?: INodeProperties[];
	/**
	 * version 2's display names of merged members that would read the same as another field of the panel
	 * (parameter names never change: they are what saved workflows hold)
	 */
	renamed?: Record<string, string>;
	/** whether version 1 has the collection itself (Additional Fields does; Options does not for most operations) */
	inVersion1?: boolean;
}

/**
 * An operation's optional parameters inside one collection from version 2 on; version 1 shows each group and each
 * merged collection where it was (they are returned in the order given, each to be placed where it stood).
 * `collection` is the collection itself, with its own members. Two members with the same name or display name
 * would make one setting hide another: that is refused when the node loads.
 */
export function groupedFromVersion2(
	collection: INodeProperties,
	{ groups = [], merged = [], renamed = {}, inVersion1 = true }: Grouping,
): { collection: INodeProperties[]; groups: INodeProperties[]; merged: INodeProperties[] } {
	const inside = groups.map(({ displayOptions: _shown, ...group }) => group);
	const members = merged
		.flatMap((source) => source.options as INodeProperties[])
		.map((member) => (renamed[member.name] ? { ...member, displayName: renamed[member.name] } : member));
	const all = [...(collection.options as INodeProperties[]), ...inside, ...members];
	const clash = sharedName(all);
	if (clash) throw new Error(`${collection.displayName} of version ${GROUPED_VERSION}: two members with the ${clash}`);
	return {
		collection: [...(inVersion1 ? [onVersion1(collection)] : []), fromVersion2({ ...collection, options: all.sort(byName) })],
		groups: groups.map(onVersion1),
		merged: merged.map(onVersion1),
	};
}

/** Each run's node version, asked once: n8n's getNode() copies the whole node, parameters included, on every call. */
const versions = new WeakMap<IExecuteFunctions, number>();

function nodeVersion(ctx: IExecuteFunctions): number {
	const version = ctx.getNode().typeVersion;
	// Stryker disable next-line CallExpression: without the cache n8n is asked for the node on every call: the same answer, more time
	versions.set(ctx, version);
	return version;
}

function grouped(ctx: IExecuteFunctions): boolean {
	return (versions.get(ctx) ?? nodeVersion(ctx)) >= GROUPED_VERSION;
}

/** Each group's parameter path in this node's version: `collection.name` from version 2 on, else `name`. */
export function groupPaths(ctx: IExecuteFunctions, collection: string, groups: readonly string[]): (name: string) => string {
	const nested = grouped(ctx);
	return (name) => (nested && groups.includes(name) ? `${collection}.${name}` : name);
}

// ---- settings: one Options collection from version 2 on ----

/** The collection that holds every setting of an operation from version 2 on. */
export const OPTIONS = 'options';

/** Version 1's collections of settings, all merged into Options from version 2 on. */
export const SETTINGS_COLLECTIONS = ['options', 'queryOptions', 'sellableOptions', 'batchOptions', 'requestOptions'] as const;

export type SettingsCollection = (typeof SETTINGS_COLLECTIONS)[number];

export const isSettingsCollection = (property: INodeProperties): boolean =>
	(SETTINGS_COLLECTIONS as readonly string[]).includes(property.name) &&
	// Stryker disable next-line ConditionalExpression: only collections carry these names among the operations' top-level parameters
	property.type === 'collection';

/**
 * A setting's parameter path in this node's version, named by where version 1 keeps it: `queryOptions.pageSize` on
 * version 1 is `options.pageSize` from version 2 on.
 */
export function settingPath(ctx: IExecuteFunctions, collection: SettingsCollection, setting: string): string {
	return `${grouped(ctx) ? OPTIONS : collection}.${setting}`;
}

/** A setting's display name in this node's version: version 2's own where the setting was renamed (Grouping.renamed). */
export function settingLabel(ctx: IExecuteFunctions, label: string, renamed?: string): string {
	return grouped(ctx) && renamed ? renamed : label;
}

/** Settings of one version 1 collection, read at once (n8n looks a parameter up among all the node's properties on every read). */
export function readSettings(
	ctx: IExecuteFunctions,
	collection: SettingsCollection,
	itemIndex: number,
	settings: readonly string[],
): IDataObject {
	const values = nodeParameter(ctx, grouped(ctx) ? OPTIONS : collection, itemIndex, {}) as IDataObject | null;
	return pick(values ?? {}, settings);
}
