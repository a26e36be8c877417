// Purchase Order → Create, Update, Cancel, end to end through n8n's engine against the sandbox.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import { purchaseOrders } from '../sandbox/inventoryMovement/purchaseOrders';
import { purchaseHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const purchaseOrder = (operation: string, extra: Record<string, unknown> = {}, items?: IDataObject[]) =>
	actionWorkflow({ resource: 'purchaseOrder', operation, ...extra }, { items });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const createParameters = (extra: Record<string, unknown> = {}) => ({
	...purchaseHeader('PO-1001'),
	items: {
		item: [
			{ itemNo: item(0), itemDescription: 'Cab 2019', itemQuantity: 24 },
			{ itemNo: item(1), itemQuantity: 6 },
		],
	},
	...extra,
});

async function createOpenPurchaseOrder(ref = 'PO-1001') {
	const result = await fx.run(purchaseOrder('create', createParameters({ customerReferenceNo: ref })));
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}

describe('Purchase Order → Create', () => {
	it('sends OrderInfo with the date as MM/DD/YYYY and the items, and returns the transaction reference', async () => {
		const inboundBefore = fx.sandbox.state.inventoryRecord(item(0), 'COB01', 'GOOD-ST-TX').QuantityOnPurchaseOrder;
		const result = await fx.run(
			purchaseOrder(
				'create',
				createParameters({
					additionalFields: {
						company: 'Hillside Cellars',
						emailAddress: 'ops@hillside.example',
						firstName: 'Ana',
						lastName: 'Reyes',
						phoneNumber: '707-555-0101',
						referenceNo: 'VENDOR-77',
						specialInstruction: 'Dock 3',
					},
				}),
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.authShape).toBe('Authentication');
		expect(sent.body).toEqual({
			OrderInfo: {
				CustomerReferenceNo: 'PO-1001',
				TransportMethod: 'Drop-Off',
				RequestedDate: '02/14/2026',
				ReceiveToLocation: 'COB01',
				InventoryStatusCode: 'GOOD-ST-TX',
				Company: 'Hillside Cellars',
				EmailAddress: 'ops@hillside.example',
				FirstName: 'Ana',
				LastName: 'Reyes',
				PhoneNumber: '707-555-0101',
				ReferenceNo: 'VENDOR-77',
				SpecialInstruction: 'Dock 3',
			},
			ItemsInfo: [
				{ ItemNo: item(0), ItemDescription: 'Cab 2019', ItemQuantity: 24 },
				{ ItemNo: item(1), ItemQuantity: 6 },
			],
		});
		const po = purchaseOrders(fx.sandbox.state).get('PO-1001');
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toEqual({
			CustomerReferenceNo: 'PO-1001',
			Outcome: 'created',
			TransactionReferenceNumber: po?.TransactionReferenceNumber,
		});
		expect(out.json.TransactionReferenceNumber).toMatch(GUID);
		expect(po?.state).toBe('open');
		// the stock is now inbound to the receive-to location
		expect(fx.sandbox.state.inventoryRecord(item(0), 'COB01', 'GOOD-ST-TX').QuantityOnPurchaseOrder).toBe(inboundBefore + 24);
	});

	it('takes the items from an expression that yields a list, one purchase order per input item', async () => {
		const result = await fx.run(
			purchaseOrder(
				'create',
				createParameters({
					customerReferenceNo: '={{ $json.ref }}',
					itemsInput: 'json',
					itemsJson: '={{ $json.lines }}',
				}),
				[
					{ ref: 'PO-A', lines: [{ ItemNo: item(2), ItemQuantity: 12 }] },
					{ ref: 'PO-B', lines: [{ ItemNo: item(3), ItemQuantity: '3', ItemDescription: 'Merlot' }] },
				],
			),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.map((r) => r.body.ItemsInfo)).toEqual([
			[{ ItemNo: item(2), ItemQuantity: 12 }],
			[{ ItemNo: item(3), ItemQuantity: 3, ItemDescription: 'Merlot' }],
		]);
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => [i.json.CustomerReferenceNo, (i.pairedItem as { item: number }).item])).toEqual([
			['PO-A', 0],
			['PO-B', 1],
		]);
		expect([...purchaseOrders(fx.sandbox.state).keys()]).toEqual(['PO-A', 'PO-B']);
	});

	it('sends a transport method the dropdown does not list when an expression gives it, and merges Additional Fields (JSON)', async () => {
		const result = await fx.run(
			purchaseOrder(
				'create',
				createParameters({
					transportMethod: '={{ "Freight Carrier" }}',
					additionalJson: '{"OrderInfo": {"CarrierName": "Bay Freight"}, "Priority": "High"}',
				}),
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect(sent.body.OrderInfo).toMatchObject({ TransportMethod: 'Freight Carrier', CarrierName: 'Bay Freight', CustomerReferenceNo: 'PO-1001' });
		expect(sent.body.Priority).toBe('High');
	});

	it('sends an older warehouse code from an expression as given, with a hint', async () => {
		const result = await fx.run(purchaseOrder('create', createParameters({ receiveToLocation: '={{ "CE201" }}' })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect((sent.body.OrderInfo as IDataObject).ReceiveToLocation).toBe('CE201');
		expect(hints(result)).toEqual([expect.stringContaining('Receive To Location "CE201" is not one of')]);
	});

	it.each([
		['a zero quantity', { items: { item: [{ itemNo: 'X', itemQuantity: 0 }] } }, 'Items line 1 → Quantity', 'must be a whole number of at least 1 (got 0)'],
		['a fractional quantity', { itemsInput: 'json', itemsJson: '[{"ItemNo": "X", "ItemQuantity": 1.5}]' }, 'Items line 1 → Quantity', 'must be a whole number of at least 1 (got 1.5)'],
		['no items', { items: { item: [] } }, 'Items', 'at least one item'],
		['an item without number', { itemsInput: 'json', itemsJson: '[{"ItemQuantity": 2}]' }, 'Items line 1 → Item Number', 'is required'],
		['items JSON that is not a list', { itemsInput: 'json', itemsJson: '"CAB"' }, 'Items (JSON)', 'must be a list'],
		['an invalid e-mail', { additionalFields: { emailAddress: 'not-an-address' } }, 'Email', 'valid e-mail'],
		['an unreadable date', { requestedDate: '={{ "next tuesday" }}' }, 'Requested Date', 'must be a date'],
		['a blank reference', { customerReferenceNo: '={{ " " }}' }, 'Customer Reference Number', 'is required'],
		['a malformed warehouse', { receiveToLocation: '={{ "cob 01" }}' }, 'Receive To Location', 'warehouse code'],
	])('refuses %s before sending anything', async (_case, extra, label, rule) => {
		const result = await fx.run(purchaseOrder('create', createParameters(extra)));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it("passes on the provider's refusal of a duplicate reference", async () => {
		await createOpenPurchaseOrder();
		const result = await fx.run(purchaseOrder('create', createParameters()));
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toContain('already exists');
		expect(await fx.control.requests('CreatePurchaseOrder')).toHaveLength(1);
	});
});

describe('Purchase Order → Update', () => {
	it('sends only the fields that are set, with the date as MM/DD/YYYY', async () => {
		await createOpenPurchaseOrder();
		const result = await fx.run(
			purchaseOrder('update', {
				customerReferenceNo: 'PO-1001',
				updateFields: { requestedDate: '2026-03-02T10:00:00', specialInstruction: 'Use dock 5', receiveToLocation: 'APC02' },
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdatePurchaseOrder');
		expect(sent.body).toEqual({
			OrderInfo: {
				CustomerReferenceNo: 'PO-1001',
				RequestedDate: '03/02/2026',
				SpecialInstruction: 'Use dock 5',
				ReceiveToLocation: 'APC02',
			},
		});
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([{ CustomerReferenceNo: 'PO-1001', Outcome: 'updated' }]);
		const po = purchaseOrders(fx.sandbox.state).get('PO-1001');
		expect(po?.info).toMatchObject({ RequestedDate: '03/02/2026', ReceiveToLocation: 'APC02', TransportMethod: 'Drop-Off' });
	});

	it('refuses an update that changes nothing, before sending anything', async () => {
		const result = await fx.run(purchaseOrder('update', { customerReferenceNo: 'PO-1001' }));
		expect(result.error?.message).toContain('Nothing to update');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('reports that the purchase order can no longer change once work has started', async () => {
		await createOpenPurchaseOrder();
		await fx.control.call('POST', 'start-purchase-order-work', { CustomerReferenceNo: 'PO-1001' });
		const result = await fx.run(
			purchaseOrder('update', { customerReferenceNo: 'PO-1001', updateFields: { specialInstruction: 'x' } }),
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('The purchase order can no longer be changed or cancelled');
		expect(result.error?.description).toContain('work on it has started');
	});
});

describe('Purchase Order → Cancel', () => {
	it('cancels an open purchase order by its reference and releases the inbound quantity', async () => {
		const inboundBefore = fx.sandbox.state.inventoryRecord(item(0), 'COB01', 'GOOD-ST-TX').QuantityOnPurchaseOrder;
		await createOpenPurchaseOrder();
		const result = await fx.run(purchaseOrder('cancel', { customerReferenceNo: 'PO-1001' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CancelPurchaseOrder');
		expect(sent.body).toEqual({ CustomerReferenceNo: 'PO-1001' });
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toMatchObject({ CustomerReferenceNo: 'PO-1001', Outcome: 'cancelled' });
		expect(out.json.TransactionReferenceNumber).toMatch(GUID);
		expect(purchaseOrders(fx.sandbox.state).get('PO-1001')?.state).toBe('cancelled');
		expect(fx.sandbox.state.inventoryRecord(item(0), 'COB01', 'GOOD-ST-TX').QuantityOnPurchaseOrder).toBe(inboundBefore);
	});

	it('is refused once work has started, with a clear message and the provider’s reason', async () => {
		await createOpenPurchaseOrder();
		await fx.control.call('POST', 'start-purchase-order-work', { CustomerReferenceNo: 'PO-1001' });
		const result = await fx.run(purchaseOrder('cancel', { customerReferenceNo: 'PO-1001' }));
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('The purchase order can no longer be changed or cancelled');
		expect(result.error?.description).toContain('The provider said: Purchase order PO-1001 cannot be cancelled: work on it has started');
		expect(purchaseOrders(fx.sandbox.state).get('PO-1001')?.state).toBe('in-progress');
		expect(await fx.control.requests('CancelPurchaseOrder')).toHaveLength(1);
	});

	it('says when no purchase order has the reference, and goes on with Continue On Fail', async () => {
		await createOpenPurchaseOrder();
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'purchaseOrder', operation: 'cancel', customerReferenceNo: '={{ $json.ref }}' },
				{ items: [{ ref: 'PO-NOPE' }, { ref: 'PO-1001' }], continueOnFail: true },
			),
		);
		const out = result.output(ACTION_NODE);
		expect(out[0].json).toMatchObject({ error: 'No purchase order has this Customer Reference No', details: { httpCode: '404' } });
		expect(out[1].json).toMatchObject({ CustomerReferenceNo: 'PO-1001', Outcome: 'cancelled' });
	});
});
