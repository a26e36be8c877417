// A postal code from a number column is padded as a US ZIP code only where the address is in the US (its Country absent,
// blank, or the US in any of its usual names) or a territory that uses US ZIP codes (Puerto Rico, the Virgin Islands,
// Guam, American Samoa, the Northern Mariana Islands): a Belgian 1000 or an Austrian 1010 is sent as its own digits, in every
// operation that sends an address (a sales order's recipient and billing contact, a purchase order's sender, Validate,
// Get Delivery Estimates).
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const salesOrder = (zip: number, country: string) =>
	actionWorkflow(
		{
			resource: 'salesOrder',
			operation: 'create',
			orderNo: 'POST-1',
			orderType: 'RETAIL',
			sendOnce: false,
			itemsInput: 'json',
			itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
			recipientContactInfo: { firstName: 'Ada', address: '1 Rue Neuve', city: 'Bruxelles', zipCode: '={{ $json.zip }}', country: '={{ $json.country }}' },
			billingContactInfo: { zipCode: '={{ $json.zip }}', country: '={{ $json.country }}' },
		},
		{ items: [{ zip, country }] },
	);

const validate = (zip: number, country: string) =>
	actionWorkflow(
		{
			resource: 'address',
			operation: 'validate',
			clientReferenceCode: 'R1',
			shippingCarrier: 'UPS',
			addressLine1: 'Stephansplatz 1',
			city: 'Wien',
			zipCode: '={{ $json.zip }}',
			country: '={{ $json.country }}',
		},
		{ items: [{ zip, country }] },
	);

const estimates = (zip: number, country: string) =>
	actionWorkflow(
		{
			resource: 'tracking',
			operation: 'getDeliveryEstimates',
			addressLine1: 'Nyhavn 1',
			city: 'København',
			zipCode: '={{ $json.zip }}',
			country: '={{ $json.country }}',
			// the sandbox clock starts on Monday 2026-01-05
			shipDateFrom: '2026-01-06T00:00:00',
			shipDateTo: '2026-01-08T00:00:00',
		},
		{ items: [{ zip, country }] },
	);

// the purchase order's sender has no Country field: one given through Additional Fields (JSON) counts
const purchaseOrder = (zip: number, country: string) =>
	actionWorkflow(
		{
			resource: 'purchaseOrder',
			operation: 'create',
			customerReferenceNo: 'PO-POST-1',
			transportMethod: 'Pickup',
			requestedDate: '2026-02-14T00:00:00',
			receiveToLocation: 'COB01',
			inventoryStatusCode: 'GOOD-ST-TX',
			items: { item: [{ itemNo: 'WINE-000000', itemQuantity: 6 }] },
			additionalFields: { city: 'Bruxelles', zipCode: '={{ $json.zip }}' },
			additionalJson: '={{ JSON.stringify({ OrderInfo: { Country: $json.country } }) }}',
		},
		{ items: [{ zip, country }] },
	);

async function sentZips(workflow: ReturnType<typeof validate>, path: string, read: (body: IDataObject) => unknown[]): Promise<unknown[]> {
	const result = await fx.run(workflow);
	expect(result.error?.message).toBeUndefined();
	const [sent] = await fx.control.requests(path);
	return read(sent.body);
}

const at = (...members: string[]) => (body: IDataObject) => members.map((member) => (body[member] as IDataObject).ZipCode);

describe('a postal code from a number column outside the US is sent as its own digits', () => {
	it.each([
		['Sales Order → Create', salesOrder, 'CreateSalesOrder', at('RecipientContactInfo', 'BillingContactInfo')],
		['Purchase Order → Create', purchaseOrder, 'CreatePurchaseOrder', at('OrderInfo')],
		['Address → Validate', validate, 'Validation', at('Address')],
		['Tracking → Get Delivery Estimates', estimates, 'GetDeliveryEstimates', at('DeliveryAddress')],
	])('%s: Belgium\'s 1000 is "1000", not the ZIP code "01000"', async (_name, workflow, path, read) => {
		// the sandbox estimates US deliveries only: its answer stands in for the provider's
		if (path === 'GetDeliveryEstimates') await fx.control.fault({ kind: 'status', status: 200, when: 'after', path, body: { DeliveryEstimateOptions: [] } });
		const zips = await sentZips(workflow(1000, 'BE'), path, read);
		expect(zips).toEqual(zips.length ? zips.map(() => '1000') : ['1000']);
	});

	it.each([
		[1010, 'Austria', '1010'],
		[2100, 'dk', '2100'],
		[10115, 'DE', '10115'],
	])('Address → Validate: %s in %s is sent as "%s"', async (zip, country, expected) => {
		expect(await sentZips(validate(zip, country), 'Validation', at('Address'))).toEqual([expected]);
	});

	it.each(['US', 'usa', 'United States', ' united states ', ''])('a Country of "%s" is the US: 2134 is padded to "02134"', async (country) => {
		expect(await sentZips(validate(2134, country), 'Validation', at('Address'))).toEqual(['02134']);
		await fx.sandbox.reset({});
		expect(await sentZips(salesOrder(2134, country), 'CreateSalesOrder', at('RecipientContactInfo', 'BillingContactInfo'))).toEqual(['02134', '02134']);
	});

	// bug hunt 11: the territories that use US ZIP codes were "another Country": San Juan's 00907 went out as "907"
	it.each([
		[907, 'PR', '00907'],
		[907, 'Puerto Rico', '00907'],
		[802, 'VI', '00802'],
		[802, 'U.S. Virgin Islands', '00802'],
		[802, 'Virgin Islands (U.S.)', '00802'],
		[96910, 'Guam', '96910'],
	])('Address → Validate: %s in %s, a territory with US ZIP codes, is padded to "%s"', async (zip, country, expected) => {
		expect(await sentZips(validate(zip, country), 'Validation', at('Address'))).toEqual([expected]);
	});

	it('a number that is no whole number is still refused outside the US, naming ZIP Code', async () => {
		const result = await fx.run(validate(1000.5, 'BE'));
		expect(result.error?.message).toMatch(/ZIP Code/);
		expect(await fx.control.requests('Validation')).toHaveLength(0);
	});
});
