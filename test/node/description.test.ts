// The nodes' descriptions as n8n's editor reads them: lists built at load time are in the order n8n's lint rules ask
// of written ones (options and collection fields sorted by name), but for two orders people read better: a contact
// block in the contact order (first name … e-mail), and deprecated operations after the ones to use.
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { CONTACT_DISPLAY_NAMES } from '../../nodes/WineFulfillment/actions/panel';
import { versionDescription } from '../../nodes/WineFulfillment/actions/versionDescription';

type Option = INodePropertyOptions | INodeProperties | INodePropertyCollection;

function label(option: Option): string {
	return 'displayName' in option ? option.displayName : option.name;
}

/** Every list of options or collection fields in a description, with where it is. */
function* lists(properties: readonly Option[], path: string): Generator<{ path: string; type: string; options: Option[] }> {
	for (const property of properties) {
		if (!('options' in property) || !Array.isArray(property.options)) continue;
		const here = `${path} › ${label(property)}`;
		yield { path: here, type: 'type' in property ? String(property.type) : 'group', options: property.options as Option[] };
		yield* lists(property.options as Option[], here);
	}
}

const descriptions: INodeTypeDescription[] = [
	new WineFulfillment().description,
	new WineFulfillmentTrigger().description,
	new WineFulfillmentWebhookTrigger().description,
];

const sorted = (options: Option[]) =>
	options.every((option, i) => i === 0 || label(options[i - 1]).toLowerCase() <= label(option).toLowerCase());

/** The lists of one type anywhere in a description. */
const listsOf = (description: INodeTypeDescription, type: string) =>
	[...lists(description.properties, description.displayName)].filter((list) => list.type === type);

const CONTACT = new Set(CONTACT_DISPLAY_NAMES);
/** A collection holds a contact block when it asks for a name or a street line. */
const hasContact = (options: Option[]) => options.some((o) => label(o) === 'First Name' || label(o) === 'Address Line 1');

/**
 * The fields by name; where a contact block is, the other fields by name and the contact fields together, in the
 * contact order (n8n's lint exempts address fields from its fixed-collection order rule for the same reason).
 */
function inPanelOrder(options: Option[]): boolean {
	if (!hasContact(options)) return sorted(options);
	const contact = options.filter((o) => CONTACT.has(label(o))).map(label);
	const first = options.findIndex((o) => CONTACT.has(label(o)));
	const together = options.slice(first, first + contact.length).every((o) => CONTACT.has(label(o)));
	const inContactOrder = contact.join() === CONTACT_DISPLAY_NAMES.filter((name) => contact.includes(name)).join();
	return together && inContactOrder && sorted(options.filter((o) => !CONTACT.has(label(o))));
}

describe('node descriptions', () => {
	it('every collection lists its fields by name, a contact block in the contact order', () => {
		const collections = descriptions.flatMap((description) => listsOf(description, 'collection'));
		expect(collections.length).toBeGreaterThan(10);
		const unordered = collections.filter(({ options }) => !inPanelOrder(options));
		expect(unordered.map(({ path, options }) => `${path}: ${options.map(label).join(', ')}`)).toEqual([]);
		// the contact blocks: sales order recipient and billing (Create, Update, Batch Create; once more inside version
		// 2's Additional Fields of Create and Batch Create (billing) and Update Fields (both)), recipient (Update
		// Addresses), the purchase order's sender, the transfer order's contact (Update)
		expect(collections.filter(({ options }) => hasContact(options)).length).toBe(13);
	});

	it('every operation list is by name, deprecated operations last', () => {
		const operations = listsOf(descriptions[0], 'options').filter(({ path }) => path.endsWith('› Operation'));
		expect(operations.length).toBe(7);
		for (const { path, options } of operations) {
			const names = options.map(label);
			const deprecated = names.filter((name) => name.endsWith('(Deprecated)'));
			const current = names.filter((name) => !name.endsWith('(Deprecated)'));
			expect([path, names]).toEqual([path, [...current, ...deprecated]]);
			expect([path, sorted(options.filter((o) => !label(o).endsWith('(Deprecated)')))]).toEqual([path, true]);
		}
		const salesOrder = operations.find(({ options }) => options.some((o) => 'value' in o && o.value === 'batchCreate'));
		const batchCreate = salesOrder?.options.at(-1) as INodePropertyOptions;
		expect(batchCreate).toMatchObject({ name: 'Batch Create (Deprecated)', value: 'batchCreate' });
		expect(batchCreate.description).toMatch(/Use Create instead/);
	});

	it('dropdowns built from the interface\'s enums list their options by name', () => {
		const built = [
			...listsOf(descriptions[0], 'options').filter(({ path }) => /Item Category$|Inventory Management Type$/.test(path)),
			...listsOf(descriptions[1], 'options').filter(({ path }) => path.endsWith('Carrier')),
		];
		expect(built.map(({ path }) => path)).toEqual([
			'Wine Fulfillment › Item Category',
			'Wine Fulfillment › Additional Fields › Inventory Management Type',
			'Wine Fulfillment Trigger › Filters › Carrier',
		]);
		for (const { path, options } of built) expect([path, sorted(options)]).toEqual([path, true]);
		expect(built[0].options.map(label)).toEqual(['Ice Pack', 'Marketing Material', 'Merchandise', 'Tasting Fee', 'Wine']);
	});

	it("shows each operation's parameters only for its resource and operation (n8n's updateDisplayOptions)", () => {
		const [action] = descriptions;
		const resources = action.properties.filter((p) => p.name === 'resource').flatMap((p) => p.options!.map((o) => (o as { value: string }).value));
		// Resource, Operation and version 1's Request Options (every operation's) are the node's own; version 2's Options
		// is each operation's
		const perOperation = action.properties.filter((p) => !['resource', 'operation', 'requestOptions'].includes(p.name));
		expect(perOperation.length).toBeGreaterThan(100);
		for (const property of perOperation) {
			const show = property.displayOptions?.show;
			const forResources = show?.resource ?? [];
			const shownFor = forResources.length > 0 && forResources.every((r) => resources.includes(r as string)) && (show?.operation?.length ?? 0) > 0;
			expect([property.name, shownFor]).toEqual([property.name, true]);
		}
	});

	it("no field asks n8n to check its value (validateType): the action node reads its parameters without n8n's check", () => {
		// actions/parameters.ts nodeParameter skips n8n's check, which only applies validateType; the node's readers check every value
		function* fields(properties: readonly Option[]): Generator<INodeProperties> {
			for (const property of properties) {
				if ('type' in property) yield property;
				if ('values' in property) yield* fields(property.values);
				if ('options' in property && Array.isArray(property.options)) yield* fields(property.options as Option[]);
			}
		}
		const all = [...fields(descriptions[0].properties)];
		expect(all.length).toBeGreaterThan(500);
		expect(all.filter((field) => 'validateType' in field || 'ignoreValidationDuringExecution' in field).map((field) => field.name)).toEqual([]);
	});

	it("the action node's description is its version's (actions/versionDescription.ts) with the node file's icons", () => {
		const { icon, usableAsTool, ...rest } = descriptions[0];
		expect(rest).toEqual(versionDescription);
		expect(versionDescription.version).toEqual([1, 2]);
		expect(versionDescription.name).toBe('wineFulfillment');
		expect(icon).toEqual({ light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' });
		expect(usableAsTool).toBe(true);
		expect(versionDescription.properties[0]).toMatchObject({ name: 'resource', default: 'salesOrder' });
		expect(versionDescription.properties.at(-1)).toMatchObject({ name: 'requestOptions', displayOptions: { show: { '@version': [1] } } });
	});
});
