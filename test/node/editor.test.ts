// What the editor shows: dropdowns name codes for people (with the code beside them) and keep the wire values, one default
// carrier, Item Number pickers that search the account's SKUs yet still send the item number as before, and panels that
// read alike across resources (item rows, contact fields, one wording), with one convention for parameter names (camelCase).
import type { INode, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { methods } from '../../nodes/WineFulfillment/methods';
import { CARRIERS, CARRIER_SERVICES, WAREHOUSES } from '../../nodes/WineFulfillment/wire/common';
import { DEFAULT_CARRIER } from '../../nodes/WineFulfillment/wire/labels';
import { CONTACT_DISPLAY_NAMES } from '../../nodes/WineFulfillment/actions/panel';
import { ORDER_TYPES } from '../../nodes/WineFulfillment/wire/salesOrder';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { skus } from '../sandbox/stores';
import { transferHeader } from '../transferOrder/parameters';
import { purchaseHeader } from '../purchaseOrder/parameters';

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

interface Dropdown {
	path: string;
	property: INodeProperties;
}

/** Where a top-level parameter shows: its resource and operation, e.g. "Wine Fulfillment [sku/update]". */
function where(entry: Entry, path: string): string {
	const show = 'displayOptions' in entry ? entry.displayOptions?.show : undefined;
	const scope = [show?.resource, show?.operation].filter(Boolean).map((v) => (v as string[]).join('|'));
	return scope.length ? `${path} [${scope.join('/')}]` : path;
}

/** Every options and multiOptions parameter of a description, however deep (collections, fixed collections). */
function* dropdowns(entries: readonly Entry[], path: string, top = true): Generator<Dropdown> {
	for (const entry of entries) {
		const here = `${top ? where(entry, path) : path} › ${'displayName' in entry ? entry.displayName : entry.name}`;
		if ('type' in entry && (entry.type === 'options' || entry.type === 'multiOptions') && Array.isArray(entry.options)) {
			yield { path: here, property: entry };
		}
		if ('options' in entry && Array.isArray(entry.options)) yield* dropdowns(entry.options as Entry[], here, false);
		if ('values' in entry && Array.isArray(entry.values)) yield* dropdowns(entry.values, here, false);
	}
}

/** Every parameter of a description, however deep, with its path. */
function* parameters(entries: readonly Entry[], path: string, top = true): Generator<{ path: string; property: INodeProperties }> {
	for (const entry of entries) {
		const here = `${top ? where(entry, path) : path} › ${'displayName' in entry ? entry.displayName : entry.name}`;
		if ('type' in entry) yield { path: here, property: entry };
		if ('options' in entry && Array.isArray(entry.options)) yield* parameters(entry.options as Entry[], here, false);
		if ('values' in entry && Array.isArray(entry.values)) yield* parameters(entry.values, here, false);
	}
}

const descriptions: INodeTypeDescription[] = [
	new WineFulfillment().description,
	new WineFulfillmentTrigger().description,
	new WineFulfillmentWebhookTrigger().description,
];
const allDropdowns = descriptions.flatMap((d) => [...dropdowns(d.properties, d.displayName)]);
const options = (d: Dropdown) => d.property.options as INodePropertyOptions[];

/** A wire code shown as it is: the value itself, in capitals (APC01, IN TRANSIT, 3.1.3) or run together (InTransit). */
const WIRE_CODE = /^(?:[A-Z0-9]+(?:[-_ .][A-Z0-9]+)*|[A-Z][a-z]+(?:[A-Z][a-z]*)+)$/;
/** Acronyms that are the everyday name of what they stand for. */
const EVERYDAY_NAMES = new Set(['PDF', 'PNG']);
const isBareCode = (option: INodePropertyOptions) =>
	option.name === String(option.value) && WIRE_CODE.test(option.name) && !EVERYDAY_NAMES.has(option.name);

const inOrder = (names: string[]) => names.every((name, i) => i === 0 || names[i - 1].toLowerCase() <= name.toLowerCase());

describe('dropdowns', () => {
	it('name every option for people, never as the bare wire code', () => {
		expect(allDropdowns.length).toBeGreaterThan(40);
		const bare = allDropdowns
			.map((d) => ({ path: d.path, codes: options(d).filter(isBareCode).map((o) => o.name) }))
			.filter(({ codes }) => codes.length > 0)
			.map(({ path, codes }) => `${path}: ${codes.join(', ')}`);
		expect(bare).toEqual([]);
	});

	it('show the code beside a known name, and say so when the interface gives no meaning', () => {
		const carrier = allDropdowns.find((d) => d.path.endsWith('Shipment › Carrier'));
		const service = allDropdowns.find((d) => d.path.endsWith('Shipment › Carrier Service'));
		const orderType = allDropdowns.find((d) => d.property.name === 'orderType' && d.path.endsWith('› Order Type'));
		const byValue = (d: Dropdown | undefined) => Object.fromEntries(options(d!).map((o) => [o.value, o]));
		expect(byValue(carrier).FEX.name).toBe('FedEx (FEX)');
		expect(byValue(carrier).BSW).toMatchObject({ name: 'Carrier Code BSW', description: expect.stringMatching(/ask the provider/) });
		expect(byValue(service).GRND.name).toBe('Ground (GRND)');
		expect(byValue(service).LPDS.name).toBe('Service Code LPDS');
		expect(byValue(orderType).DELIVERY_TO_WINERY).toMatchObject({
			name: 'Delivery to Winery (DELIVERY_TO_WINERY)',
			description: 'Orders that move inventory on behalf of the winery without change of ownership',
		});
	});

	it("keep the interface's codes as values, so saved workflows read the same", () => {
		const values = (test: (d: Dropdown) => boolean) =>
			allDropdowns.filter(test).map((d) => options(d).map((o) => String(o.value)).sort());
		const sorted = (codes: readonly string[]) => [...codes].sort();
		const expected: Array<[RegExp, readonly string[]]> = [
			[/Shipment › Carrier$/, CARRIERS],
			[/Shipment › Carrier Service$/, CARRIER_SERVICES],
			[/Shipment › Warehouse$/, WAREHOUSES],
			[/› Order Type$/, ORDER_TYPES],
		];
		for (const [path, codes] of expected) {
			const lists = values((d) => path.test(d.path));
			// Create, Batch Create and Update (and Get Sellable's Order Type)
			expect([String(path), lists.length >= 3]).toEqual([String(path), true]);
			for (const list of lists) expect([String(path), list]).toEqual([String(path), sorted(codes)]);
		}
	});

	it('list codes by the name shown', () => {
		const ofCodes = allDropdowns.filter((d) =>
			options(d).every((o) => o.value === '' || (typeof o.value === 'string' && WIRE_CODE.test(o.value))),
		);
		expect(ofCodes.length).toBeGreaterThan(20);
		const unsorted = ofCodes.filter((d) => !inOrder(options(d).map((o) => o.name)));
		expect(unsorted.map((d) => `${d.path}: ${options(d).map((o) => o.name).join(', ')}`)).toEqual([]);
	});

	it('start every carrier choice at the same carrier', () => {
		const carriers = allDropdowns.filter((d) => options(d).some((o) => o.value === 'FEX') && d.property.type === 'options');
		expect(carriers.length).toBeGreaterThanOrEqual(5);
		expect(carriers.map((d) => `${d.path}: ${String(d.property.default)}`)).toEqual(
			carriers.map((d) => `${d.path}: ${DEFAULT_CARRIER}`),
		);
	});
});

/** The top-level parameters of one resource and operation of the action node. */
const panelOf = (resource: string, operation: string) =>
	descriptions[0].properties.filter(
		(p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions.show.operation?.includes(operation),
	);
const labelOf = (entry: Entry) => ('displayName' in entry ? entry.displayName : entry.name);

describe('panels read alike across resources', () => {
	const action = descriptions[0];
	const all = [...parameters(action.properties, action.displayName)];

	it('item rows start with what every line needs (Item Number, Quantity, Quantity Unit), optional fields last, named in camelCase', () => {
		const tables = all.filter(({ property }) => property.type === 'fixedCollection' && property.name === 'items');
		const rows = Object.fromEntries(
			tables.map(({ path, property }) => {
				const values = (property.options as INodePropertyCollection[])[0].values;
				return [path.replace(/ › Items$/, ''), values.map((v) => `${v.displayName} (${v.name})`)];
			}),
		);
		const sales = ['Item Number (itemNo)', 'Quantity (itemQuantity)', 'Quantity Unit (quantityUnit)', 'Item Options (itemOptions)'];
		const plain = ['Item Number (itemNo)', 'Quantity (itemQuantity)', 'Item Description (itemDescription)'];
		expect(rows).toEqual({
			'Wine Fulfillment [salesOrder/create]': sales,
			'Wine Fulfillment [salesOrder/update]': sales,
			'Wine Fulfillment [salesOrder/batchCreate]': sales,
			'Wine Fulfillment [purchaseOrder/create]': plain,
			'Wine Fulfillment [transferOrder/create]': [
				'Item Number (itemNo)',
				'Quantity (itemQuantity)',
				'Quantity Unit (quantityUnit)',
				'Inventory Tax Status (inventoryTaxStatus)',
				'Item Description (itemDescription)',
				'Unit Price (unitPrice)',
			],
			'Wine Fulfillment [transferOrder/update]': plain,
		});
		expect(tables.map(({ property }) => property.placeholder)).toEqual(tables.map(() => 'Add Item'));
	});

	it('the items input is one parameter with one set of values in every resource, worded as n8n\'s HTTP Request words it', () => {
		const inputs = all.filter(({ property }) => property.displayName === 'Items Input' || /^items(Input|Source)$/.test(property.name));
		expect(inputs.length).toBe(6);
		const shown = inputs.map(({ path, property }) => [
			path,
			property.name,
			property.displayName,
			options({ path, property }).map((o) => `${o.name} (${String(o.value)})`),
			property.default,
		]);
		const create = ['Using Fields Below (fields)', 'Using JSON (json)'];
		const update = ['Keep Current Items (keep)', ...create];
		expect(shown).toEqual([
			['Wine Fulfillment [salesOrder/create] › Items Input', 'itemsInput', 'Items Input', create, 'fields'],
			['Wine Fulfillment [salesOrder/update] › Items Input', 'itemsInput', 'Items Input', update, 'keep'],
			['Wine Fulfillment [salesOrder/batchCreate] › Items Input', 'itemsInput', 'Items Input', create, 'fields'],
			['Wine Fulfillment [purchaseOrder/create] › Items Input', 'itemsInput', 'Items Input', create, 'fields'],
			['Wine Fulfillment [transferOrder/create] › Items Input', 'itemsInput', 'Items Input', create, 'fields'],
			['Wine Fulfillment [transferOrder/update] › Items Input', 'itemsInput', 'Items Input', update, 'keep'],
		]);
	});

	it('contact fields are in the same natural order with the same names in every resource', () => {
		const contactOf = (entries: readonly Entry[]) => entries.filter((e) => CONTACT_DISPLAY_NAMES.includes(labelOf(e))).map(labelOf);
		const groups: Array<[string, string[]]> = [];
		for (const { path, property } of all) {
			if (property.type !== 'collection' || !Array.isArray(property.options)) continue;
			const contact = contactOf(property.options as Entry[]);
			if (contact.includes('First Name') || contact.includes('Address Line 1')) groups.push([path, contact]);
		}
		for (const [resource, operation] of [
			['transferOrder', 'create'],
			['address', 'validate'],
			['tracking', 'getDeliveryEstimates'],
		]) {
			groups.push([`${resource}/${operation}`, contactOf(panelOf(resource, operation))]);
		}
		// with the contacts inside version 2's Additional Fields (Create, Batch Create) and Update Fields (Update)
		expect(groups.length).toBe(16);
		for (const [path, contact] of groups) {
			expect([path, contact]).toEqual([path, CONTACT_DISPLAY_NAMES.filter((name) => contact.includes(name))]);
		}
		const recipient = all.find(({ path }) => path.endsWith('[salesOrder/create] › Recipient (Ship-To)'))?.property;
		expect((recipient?.options as INodeProperties[]).map((o) => `${o.displayName} (${o.name})`)).toEqual([
			'First Name (firstName)',
			'Last Name (lastName)',
			'Company (company)',
			'Address Line 1 (address)',
			'Address Line 2 (address2)',
			'City (city)',
			'State (state)',
			'ZIP Code (zipCode)',
			'Country (country)',
			'Phone (phoneNumber)',
			'Email (emailAddress)',
		]);
		expect(contactOf(panelOf('address', 'validate'))).toEqual(['Address Line 1', 'Address Line 2', 'City', 'State', 'ZIP Code', 'Country']);
		const validate = panelOf('address', 'validate').filter((p) => CONTACT_DISPLAY_NAMES.includes(p.displayName));
		expect(validate.map((p) => p.name)).toEqual(['addressLine1', 'addressLine2', 'city', 'state', 'zipCode', 'country']);
	});

	it('one wording: Number, not No; Title Case placeholders; the old words are gone', () => {
		const words = all.flatMap(({ path, property }) => [
			[path, property.displayName],
			...((property.type === 'options' || property.type === 'multiOptions') && Array.isArray(property.options)
				? (property.options as INodePropertyOptions[]).map((o) => [path, o.name])
				: []),
		]);
		const old = /(^| )No$|^(Customer No|Table|List From an Expression|Define Below|From JSON or Expression|Not Set|Email Address|Phone Number|Address 2)$/;
		expect(words.filter(([, word]) => old.test(word))).toEqual([]);
		const references = all.filter(({ property }) => property.name === 'customerReferenceNo');
		expect(references.length).toBe(6);
		expect(new Set(references.map(({ property }) => property.displayName))).toEqual(new Set(['Customer Reference Number']));
		// every collection of every node, the ones shared files build (Options, Send Once Options, Filters) included
		const placeholders = all.filter(({ property }) => ['collection', 'fixedCollection'].includes(property.type));
		expect(placeholders.length).toBeGreaterThan(40);
		const lowerCase = placeholders.filter(({ property }) => !/^Add( [A-Z][a-z]*)+$/.test(property.placeholder ?? 'Add Field'));
		expect(lowerCase.map(({ path, property }) => `${path}: ${property.placeholder}`)).toEqual([]);
	});
});

describe('Item Number pickers', () => {
	const action = descriptions[0];
	// every Item Number naming an existing SKU (SKU Create names a new one)
	const itemNumbers = [...parameters(action.properties, action.displayName)].filter(
		({ path, property }) => property.name.toLowerCase() === 'itemno' && !path.includes('[sku/create]'),
	);

	it('search the account\'s SKUs ("From List", the default) or take a typed item number ("By ID")', () => {
		// SKU Update and Retire, the sales order, purchase order and transfer order item rows (create and update)
		expect(itemNumbers.length).toBeGreaterThanOrEqual(7);
		for (const { path, property } of itemNumbers) {
			expect([path, property.type, property.default]).toEqual([path, 'resourceLocator', { mode: 'list', value: '' }]);
			expect([path, property.modes?.map((m) => [m.name, m.displayName])]).toEqual([
				path,
				[
					['list', 'From List'],
					['id', 'By ID'],
				],
			]);
			const method = property.modes?.[0].typeOptions?.searchListMethod;
			expect([path, typeof methods.listSearch[method as keyof typeof methods.listSearch]]).toEqual([path, 'function']);
		}
	});
});

describe('Item Number values at run time', () => {
	const fx = useSandbox({ inventoryRecords: 240 });
	const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
	const picked = (value: string) => ({ __rl: true, mode: 'list', value });
	const typed = (value: string) => ({ __rl: true, mode: 'id', value });
	const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

	it('SKU Update and Retire send the picked or typed item number; a plain text value saved earlier still works', async () => {
		const update = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'update', ...requestor, itemNo: picked(item(1)), updateFields: { value: '9.50' } }),
		);
		expect(update.error).toBeUndefined();
		const retired = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: typed('={{ $json.sku }}') }, { items: [{ sku: item(2) }] }),
		);
		expect(retired.error).toBeUndefined();
		const saved = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: item(3) }));
		expect(saved.error).toBeUndefined();
		expect((await fx.control.requests('UpdateSKU')).map((r) => r.body.SKUInfo)).toEqual([{ ItemNo: item(1), Value: '9.50' }]);
		expect((await fx.control.requests('RetireSKU')).map((r) => r.body.ItemNo)).toEqual([item(2), item(3)]);
		expect(retired.output(ACTION_NODE)[0].json).toMatchObject({ ItemNo: item(2), success: true });
		expect(skus(fx.sandbox.state).get(item(2))?.active).toBe(false);
	});

	it('Sales Order Create sends the item numbers of the table rows, picked, typed or saved as text', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'salesOrder',
				operation: 'create',
				orderNo: 'RL-1',
				orderType: 'RETAIL',
				itemsInput: 'fields',
				items: {
					item: [
						{ itemNo: picked(item(0)), itemQuantity: 1 },
						{ itemNo: typed(item(1)), itemQuantity: 2 },
						{ itemNo: item(0), itemQuantity: 3 },
					],
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body.ItemsInfo).toEqual([
			{ ItemNo: item(0), ItemQuantity: 1 },
			{ ItemNo: item(1), ItemQuantity: 2 },
			{ ItemNo: item(0), ItemQuantity: 3 },
		]);
	});

	it('an empty picked Item Number is a parameter issue: nothing is sent', async () => {
		const run = fx.run(
			actionWorkflow({
				resource: 'salesOrder',
				operation: 'create',
				orderNo: 'RL-2',
				orderType: 'RETAIL',
				itemsInput: 'fields',
				items: { item: [{ itemNo: picked(item(0)), itemQuantity: 1 }, { itemNo: picked(''), itemQuantity: 1 }] },
			}),
		);
		await expect(run).rejects.toThrow(/Parameter "Item Number" is required/);
		expect(await fx.control.requests('CreateSalesOrder')).toEqual([]);
	});

	it.each([
		['Purchase Order Create', 'purchaseOrder', () => purchaseHeader('PO-RL-EMPTY'), 'CreatePurchaseOrder'],
		['Transfer Order Create', 'transferOrder', () => transferHeader('TR-RL-EMPTY'), 'CreateTransferOrder'],
	])('%s: an empty Item Number in a row is a parameter issue, as in Sales Order Create: nothing is sent', async (_name, resource, header, path) => {
		const run = fx.run(
			actionWorkflow(
				{ resource, operation: 'create', ...header(), items: { item: [{ itemNo: picked(''), itemQuantity: 1 }] } },
				{ timezone: 'UTC' },
			),
		);
		await expect(run).rejects.toThrow(/Parameter "Item Number" is required/);
		expect(await fx.control.requests(path)).toEqual([]);
	});

	it('Purchase Order Create sends the item numbers of its rows', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'purchaseOrder',
				operation: 'create',
				...purchaseHeader('PO-RL'),
				items: { item: [{ itemNo: picked(item(0)), itemQuantity: 24 }, { itemNo: item(1), itemQuantity: 6 }] },
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.body.ItemsInfo).toEqual([
			{ ItemNo: item(0), ItemQuantity: 24 },
			{ ItemNo: item(1), ItemQuantity: 6 },
		]);
	});

	it('Transfer Order Create sends the item numbers of its rows', async () => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'transferOrder',
					operation: 'create',
					...transferHeader('TR-RL'),
					items: { item: [{ itemNo: typed(item(0)), itemQuantity: 12 }] },
				},
				{ timezone: 'UTC' },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 12 }]);
	});
});

