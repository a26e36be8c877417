// A choice mapped from a sheet cell with stray spaces (" AUTO", "Wine ", " UPS ") is read trimmed in every operation, as
// sales orders always read theirs (wire/values enumOf); before bug hunt 11 transfer items, SKUs and the query carriers
// refused it. A category that was given is refused as unknown, not as "required".
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };

const sentBody = async (path: string) => {
	const [sent] = await fx.control.requests(path);
	return sent?.body as IDataObject | undefined;
};

describe('Transfer Order → Create: a Quantity Unit with stray spaces', () => {
	it('from the items table (an expression over a sheet cell " AUTO") is sent as AUTO', async () => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'transferOrder',
					operation: 'create',
					...transferHeader('TR-U1'),
					items: { item: [{ itemNo: item(0), itemQuantity: 2, quantityUnit: '={{ $json.unit }}' }] },
				},
				{ items: [{ unit: ' AUTO' }] },
			),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('CreateTransferOrder'))?.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 2, QuantityUnit: 'AUTO' }]);
	});

	it('from Items (JSON) ("RETAIL ") is sent as RETAIL', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'transferOrder',
				operation: 'create',
				...transferHeader('TR-U2'),
				itemsInput: 'json',
				itemsJson: JSON.stringify([{ ItemNo: item(0), ItemQuantity: 2, QuantityUnit: 'RETAIL ' }]),
			}),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('CreateTransferOrder'))?.ItemsInfo).toEqual([{ ItemNo: item(0), ItemQuantity: 2, QuantityUnit: 'RETAIL' }]);
	});
});

describe('SKU → Create: choices with stray spaces', () => {
	const create = (parameters: INodeParameters, input: IDataObject) =>
		// with Item Category an expression, n8n shows (and requires) Varietal: it is given as an expression, as a sheet's column
		actionWorkflow({ resource: 'sku', operation: 'create', varietal: '={{ $json.varietal }}', ...requestor, ...parameters }, { items: [input] });

	it('an Item Category of "Merchandise " is sent as Merchandise', async () => {
		const result = await fx.run(create({ itemNo: 'NEW-SKU-1', itemCategory: '={{ $json.category }}' }, { category: 'Merchandise ' }));
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('CreateSKU'))?.SKUInfo).toMatchObject({ ItemNo: 'NEW-SKU-1', ItemCategory: 'Merchandise' });
	});

	it('an Item Category of "Wine " is sent as Wine, with the varietal given', async () => {
		const result = await fx.run(create({ itemNo: 'NEW-SKU-2', itemCategory: '={{ $json.category }}' }, { category: 'Wine ', varietal: 'Merlot' }));
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('CreateSKU'))?.SKUInfo).toMatchObject({ ItemNo: 'NEW-SKU-2', ItemCategory: 'Wine', Varietal: 'Merlot' });
	});

	it('an Inventory Management Type of "VirtualItems " is sent as VirtualItems', async () => {
		const result = await fx.run(
			create({ itemNo: 'NEW-SKU-3', itemCategory: 'TastingFee', additionalFields: { inventoryManagementType: '={{ $json.type }}' } }, { type: 'VirtualItems ' }),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('CreateSKU'))?.SKUInfo).toMatchObject({ ItemNo: 'NEW-SKU-3', InventoryManagementType: 'VirtualItems' });
	});

	it('an Item Category that was given but is no category is refused as unknown, not as "is required"', async () => {
		const result = await fx.run(create({ itemNo: 'NEW-SKU-4', itemCategory: '={{ $json.category }}' }, { category: 'Spirits' }));
		expect(await fx.control.requests('CreateSKU')).toEqual([]);
		expect(result.error?.message).toBe(
			'Invalid "Item Category": must be one of Wine, MarketingMaterial, Merchandise, TastingFee, IcePack (got "Spirits")',
		);
	});

	it('an Item Category that is no text (a number from a sheet) is refused the same way, not failed as a TypeError', async () => {
		const result = await fx.run(create({ itemNo: 'NEW-SKU-5', itemCategory: '={{ $json.category }}' }, { category: 5 }));
		expect(await fx.control.requests('CreateSKU')).toEqual([]);
		expect(result.error?.message).toBe('Invalid "Item Category": must be one of Wine, MarketingMaterial, Merchandise, TastingFee, IcePack (got 5)');
	});
});

describe('queries: a carrier or order type with stray spaces', () => {
	it('Get Packages: Carrier " UPS " is sent as UPS', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getPackages', returnAll: false, limit: 1, filters: { shippingCarrier: '={{ $json.carrier }}' } },
				{ items: [{ carrier: ' UPS ' }], typeVersion: 2 },
			),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('GetPackages'))?.ShippingCarrier).toBe('UPS');
	});

	it('Get Carrier Locations: Carrier "FEX " is sent as FEX', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: '={{ $json.carrier }}', returnAll: false, limit: 1, filters: { zipCode: '94558' } },
				{ items: [{ carrier: 'FEX ' }], typeVersion: 2 },
			),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('GetCarrierLocations'))?.ShippingCarrier).toBe('FEX');
	});

	it('Get Sellable: Order Type " CLUB" is sent as CLUB', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getSellable', returnAll: false, limit: 1, options: { orderType: '={{ $json.type }}' } },
				{ items: [{ type: ' CLUB' }], typeVersion: 2 },
			),
		);
		expect(result.error?.message).toBeUndefined();
		expect((await sentBody('GetSellable'))?.OrderType).toBe('CLUB');
	});
});
