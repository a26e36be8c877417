// Every per-item operation reads and checks all input items before it sends the first: one refused item (here the
// third of four) stops the run with nothing sent; with Continue On Fail it becomes its error item and the others go.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { SKU_A, createFromItems, line } from '../salesOrder/helpers';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 50 });

/** Additional Fields (JSON) from the item: empty for a good item, text that is no JSON for the refused one. */
const FROM_ITEM = '={{ $json.knob }}';
const BROKEN_JSON = '{"OrderNo": ';
const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const lines = { item: [{ itemNo: SKU_A, itemQuantity: 12, quantityUnit: 'RETAIL', inventoryTaxStatus: 'GOOD-ST-TX' }] };

interface Case {
	/** the operation's parameters; FROM_ITEM marks the one read from each item's `knob` */
	parameters: Record<string, unknown>;
	/** the knob's value for a good item and for the refused one */
	good: string | number;
	bad: string | number;
	/** what the refusal names */
	field: string;
	/** requests one good item sends (0: the operation only touches n8n's store) */
	requestsPerItem?: number;
}

/** An operation with Additional Fields (JSON): that is the field refused. */
const json = (parameters: Record<string, unknown>): Case => ({
	parameters: { ...parameters, additionalJson: FROM_ITEM },
	good: '',
	bad: BROKEN_JSON,
	field: 'Additional Fields (JSON)',
});

/** Purchase or Transfer Order → Cancel, the Customer Reference Number from the item. */
const cancelByReference = (resource: string, good: string, bad: string): Case => ({
	parameters: { resource, operation: 'cancel', customerReferenceNo: FROM_ITEM },
	good,
	bad,
	field: 'Customer Reference Number',
});

const CASES: Record<string, Case> = {
	'Sales Order → Create': json({ ...createFromItems({ sendOnce: false }), orderNo: '={{ "SO-" + $itemIndex }}', itemsJson: JSON.stringify([line(SKU_A, 1)]) }),
	'Sales Order → Update': json({ resource: 'salesOrder', operation: 'update', locateBy: 'orderNo', orderNo: 'UP-1', updateFields: { poNo: 'PO-9' } }),
	'Sales Order → Cancel': json({ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: 'CX-1' }),
	'Sales Order → Get Orders On Hold': {
		parameters: { resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: false, limit: FROM_ITEM },
		good: 5,
		bad: 0,
		field: 'Limit',
	},
	'Sales Order → Get Returns': json({ resource: 'salesOrder', operation: 'getReturns', returnAll: false, limit: 1 }),
	'Sales Order → Generate JIT Label': json({ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: 'JIT-1', labelType: 'Label', format: 'PDF' }),
	'Sales Order → Update Addresses': json({
		resource: 'salesOrder',
		operation: 'updateAddresses',
		locateBy: 'orderNo',
		orderNo: 'ADDR-1',
		recipientContactInfo: { firstName: 'Ana', lastName: 'Reyes', addressLine1: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' },
	}),
	'Sales Order → Forget Sent Orders': {
		parameters: { resource: 'salesOrder', operation: 'forgetSent', orderNumbers: FROM_ITEM },
		good: 'SO-1',
		bad: '',
		field: 'Order Numbers',
		requestsPerItem: 0,
	},
	'Purchase Order → Create': json({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('={{ "PO-" + $itemIndex }}'), items: lines }),
	'Purchase Order → Update': json({ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-1', updateFields: { transportMethod: 'Drop-Off' } }),
	'Purchase Order → Cancel': cancelByReference('purchaseOrder', 'PO-1', '  '),
	'Transfer Order → Create': json({ resource: 'transferOrder', operation: 'create', ...transferHeader('={{ "TR-" + $itemIndex }}'), items: lines }),
	'Transfer Order → Update': json({ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-1', updateFields: { requestedDate: '2026-03-01T10:00:00Z' } }),
	'Transfer Order → Cancel': cancelByReference('transferOrder', 'TR-1', ''),
	'Inventory → Get Status': {
		parameters: { resource: 'inventory', operation: 'getStatus', returnAll: false, limit: FROM_ITEM },
		good: 1,
		bad: '1e3x',
		field: 'Limit',
	},
	'Inventory → Get Sellable': json({ resource: 'inventory', operation: 'getSellable', returnAll: false, limit: 1 }),
	'Inventory → Get Transactions': json({ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', returnAll: false, limit: 1 }),
	'SKU → Create': json({ resource: 'sku', operation: 'create', ...requestor, itemNo: '={{ "TOTE-" + $itemIndex }}', itemCategory: 'Merchandise' }),
	'SKU → Update': json({ resource: 'sku', operation: 'update', ...requestor, itemNo: SKU_A, updateFields: { value: '2' } }),
	'SKU → Retire': json({ resource: 'sku', operation: 'retire', itemNo: SKU_A }),
	'Tracking → Get Details': json({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-00001' }),
	'Tracking → Get Packages': json({ resource: 'tracking', operation: 'getPackages', returnAll: false, limit: 1 }),
	'Tracking → Get Delivery Estimates': json({
		resource: 'tracking',
		operation: 'getDeliveryEstimates',
		clientReferenceCode: 'EST-1',
		addressLine1: '1 Vine St',
		city: 'Napa',
		state: 'CA',
		zipCode: '94558',
		shipDateFrom: '2026-03-02',
		shipDateTo: '2026-03-06',
	}),
	'Address → Validate': json({ resource: 'address', operation: 'validate', clientReferenceCode: 'REF-1', shippingCarrier: 'UPS', addressLine1: '1 Main Street', includePal: false }),
	'Address → Get Carrier Locations': json({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', zipCode: '94558' }),
};

/** Runs the case over four items, the third one refused. */
async function run(c: Case, continueOnFail: boolean) {
	const items: IDataObject[] = [c.good, c.good, c.bad, c.good].map((knob) => ({ knob }));
	return await fx.run(actionWorkflow(c.parameters as INodeParameters, { items, continueOnFail }));
}

describe('every per-item operation checks all items before it sends one', () => {
	it('covers every operation run item by item (all but Batch Create)', () => {
		expect(Object.keys(CASES)).toHaveLength(25);
	});

	it.each(Object.entries(CASES))('%s: the third of four items refused, nothing is sent', async (_name, c) => {
		const result = await run(c, false);
		expect(result.error?.message).toContain(`"${c.field}"`);
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.error?.description).toContain('Item 3 of 4 was refused before anything was sent: no item was sent.');
		expect(await fx.control.requests()).toEqual([]);
	});

	it.each(Object.entries(CASES))('%s: with Continue On Fail the refused item is its error item, the others are sent', async (_name, c) => {
		const result = await run(c, true);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		const refused = out.filter((i) => (i.pairedItem as { item: number }).item === 2);
		expect(refused).toHaveLength(1);
		expect(String(refused[0].json.error)).toContain(`"${c.field}"`);
		// every other item was sent (the provider may have refused it in turn, e.g. an order it does not have)
		expect(await fx.control.requests()).toHaveLength(3 * (c.requestsPerItem ?? 1));
		expect(out.every((i) => typeof (i.pairedItem as { item?: unknown }).item === 'number')).toBe(true);
	});
});
