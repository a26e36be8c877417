// Bug hunt 6, Tracking: order numbers with invisible characters, 404s that are not the provider's, days written as
// .NET date-times, Client Reference Codes from number columns, null estimate entries and Get Details' found member,
// through n8n's engine against the sandbox.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { isoDay } from '../../nodes/WineFulfillment/wire/simplify';
import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 24 });

const HOUR = 3_600_000;
const START = Date.parse('2026-01-05T15:00:00Z'); // the sandbox clock's start

const details = (orderNo: string, extra: IDataObject = {}) =>
	actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo, ...extra } as INodeParameters);

const address = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' };
const estimates = (extra: IDataObject = {}, options: Parameters<typeof actionWorkflow>[1] = {}) =>
	actionWorkflow(
		{
			resource: 'tracking',
			operation: 'getDeliveryEstimates',
			...address,
			shipDateFrom: '2026-01-06T00:00:00',
			shipDateTo: '2026-01-07T00:00:00',
			...extra,
		} as INodeParameters,
		options,
	);

/** The GetDeliveryEstimates answer replaced by `body` once the sandbox has processed the request. */
const answerEstimates = (body: unknown) =>
	fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetDeliveryEstimates', body });

describe('Tracking → Get Details and Get Packages: order numbers with characters no order number has', () => {
	it.each([
		['a tab', 'SO-00\t0001', 'control characters'],
		['a line break', 'SO-00\n0001', 'control characters'],
		['a zero-width space', 'SO-000001\u200b', 'invisible characters'],
		['a soft hyphen', 'SO-000\u00ad001', 'invisible characters'],
	])('Get Details refuses an order number with %s, naming Order Number, before sending', async (_case, orderNo, rule) => {
		const result = await fx.run(details(orderNo));
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "Order Number": must not contain ${rule}`));
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('Get Details keeps its 5 to 50 characters rule and still sends a number from a number column as text', async () => {
		const short = await fx.run(details('SO-1'));
		expect(short.error?.message).toMatch(/^Invalid "Order Number": must be 5 to 50 characters/);
		const numeric = await fx.run(
			actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: '={{ $json.o }}', simplify: false }, { items: [{ o: 48213 }] }),
		);
		expect(numeric.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDetails');
		expect(sent.body).toEqual({ OrderNo: '48213' });
	});

	it.each([
		['a tab', 'SO-00\t0001', 'control characters'],
		['a zero-width space', 'SO-000001\u200b', 'invisible characters'],
	])('Get Packages refuses an Order Numbers entry with %s, naming the field and the line, before sending', async (_case, entry, rule) => {
		const result = await fx.run(
			actionWorkflow({ resource: 'tracking', operation: 'getPackages', filters: { orderNumbers: `={{ ["SO-000002", ${JSON.stringify(entry)}] }}` }, returnAll: true }),
		);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "Order Numbers line 2": must not contain ${rule}`));
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Tracking → Get Details: a 404 that is not the provider\'s', () => {
	it('a Base URL with a wrong prefix (the route is unknown: 404) fails saying to check the Base URL', async () => {
		const result = await fx.run(details('SO-000001'), { baseUrl: `${fx.sandbox.baseUrl.replace(/\/v3$/, '')}/wrong/v3` });
		expect(result.error?.message).toBe('The Base URL does not lead to the tracking interface (404)');
		expect(result.error?.description).toMatch(/Check the Base URL in the Wine Fulfillment API credential/);
		expect(result.error?.description).toMatch(/No operation POST \/wrong\/v3\/api\/Tracking\/GetDetails/);
		const sent = await fx.control.requests();
		expect(sent.map((r) => r.status)).toEqual([404]);
	});

	it.each([
		['an empty answer', { kind: 'status', status: 404, as: 'text', body: '' }],
		['a web page', { kind: 'status', status: 404, as: 'text', body: '<html><body><h1>404 Not Found</h1></body></html>' }],
		['ASP.NET\'s routing message', { kind: 'status', status: 404, body: { Message: "No HTTP resource was found that matches the request URI 'https://api.example.com/v3/api/Tracking/GetDetails'." } }],
	] as const)('%s fails saying to check the Base URL, also with Fail When Not Found off', async (_case, fault) => {
		await fx.control.fault({ ...fault, path: 'GetDetails' });
		const result = await fx.run(details('SO-000001'));
		expect(result.error?.message).toBe('The Base URL does not lead to the tracking interface (404)');
		// asked once: a 404 is an answer, not a failure to retry
		expect(await fx.control.requests('GetDetails')).toHaveLength(1);
	});

	it("the provider's own 404 (its message as JSON) is still \"no tracking yet\"", async () => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetDetails', body: 'Order not found' });
		const result = await fx.run(details('SO-000001', { simplify: false }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{ OrderNo: 'SO-000001', found: false, message: 'No tracking information yet for this order' },
		]);
	});
});

