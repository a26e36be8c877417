// Transfer Order → Create, Update, Cancel, end to end through n8n's engine against the sandbox.
import { NodeHelpers, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { INode } from 'n8n-workflow';
import type { RunResult } from '../harness/harness';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { INVENTORY_STATUS_3_1_3, INVENTORY_STATUS_3_1_4 } from '../../nodes/WineFulfillment/wire/common';
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
	it('sends TransferInfo with the requested day as MM/DD/YYYY and the items with unit, tax status and price (not the revision); returns the reference', async () => {
		const result = await fx.run(
			transferOrder('create', createParameters({ additionalFields: { specialInstruction: 'Fragile', interfaceRevision: '3.1.3' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.status).toBe(201);
		expect(sent.body).toEqual({
			TransferInfo: {
				CustomerReferenceNo: 'TR-7',
				RequestedDate: '02/20/2026',
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

	it('a workflow saved with the top-level Interface Revision 3.1.4 (before it became an option) still sends its 3.1.4 status', async () => {
		// as the editor saved it: the 3.1.3 status was hidden under 3.1.4, so only the 3.1.4 one is in the JSON
		const { inventoryStatusCode313: _status313, ...header } = transferHeader('TR-7');
		const saved = { ...header, interfaceRevision: '3.1.4', inventoryStatusCode314: 'RDMG-NO-TX', items: createParameters().items };
		const result = await fx.run(transferOrder('create', saved));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'RDMG-NO-TX' });
		expect(hints(result)).toEqual([]);

		// opened and saved again in the editor (n8n keeps what is shown and differs from its default): both stay
		const { description } = new WineFulfillment();
		const parameters = { resource: 'transferOrder', operation: 'create', ...saved };
		const resaved = NodeHelpers.getNodeParameters(description.properties, parameters, false, false, { typeVersion: 1 } as INode, description);
		expect(resaved).toMatchObject({ interfaceRevision: '3.1.4', inventoryStatusCode314: 'RDMG-NO-TX' });
		expect(resaved).not.toHaveProperty('inventoryStatusCode313');
	});

	it('a workflow saved with both statuses and the top-level 3.1.4 reads the 3.1.4 one', async () => {
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

	it('asks for the revision among the options (default the newest), and offers one status list with both revisions\' codes', () => {
		const properties = new WineFulfillment().description.properties.filter(
			(p) => p.displayOptions?.show?.resource?.includes('transferOrder') && p.displayOptions.show.operation?.includes('create'),
		);
		const byName = (name: string) => properties.find((p) => p.name === name) as INodeProperties;
		const codes = (p: INodeProperties) => (p.options ?? []).map((o) => (o as { value: string }).value).sort();
		// the top-level parameter is kept only to read what workflows saved in it: the editor does not show it
		expect(byName('interfaceRevision')).toMatchObject({ type: 'hidden', default: '' });
		const revision = (byName('additionalFields').options as INodeProperties[]).find((o) => o.name === 'interfaceRevision');
		expect(revision).toMatchObject({ displayName: 'Interface Revision', type: 'options', default: '3.1.4' });
		expect(properties.filter((p) => p.type !== 'hidden')[0].displayName).toBe('Customer Reference Number');

		const status = byName('inventoryStatusCode313');
		const status314 = byName('inventoryStatusCode314');
		expect([status.displayName, status.displayOptions?.hide]).toEqual(['Inventory Status', { interfaceRevision: ['3.1.4'] }]);
		expect(status314.displayOptions?.show).toMatchObject({ interfaceRevision: ['3.1.4'] });
		const both = [...new Set([...INVENTORY_STATUS_3_1_3, ...INVENTORY_STATUS_3_1_4])].sort();
		expect(codes(status)).toEqual(both);
		expect(codes(status314)).toEqual(both);
		const describes = Object.fromEntries((status.options as INodePropertyOptions[]).map((o) => [o.value, o.description]));
		expect(describes['GOOD-ST-EX']).toMatch(/revision 3\.1\.3/);
		expect(describes['RDMG-NO-TX']).toMatch(/revision 3\.1\.4/);
	});

	it('reads the status for the newest revision by default, and hints when it is a code of another revision only', async () => {
		const result = await fx.run(transferOrder('create', createParameters({ inventoryStatusCode313: 'GOOD-ST-EX' })));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'GOOD-ST-EX' });
		expect(hints(result)).toEqual([
			'Inventory status "GOOD-ST-EX" is not a code of revision 3.1.4; it is kept as given (custom codes come from the provider). It is a code of revision 3.1.3: if your account uses that one, set Additional Fields → Interface Revision to 3.1.3.',
		]);
	});

	it("hints when an expression gives a status outside the chosen revision's list, and sends it", async () => {
		const result = await fx.run(
			transferOrder(
				'create',
				createParameters({ inventoryStatusCode313: '={{ "GOOD-NO-BD" }}', additionalFields: { interfaceRevision: '3.1.3' } }),
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'GOOD-NO-BD' });
		expect(hints(result)).toEqual([expect.stringContaining('is not a code of revision 3.1.3')]);
	});

	it('reads an Interface Revision an expression pads with spaces as that revision', async () => {
		const result = await fx.run(
			transferOrder('create', createParameters({ inventoryStatusCode313: 'GOOD-ST-EX', additionalFields: { interfaceRevision: '={{ " 3.1.3 " }}' } })),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'GOOD-ST-EX' });
		// a code of 3.1.3: no hint
		expect(hints(result)).toEqual([]);
	});

	it('hints at a warehouse code the interface does not list, naming the end, and sends it as given', async () => {
		// the sandbox knows no other warehouses and refuses it: Continue On Fail keeps the run, and its hints, going
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'transferOrder', operation: 'create', ...createParameters({ transferToWarehouse: '={{ "NEW01" }}' }) },
				{ continueOnFail: true },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ TransferFromWarehouse: 'APC01', TransferToWarehouse: 'NEW01' });
		expect(hints(result)).toEqual(['To Warehouse "NEW01" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).']);
	});

	it("words the provider's refusal of an item in the panel's words, its answer in the details", async () => {
		await fx.control.fault({
			kind: 'status',
			status: 400,
			path: 'CreateTransferOrder',
			body: { Message: 'ItemsInfo[1]: ItemNo is not stocked at APC01' },
			count: 1,
		});
		const result = await fx.run(transferOrder('create', createParameters()));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: Items line 2 → Item Number is not stocked at APC01');
		expect(result.error?.description).toContain("The provider's answer (400): ");
		expect(result.error?.description).toContain('ItemsInfo[1]: ItemNo is not stocked at APC01');
	});

	it('refuses an unknown revision given by an expression, before sending anything', async () => {
		const result = await fx.run(transferOrder('create', createParameters({ additionalFields: { interfaceRevision: '={{ "3.2" }}' } })));
		expect(result.error?.message).toBe('Invalid "Interface Revision": must be one of 3.1.3, 3.1.4 (got "3.2")');
		expect(await fx.control.requests()).toHaveLength(0);
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
		['an invalid e-mail', { emailAddress: 'ana at example' }, 'Email', 'valid e-mail'],
		['a blank first name', { firstName: '={{ " " }}' }, 'First Name', 'is required'],
		['an unknown quantity unit', { itemsInput: 'json', itemsJson: '[{"ItemNo": "X", "ItemQuantity": 1, "QuantityUnit": "PALLET"}]' }, 'Items line 1 → Quantity Unit', 'must be one of AUTO, RETAIL, WHOLESALE (got "PALLET")'],
		['a negative unit price', { itemsInput: 'json', itemsJson: '[{"ItemNo": "X", "ItemQuantity": 1, "UnitPrice": -2}]' }, 'Items line 1 → Unit Price', 'must not be negative (got -2)'],
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
				itemsInput: 'fields',
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
		expect(result.error?.message).toBe('Nothing to update: add a field under "Update Fields" or give items');
		expect(result.error?.description).toBe('Only what you set is sent. Nothing was sent to the provider.');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('sends an update of the items alone, with no Update Fields', async () => {
		await createOpenTransfer();
		const result = await fx.run(
			transferOrder('update', { customerReferenceNo: 'TR-7', itemsInput: 'fields', items: { item: [{ itemNo: item(3), itemQuantity: 4 }] } }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect(sent.body).toEqual({ TransferInfo: { CustomerReferenceNo: 'TR-7' }, ItemsInfo: [{ ItemNo: item(3), ItemQuantity: 4 }] });
		expect(transferOrders(fx.sandbox.state).get('TR-7')?.items.map((i) => [i.ItemNo, i.ItemQuantity])).toEqual([[item(3), 4]]);
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
