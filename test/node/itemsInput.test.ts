// Items Input: one parameter (`itemsInput`) with one set of values (fields / json / keep) in every resource that takes
// items; the table shows for "Using Fields Below", the JSON field for "Using JSON", and each way sends the items.
import type { IDataObject, INode, INodeParameters, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { ITEMS_INPUT_VALUES } from '../../nodes/WineFulfillment/actions/panel';
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, SKU_B, createOrder, line } from '../salesOrder/helpers';
import { transferHeader } from '../transferOrder/parameters';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const description = new WineFulfillment().description;

/** Every resource and operation that takes items, and whether it can leave them as they are. */
const TAKING_ITEMS: Array<[string, string, boolean]> = [
	['salesOrder', 'create', false],
	['salesOrder', 'update', true],
	['salesOrder', 'batchCreate', false],
	['purchaseOrder', 'create', false],
	['transferOrder', 'create', false],
	['transferOrder', 'update', true],
];

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** The names of every parameter of the description, however deep. */
function* names(entries: readonly Entry[]): Generator<string> {
	for (const entry of entries) {
		if ('type' in entry) yield entry.name;
		if ('options' in entry && Array.isArray(entry.options)) yield* names(entry.options as Entry[]);
		if ('values' in entry && Array.isArray(entry.values)) yield* names(entry.values);
	}
}

/** The top-level parameters a version 2 node shows for these values (with their defaults). */
function shown(values: INodeParameters): string[] {
	const all = NodeHelpers.getNodeParameters(description.properties, values, true, false, { typeVersion: 2 } as INode, description)!;
	return Object.keys(all);
}

describe('Items Input in the editor', () => {
	it('is the parameter itemsInput with the same values and labels wherever items are taken, and nothing else says how items are given', () => {
		const controls = description.properties.filter((p) => p.displayName === 'Items Input' || /^items(Input|Source)$/.test(p.name));
		const read = controls.map((p) => ({
			at: `${String(p.displayOptions?.show?.resource)}/${String(p.displayOptions?.show?.operation)}`,
			name: p.name,
			options: (p.options as INodePropertyOptions[]).map((o) => [o.value, o.name]),
			default: p.default,
		}));
		const fields = ['fields', 'Using Fields Below'];
		const json = ['json', 'Using JSON'];
		const keep = ['keep', 'Keep Current Items'];
		expect(read).toEqual(
			TAKING_ITEMS.map(([resource, operation, canKeep]) => ({
				at: `${resource}/${operation}`,
				name: 'itemsInput',
				options: canKeep ? [keep, fields, json] : [fields, json],
				default: canKeep ? 'keep' : 'fields',
			})),
		);
		expect([...ITEMS_INPUT_VALUES]).toEqual(['fields', 'json', 'keep']);
		expect([...names(description.properties)].filter((name) => name === 'itemsSource')).toEqual([]);
	});

	it.each(TAKING_ITEMS)('%s → %s shows the table for fields, the JSON field for json, and neither for keep', (resource, operation, canKeep) => {
		const at = { resource, operation };
		const itemsShown = (itemsInput: string) => shown({ ...at, itemsInput }).filter((name) => name === 'items' || name === 'itemsJson');
		expect(itemsShown('fields')).toEqual(['items']);
		expect(itemsShown('json')).toEqual(['itemsJson']);
		if (canKeep) expect(itemsShown('keep')).toEqual([]);
	});
});

const movementItem = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

/** A create of each resource, with the items given one way or the other, and where its request carries them. */
const CREATES: Array<{
	resource: string;
	endpoint: string;
	/** the create's own parameters; `ref` its order number or reference, one per run */
	parameters: (ref: string) => IDataObject;
	rows: () => IDataObject[];
	json: () => IDataObject[];
	itemsOf: (body: IDataObject) => unknown;
}> = [
	{
		resource: 'salesOrder',
		endpoint: 'CreateSalesOrder',
		parameters: (ref) => ({ resource: 'salesOrder', operation: 'create', orderNo: ref, orderType: 'RETAIL' }),
		rows: () => [{ itemNo: SKU_A, itemQuantity: 2 }],
		json: () => [line(SKU_A, 2)],
		itemsOf: (body) => body.ItemsInfo,
	},
	{
		resource: 'salesOrder (Batch Create)',
		endpoint: 'BatchSalesOrder',
		parameters: (ref) => ({ resource: 'salesOrder', operation: 'batchCreate', orderNo: ref, orderType: 'RETAIL' }),
		rows: () => [{ itemNo: SKU_A, itemQuantity: 2 }],
		json: () => [line(SKU_A, 2)],
		itemsOf: (body) => (body.SalesOrdersInfo as IDataObject[])[0].ItemsInfo,
	},
	{
		resource: 'purchaseOrder',
		endpoint: 'CreatePurchaseOrder',
		parameters: (ref) => ({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader(ref),
		}),
		rows: () => [{ itemNo: movementItem(0), itemQuantity: 24 }],
		json: () => [{ ItemNo: movementItem(0), ItemQuantity: 24 }],
		itemsOf: (body) => body.ItemsInfo,
	},
	{
		resource: 'transferOrder',
		endpoint: 'CreateTransferOrder',
		parameters: (ref) => ({ resource: 'transferOrder', operation: 'create', ...transferHeader(ref) }),
		rows: () => [{ itemNo: movementItem(0), itemQuantity: 12 }],
		json: () => [{ ItemNo: movementItem(0), ItemQuantity: 12 }],
		itemsOf: (body) => body.ItemsInfo,
	},
];