describe('Tracking → Get Details: found on every item', () => {
	it('a found package has found: true when simplified (as the "no tracking yet" item has found: false)', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: new Date(START - HOUR).toISOString() });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getDetails', orderNo: '={{ $json.o }}', simplify: '={{ $json.simplify }}', options: { concurrency: 1 } },
				{ items: [{ o: 'SO-000001', simplify: true }, { o: 'SO-999999', simplify: true }, { o: 'SO-000001', simplify: false }], typeVersion: 2 },
			),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out.map((j) => [j.orderNumber ?? j.OrderNumber, j.found])).toEqual([
			['SO-000001', true],
			['SO-999999', false],
			// Simplify off: the provider's record exactly as it came (README)
			['SO-000001', undefined],
		]);
		// simplified: orderNumber and found first, as on the "no tracking yet" item
		expect(Object.keys(out[0]).slice(0, 2)).toEqual(['orderNumber', 'found']);
		expect(Object.keys(out[1])).toEqual(['orderNumber', 'found', 'message']);
	});
});

describe('Tracking → Simplify: a day the provider writes as a date-time without an offset', () => {
	it('Get Delivery Estimates keeps the provider\'s day in New York (the .NET form 2026-01-09T00:00:00)', async () => {
		await answerEstimates({
			DeliveryEstimateOptions: [
				{ DeliveryDateEstimate: '2026-01-09T00:00:00', ShipmentDate: '2026-01-06T00:00:00', CutoffTime: '14:00', ShippingWarehouse: 'APC01', ShippingOptions: [{ Carrier: 'UPS', Service: 'GRND' }] },
				{ DeliveryDateEstimate: '01/08/2026', ShipmentDate: '01/06/2026', CutoffTime: '14:00', ShippingWarehouse: 'APC01', ShippingOptions: [{ Carrier: 'UPS', Service: '2DAY' }] },
				{ DeliveryDateEstimate: '2026-01-07T00:00:00Z', ShipmentDate: '2026-01-06', CutoffTime: '14:00', ShippingWarehouse: 'APC01', ShippingOptions: [{ Carrier: 'UPS', Service: 'ONPR' }] },
			],
		});
		const result = await fx.run(estimates({}, { timezone: 'America/New_York' }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => [i.json.service, i.json.shipDate, i.json.estimatedDeliveryDate])).toEqual([
			['GRND', '2026-01-06T00:00:00-05:00', '2026-01-09T00:00:00-05:00'],
			['2DAY', '2026-01-06T00:00:00-05:00', '2026-01-08T00:00:00-05:00'],
			['ONPR', '2026-01-06T00:00:00-05:00', '2026-01-07T00:00:00-05:00'],
		]);
	});

	it('Get Details and the trigger keep the day of EstimatedDeliveryDate and RequestedShipDate; date-times stay instants', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: new Date(START - HOUR).toISOString() });
		const [raw] = packages(fx.sandbox.state);
		Object.assign(raw, { EstimatedDeliveryDate: '2026-01-07T00:00:00', RequestedShipDate: '2026-01-05T00:00:00.000', ShipDate: '2026-01-05T14:00:00' });
		const result = await fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-000001' }, { timezone: 'America/Los_Angeles' }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)[0].json).toMatchObject({
			requestedShipDate: '2026-01-05T00:00:00-08:00',
			estimatedDeliveryDate: '2026-01-07T00:00:00-08:00',
			// a date-time without an offset is UTC: 14:00Z is 06:00 in Los Angeles
			shipDate: '2026-01-05T06:00:00-08:00',
		});
		const polled = await runPoll(triggerWorkflow({ event: 'newPackage' }), TRIGGER_NODE, fx.credential(), {}, 'manual');
		expect(polled.items[0].json).toMatchObject({ requestedShipDate: '2026-01-05T00:00:00-05:00', estimatedDeliveryDate: '2026-01-07T00:00:00-05:00' });
	});
});

describe('isoDay: the day a provider writes, whatever its time part', () => {
	it.each([
		['2026-01-09T00:00:00', '2026-01-09T00:00:00-05:00'],
		['2026-01-09T23:30:00.000', '2026-01-09T00:00:00-05:00'],
		['2026-01-09 00:00:00', '2026-01-09T00:00:00-05:00'],
		['2026-01-09T00:00:00+09:00', '2026-01-09T00:00:00-05:00'],
		['01/09/2026 00:00:00', '2026-01-09T00:00:00-05:00'],
		['01/09/2026', '2026-01-09T00:00:00-05:00'],
		['2026-01-09', '2026-01-09T00:00:00-05:00'],
		// a day no calendar has, and text no format reads: kept as sent
		['2026-02-30T00:00:00', '2026-02-30T00:00:00'],
		['next week', 'next week'],
		['', null],
		[null, null],
	])('%j in New York is %j', (value, shown) => {
		expect(isoDay(value, 'America/New_York')).toBe(shown);
	});
});

