// Bug hunt 34 (fixed): SKU → Create refused a bad Vintage, Appellation, Classification or Comments (a list or an object
// mapped from a store's product record) naming "SKU", a field the panel does not have, instead of the field itself.
// README "Errors and safety": bad input is refused "with an error naming the field, the line where there is one, the
// rule and the value given". The wire paths SKUInfo.Vintage / .Appellation / .Classification / .Comments have no
// entry in actions/sku/shared.ts `skuLabels`, so wire/paths.ts `fieldOf` falls back to the label of `SKUInfo` ("SKU").
import type { INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const requestor = {
	requestorFirstName: 'Ana',
	requestorLastName: 'Reyes',
	requestorEmail: 'ana.reyes@example.com',
	requestorPhone: '707-555-0101',
};

const create = (additionalFields: INodeParameters) =>
	actionWorkflow({
		resource: 'sku',
		operation: 'create',
		...requestor,
		itemNo: 'CAB-2021-750',
		itemDescription: 'Cabernet 2021',
		itemCategory: 'Wine',
		varietal: 'Cabernet Sauvignon',
		additionalFields,
	});

describe('SKU → Create: a refused optional text names its own field', () => {
	it.each([
		// what the user sees: Invalid "SKU": must be text, not a list — expected: Invalid "Comments": …
		['comments', '={{ ["Library release", "Magnum"] }}', 'Comments'],
		// Invalid "SKU": must be text, not an object — expected: Invalid "Vintage": …
		['vintage', '={{ { year: 2019 } }}', 'Vintage'],
		['appellation', '={{ ["Napa Valley"] }}', 'Appellation'],
		['classification', '={{ ["Red"] }}', 'Classification'],
	])('%s given %s is refused naming "%s", before anything is sent', async (field, value, label) => {
		const result = await fx.run(create({ [field]: value }));
		expect(await fx.control.requests('CreateSKU')).toHaveLength(0);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${label}"`));
	});
});

describe("SKU → Create: the provider's refusal of those members in the panel's words", () => {
	it('a ModelState error on SKUInfo.Vintage names Vintage, as one on SKUInfo.Varietal names Varietal', async () => {
		// README "Provider errors say what to do": "a refusal of a sales order, purchase or transfer order or SKU names
		// the member as the panel does, also when the provider lists its field errors the ASP.NET way".
		// Seen: "… SKUInfo.Vintage: …" is left in wire words (SKUInfo.Varietal becomes "Varietal"), same missing labels.
		await fx.control.fault({
			kind: 'status',
			path: 'CreateSKU',
			status: 400,
			body: {
				Message: 'The request is invalid.',
				ModelState: { 'SKUInfo.Varietal': ['Unknown varietal'], 'SKUInfo.Vintage': ['Vintage must be a year or NV'] },
			},
		});
		const result = await fx.run(create({ vintage: '19' }));
		// the message (the description quotes the provider's raw answer as it came)
		const said = result.error?.message ?? '';
		expect(said).toContain('Varietal: Unknown varietal');
		expect(said).not.toContain('SKUInfo.Varietal');
		expect(said).toContain('Vintage: Vintage must be a year or NV');
		expect(said).not.toContain('SKUInfo.Vintage');
	});
});
