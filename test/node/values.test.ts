// Values as sheets, CSVs and expressions bring them: booleans as words, numbers as text, objects where text
// belongs. Each is read as an n8n user expects or refused with the field named, before anything is sent.
import type { IDataObject } from 'n8n-workflow';

import type { RunResult } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders } from '../sandbox/stores';
import { SKU_A, createFromItems, line, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 120 });

const nothingSent = async () => expect(await fx.control.requests()).toEqual([]);
const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

describe('booleans from sheets: one reader for every boolean', () => {
	it.each([
		['false', false],
		['FALSE', false],
		[' no ', false],
		['0', false],
		['True', true],
		['yes', true],
		['1', true],
	])('Hold Order %j puts the order on hold: %s', async (hold, held) => {
		const result = await fx.run(
			actionWorkflow(createFromItems(), { items: [{ OrderNo: 'SHEET-1', items: [line(SKU_A, 1)], hold }] }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json.OnHold).toBe(held);
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect(sent.body.HoldOrder).toBe(held ? true : undefined);
		expect(salesOrders(fx.sandbox.state)[0].state).toBe(held ? 'on-hold' : 'open');
	});

	it.each(['maybe', 'ja', '2'])('Hold Order %j is refused, naming the field and the rule', async (hold) => {
		const result = await fx.run(
			actionWorkflow(createFromItems(), { items: [{ OrderNo: 'SHEET-1', items: [line(SKU_A, 1)], hold }] }),
		);
		expect(result.error?.message).toBe(`Invalid "Hold Order": must be true or false (or yes/no, 1/0) (got "${hold}")`);
		await nothingSent();
	});

	it('Address → Validate with Include Pickup Locations "false" asks for no pickup locations', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'address',
				operation: 'validate',
				clientReferenceCode: 'chk-1',
				shippingCarrier: 'FEX',
				addressLine1: '1200 Main Street',
				city: 'Napa',
				state: 'CA',
				zipCode: '94558',
				includePal: '={{ "false" }}',
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Address/Validation');
		expect(sent.body.PALRequest).toBeUndefined();
	});

	it('Inventory → Get Status with Include Unavailable Items "no" sends false', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: '={{ "no" }}', limit: 1 }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetStatus');
		expect(sent.body.IncludeUnavailableItems).toBe(false);
	});
});

describe('whole numbers: one reader with the bounds of each field', () => {
	/** Get Status on version 2 (Page Size in Options), or on version 1 when the parameters say where (Query Options) */
	const getStatus = (extra: IDataObject) =>
		actionWorkflow({ resource: 'inventory', operation: 'getStatus', ...extra }, { typeVersion: 'queryOptions' in extra ? 1 : 2 });

	it.each([
		['Page Size', { options: { pageSize: '={{ "abc" }}' } }, 'must be a whole number from 1 to 2500 (got "abc")'],
		['Page Size', { options: { pageSize: -1 } }, 'must be a whole number from 1 to 2500 (got -1)'],
		['Page Size', { options: { pageSize: 2501 } }, 'must be a whole number from 1 to 2500 (got 2501)'],
		['Page Size', { options: { pageSize: '={{ "1e3" }}' } }, 'must be a whole number from 1 to 2500 (got "1e3")'],
		['Page Size', { queryOptions: { pageSize: 2501 } }, 'must be a whole number from 1 to 2500 (got 2501)'],
		['Limit', { limit: -5 }, 'must be a whole number of at least 1 (got -5)'],
		['Limit', { limit: 2.5 }, 'must be a whole number of at least 1 (got 2.5)'],
		['Limit', { limit: '={{ "0x10" }}' }, 'must be a whole number of at least 1 (got "0x10")'],
		['Return All', { returnAll: '={{ "sometimes" }}' }, 'must be true or false (or yes/no, 1/0) (got "sometimes")'],
	])('Get Status refuses %s %j before sending', async (field, extra, rule) => {
		const result = await fx.run(getStatus(extra));
		expect(result.error?.message).toBe(`Invalid "${field}": ${rule}`);
		await nothingSent();
	});

	it('Page Size "25" from a sheet is read as 25', async () => {
		const result = await fx.run(getStatus({ options: { pageSize: '={{ "25" }}' }, limit: 30 }));
		expect(result.error).toBeUndefined();
		// 25, then 5 more asked one record early (the page begins with the record the first ended with)
		expect((await fx.control.requests('GetStatus')).map((r) => r.body.Top)).toEqual([25, 6]);
	});

	it.each([
		[2, 'options'],
		[1, 'batchOptions'],
	])('Batch Size "abc" is refused naming Batch Size (version %i: %s)', async (typeVersion, settings) => {
		const result = await fx.run(
			actionWorkflow(
				{ ...createFromItems(), operation: 'batchCreate', holdOrder: undefined, [settings]: { batchSize: '={{ "abc" }}' } } as never,
				{ items: [{ OrderNo: 'B-1', items: [line(SKU_A, 1)] }], typeVersion },
			),
		);
		expect(result.error?.message).toBe('Invalid "Batch Size": must be a whole number from 1 to 1000 (got "abc")');
		await nothingSent();
	});

	const movementItems = (quantity: unknown) => ({ itemsInput: 'json', itemsJson: JSON.stringify([{ ItemNo: SKU_A, ItemQuantity: quantity }]) });
	const purchase = (quantity: unknown) =>
		actionWorkflow({
			resource: 'purchaseOrder',
			operation: 'create',
			customerReferenceNo: 'PO-1',
			transportMethod: 'Drop-Off',
			requestedDate: '2026-02-14',
			receiveToLocation: 'COB01',
			inventoryStatusCode: 'GOOD-ST-TX',
			...movementItems(quantity),
		});
	const transfer = (quantity: unknown) =>
		actionWorkflow({
			resource: 'transferOrder',
			operation: 'create',
			customerReferenceNo: 'TR-1',
			requestedDate: '2026-02-14',
			transferFromWarehouse: 'APC01',
			inventoryStatusCode: 'GOOD-NO-TX',
			transferToWarehouse: 'COB01',
			firstName: 'Ana',
			lastName: 'Reyes',
			phoneNumber: '707-555-0101',
			emailAddress: 'ops@example.com',
			...movementItems(quantity),
		});

	it.each([
		['Purchase Order', purchase],
		['Transfer Order', transfer],
	])('%s quantities "0x10", "1e3", 1e300 and "12.0" are refused; "12" is 12', async (_what, build) => {
		for (const quantity of ['0x10', '1e3', 1e300, '12.0', '', null]) {
			const result = await fx.run(build(quantity));
			expect(result.error?.message).toMatch(/^Invalid "Items line 1 → Quantity": (must be a whole number of at least 1|is required)/);
		}
		await nothingSent();
		const ok = await fx.run(build('12'));
		expect(ok.error).toBeUndefined();
		const [sent] = await fx.control.requests('Create');
		expect((sent.body.ItemsInfo as IDataObject[])[0].ItemQuantity).toBe(12);
	});
});