describe('Tracking → Get Delivery Estimates: Client Reference Code and odd answers', () => {
	it('sends a Client Reference Code from a number column as text', async () => {
		const result = await fx.run(estimates({ clientReferenceCode: '={{ $json.ref }}' }, { items: [{ ref: 48213 }] }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDeliveryEstimates');
		expect(sent.body.ClientReferenceCode).toBe('48213');
	});

	it('refuses a Client Reference Code that is an object, naming it, before sending', async () => {
		const result = await fx.run(estimates({ clientReferenceCode: '={{ { a: 1 } }}' }));
		expect(result.error?.message).toMatch(/^Invalid "Client Reference Code": must be text, not an object/);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([
		['a null DeliveryEstimateOptions entry', { DeliveryEstimateOptions: [null, { DeliveryDateEstimate: '01/09/2026', ShippingOptions: [{ Carrier: 'UPS', Service: 'GRND' }] }] }, 'DeliveryEstimateOptions entry 1 is null'],
		['a null ShippingOptions entry', { DeliveryEstimateOptions: [{ DeliveryDateEstimate: '01/09/2026', ShippingOptions: [null, { Carrier: 'UPS', Service: 'GRND' }] }] }, 'DeliveryEstimateOptions entry 1: ShippingOptions entry 1 is null'],
		['a DeliveryEstimateOptions entry that is text', { DeliveryEstimateOptions: ['soon'] }, 'DeliveryEstimateOptions entry 1 is "soon"'],
		// was: no error and no item, as if no carrier served the address
		['DeliveryEstimateOptions as text', { DeliveryEstimateOptions: 'No service to this ZIP code' }, 'DeliveryEstimateOptions is "No service to this ZIP code"'],
		['DeliveryEstimateOptions as a number', { DeliveryEstimateOptions: 0 }, 'DeliveryEstimateOptions is 0'],
		['ShippingOptions as text', { DeliveryEstimateOptions: [{ DeliveryDateEstimate: '01/09/2026', ShippingOptions: 'none' }] }, 'DeliveryEstimateOptions entry 1: ShippingOptions is "none"'],
	])('an answer with %s fails naming what came, and outputs nothing', async (_case, body, named) => {
		await answerEstimates(body);
		const result = await fx.run(estimates({ simplify: false }));
		expect(result.error?.message).toBe(`The provider answered with malformed delivery estimates: ${named}`);
		expect(result.error?.description).toMatch(/^Nothing was output for this item/);
	});

	const option = { DeliveryDateEstimate: '01/09/2026', ShipmentDate: '01/06/2026', ShippingWarehouse: 'APC01' };
	it.each([
		['DeliveryEstimateOptions one object instead of a list', { DeliveryEstimateOptions: { ...option, ShippingOptions: [{ Carrier: 'FEX', Service: 'GRND' }] } }],
		['ShippingOptions one object instead of a list', { DeliveryEstimateOptions: [{ ...option, ShippingOptions: { Carrier: 'FEX', Service: 'GRND' } }] }],
	])('%s: read as a list of one, the carrier kept (Simplify on and off)', async (_case, body) => {
		// was: no item at all, or one whose carrier and service were gone
		await answerEstimates(body);
		const simple = await fx.run(estimates());
		expect(simple.output(ACTION_NODE).map((i) => [i.json.carrier, i.json.service, i.json.warehouse])).toEqual([['FEX', 'GRND', 'APC01']]);
		const raw = await fx.run(estimates({ simplify: false }));
		expect(raw.output(ACTION_NODE).map((i) => i.json)).toEqual([{ Carrier: 'FEX', Service: 'GRND', ...option }]);
	});

	it('an option without ShippingOptions is one estimate, without carrier', async () => {
		await answerEstimates({ DeliveryEstimateOptions: [option] });
		const raw = await fx.run(estimates({ simplify: false }));
		expect(raw.output(ACTION_NODE).map((i) => i.json)).toEqual([option]);
	});

	it.each([
		['DeliveryEstimateOptions null', { DeliveryEstimateOptions: null }],
		['an empty list', { DeliveryEstimateOptions: [] }],
	])('%s: no estimates, no error', async (_case, body) => {
		await answerEstimates(body);
		const result = await fx.run(estimates());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([]);
	});
});
