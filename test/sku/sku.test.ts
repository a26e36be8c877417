// SKU → Create, Update, Retire, end to end through n8n's engine against the sandbox.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { isOrderable, skus } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 240 });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const requestor = {
	requestorFirstName: 'Ana',
	requestorLastName: 'Reyes',
	requestorEmail: 'ana.reyes@example.com',
	requestorPhone: '707-555-0101',
};

const sku = (operation: string, extra: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'sku', operation, ...requestor, ...extra });

describe('SKU → Create', () => {
	it('sends RequestorInfo and every SKUInfo member, returns the transaction reference, and adds an active SKU', async () => {
		const result = await fx.run(
			sku('create', {
				itemNo: 'CAB-2021-750',
				itemDescription: 'Cabernet Sauvignon 2021 750ml',
				itemCategory: 'Wine',
				varietal: 'Cabernet Sauvignon',
				additionalFields: {
					alcoholByVolume: 14.2,
					appellation: 'Napa Valley',
					numBottleInEachCase: 12,
					classification: 'Red',
					comments: 'Library release',
					inventoryManagementType: 'ServiceManagedStorage',
					uom: '750ML',
					upcCode: '012345678905',
					value: '45.00',
					vintage: '2021',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSKU');
		expect(sent.authShape).toBe('Authentication');
		expect(sent.body).toEqual({
			RequestorInfo: { FirstName: 'Ana', LastName: 'Reyes', EmailAddress: 'ana.reyes@example.com', PhoneNumber: '707-555-0101' },
			SKUInfo: {
				ItemNo: 'CAB-2021-750',
				ItemDescription: 'Cabernet Sauvignon 2021 750ml',
				ItemCategory: 'Wine',
				Varietal: 'Cabernet Sauvignon',
				AlcoholByVolume: 14.2,
				Appellation: 'Napa Valley',
				NumBottleInEachCase: 12,
				Classification: 'Red',
				Comments: 'Library release',
				InventoryManagementType: 'ServiceManagedStorage',
				UOM: '750ML',
				UPCCode: '012345678905',
				Value: '45.00',
				Vintage: '2021',
			},
		});
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		expect(out[0].json).toMatchObject({ ItemNo: 'CAB-2021-750', success: true });
		expect(out[0].json.TransactionReferenceNumber).toMatch(GUID);
		expect(out[0].pairedItem).toEqual({ item: 0 });
		expect(skus(fx.sandbox.state).get('CAB-2021-750')).toMatchObject({ active: true, ItemDescription: 'Cabernet Sauvignon 2021 750ml' });
		expect(isOrderable(fx.sandbox.state, 'CAB-2021-750')).toBe(true);
	});

	it('creates a non-wine item without a varietal, one SKU per input item', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'sku', operation: 'create', ...requestor, itemNo: '={{ $json.sku }}', itemCategory: 'Merchandise' },
				{ items: [{ sku: 'TOTE-01' }, { sku: 'CORK-02' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => [i.json.ItemNo, i.pairedItem])).toEqual([
			['TOTE-01', { item: 0 }],
			['CORK-02', { item: 1 }],
		]);
		const sent = await fx.control.requests('CreateSKU');
		expect(sent.map((r) => (r.body.SKUInfo as Record<string, unknown>).Varietal)).toEqual([undefined, undefined]);
		expect(isOrderable(fx.sandbox.state, 'TOTE-01') && isOrderable(fx.sandbox.state, 'CORK-02')).toBe(true);
	});

	it('sends a varietal only for wine, when the category and the varietal come from each item', async () => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'sku',
					operation: 'create',
					...requestor,
					itemNo: '={{ $json.sku }}',
					itemCategory: '={{ $json.category }}',
					varietal: '={{ $json.varietal }}',
				},
				{
					items: [
						{ sku: 'MERLOT-01', category: 'Wine', varietal: 'Merlot' },
						{ sku: 'GLASS-01', category: 'Merchandise', varietal: 'Merlot' },
					],
				},
			),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateSKU');
		expect(sent.map((r) => r.body.SKUInfo)).toEqual([
			{ ItemNo: 'MERLOT-01', ItemCategory: 'Wine', Varietal: 'Merlot' },
			{ ItemNo: 'GLASS-01', ItemCategory: 'Merchandise' },
		]);
	});

	it('merges Additional Fields (JSON) into SKUInfo member by member', async () => {
		const result = await fx.run(
			sku('create', {
				itemNo: 'ICE-01',
				itemCategory: 'IcePack',
				additionalJson: JSON.stringify({ SKUInfo: { Weight: 2.5 }, Note: 'x' }),
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSKU');
		expect(sent.body).toMatchObject({ SKUInfo: { ItemNo: 'ICE-01', ItemCategory: 'IcePack', Weight: 2.5 }, Note: 'x' });
	});

	it.each([
		// empty values from an expression (an empty literal would be stopped by n8n's required-parameter check)
		['a wine without a varietal', { itemNo: 'X1', itemCategory: 'Wine', varietal: '={{ $json.none }}' }, 'Invalid "Varietal"', 'required when the item category is Wine'],
		['an invalid e-mail', { itemNo: 'X2', itemCategory: 'Merchandise', requestorEmail: 'ana.example.com' }, 'Invalid "Requestor Email"', 'valid e-mail'],
		['a missing last name', { itemNo: 'X3', itemCategory: 'Merchandise', requestorLastName: '={{ "" }}' }, 'Invalid "Requestor Last Name"', 'is required'],
		['a missing item number', { itemNo: '={{ "  " }}', itemCategory: 'Merchandise' }, 'Invalid "Item Number"', 'is required'],
		['an unknown category', { itemNo: 'X4', itemCategory: 'Spirits' }, 'Invalid "Item Category"', 'must be one of Wine'],
		['a fractional bottle count', { itemNo: 'X5', itemCategory: 'Merchandise', additionalFields: { numBottleInEachCase: 2.5 } }, 'Invalid "Bottles per Case"', 'whole number'],
	])('refuses %s before sending anything', async (_case, params, label, rule) => {
		const result = await fx.run(sku('create', params));
		expect(result.error?.message).toContain(label);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it("reports the provider's refusal of an existing item number", async () => {
		const existing = [...skus(fx.sandbox.state).keys()][0];
		const result = await fx.run(sku('create', { itemNo: existing, itemCategory: 'Merchandise' }));
		expect(result.error?.httpCode).toBe('400');
		expect(`${result.error?.message} ${result.error?.description}`).toContain('already exists');
		expect(await fx.control.requests('CreateSKU')).toHaveLength(1);
	});

	it("words the provider's refusal of a member in the panel's words, its answer in the details", async () => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'CreateSKU', body: { Message: 'SKUInfo: UPCCode must have 12 digits' }, count: 1 });
		const result = await fx.run(sku('create', { itemNo: 'UPC-01', itemCategory: 'Merchandise' }));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: UPC Code must have 12 digits');
		expect(result.error?.description).toContain("The provider's answer (400): ");
		expect(result.error?.description).toContain('SKUInfo: UPCCode must have 12 digits');
	});

	it.each([{}, '', 'null'])('a success answer without a transaction reference (%j) is an unknown outcome, not a success', async (body) => {
		await fx.control.fault({ kind: 'status', status: 201, body, when: 'after', path: 'CreateSKU' });
		const result = await fx.run(sku('create', { itemNo: 'NEW-ITEM-1', itemCategory: 'Merchandise' }));
		expect(result.error?.message).toBe(
			'The provider answered 201 without a transaction reference, so the outcome of this SKU create is unknown: the request may have taken effect, check before sending it again',
		);
		expect(result.error?.description).toContain('may have been created');
		expect(result.output(ACTION_NODE)).toEqual([]);
		// not resent, and the SKU does exist: exactly the case the error warns about
		expect(await fx.control.requests('CreateSKU')).toHaveLength(1);
		expect(skus(fx.sandbox.state).has('NEW-ITEM-1')).toBe(true);
	});
});

describe('SKU → Update', () => {
	it("changes an existing SKU's description and value", async () => {
		const itemNo = [...skus(fx.sandbox.state).keys()][1];
		const result = await fx.run(
			sku('update', { itemNo, updateFields: { itemDescription: 'Renamed 750ml', value: '39.99' } }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateSKU');
		expect(sent.body).toEqual({
			RequestorInfo: { FirstName: 'Ana', LastName: 'Reyes', EmailAddress: 'ana.reyes@example.com', PhoneNumber: '707-555-0101' },
			SKUInfo: { ItemNo: itemNo, ItemDescription: 'Renamed 750ml', Value: '39.99' },
		});
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([{ ItemNo: itemNo, success: true }]);
		const record = skus(fx.sandbox.state).get(itemNo);
		expect(record?.ItemDescription).toBe('Renamed 750ml');
		expect(record?.info.Value).toBe('39.99');
	});

	it('requires a valid requestor e-mail, sending nothing otherwise', async () => {
		const result = await fx.run(sku('update', { itemNo: 'WINE-000001', requestorEmail: 'not-an-email' }));
		expect(result.error?.message).toContain('Invalid "Requestor Email": must be a valid e-mail address');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('reports an unknown item as not found (404), or as an error item with Continue On Fail', async () => {
		const failed = await fx.run(sku('update', { itemNo: 'NO-SUCH-ITEM', updateFields: { value: '1' } }));
		expect(failed.error?.httpCode).toBe('404');
		const kept = await fx.run(
			actionWorkflow(
				{ resource: 'sku', operation: 'update', ...requestor, itemNo: '={{ $json.sku }}', updateFields: { value: '2' } },
				{ items: [{ sku: 'NO-SUCH-ITEM' }, { sku: 'WINE-000002' }], continueOnFail: true },
			),
		);
		const out = kept.output(ACTION_NODE);
		expect((out[0].json.details as { httpCode?: string }).httpCode).toBe('404');
		expect(out[1].json).toEqual({ ItemNo: 'WINE-000002', success: true });
	});
});

describe('SKU → Retire', () => {
	it('deactivates the SKU so new orders refuse it, and returns the transaction reference', async () => {
		const itemNo = 'WINE-000003';
		expect(isOrderable(fx.sandbox.state, itemNo)).toBe(true);
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('RetireSku');
		expect(sent.body).toEqual({ ItemNo: itemNo });
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toMatchObject({ ItemNo: itemNo, success: true });
		expect(out.json.TransactionReferenceNumber).toMatch(GUID);
		expect(skus(fx.sandbox.state).get(itemNo)?.active).toBe(false);
		expect(isOrderable(fx.sandbox.state, itemNo)).toBe(false);
	});

	it('refuses an empty item number before sending anything', async () => {
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: '  ' }));
		expect(result.error?.message).toContain('Invalid "Item Number": is required');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