describe('a new node opens on a read', () => {
	const fx = useSandbox({ inventoryRecords: 30 });
	const description = new WineFulfillment().description;
	const defaults = (typeVersion: number) =>
		NodeHelpers.getNodeParameters(description.properties, {}, true, false, { typeVersion } as INode, description);

	it('version 2 (what the editor and an AI agent get) opens on Inventory → Get Status; version 1 keeps Sales Order → Create', () => {
		expect(description.defaultVersion).toBe(2);
		expect(description.version).toEqual([1, 2]);
		expect(defaults(2)).toMatchObject({ resource: 'inventory', operation: 'getStatus' });
		expect(defaults(1)).toMatchObject({ resource: 'salesOrder', operation: 'create' });
	});

	it('a version 2 node left at its defaults reads inventory and sends nothing else; a saved version 1 node still means Create', async () => {
		const read = await fx.run(actionWorkflow({}, { typeVersion: 2 }));
		expect(read.error).toBeUndefined();
		expect(read.output(ACTION_NODE).length).toBeGreaterThan(0);
		expect(read.output(ACTION_NODE)[0].json).toHaveProperty('ItemNo');
		expect((await fx.control.requests()).map((r) => r.path)).toEqual(['/api/Inventory/GetStatus']);
		// n8n refuses to start it: Sales Order → Create's required Order Number is empty
		await expect(fx.run(actionWorkflow({}, { typeVersion: 1 }))).rejects.toThrow('Parameter "Order Number" is required');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
	});
});

describe('credential', () => {
	it('tells that Test and Production each need their own credential, and keeps Base URL the one address field', () => {
		const { properties } = new WineFulfillmentApi();
		const notice = properties.find((p) => p.type === 'notice');
		expect(notice?.displayName).toMatch(/Test and Production/);
		expect(notice?.displayName).toMatch(/one credential per environment/);
		expect(properties.filter((p) => /url/i.test(p.name)).map((p) => [p.name, p.required])).toEqual([['baseUrl', true]]);
	});
});

describe('empty optional fields', () => {
	it('every JSON parameter starts as valid JSON, so an untouched panel shows no issue marker', () => {
		const json = descriptions.flatMap((d) => [...parameters(d.properties, d.displayName)]).filter((p) => p.property.type === 'json');
		expect(json.length).toBeGreaterThan(10);
		const invalid = json.filter((p) => {
			try {
				JSON.parse(String(p.property.default));
				return false;
			} catch {
				return true;
			}
		});
		expect(invalid.map((p) => `${p.path}: ${JSON.stringify(p.property.default)}`)).toEqual([]);
	});
});
