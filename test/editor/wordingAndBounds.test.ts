// The editor's texts and bounds against what the node does (bug hunt 17; each failed before its fix): descriptions that
// promised what the code does not do, field bounds the editor offered that every run refuses, names against the node's
// own conventions, a subtitle showing a wire identifier, day pickers not saying only the day is sent.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { MAX_CANDIDATES, validateAddressRequest } from '../../nodes/WineFulfillment/wire/commerce';
import { createSkuRequest } from '../../nodes/WineFulfillment/wire/product';
import { getDeliveryEstimatesRequest } from '../../nodes/WineFulfillment/wire/tracking';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';

/** Top-level parameters shown for a resource and operation (any version). */
function paramsOf(resource: string, operation: string): INodeProperties[] {
	return new WineFulfillment().description.properties.filter((p) => {
		const show = p.displayOptions?.show ?? {};
		return (show.resource as string[] | undefined)?.includes(resource) && (show.operation as string[] | undefined)?.includes(operation);
	});
}

function member(collection: INodeProperties | undefined, name: string): INodeProperties | undefined {
	return (collection?.options as INodeProperties[] | undefined)?.find((o) => o.name === name);
}

const isV2 = (p: INodeProperties) => JSON.stringify(p.displayOptions?.show?.['@version']).includes('gte');

describe('editor: descriptions that promise what the code does not do', () => {
	it('Sales Order → Create → Hold Order names a field of Update that exists ("Fulfillment Hold", not "Hold Order")', () => {
		const updateNames = paramsOf('salesOrder', 'update').map((p) => p.displayName);
		expect(updateNames).toContain('Fulfillment Hold');
		expect(updateNames).not.toContain('Hold Order');
		const create = paramsOf('salesOrder', 'create');
		const v2Hold = member(create.find((p) => p.name === 'additionalFields' && isV2(p)), 'holdOrder');
		const v1Hold = create.find((p) => p.name === 'holdOrder');
		for (const hold of [v1Hold, v2Hold]) {
			// the description tells the merchant to release with "Update with Hold Order set to Release": Update has no Hold Order
			expect(hold?.description).not.toMatch(/Update with Hold Order/);
		}
	});

	it.each([
		['purchaseOrder', 'purchase order'],
		['transferOrder', 'transfer order'],
		['sku', 'SKU'],
	])('%s → Create → Send Once Options → Scope "Workflow" does not promise that Forget Sent Orders sees the %s records', (resource) => {
		// Forget Sent Orders is a Sales Order operation: it opens the sales order record only (forgetSent.operation.ts)
		expect(paramsOf(resource, 'forgetSent')).toEqual([]);
		const sendOnceOptions = paramsOf(resource, 'create').find((p) => p.name === 'sendOnceOptions');
		const workflow = (member(sendOnceOptions, 'scope')?.options as INodePropertyOptions[]).find((o) => o.value === 'workflow');
		expect(workflow?.description).not.toMatch(/Forget Sent Orders/);
	});

	it('Sales Order → Forget Sent Orders: its Concurrency (v2 Options) does not say items are "sent to the provider" (nothing is: only n8n\'s store)', () => {
		const options = paramsOf('salesOrder', 'forgetSent').find((p) => p.name === 'options' && isV2(p));
		expect(member(options, 'concurrency')?.description).not.toMatch(/sent to the provider/);
	});

	it('SKU → Create → Send Again Even If Sent does not speak of a SKU "cancelled and placed again"', () => {
		const sendOnceOptions = paramsOf('sku', 'create').find((p) => p.name === 'sendOnceOptions');
		expect(member(sendOnceOptions, 'sendAgain')?.description).not.toMatch(/cancelled and must be placed again/);
	});

	it('Transfer Order → Create → Items → Quantity Unit "Auto" does not defer to an order type a transfer order does not have', () => {
		const items = paramsOf('transferOrder', 'create').find((p) => p.name === 'items');
		const row = (items?.options as Array<{ values: INodeProperties[] }>)[0].values;
		const auto = (row.find((p) => p.name === 'quantityUnit')?.options as INodePropertyOptions[]).find((o) => o.value === 'AUTO');
		const transferFields = paramsOf('transferOrder', 'create').map((p) => p.displayName);
		expect(transferFields).not.toContain('Order Type');
		expect(auto?.description).not.toMatch(/order type decides/i);
	});
});

describe('editor: bounds the editor offers that every run refuses', () => {
	it.each(['maxCandidateListSize', 'maxPalListSize'])(
		'Address → Validate → %s: the field stops at the most the run accepts (whole numbers up to MAX_CANDIDATES)',
		(name) => {
			// the run refuses 101 (and 2.5)
			const refused = validateAddressRequest.safeParse({
				ClientReferenceCode: 'ref-1',
				ShippingCarrier: 'FEX',
				Address: { StreetLines: ['1 Main St'], ZipCode: '94558', Country: 'US' },
				MaxCandidateListSize: MAX_CANDIDATES + 1,
			});
			expect(refused.success).toBe(false);
			const field = paramsOf('address', 'validate').find((p) => p.name === name);
			expect(field?.typeOptions).toEqual(expect.objectContaining({ maxValue: MAX_CANDIDATES, numberPrecision: 0 }));
		},
	);

	it('SKU → Create → Bottles per Case takes only whole numbers (the run refuses 12.5)', () => {
		const refused = createSkuRequest.safeParse({
			RequestorInfo: { FirstName: 'A', LastName: 'B', EmailAddress: 'a@b.co' },
			SKUInfo: { ItemNo: 'CAB-1', ItemCategory: 'Merchandise', NumBottleInEachCase: 12.5 },
		});
		expect(refused.success).toBe(false);
		const additional = paramsOf('sku', 'create').find((p) => p.name === 'additionalFields');
		expect(member(additional, 'numBottleInEachCase')?.typeOptions).toEqual(expect.objectContaining({ numberPrecision: 0 }));
	});
});

describe('editor: names against the node\'s own conventions', () => {
	it('every carrier option reads "<name> (<code>)": UPS shows its code in brackets, not its expansion', () => {
		const create = paramsOf('address', 'getCarrierLocations').find((p) => p.name === 'shippingCarrier');
		const ups = (create?.options as INodePropertyOptions[]).find((o) => o.value === 'UPS');
		expect(ups?.name).toMatch(/\(UPS\)$/);
	});
});

describe('editor: panels', () => {
	it('the tracking webhook trigger\'s subtitle is words in title case (n8n UI text style: "Subtitle | Title case"), not the wire event "tracking_update"', () => {
		const { subtitle } = new WineFulfillmentWebhookTrigger().description;
		expect(subtitle).not.toMatch(/_/);
	});

	it('Tracking → Get Delivery Estimates: the ship-date pickers say that only the day is sent (MM/DD/YYYY), as every other day-only picker does', () => {
		// a picked time is dropped: 10:30 and 23:00 of one day send the same day
		const body = (time: string) =>
			getDeliveryEstimatesRequest.parse({
				DeliveryAddress: { StreetLines: ['1 Main St'], ZipCode: '94558', Country: 'US' },
				DeliveryEstimateRange: { StartDate: `2026-03-12T${time}`, EndDate: '2026-03-13' },
			}).DeliveryEstimateRange;
		expect(body('10:30:00').StartDate).toBe('03/12/2026');
		expect(body('23:00:00').StartDate).toBe('03/12/2026');
		for (const name of ['shipDateFrom', 'shipDateTo']) {
			const field = paramsOf('tracking', 'getDeliveryEstimates').find((p) => p.name === name);
			expect(field?.description).toMatch(/MM\/DD\/YYYY/);
		}
	});
});
