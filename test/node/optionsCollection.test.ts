// One Options collection per operation from version 2 on: every operation shows its fields, its Filters, Additional
// Fields or Update Fields, the send-once settings and contact groups where it has them, and one Options collection
// holding every setting version 1 keeps in Query Options, Options (Get Sellable's sellableOptions, Cancel's, …),
// Batch Options and the node's Request Options (Concurrency). Version 1 shows each where saved workflows have it, and
// both versions send the same requests.
import type { INode, INodeParameters, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { operations as addressOperations } from '../../nodes/WineFulfillment/actions/address/Address.resource';
import { operations as inventoryOperations } from '../../nodes/WineFulfillment/actions/inventory/Inventory.resource';
import type { OperationModule } from '../../nodes/WineFulfillment/actions/operation';
import { operations as purchaseOrderOperations } from '../../nodes/WineFulfillment/actions/purchaseOrder/PurchaseOrder.resource';
import { operations as salesOrderOperations } from '../../nodes/WineFulfillment/actions/salesOrder/SalesOrder.resource';
import { operations as skuOperations } from '../../nodes/WineFulfillment/actions/sku/Sku.resource';
import { operations as trackingOperations } from '../../nodes/WineFulfillment/actions/tracking/Tracking.resource';
import { operations as transferOrderOperations } from '../../nodes/WineFulfillment/actions/transferOrder/TransferOrder.resource';
import { groupedFromVersion2 } from '../../nodes/WineFulfillment/actions/versions';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { SKU_A, SKU_B, createFromItems, line, salesOrder } from '../salesOrder/helpers';

/**
 * The node's description, built inside each test of the first block from a fresh module: it is built while the
 * modules load, so a test reading a description built once before would check rules it did not build (and a mutation
 * run would not credit it with them).
 */
let description: INodeTypeDescription = new WineFulfillment().description;

const RESOURCES: Record<string, Record<string, OperationModule>> = {
	address: addressOperations,
	inventory: inventoryOperations,
	purchaseOrder: purchaseOrderOperations,
	salesOrder: salesOrderOperations,
	sku: skuOperations,
	tracking: trackingOperations,
	transferOrder: transferOrderOperations,
};

/** Version 1's collections of settings. */
const SETTINGS = ['queryOptions', 'sellableOptions', 'batchOptions', 'requestOptions', 'options'];
/** The collections an operation may show besides its one Options: filters, optional fields, send once, contacts. */
const BESIDES_OPTIONS = ['filters', 'additionalFields', 'updateFields', 'sendOnceOptions', 'recipientContactInfo', 'deliveryContactInfo'];

const node = (typeVersion: number) => ({ typeVersion }) as INode;

/** The collections a node of this version shows for a resource and operation, in panel order. */
function collectionsShown(typeVersion: number, resource: string, operation: string): INodeProperties[] {
	const values = NodeHelpers.getNodeParameters(description.properties, { resource, operation }, true, false, node(typeVersion), description)!;
	return description.properties.filter(
		(p) => p.type === 'collection' && NodeHelpers.displayParameter(values, p, node(typeVersion), description),
	);
}

const every = Object.entries(RESOURCES).flatMap(([resource, ops]) =>
	Object.entries(ops).map(([operation, module]) => ({ resource, operation, module })),
);

const members = (collection: INodeProperties | undefined) => (collection?.options ?? []) as INodeProperties[];

describe('version 2: one Options collection per operation', () => {
	beforeEach(async () => {
		jest.resetModules();
		const fresh = await import('../../nodes/WineFulfillment/WineFulfillment.node');
		description = new fresh.WineFulfillment().description;
	});

	it('walks all 26 operations of the seven resources', () => {
		expect(every).toHaveLength(26);
		const offered = description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => `${String(p.displayOptions?.show?.resource)}/${String(o.value)}`));
		expect(new Set(offered)).toEqual(new Set(every.map(({ resource, operation }) => `${resource}/${operation}`)));
	});

	it.each(every.map(({ resource, operation }) => [resource, operation]))(
		'%s → %s shows one Options (placeholder "Add Option") and otherwise only filters, optional fields, send once and contacts',
		(resource, operation) => {
			const shown = collectionsShown(2, resource, operation);
			const names = shown.map((c) => c.name);
			expect(names.filter((name) => name === 'options')).toEqual(['options']);
			expect(names.filter((name) => name !== 'options' && !BESIDES_OPTIONS.includes(name))).toEqual([]);
			const options = shown.find((c) => c.name === 'options')!;
			expect(options).toMatchObject({ displayName: 'Options', placeholder: 'Add Option', default: {} });
			// the last collection of the panel, its settings sorted by name (n8n's lint rule for collections)
			expect(names.at(-1)).toBe('options');
			const labels = members(options).map((m) => m.displayName);
			expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
		},
	);

	it.each(every.map(({ resource, operation, module }) => [resource, operation, module]))(
		'%s → %s: Options holds every setting version 1 shows in its collections of settings, and nothing else',
		(resource, operation, module) => {
			const v1 = collectionsShown(1, resource, operation).filter((c) => SETTINGS.includes(c.name));
			const v1Settings = v1.flatMap((c) => members(c).map((m) => m.name));
			// Batch Create sends the input items together: Concurrency (Request Options) never applied to it
			const expected = (module as OperationModule).executeBatch ? v1Settings.filter((name) => name !== 'concurrency') : v1Settings;
			const v2Options = collectionsShown(2, resource, operation).find((c) => c.name === 'options');
			expect(members(v2Options).map((m) => m.name).sort()).toEqual([...expected].sort());
			expect(members(v2Options).some((m) => m.name === 'concurrency')).toBe(!(module as OperationModule).executeBatch);
		},
	);

	it('version 1 keeps Query Options, Options, Batch Options and Request Options where saved workflows have them', () => {
		const v1 = (resource: string, operation: string) => collectionsShown(1, resource, operation).map((c) => c.name);
		expect(v1('inventory', 'getStatus')).toEqual(['queryOptions', 'requestOptions']);
		expect(v1('inventory', 'getSellable')).toEqual(['sellableOptions', 'queryOptions', 'requestOptions']);
		expect(v1('address', 'getCarrierLocations')).toEqual(['filters', 'queryOptions', 'requestOptions']);
		expect(v1('salesOrder', 'cancel')).toEqual(['options', 'requestOptions']);
		// Batch Create sends its items together: it never read Concurrency, and does not show it
		expect(v1('salesOrder', 'batchCreate')).toEqual(expect.arrayContaining(['batchOptions', 'sendOnceOptions']));
		expect(v1('salesOrder', 'batchCreate')).not.toContain('requestOptions');
		// and the optional fields' own collections, which version 2 extends with the groups
		expect(v1('salesOrder', 'create')).toEqual(expect.arrayContaining(['recipientContactInfo', 'additionalFields', 'requestOptions']));
		expect(v1('sku', 'update')).toEqual(['updateFields', 'requestOptions']);
		for (const { resource, operation, module } of every) {
			if (!(module as OperationModule).executeBatch) {
				expect([resource, operation, v1(resource, operation).at(-1)]).toEqual([resource, operation, 'requestOptions']);
			}
			// version 1's own Options (Cancel, Generate JIT Label, Get Details) never hold Concurrency
			const own = collectionsShown(1, resource, operation).find((c) => c.name === 'options');
			expect(members(own).map((m) => m.name)).not.toContain('concurrency');
		}
		// and version 1's parameters read as they always did: the defaults a saved node is completed with
		const defaults = NodeHelpers.getNodeParameters(description.properties, { resource: 'inventory', operation: 'getStatus' }, true, false, node(1), description)!;
		expect(defaults).toMatchObject({ queryOptions: {}, requestOptions: {} });
		expect(defaults).not.toHaveProperty('options');
	});

	it('Batch Create names its batch settings "Batch Request …" in Options: Additional Fields has each order\'s Batch ID', () => {
		const shown = collectionsShown(2, 'salesOrder', 'batchCreate');
		const options = shown.find((c) => c.name === 'options');
		expect(members(options).map((m) => [m.name, m.displayName])).toEqual([
			['batchDescription', 'Batch Request Description'],
			['batchId', 'Batch Request ID'],
			['batchSize', 'Batch Size'],
		]);
		expect(members(shown.find((c) => c.name === 'additionalFields')).map((m) => m.displayName)).toContain('Batch ID');
	});

	it('refuses, when the node loads, two settings that would share a name or a display name in one collection', () => {
		const collection = (name: string, ...settings: Array<[string, string]>): INodeProperties => ({
			displayName: name,
			name,
			type: 'collection',
			default: {},
			options: settings.map(([settingName, displayName]) => ({ displayName, name: settingName, type: 'string', default: '' })),
		});
		const options = collection('Options');
		expect(() => groupedFromVersion2(options, { merged: [collection('a', ['size', 'Size']), collection('b', ['size', 'Page Size'])] })).toThrow(
			'Options of version 2: two members with the name "size"',
		);
		expect(() => groupedFromVersion2(options, { merged: [collection('a', ['size', 'Size']), collection('b', ['pageSize', 'Size'])] })).toThrow(
			'Options of version 2: two members with the displayName "Size"',
		);
		// names are the parameters' keys: two that differ only in case are two settings
		expect(() => groupedFromVersion2(options, { merged: [collection('a', ['size', 'Size']), collection('b', ['Size', 'Page Size'])] })).not.toThrow();
		// two display names that differ only in case would read alike in the panel
		expect(() => groupedFromVersion2(options, { merged: [collection('a', ['size', 'Size']), collection('b', ['pageSize', 'size'])] })).toThrow(
			'Options of version 2: two members with the displayName "size"',
		);
		const renamed = groupedFromVersion2(options, {
			merged: [collection('a', ['size', 'Size']), collection('b', ['pageSize', 'Size'])],
			renamed: { pageSize: 'Page Size' },
			inVersion1: false,
		});
		expect(renamed.collection).toHaveLength(1);
		expect(members(renamed.collection[0]).map((m) => m.displayName)).toEqual(['Page Size', 'Size']);
		// version 1 keeps the merged collections as they were, shown on version 1 only
		expect(renamed.merged.map((c) => [c.name, c.displayOptions?.show?.['@version'], members(c)[0].displayName])).toEqual([
			['a', [1], 'Size'],
			['b', [1], 'Size'],
		]);
	});

	it("shows a collection on version 1 as it was and on version 2 with every member, sorted by display name whatever its case, under the collection's own conditions", () => {
		const options: INodeProperties = {
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			default: {},
			displayOptions: { show: { resource: ['inventory'] } },
			options: [{ displayName: 'zone', name: 'zone', type: 'string', default: '' }],
		};
		const merged: INodeProperties = {
			displayName: 'Query Options',
			name: 'queryOptions',
			type: 'collection',
			default: {},
			options: ['output', 'Limit', 'Page Size'].map((displayName) => ({ displayName, name: displayName, type: 'string', default: '' })),
		};
		const { collection } = groupedFromVersion2(options, { merged: [merged] });
		expect(collection.map((c) => c.displayOptions?.show)).toEqual([
			{ resource: ['inventory'], '@version': [1] },
			{ resource: ['inventory'], '@version': [{ _cnd: { gte: 2 } }] },
		]);
		expect(members(collection[0]).map((m) => m.displayName)).toEqual(['zone']);
		expect(members(collection[1]).map((m) => m.displayName)).toEqual(['Limit', 'output', 'Page Size', 'zone']);
	});
});