describe('Items Input when run', () => {
	it.each(CREATES.map((c) => [c.resource, c] as const))('%s sends the same items given Using Fields Below or Using JSON', async (_, create) => {
		const expected = create.json();
		for (const given of [
			{ itemsInput: 'fields', items: { item: create.rows() } },
			{ itemsInput: 'json', itemsJson: JSON.stringify(create.json()) },
		]) {
			await fx.control.call('DELETE', 'requests');
			const result = await fx.run(actionWorkflow({ ...create.parameters(`II-${given.itemsInput}`), ...given } as INodeParameters));
			expect([given.itemsInput, result.error?.message]).toEqual([given.itemsInput, undefined]);
			const [sent] = await fx.control.requests(create.endpoint);
			expect([given.itemsInput, create.itemsOf(sent.body)]).toEqual([given.itemsInput, expected]);
		}
	});

	it('Sales Order → Update leaves the items as they are with Keep Current Items, and replaces them Using Fields Below', async () => {
		const trn = await createOrder(fx, { OrderNo: 'II-U', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		const update = (extra: IDataObject) =>
			actionWorkflow({ resource: 'salesOrder', operation: 'update', transactionReferenceNumber: trn, ...extra } as INodeParameters);
		const kept = await fx.run(update({ itemsInput: 'keep', updateFields: { poNo: 'PO-1' } }));
		expect(kept.error).toBeUndefined();
		const replaced = await fx.run(update({ itemsInput: 'fields', items: { item: [{ itemNo: SKU_B, itemQuantity: 3 }] } }));
		expect(replaced.error).toBeUndefined();
		const sent = await fx.control.requests('UpdateSalesOrder');
		expect(sent.map((r) => r.body.ItemsInfo)).toEqual([undefined, [line(SKU_B, 3)]]);
	});

	it.each([
		[
			'a Sales Order Create saved with "table"',
			{ resource: 'salesOrder', operation: 'create', orderNo: 'II-OLD', orderType: 'RETAIL', itemsInput: 'table' },
			'CreateSalesOrder',
			'table',
			'fields, json',
		],
		[
			'a Sales Order Update saved with "none"',
			{ resource: 'salesOrder', operation: 'update', transactionReferenceNumber: 'T-1', updateFields: { poNo: 'x' }, itemsInput: 'none' },
			'UpdateSalesOrder',
			'none',
			'fields, json, keep',
		],
		[
			'a Transfer Order Create given "table" by an expression',
			{ resource: 'transferOrder', operation: 'create', ...transferHeader('II-OLD'), itemsInput: '={{ "table" }}' },
			'CreateTransferOrder',
			'table',
			'fields, json',
		],
		// a create offers no "Keep Current Items": its order would go without the items given
		[
			'a Sales Order Create given "keep" by an expression',
			{ resource: 'salesOrder', operation: 'create', orderNo: 'II-KEEP', orderType: 'RETAIL', itemsInput: '={{ "keep" }}' },
			'CreateSalesOrder',
			'keep',
			'fields, json',
		],
	])('%s (a former value) is refused naming Items Input, before any request', async (_, parameters, endpoint, former, allowed) => {
		const result = await fx.run(actionWorkflow({ ...parameters, itemsJson: JSON.stringify([line(SKU_A, 1)]) } as INodeParameters));
		expect(result.error?.message).toBe(`Invalid "Items Input": must be one of ${allowed} (got "${former}")`);
		expect(await fx.control.requests(endpoint)).toEqual([]);
	});
});
