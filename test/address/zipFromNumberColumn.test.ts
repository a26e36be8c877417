// A ZIP code from a sheet or CSV column of numbers has lost its leading zeros (02134 → 2134): Get Carrier Locations,
// Validate, Get Delivery Estimates, a sales order's recipient and billing contact and a purchase order's sender send it
// padded back to 5 digits (9 for ZIP+4, written 12345-6789); a number that is no ZIP code is refused naming ZIP Code;
// text is sent as given.
import type { IDataObject } from 'n8n-workflow';

import { zipCode } from '../../nodes/WineFulfillment/wire/values';
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

describe('zipCode', () => {
	const parse = (value: unknown) => {
		const result = zipCode.safeParse(value);
		return result.success ? result.data : `refused: ${result.error.issues[0].message}`;
	};

	it('pads a whole number of 3 to 5 digits to 5, and one of 7 to 9 digits to the 9 of ZIP+4, written with its hyphen', () => {
		expect([2134, 501, 601, 94558].map(parse)).toEqual(['02134', '00501', '00601', '94558']);
		// the least whole number of 3 digits, and the greatest of 2 (refused below)
		expect([100, 99].map(parse)).toEqual(['00100', expect.stringMatching(/^refused: is a number that is no ZIP code/)]);
		expect([21341234, 5011234, 945581234].map(parse)).toEqual(['02134-1234', '00501-1234', '94558-1234']);
	});

	it('keeps text as given, trimmed, and undefined as not given', () => {
		expect(['2134', ' 02134 ', '02134-1234', 'K1A 0B1'].map(parse)).toEqual(['2134', '02134', '02134-1234', 'K1A 0B1']);
		expect(parse(undefined)).toBeUndefined();
	});

	it('refuses a number that is no ZIP code: too few or too many digits, 6 digits, a fraction, negative, zero', () => {
		for (const n of [12, 0, 123456, 1234567890, 2134.5, -2134, 1e21]) {
			expect([n, parse(n)]).toEqual([n, expect.stringMatching(/^refused: is a number that is no ZIP code \(5 digits, or 9 with ZIP\+4\)/)]);
		}
	});

	it('refuses what is no text, as other text members do', () => {
		expect(parse({ zip: '02134' })).toBe('refused: must be text, not an object');
	});
});

const locations = (zip: number | string) =>
	actionWorkflow(
		{ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'UPS', filters: { zipCode: '={{ $json.zip }}', searchRadius: 5 }, limit: 1 },
		{ items: [{ zip }] },
	);

const validate = (zip: number | string) =>
	actionWorkflow(
		{
			resource: 'address',
			operation: 'validate',
			clientReferenceCode: 'R1',
			shippingCarrier: 'UPS',
			addressLine1: '1 Main St',
			city: 'Boston',
			state: 'MA',
			zipCode: '={{ $json.zip }}',
		},
		{ items: [{ zip }] },
	);

const estimates = (zip: number | string) =>
	actionWorkflow(
		{
			resource: 'tracking',
			operation: 'getDeliveryEstimates',
			addressLine1: '1 Main St',
			city: 'Boston',
			state: 'MA',
			zipCode: '={{ $json.zip }}',
			country: 'US',
			// the sandbox clock starts on Monday 2026-01-05
			shipDateFrom: '2026-01-06T00:00:00',
			shipDateTo: '2026-01-08T00:00:00',
		},
		{ items: [{ zip }] },
	);

const salesOrder = (zip: number | string) =>
	actionWorkflow(
		{
			resource: 'salesOrder',
			operation: 'create',
			orderNo: 'ZIP-1',
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
			recipientContactInfo: { firstName: 'Ada', address: '1 Main St', city: 'Boston', state: 'MA', zipCode: '={{ $json.zip }}' },
			billingContactInfo: { zipCode: '={{ $json.zip }}' },
		},
		{ items: [{ zip }] },
	);

const purchaseOrder = (zip: number | string) =>
	actionWorkflow(
		{
			resource: 'purchaseOrder',
			operation: 'create',
			customerReferenceNo: 'PO-ZIP-1',
			transportMethod: 'Pickup',
			requestedDate: '2026-02-14T00:00:00',
			receiveToLocation: 'COB01',
			inventoryStatusCode: 'GOOD-ST-TX',
			items: { item: [{ itemNo: 'WINE-000000', itemQuantity: 6 }] },
			additionalFields: { city: 'Boston', zipCode: '={{ $json.zip }}' },
		},
		{ items: [{ zip }] },
	);

describe('a ZIP code from a number column, in the operations that send one', () => {
	it('Sales Order → Create: the recipient\'s and the billing contact\'s 2134 are sent as "02134"', async () => {
		const result = await fx.run(salesOrder(2134));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateSalesOrder');
		expect([(sent.body.RecipientContactInfo as IDataObject).ZipCode, (sent.body.BillingContactInfo as IDataObject).ZipCode]).toEqual(['02134', '02134']);
	});

	it('Purchase Order → Create: the sender\'s 2134 is sent as "02134"', async () => {
		const result = await fx.run(purchaseOrder(2134));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreatePurchaseOrder');
		expect((sent.body.OrderInfo as IDataObject).ZipCode).toBe('02134');
	});

	it('Address → Get Carrier Locations: 2134 is sent as "02134"', async () => {
		const result = await fx.run(locations(2134));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetCarrierLocations');
		expect(sent.body.ZipCode).toBe('02134');
	});

	it('Address → Validate: 2134 is sent as "02134"', async () => {
		const result = await fx.run(validate(2134));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Validation');
		expect((sent.body.Address as IDataObject).ZipCode).toBe('02134');
	});

	it('Tracking → Get Delivery Estimates: 2134 is sent as "02134"', async () => {
		const result = await fx.run(estimates(2134));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDeliveryEstimates');
		expect((sent.body.DeliveryAddress as IDataObject).ZipCode).toBe('02134');
	});

	it('text "2134" is sent as given', async () => {
		const result = await fx.run(validate('2134'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Validation');
		expect((sent.body.Address as IDataObject).ZipCode).toBe('2134');
	});

	it.each([
		['Get Carrier Locations', locations, 'GetCarrierLocations'],
		['Validate', validate, 'Validation'],
		['Get Delivery Estimates', estimates, 'GetDeliveryEstimates'],
		['Sales Order → Create', salesOrder, 'CreateSalesOrder'],
		['Purchase Order → Create', purchaseOrder, 'CreatePurchaseOrder'],
	])('%s: the number 12 is refused naming ZIP Code, nothing sent', async (_op, workflow, path) => {
		const result = await fx.run(workflow(12));
		// a sales order names the group too: "Recipient (Ship-To) → ZIP Code"
		expect(result.error?.message).toMatch(
			/^Invalid "(Recipient \(Ship-To\) → )?ZIP Code": is a number that is no ZIP code \(5 digits, or 9 with ZIP\+4\): give ZIP codes as text, e\.g\. format the column as text \(got 12\)$/,
		);
		expect(await fx.control.requests(path)).toHaveLength(0);
	});
});
