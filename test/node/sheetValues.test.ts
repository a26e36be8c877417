// Values as sheets, CSVs and store webhooks bring them, in the operations outside Sales Order: numbers where text
// belongs go out as text, whole-number and price text is read, an object or a list where text belongs is refused,
// range text is checked, and every refusal names the field as the panel shows it, before anything is sent.
import { Settings } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A } from '../salesOrder/helpers';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 5 });

/** Runs the operation with one input item and returns the run and what reached the sandbox on `path`. */
async function runOne(parameters: INodeParameters, item: IDataObject, path: string) {
	const result = await fx.run(actionWorkflow(parameters, { items: [item] }));
	return { result, sent: await fx.control.requests(path) };
}

describe('Transfer Order → Create: Unit Price from the item', () => {
	const transfer = {
		resource: 'transferOrder',
		operation: 'create',
		...transferHeader('TR-PRICE-1'),
		items: { item: [{ itemNo: SKU_A, itemQuantity: 2, unitPrice: '={{ $json.price }}' }] },
	};

	it.each([
		['"24.50" (a store sends prices as text)', '24.50', 24.5],
		['" 12.5 "', ' 12.5 ', 12.5],
		['9.99 (a number)', 9.99, 9.99],
	])('%s reaches the wire as a number', async (_label, price, wire) => {
		const { result, sent } = await runOne(transfer, { price }, 'CreateTransferOrder');
		expect(result.error).toBeUndefined();
		expect((sent[0].body.ItemsInfo as Array<Record<string, unknown>>)[0].UnitPrice).toBe(wire);
	});

	it.each([['12,50'], [-5], ['$12']])('%p is refused naming Unit Price, nothing sent', async (price) => {
		const { result, sent } = await runOne(transfer, { price }, 'CreateTransferOrder');
		expect(sent).toEqual([]);
		expect(result.error?.message).toMatch(/^Invalid "Items line 1 → Unit Price/);
	});

	it.each([['0 (the default)', 0], ['an empty cell', ''], ['null', null]])('%s sends no Unit Price', async (_label, price) => {
		const { result, sent } = await runOne(transfer, { price }, 'CreateTransferOrder');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ItemsInfo).toEqual([{ ItemNo: SKU_A, ItemQuantity: 2 }]);
	});
});

describe('Address → Validate: the address lines are text', () => {
	const validate = {
		resource: 'address',
		operation: 'validate',
		clientReferenceCode: 'R1',
		shippingCarrier: 'FEX',
		addressLine1: '={{ $json.street }}',
		city: 'Napa',
		state: 'CA',
		zipCode: '={{ $json.zip }}',
		maxCandidateListSize: 3,
	};

	it.each([
		['an object (a webhook address mapped whole)', { address1: '1 Vine St', city: 'Napa' }, 'must be text, not an object (got an object)'],
		['a list', ['1 Vine St', 'Suite 2'], 'must be text, not a list (got a list)'],
	])('%s as Address Line 1 is refused naming it, nothing sent', async (_label, street, rule) => {
		const { result, sent } = await runOne(validate, { street, zip: '94558' }, 'Validation');
		expect(sent).toEqual([]);
		expect(result.error?.message).toBe(`Invalid "Address Line 1": ${rule}`);
	});

	it('a ZIP code that is a number goes out as text', async () => {
		const { result, sent } = await runOne(validate, { street: '1 Vine St', zip: 94558 }, 'Validation');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.Address).toEqual({ StreetLines: ['1 Vine St'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' });
	});
});

describe('numbers where the interface wants text go out as text', () => {
	it('Tracking → Get Details: order number 1234567', async () => {
		const { result, sent } = await runOne({ resource: 'tracking', operation: 'getDetails', orderNo: '={{ $json.n }}' }, { n: 1234567 }, 'GetDetails');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.OrderNo).toBe('1234567');
	});

	it('Tracking → Get Details: a number of 4 digits is still refused by the 5-to-50 rule', async () => {
		const { result, sent } = await runOne({ resource: 'tracking', operation: 'getDetails', orderNo: '={{ $json.n }}' }, { n: 1234 }, 'GetDetails');
		expect(sent).toEqual([]);
		expect(result.error?.message).toBe('Invalid "Order Number": must be 5 to 50 characters (got 1234)');
	});

	it('Address → Get Carrier Locations: ZIP code 94558', async () => {
		const { result, sent } = await runOne(
			{ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', filters: { zipCode: '={{ $json.zip }}' }, returnAll: false, limit: 1 },
			{ zip: 94558 },
			'GetCarrierLocations',
		);
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ZipCode).toBe('94558');
	});

	it('Address → Validate: client reference code 12345', async () => {
		const { result, sent } = await runOne(
			{ resource: 'address', operation: 'validate', clientReferenceCode: '={{ $json.ref }}', shippingCarrier: 'FEX', addressLine1: '1 Vine St', maxCandidateListSize: 3 },
			{ ref: 12345 },
			'Validation',
		);
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ClientReferenceCode).toBe('12345');
	});
});