describe('text and identifiers', () => {
	it('an object as Order Number is refused, not sent as "[object Object]"', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: '={{ { a: 1 } }}', orderType: 'RETAIL', itemsInput: 'json', itemsJson: JSON.stringify([line(SKU_A, 1)]) })),
		);
		expect(result.error?.message).toBe('Invalid "Order Number": must be text, not an object (got an object)');
		await nothingSent();
	});

	it('items [null] names the line', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('create', { orderNo: 'N-1', orderType: 'RETAIL', itemsInput: 'json', itemsJson: '={{ [null] }}' })),
		);
		expect(result.error?.message).toBe('Invalid "Items line 1": must be an object (got null)');
		await nothingSent();
	});

	it.each([
		['a tab pasted from a sheet', 'SO-1\t2', 'must not contain control characters (tabs, line breaks)'],
		['a line break', 'SO-1\n2', 'must not contain control characters (tabs, line breaks)'],
		['51 characters', 'S'.repeat(51), 'must be at most 50 characters'],
	])('an order number with %s is refused', async (_what, orderNo, rule) => {
		const result = await fx.run(
			actionWorkflow(createFromItems(), { items: [{ OrderNo: orderNo, items: [line(SKU_A, 1)] }] }),
		);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "Order Number": ${rule.replace(/[()]/g, '\\$&')}`));
		await nothingSent();
	});

	it('Cancel by an object as transaction reference number is refused', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('cancel', { locateBy: 'transactionReferenceNumber', transactionReferenceNumber: '={{ ["a"] }}' })),
		);
		expect(result.error?.message).toBe('Invalid "Transaction Reference Number": must be text, not a list (got a list)');
		await nothingSent();
	});
});

describe('Update → Fulfillment Hold', () => {
	it('Hold sends HoldOrder true with a hint that the interface documents it only for Create', async () => {
		const created = await fx.run(actionWorkflow(createFromItems(), { items: [{ OrderNo: 'H-1', items: [line(SKU_A, 1)] }] }));
		const trn = created.output(ACTION_NODE)[0].json.TransactionReferenceNumber as string;
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'transactionReferenceNumber', transactionReferenceNumber: trn, hold: 'hold' })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSalesOrder');
		expect(sent.body.HoldOrder).toBe(true);
		expect(hints(result).join(' ')).toContain('releasing it through Update');
	});

	it('Hold over three orders gives its hint once, not once per item', async () => {
		const orders = ['H-2', 'H-3', 'H-4'].map((OrderNo) => ({ OrderNo, items: [line(SKU_A, 1)] }));
		expect((await fx.run(actionWorkflow(createFromItems(), { items: orders }))).error).toBeUndefined();
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: '={{ $json.o }}', hold: 'hold' }), {
				items: [{ o: 'H-2' }, { o: 'H-3' }, { o: 'H-4' }],
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(3);
		expect(hints(result).filter((h) => h.includes('releasing it through Update'))).toHaveLength(1);
	});

	it('an unknown choice from an expression is refused', async () => {
		const result = await fx.run(
			actionWorkflow(salesOrder('update', { locateBy: 'orderNo', orderNo: 'H-1', hold: '={{ "pause" }}' })),
		);
		expect(result.error?.message).toBe('Invalid "Fulfillment Hold": must be one of hold, release, unchanged (got "pause")');
		await nothingSent();
	});
});
