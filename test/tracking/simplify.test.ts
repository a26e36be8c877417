// Tracking queries' Simplify option, through n8n's engine against the sandbox: the simplified shape of a known
// package and estimate (dates as ISO 8601 in the workflow's time zone), the raw record with Simplify off, and
// the same package shape as the polling trigger's items.
import omit from 'lodash/omit';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 240 });

const HOUR = 3_600_000;
const START = Date.parse('2026-01-05T15:00:00Z'); // the sandbox clock's start
/** not UTC, and not n8n's default (America/New_York): the output follows the workflow's setting */
const timezone = 'America/Los_Angeles';

/** A Tracking operation on version 2 (its settings in Options); `zone` null: no time zone setting, n8n's default */
const tracking = (operation: string, parameters: IDataObject = {}, zone: string | null = timezone) =>
	actionWorkflow({ resource: 'tracking', operation, ...parameters } as INodeParameters, { typeVersion: 2, ...(zone ? { timezone: zone } : {}) });

/** Seeds SO-000001: one FEX package shipped an hour before the sandbox's now (14:00 UTC). */
const seedOne = () =>
	fx.control.call('POST', 'seed-packages', { count: 1, startAt: new Date(START - HOUR).toISOString() });

/** The simplified SO-000001 in Los Angeles (UTC-8): the ISO stamps shown there, the MM/DD/YYYY days at its midnight. */
const SIMPLE_PACKAGE = {
	orderNumber: 'SO-000001',
	trackingNumber: '770000000001',
	trackingUrl: 'https://tracking.example.com/fex/770000000001',
	carrier: 'FEX',
	service: 'GRND',
	status: 'SHIPPED',
	statusDescription: 'Shipped',
	carrierStatusMessage: 'Picked up by the carrier',
	carrierStatusDate: '2026-01-05T06:00:00-08:00',
	requestedShipDate: '2026-01-05T00:00:00-08:00',
	shipDate: '2026-01-05T06:00:00-08:00',
	estimatedDeliveryDate: '2026-01-07T00:00:00-08:00',
	warehouse: 'APC02',
	shipToName: 'Customer 1',
	shipToEmail: 'customer1@example.com',
	items: [{ itemNo: 'WINE-000001', itemDescription: 'Pinot Noir 2016 750ml', quantity: 2 }],
};

const ACTIVITY_RANGE = { lastActivityFrom: '2026-01-04T00:00:00Z', lastActivityTo: '2026-01-06T00:00:00Z' };

describe('Tracking → Simplify', () => {
	it('Get Details: one simplified item per package, the MM/DD/YYYY answers as ISO 8601 in the workflow\'s time zone', async () => {
		await seedOne();
		const [raw] = packages(fx.sandbox.state);
		// the provider's own forms, side by side in one record
		expect([raw.ShipDate, raw.EstimatedDeliveryDate, raw.RequestedShipDate]).toEqual(['2026-01-05T14:00:00Z', '01/07/2026', '01/05/2026']);
		const result = await fx.run(tracking('getDetails', { orderNo: 'SO-000001' }));
		expect(result.error).toBeUndefined();
		// Get Details says found (true here, false on its "no tracking yet" item) after the order number
		const { orderNumber, ...rest } = SIMPLE_PACKAGE;
		expect(result.output(ACTION_NODE)).toEqual([{ json: { orderNumber, found: true, ...rest }, pairedItem: { item: 0 } }]);
		expect(Object.keys(result.output(ACTION_NODE)[0].json).slice(0, 3)).toEqual(['orderNumber', 'found', 'trackingNumber']);
	});

	it('Get Details with Simplify off gives the provider\'s record as it is', async () => {
		await seedOne();
		const result = await fx.run(tracking('getDetails', { orderNo: 'SO-000001', simplify: false }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([omit(packages(fx.sandbox.state)[0], ['lastActivityAt'])]);
	});

	it('Get Details: "no tracking yet" names the order in the simplified member name', async () => {
		const result = await fx.run(tracking('getDetails', { orderNo: 'SO-404404' }));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{ orderNumber: 'SO-404404', found: false, message: 'No tracking information yet for this order' },
		]);
	});

	it('Get Packages: the same simplified package; Simplify off gives the record; raw pages stay raw', async () => {
		await seedOne();
		const simple = await fx.run(tracking('getPackages', { returnAll: true, filters: ACTIVITY_RANGE }));
		expect(simple.error).toBeUndefined();
		expect(simple.output(ACTION_NODE)).toEqual([{ json: SIMPLE_PACKAGE, pairedItem: { item: 0 } }]);

		const raw = await fx.run(tracking('getPackages', { returnAll: true, filters: ACTIVITY_RANGE, simplify: false }));
		expect(raw.output(ACTION_NODE).map((i) => i.json)).toEqual([omit(packages(fx.sandbox.state)[0], ['lastActivityAt', 'Site', 'IcePack'])]);

		const pages = await fx.run(tracking('getPackages', { returnAll: true, filters: ACTIVITY_RANGE, options: { output: 'pages' } }));
		const [page] = pages.output(ACTION_NODE).map((i) => i.json);
		expect(page.Packages).toEqual(raw.output(ACTION_NODE).map((i) => i.json));
	});

	it('Get Delivery Estimates: carrier, service and the two days as ISO 8601; Simplify off gives the flattened answer', async () => {
		const params = {
			addressLine1: '1200 Main Street',
			city: 'Napa',
			state: 'CA',
			zipCode: '94558',
			country: 'US',
			shipDateFrom: '2026-01-06T00:00:00',
			shipDateTo: '2026-01-06T00:00:00',
		};
		const simple = await fx.run(tracking('getDeliveryEstimates', params));
		expect(simple.error).toBeUndefined();
		// the sandbox's answer for a 9xxxx ZIP on Tuesday 01/06/2026: ONPR 1 day, 2DAY 2 days, GRND 5 days, from PRB02
		const estimate = (carrier: string, service: string, delivered: string) => ({
			carrier,
			service,
			shipDate: '2026-01-06T00:00:00-08:00',
			estimatedDeliveryDate: `${delivered}T00:00:00-08:00`,
			cutoffTime: '14:00',
			warehouse: 'PRB02',
		});
		expect(simple.output(ACTION_NODE).map((i) => i.json)).toEqual([
			estimate('FEX', 'ONPR', '2026-01-07'),
			estimate('UPS', 'ONPR', '2026-01-07'),
			estimate('FEX', '2DAY', '2026-01-08'),
			estimate('UPS', '2DAY', '2026-01-08'),
			estimate('FEX', 'GRND', '2026-01-11'),
			estimate('UPS', 'GRND', '2026-01-11'),
		]);
		expect(simple.output(ACTION_NODE).every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);

		const raw = await fx.run(tracking('getDeliveryEstimates', { ...params, simplify: false }));
		expect(raw.output(ACTION_NODE).map((i) => i.json)[0]).toEqual({
			Carrier: 'FEX',
			Service: 'ONPR',
			DeliveryDateEstimate: '01/07/2026',
			ShipmentDate: '01/06/2026',
			CutoffTime: '14:00',
			ShippingWarehouse: 'PRB02',
		});
	});
});

