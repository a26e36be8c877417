// Transfer Order → Create, Update, Cancel, end to end through n8n's engine against the sandbox.
import type { INodeProperties } from 'n8n-workflow';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { transferHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const transferOrder = (operation: string, extra: Record<string, unknown> = {}, timezone = 'UTC') =>
	actionWorkflow({ resource: 'transferOrder', operation, ...extra }, { timezone });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const createParameters = (extra: Record<string, unknown> = {}) => ({
	...transferHeader('TR-7'),
	items: {
		item: [
			{ itemNo: item(0), itemQuantity: 12, quantityUnit: 'RETAIL', inventoryTaxStatus: 'GOOD-ST-TX', unitPrice: 24.5 },
			{ itemNo: item(1), itemDescription: 'Pinot', itemQuantity: 2, quantityUnit: 'AUTO' },
		],
	},
	...extra,
});

async function createOpenTransfer() {
	const result = await fx.run(transferOrder('create', createParameters()));
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}

describe('Transfer Order → Create', () => {
	it('sends TransferInfo with an ISO 8601 date and the items with unit, tax status and price; returns the reference', async () => {
		const result = await fx.run(
			transferOrder('create', createParameters({ additionalFields: { specialInstruction: 'Fragile' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.status).toBe(201);
		expect(sent.body).toEqual({
			TransferInfo: {
				CustomerReferenceNo: 'TR-7',
				RequestedDate: '2026-02-20T09:30:00Z',
				TransferFromWarehouse: 'APC01',
				InventoryStatusCode: 'GOOD-NO-TX',
				TransferToWarehouse: 'SJU01',
				FirstName: 'Ana',
				LastName: 'Reyes',
				PhoneNumber: '707-555-0101',
				EmailAddress: 'ana.reyes@example.com',
				SpecialInstruction: 'Fragile',
			},
			ItemsInfo: [
				{ ItemNo: item(0), ItemQuantity: 12, QuantityUnit: 'RETAIL', InventoryTaxStatus: 'GOOD-ST-TX', UnitPrice: 24.5 },
				{ ItemNo: item(1), ItemDescription: 'Pinot', ItemQuantity: 2, QuantityUnit: 'AUTO' },
			],
		});
		const order = transferOrders(fx.sandbox.state).get('TR-7');
		expect(order?.state).toBe('open');
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toEqual({
			CustomerReferenceNo: 'TR-7',
			Outcome: 'created',
			TransactionReferenceNumber: order?.TransactionReferenceNumber,
		});
		expect(out.json.TransactionReferenceNumber).toMatch(GUID);
		expect(hints(result)).toEqual([]);
	});

	it("reads the status of the chosen revision: 3.1.4's return and damage codes", async () => {
		const result = await fx.run(
			transferOrder(
				'create',
				createParameters({ interfaceRevision: '3.1.4', inventoryStatusCode314: 'RDMG-NO-TX', inventoryStatusCode313: 'GOOD-ST-EX' }),
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'RDMG-NO-TX' });
	});

	it('offers each revision its own status codes in the editor', () => {
		const properties = new WineFulfillment().description.properties;
		const statusOf = (name: string) => properties.find((p) => p.name === name) as INodeProperties;
		const codes = (p: INodeProperties) => (p.options ?? []).map((o) => (o as { value: string }).value).sort();
		const p313 = statusOf('inventoryStatusCode313');
		const p314 = statusOf('inventoryStatusCode314');
		expect(p313.displayOptions?.show).toMatchObject({ interfaceRevision: ['3.1.3'], operation: ['create'] });
		expect(p314.displayOptions?.show).toMatchObject({ interfaceRevision: ['3.1.4'], operation: ['create'] });
		expect(codes(p313)).toEqual(['GOOD-NO-TX', 'GOOD-ST-EX', 'GOOD-ST-TX', 'GOOD-ST-BD', 'GOOD-ST-IM', 'GOOD-LB-TX'].sort());
		expect(codes(p314)).toEqual(
			['GOOD-NO-TX', 'RTGD-NO-TX', 'RDMG-NO-TX', 'CDMG-NO-TX', 'DMGD-NO-TX', 'GOOD-NO-BD', 'DMGD-ST-BD', 'GOOD-ST-IM'].sort(),
		);
	});

	it("hints when an expression gives a status outside the revision's list, and sends it", async () => {
		const result = await fx.run(
			transferOrder('create', createParameters({ inventoryStatusCode313: '={{ "GOOD-NO-BD" }}' })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'GOOD-NO-BD' });
		expect(hints(result)).toEqual([expect.stringContaining('is not a code of revision 3.1.3')]);
	});

	it('refuses the same warehouse on both ends, naming the rule, before sending anything', async () => {
		const result = await fx.run(transferOrder('create', createParameters({ transferToWarehouse: 'APC01' })));
		expect(result.error?.message).toBe(
			'Invalid "To Warehouse": must differ from the warehouse the stock leaves (both are APC01) (got "APC01")',
		);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([
		['an invalid e-mail', { emailAddress: 'ana at example' }, 'Email Address', 'valid e-mail'],
		['a blank first name', { firstName: '={{ " " }}' }, 'First Name', 'must not be empty'],
		['an unknown quantity unit', { itemsSource: 'json', itemsJson: '[{"ItemNo": "X", "ItemQuantity": 1, "QuantityUnit": "PALLET"}]' }, 'Items line 1 → Quantity Unit', 'must be one of AUTO, RETAIL, WHOLESALE (got "PALLET")'],
		['a negative unit price', { itemsSource: 'json', itemsJson: '[{"ItemNo": "X", "ItemQuantity": 1, "UnitPrice": -2}]' }, 'Items line 1 → Unit Price', 'must not be negative (got -2)'],
		['no items', { items: { item: [] } }, 'Items', 'at least one item'],
		['an unreadable date', { requestedDate: '={{ "soon" }}' }, 'Requested Date', 'must be a date'],
	])('refuses %s before sending anything', async (_case, extra, label, rule) => {
		const result = await fx.run(transferOrder('create', createParameters(extra)));
		expect(result.error?.message).toContain(`Invalid "${label}"`);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Transfer Order → Update', () => {
	it('sends only what is set, the date as ISO 8601, and replaces the items when given', async () => {
		await createOpenTransfer();
		const result = await fx.run(
			transferOrder('update', {
				customerReferenceNo: 'TR-7',
				updateFields: { requestedDate: '2026-02-21T08:00:00', phoneNumber: '707-555-0199', transferOrderNumber: 'T-0009' },
				itemsSource: 'fields',
				items: { item: [{ itemNo: item(2), itemQuantity: 5 }] },
			}),
		);
		expect(result.error).toBeUndefined();
		// picked in the workflow's zone (UTC here; see test/node/timezones.test.ts for others)
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect(sent.body).toEqual({
			TransferInfo: {
				CustomerReferenceNo: 'TR-7',
				RequestedDate: '2026-02-21T08:00:00Z',
				PhoneNumber: '707-555-0199',
				TransferOrderNumber: 'T-0009',
			},
			ItemsInfo: [{ ItemNo: item(2), ItemQuantity: 5 }],
		});
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([{ CustomerReferenceNo: 'TR-7', Outcome: 'updated' }]);
		const order = transferOrders(fx.sandbox.state).get('TR-7');
		expect(order?.items.map((i) => [i.ItemNo, i.ItemQuantity])).toEqual([[item(2), 5]]);
		expect(order?.info).toMatchObject({ PhoneNumber: '707-555-0199', FirstName: 'Ana' });
	});

	it('keeps the current items by default and refuses an update that changes nothing', async () => {
		const result = await fx.run(transferOrder('update', { customerReferenceNo: 'TR-7' }));
		expect(result.error?.message).toContain('Nothing to update');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('is refused once work has started', async () => {
		await createOpenTransfer();
		await fx.control.call('POST', 'start-transfer-order-work', { CustomerReferenceNo: 'TR-7' });
		const result = await fx.run(
			transferOrder('update', { customerReferenceNo: 'TR-7', updateFields: { specialInstruction: 'x' } }),
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('The transfer order can no longer be changed or cancelled');
		expect(result.error?.description).toContain('cannot be updated: work on it has started');
	});
});

describe('Transfer Order → Cancel', () => {
	it('cancels an open transfer order by its reference', async () => {
		await createOpenTransfer();
		const result = await fx.run(transferOrder('cancel', { customerReferenceNo: 'TR-7' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CancelTransferOrder');
		expect(sent.body).toEqual({ CustomerReferenceNo: 'TR-7' });
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({ CustomerReferenceNo: 'TR-7', Outcome: 'cancelled' });
		expect(transferOrders(fx.sandbox.state).get('TR-7')?.state).toBe('cancelled');
	});

	it('is refused once work has started', async () => {
		await createOpenTransfer();
		await fx.control.call('POST', 'start-transfer-order-work', { CustomerReferenceNo: 'TR-7' });
		const result = await fx.run(transferOrder('cancel', { customerReferenceNo: 'TR-7' }));
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.description).toContain('cannot be cancelled: work on it has started');
		expect(transferOrders(fx.sandbox.state).get('TR-7')?.state).toBe('in-progress');
	});
});