describe('version 1 and version 2 send the same requests', () => {
	const fx = useSandbox({ inventoryRecords: 600 });

	/** What the sandbox received on `path`, the bodies in order. */
	const bodies = async (path: string) => (await fx.control.requests(path)).map((r) => r.body);

	it('Inventory → Get Status: Page Size and Output from Query Options (1) or Options (2), with a limit and with Return All', async () => {
		const query = { resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true };
		const runs = [
			[{ ...query, returnAll: false, limit: 30, queryOptions: { pageSize: 12 } }, 1],
			[{ ...query, returnAll: false, limit: 30, options: { pageSize: 12 } }, 2],
			[{ ...query, returnAll: true, queryOptions: { pageSize: 250, output: 'pages' } }, 1],
			[{ ...query, returnAll: true, options: { pageSize: 250, output: 'pages' } }, 2],
		] as const;
		const outputs = [];
		for (const [parameters, typeVersion] of runs) {
			const result = await fx.run(actionWorkflow(parameters as INodeParameters, { typeVersion }));
			expect(result.error).toBeUndefined();
			outputs.push(result.output(ACTION_NODE).map((i) => i.json));
		}
		const sent = await bodies('GetStatus');
		const paging = sent.map((b) => [b.Skip, b.Top]);
		// 30 records in pages of 12, twice; then every record in pages of 250, twice (each page after the first asked one
		// record early, to begin with the record the page before ended with)
		const all = [
			[0, 250],
			[249, 250],
			[498, 250],
		];
		const pages = all.length;
		expect(paging).toEqual([[0, 12], [11, 12], [22, 8], [0, 12], [11, 12], [22, 8], ...all, ...all]);
		expect(sent.slice(3, 6)).toEqual(sent.slice(0, 3));
		expect(sent.slice(6 + pages)).toEqual(sent.slice(6, 6 + pages));
		expect(outputs[0]).toHaveLength(30);
		expect(outputs[1]).toEqual(outputs[0]);
		expect(outputs[2]).toHaveLength(pages);
		expect(outputs[2][0]).toMatchObject({ Skip: 0, Top: 250 });
		expect(outputs[3]).toEqual(outputs[2]);
	});

	it('Inventory → Get Sellable: its own options (version 1: sellableOptions) and the page size, from Options on version 2', async () => {
		const sellable = { includeLibraryInventory: true, includeUnavailableItems: false, orderSource: 'Shopify', orderType: 'CLUB', verbose: false };
		const v1 = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true, sellableOptions: sellable, queryOptions: { pageSize: 7 } }),
		);
		const v2 = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getSellable', returnAll: true, options: { ...sellable, pageSize: 7, concurrency: 2 } },
				{ typeVersion: 2 },
			),
		);
		expect(v1.error).toBeUndefined();
		expect(v2.error).toBeUndefined();
		const sent = await bodies('GetSellable');
		expect(sent.length % 2).toBe(0);
		const [first, second] = [sent.slice(0, sent.length / 2), sent.slice(sent.length / 2)];
		expect(first.length).toBeGreaterThan(2);
		expect(second).toEqual(first);
		// the other settings of Options (page size, concurrency) are not sent as filters
		expect(first[0]).toEqual({
			IncludeLibraryInventory: true,
			IncludeUnavailableItems: false,
			OrderSource: 'Shopify',
			OrderType: 'CLUB',
			Verbose: false,
			PageNumber: 1,
			PageSize: 7,
		});
		expect(v2.output(ACTION_NODE).map((i) => i.json)).toEqual(v1.output(ACTION_NODE).map((i) => i.json));
	});

	it('Inventory → Get Sellable refuses a bad Order Type in Options before anything is sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getSellable', options: { orderType: '={{ "MAIL" }}' } }, { typeVersion: 2 }),
		);
		expect(result.error?.message).toContain('Invalid "Order Type"');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('Sales Order → Batch Create: Batch Size, Batch ID and Batch Description from Batch Options (1) or Options (2)', async () => {
		const batch = (prefix: string, settings: Record<string, unknown>, typeVersion: number) =>
			fx.run(
				actionWorkflow(
					salesOrder('batchCreate', {
						orderNo: `={{ "${prefix}-" + $json.n }}`,
						orderType: 'RETAIL',
						itemsInput: 'json',
						itemsJson: '={{ $json.items }}',
						...settings,
					}),
					{ typeVersion, items: Array.from({ length: 5 }, (_, n) => ({ n, items: [line(n % 2 ? SKU_A : SKU_B, 1)] })) },
				),
			);
		const settings = { batchSize: 2, batchId: 'NIGHTLY-7', batchDescription: 'Nightly' };
		const v1 = await batch('V1', { batchOptions: settings }, 1);
		const v2 = await batch('V2', { options: settings }, 2);
		expect(v1.error).toBeUndefined();
		expect(v2.error).toBeUndefined();
		// the same requests but for the order numbers (each run its own, so that neither is taken as sent before)
		const sent = JSON.stringify(await bodies('BatchSalesOrder'));
		expect(sent).toContain('"V2-4"');
		const requests = JSON.parse(sent.replace(/"V2-/g, '"V1-')) as Array<Record<string, unknown>>;
		expect(requests).toHaveLength(6);
		expect(requests.slice(3)).toEqual(requests.slice(0, 3));
		expect(requests.map((r) => (r.SalesOrdersInfo as unknown[]).length)).toEqual([2, 2, 1, 2, 2, 1]);
		expect(requests[0]).toMatchObject({ BatchId: 'NIGHTLY-7', BatchDescription: 'Nightly' });
		const outcome = (run: typeof v1) => run.output(ACTION_NODE).map((i) => [String(i.json.OrderNo).slice(3), i.json.IsCreated]);
		expect(outcome(v2)).toEqual(outcome(v1));
	});

	it('Sales Order → Batch Create refuses a bad Batch Size in Options, and names a bad Batch Request ID as version 2 shows it', async () => {
		const batch = (options: Record<string, unknown>) =>
			fx.run(
				actionWorkflow(
					salesOrder('batchCreate', { orderNo: 'BAD-1', orderType: 'RETAIL', itemsInput: 'json', itemsJson: `[{"ItemNo": "${SKU_A}", "ItemQuantity": 1}]`, options }),
					{ typeVersion: 2 },
				),
			);
		expect((await batch({ batchSize: 0 })).error?.message).toMatch(/^Invalid "Batch Size": must be a whole number from 1 to 1000/);
		expect((await batch({ batchId: '={{ { "a": 1 } }}' })).error?.message).toMatch(/^Invalid "Batch Request ID"/);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(0);
	});

	it('Concurrency: Request Options (1) or Options (2); with 1, nothing after a failed item is sent', async () => {
		const items = (prefix: string) => Array.from({ length: 6 }, (_, i) => ({ OrderNo: `${prefix}-${i + 1}`, items: [line(SKU_A, 1)] }));
		const sent = async () => (await fx.control.requests('CreateSalesOrder')).length;
		/** How many requests a run sent. */
		const run = async (prefix: string, typeVersion: number, settings: Record<string, unknown>) => {
			const before = await sent();
			// the third order of the run fails (500 before it is processed): writes are never sent twice
			await fx.control.fault({ kind: 'status', status: 500, when: 'before', path: 'CreateSalesOrder', after: 2, count: 1 });
			const result = await fx.run(actionWorkflow(createFromItems(settings, typeVersion), { items: items(prefix), typeVersion }));
			expect(result.error?.message).toMatch(/internal error \(500\)/);
			return (await sent()) - before;
		};
		// one at a time: items 4-6 were never started
		expect(await run('C1', 1, { requestOptions: { concurrency: 1 } })).toBe(3);
		expect(await run('C2', 2, { options: { concurrency: 1 } })).toBe(3);
		// all six at once: every one was sent before the failure was known
		expect(await run('C3', 1, { requestOptions: { concurrency: 6 } })).toBe(6);
		expect(await run('C4', 2, { options: { concurrency: 6 } })).toBe(6);
	});

	it('Tracking → Get Details: Fail When Not Found from Options on version 2 (with Concurrency beside it)', async () => {
		const details = (options: INodeParameters) =>
			fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-404404', options }, { typeVersion: 2 }));
		expect((await details({ failWhenNotFound: true, concurrency: 2 })).error?.message).toContain('No tracking information yet for order "SO-404404"');
		const quiet = await details({ concurrency: 2 });
		expect(quiet.error).toBeUndefined();
		expect(quiet.output(ACTION_NODE)[0].json).toMatchObject({ found: false });
	});
});