describe('SKU → Create: values from a sheet', () => {
	const sku = (extra: INodeParameters): INodeParameters => ({
		resource: 'sku',
		operation: 'create',
		itemNo: 'NEW-1',
		itemCategory: 'Wine',
		varietal: 'Cabernet',
		requestorFirstName: 'Ada',
		requestorLastName: 'Lovelace',
		requestorEmail: 'ada@example.com',
		...extra,
	});

	it('requestor phone 7075550101 (a number), Bottles per Case "12" and Alcohol by Volume "13.5" are read', async () => {
		const { result, sent } = await runOne(
			sku({ requestorPhone: '={{ $json.phone }}', additionalFields: { numBottleInEachCase: '={{ $json.perCase }}', alcoholByVolume: '={{ $json.abv }}' } }),
			{ phone: 7075550101, perCase: '12', abv: '13.5' },
			'CreateSKU',
		);
		expect(result.error).toBeUndefined();
		expect((sent[0].body.RequestorInfo as Record<string, unknown>).PhoneNumber).toBe('7075550101');
		expect(sent[0].body.SKUInfo).toMatchObject({ NumBottleInEachCase: 12, AlcoholByVolume: 13.5 });
	});

	it.each([
		['Bottles per Case', { numBottleInEachCase: '={{ "12.5" }}' }, 'must be a whole number of at least 1 (got "12.5")'],
		['Bottles per Case', { numBottleInEachCase: '={{ 0 }}' }, 'must be a whole number of at least 1 (got 0)'],
		['Alcohol by Volume', { alcoholByVolume: '={{ "13,5" }}' }, 'must be a number such as 12.5 (got "13,5")'],
		['Alcohol by Volume', { alcoholByVolume: '={{ 101 }}' }, 'must be between 0 and 100 (got 101)'],
	])('%s %j is refused with its rule, nothing sent', async (field, additionalFields, rule) => {
		const { result, sent } = await runOne(sku({ additionalFields }), {}, 'CreateSKU');
		expect(sent).toEqual([]);
		expect(result.error?.message).toBe(`Invalid "${field}": ${rule}`);
	});
});

describe('Tracking → Get Packages: a range given as text', () => {
	const packages = (range: string): INodeParameters => ({
		resource: 'tracking',
		operation: 'getPackages',
		returnAll: false,
		limit: 1,
		additionalJson: JSON.stringify({ ShipDateRange: range }),
	});

	it.each([
		['impossible dates', '02/30/2026 00:00:00 - 13/45/2026 99:99:99', 'must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss'],
		['no second end', '03/01/2026 00:00:00', 'must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss'],
		['From after To', '03/02/2026 00:00:00 - 03/01/2026 00:00:00', 'From must not be later than To'],
	])('%s: refused naming the range, nothing sent', async (_label, range, rule) => {
		const { result, sent } = await runOne(packages(range), {}, 'GetPackages');
		expect(sent).toEqual([]);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "Ship Date[^"]*": ${rule}`));
	});

	it('a range of one instant is sent', async () => {
		const range = '03/01/2026 08:00:00 - 03/01/2026 08:00:00';
		const { result, sent } = await runOne(packages(range), {}, 'GetPackages');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ShipDateRange).toBe(range);
	});

	it('the range text is read in UTC, whatever zone the machine is in: a wall time a local zone skips is no error', async () => {
		const previous = Settings.defaultZone;
		Settings.defaultZone = 'America/New_York';
		try {
			// 02:30 on 8 March 2026 does not exist in New York (clocks go from 02:00 to 03:00): read there it would
			// become 03:30, after the range's end
			const range = '03/08/2026 02:30:00 - 03/08/2026 03:10:00';
			const { result, sent } = await runOne(packages(range), {}, 'GetPackages');
			expect(result.error).toBeUndefined();
			expect(sent[0].body.ShipDateRange).toBe(range);
		} finally {
			Settings.defaultZone = previous;
		}
	});

	it('a valid range text is sent as given', async () => {
		const range = '03/01/2026 00:00:00 - 03/01/2026 23:59:59';
		const { result, sent } = await runOne(packages(` ${range} `), {}, 'GetPackages');
		expect(result.error).toBeUndefined();
		expect(sent[0].body.ShipDateRange).toBe(range);
		expect(result.output(ACTION_NODE).every((i) => !('error' in i.json))).toBe(true);
	});
});

describe('Inventory → Get Status', () => {
	it('a bad Include Unavailable Items is named as the panel shows it', async () => {
		const { result, sent } = await runOne(
			{ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: '={{ $json.v }}', returnAll: false, limit: 1 },
			{ v: 'maybe' },
			'GetStatus',
		);
		expect(sent).toEqual([]);
		expect(result.error?.message).toBe('Invalid "Include Unavailable Items": must be true or false (or yes/no, 1/0) (got "maybe")');
	});
});
