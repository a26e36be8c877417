// A 200 answer that is not what the operation documents (an error object from a gateway, an empty body) is an error
// naming what came back, never a result: no "invalid" address, no on-hold order of nulls, no package of nulls, no
// input item without its estimates. With Continue On Fail, the error item keeps its input item.
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 24 });

const napa = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558' };
const GATEWAY = { Message: 'Service temporarily unavailable' };
const NOTHING_OUTPUT = 'Nothing was output for this item, so that nothing is missing or doubled without notice. Run it again.';

const operations: Array<[string, string, INodeParameters, string]> = [
	[
		'Address → Validate',
		'Address/Validation',
		{ resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', ...napa },
		'AddressValidationIndicator or AddressCandidates',
	],
	['Sales Order → Get Orders On Hold', 'GetOrdersOnHold', { resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true }, 'OrderNo'],
	[
		'Tracking → Get Details',
		'Tracking/GetDetails',
		{ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-10001' },
		'Packages or a package (TrackingNo, OrderNumber)',
	],
	[
		'Tracking → Get Delivery Estimates',
		'GetDeliveryEstimates',
		{ resource: 'tracking', operation: 'getDeliveryEstimates', clientReferenceCode: 'est-1', ...napa, shipDateFrom: '2026-03-02', shipDateTo: '2026-03-04' },
		'DeliveryEstimateOptions',
	],
];

describe.each(operations)('%s: a 200 answer that is not its answer', (_name, path, parameters, expected) => {
	it('an error object: an error quoting its message, nothing output', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path, body: GATEWAY });
		const result = await fx.run(actionWorkflow(parameters));
		expect(result.error?.message).toBe(`The provider answered without ${expected}: Service temporarily unavailable`);
		expect(result.error?.description).toBe(`${NOTHING_OUTPUT} If it keeps happening, tell the provider what the message says.`);
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('a JSON string, with Continue On Fail: the error item is paired to its input item and the other items go on', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path, body: '"maintenance"', as: 'text', after: 1, count: 1 });
		const result = await fx.run(actionWorkflow({ ...parameters, options: { concurrency: 1 } }, { items: [{}, {}, {}], continueOnFail: true }));
		const out = result.output(ACTION_NODE);
		const errors = out.filter((i) => i.json.error);
		expect(errors.map((i) => [i.json.error, i.pairedItem])).toEqual([[`The provider answered with text instead of ${expected}`, { item: 1 }]]);
		// the other items were sent and answered as usual (Get Orders On Hold: none on hold in the sandbox, no item)
		expect(await fx.control.requests(path)).toHaveLength(3);
		expect(out.filter((i) => !i.json.error).every((i) => [0, 2].includes((i.pairedItem as { item: number }).item))).toBe(true);
	});
});

describe('the answers that say "none" stay none', () => {
	it('Get Orders On Hold: null, or an empty body, is no order on hold (as its 404 is)', async () => {
		for (const body of ['null', '']) {
			await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', count: 1, as: 'text', body });
			const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true }));
			expect(result.error).toBeUndefined();
			expect(result.output(ACTION_NODE)).toEqual([]);
		}
	});

	it('Get Details: Packages null is an order without tracking yet (found false)', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'Tracking/GetDetails', body: { Packages: null } });
		const result = await fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-10001', simplify: false }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([expect.objectContaining({ OrderNo: 'SO-10001', found: false })]);
	});

	it('Get Delivery Estimates: DeliveryEstimateOptions null gives no estimate, without an error', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetDeliveryEstimates', body: { DeliveryEstimateOptions: null } });
		const result = await fx.run(
			actionWorkflow({ resource: 'tracking', operation: 'getDeliveryEstimates', clientReferenceCode: 'est-1', ...napa, shipDateFrom: '2026-03-02', shipDateTo: '2026-03-04' }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([]);
	});
});