describe('Tracking → Simplify and the polling trigger', () => {
	it("a query's simplified package is the trigger's item for the same package, less the event and the whole package", async () => {
		await seedOne();
		// both in the workflow's time zone: n8n's default here (America/New_York)
		const polled = await runPoll(triggerWorkflow({ event: 'newPackage' }), TRIGGER_NODE, fx.credential(), {}, 'manual');
		expect(polled.items).toHaveLength(1);
		const item = polled.items[0].json;
		expect(item).toMatchObject({ event: 'newPackage', shipDate: '2026-01-05T09:00:00-05:00', estimatedDeliveryDate: '2026-01-07T00:00:00-05:00' });
		expect(item.package).toEqual(omit(packages(fx.sandbox.state)[0], ['lastActivityAt', 'Site', 'IcePack']));

		const details = await fx.run(tracking('getDetails', { orderNo: 'SO-000001' }, null));
		const listed = await fx.run(tracking('getPackages', { returnAll: true, filters: ACTIVITY_RANGE }, null));
		expect(details.output(ACTION_NODE).map((i) => i.json)).toEqual([{ found: true, ...omit(item, ['event', 'package']) }]);
		expect(listed.output(ACTION_NODE).map((i) => i.json)).toEqual([omit(item, ['event', 'package'])]);
	});
});

describe('Simplify: a provider day written without leading zeros (M/D/YYYY) is that day', () => {
	it('Get Details: EstimatedDeliveryDate "1/9/2026" is 9 January in Los Angeles, as "01/09/2026" is', async () => {
		await fx.control.fault({
			kind: 'status',
			path: 'GetDetails',
			status: 200,
			body: [
				{ OrderNumber: 'SO-1', TrackingNo: '1Z1', Status: 'IN TRANSIT', EstimatedDeliveryDate: '1/9/2026', RequestedShipDate: '1/7/2026 0:00:00' },
				{ OrderNumber: 'SO-1', TrackingNo: '1Z2', Status: 'IN TRANSIT', EstimatedDeliveryDate: '01/09/2026' },
			],
		});
		const result = await fx.run(tracking('getDetails', { orderNo: 'SO-000001' }));
		expect(result.error).toBeUndefined();
		const [short, padded] = result.output(ACTION_NODE).map((item) => item.json);
		// was 2026-01-08T16:00:00-08:00: midnight UTC shown in Los Angeles
		expect(short).toMatchObject({ estimatedDeliveryDate: '2026-01-09T00:00:00-08:00', requestedShipDate: '2026-01-07T00:00:00-08:00' });
		expect(padded.estimatedDeliveryDate).toBe('2026-01-09T00:00:00-08:00');
	});

	it('Get Transactions: TransactionDate "1/7/2026" is 7 January in New York', async () => {
		const record = (Reference: string, TransactionDate: string) => ({ ItemNo: 'X', Quantity: 1, TransactionType: 'Sales Orders', Reference, TransactionDate });
		await fx.control.fault({
			kind: 'rewrite',
			path: 'GetTransactions',
			set: { TotalRecordCount: 2, MoreRecords: false, InventoryTransactions: [record('a', '1/7/2026'), record('b', '01/07/2026')] },
		});
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-07', returnAll: true }, { timezone: 'America/New_York' }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((item) => item.json.transactionDate)).toEqual(['2026-01-07T00:00:00-05:00', '2026-01-07T00:00:00-05:00']);
	});
});
