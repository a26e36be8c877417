// The nodes' descriptions as n8n's editor reads them: lists built at load time are in the order n8n's lint rules ask
// of written ones (options and collection fields sorted by name).
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { showOnlyFor } from '../../nodes/WineFulfillment/actions/common';
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

describe('node descriptions', () => {
	it('every collection lists its fields by name', () => {
		const collections = descriptions.flatMap((description) => listsOf(description, 'collection'));
		expect(collections.length).toBeGreaterThan(10);
		const unsorted = collections.filter(({ options }) => !sorted(options));
		expect(unsorted.map(({ path, options }) => `${path}: ${options.map(label).join(', ')}`)).toEqual([]);
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

	it("shows each operation's parameters as n8n's updateDisplayOptions would, for every parameter of the node", () => {
		const perOperation = descriptions[0].properties.filter((p) => p.displayOptions?.show?.operation);
		expect(perOperation.length).toBeGreaterThan(100);
		for (const property of perOperation) {
			const { resource, operation, ...ownShow } = property.displayOptions!.show!;
			const written = { ...property, displayOptions: { ...property.displayOptions, show: ownShow } };
			const show = { resource: resource!, operation: operation! };
			expect(showOnlyFor({ show }, [written])).toEqual(updateDisplayOptions({ show }, [written]));
			expect(showOnlyFor({ show }, [written])).toEqual([property]);
		}
	});

	it('keeps what a parameter shows and hides on its own, as updateDisplayOptions does', () => {
		const written: INodeProperties[] = [
			{ displayName: 'A', name: 'a', type: 'string', default: '' },
			{
				displayName: 'B',
				name: 'b',
				type: 'number',
				default: 1,
				displayOptions: { show: { returnAll: [false] }, hide: { '/event': ['newReturn'] } },
			},
		];
		const show = { resource: ['sku'], operation: ['create'] };
		expect(showOnlyFor({ show }, written)).toEqual(updateDisplayOptions({ show }, written));
		expect(showOnlyFor({ show }, written)[1].displayOptions).toEqual({
			show: { returnAll: [false], resource: ['sku'], operation: ['create'] },
			hide: { '/event': ['newReturn'] },
		});
	});

	it("the action node's description is its version's (actions/versionDescription.ts) with the node file's icons", () => {
		const { icon, usableAsTool, ...rest } = descriptions[0];
		expect(rest).toEqual(versionDescription);
		expect(versionDescription.version).toBe(1);
		expect(versionDescription.name).toBe('wineFulfillment');
		expect(icon).toEqual({ light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' });
		expect(usableAsTool).toBe(true);
		expect(versionDescription.properties[0]).toMatchObject({ name: 'resource', default: 'salesOrder' });
		expect(versionDescription.properties.at(-1)).toMatchObject({ name: 'requestOptions' });
	});
});
