// Tracking → Get Delivery Estimates, end to end through n8n's engine against the sandbox: the request the node
// sends and the items it makes of the provider's answer (never a recomputation of the provider's estimates).
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 240 });

// the sandbox clock starts on Monday 2026-01-05
const address = {
	addressLine1: '1200 Main Street',
	addressLine2: 'Apt 4',
	city: 'Napa',
	state: 'CA',
	zipCode: '94558',
	country: 'US',
};

const estimates = (extra: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'tracking', operation: 'getDeliveryEstimates', ...address, simplify: false, ...extra });

/** One estimate option of the provider's answer, with the carrier/service pairs it applies to. */
const option = (ship: string, delivery: string, services: Array<[string, string]>) => ({
	DeliveryDateEstimate: delivery,
	ShipmentDate: ship,
	CutoffTime: '15:00',
	ShippingWarehouse: 'APC01',
	ShippingOptions: services.map(([Carrier, Service]) => ({ Carrier, Service })),
});

describe('Tracking → Get Delivery Estimates', () => {
	it('sends the address and the ship-date range in the wire names and formats', async () => {
		const result = await fx.run(
			estimates({ clientReferenceCode: 'EST-1', shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-08T00:00:00' }),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('GetDeliveryEstimates');
		expect(sent.map((r) => r.body)).toEqual([
			{
				ClientReferenceCode: 'EST-1',
				DeliveryAddress: { StreetLines: ['1200 Main Street', 'Apt 4'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' },
				DeliveryEstimateRange: { StartDate: '01/06/2026', EndDate: '01/08/2026' },
			},
		]);
	});

	it("gives one item per estimate and carrier/service of the provider's answer, the pair beside the estimate's dates", async () => {
		const answer = {
			DeliveryEstimateOptions: [
				option('01/06/2026', '01/07/2026', [
					['UPS', 'ONPR'],
					['FEX', 'ONPR'],
				]),
				option('01/06/2026', '01/09/2026', [['UPS', 'GRND']]),
				option('01/07/2026', '01/08/2026', []),
			],
		};
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetDeliveryEstimates', body: answer });
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-07T00:00:00' }));
		expect(result.error).toBeUndefined();
		const dates = (ship: string, delivery: string) => ({
			DeliveryDateEstimate: delivery,
			ShipmentDate: ship,
			CutoffTime: '15:00',
			ShippingWarehouse: 'APC01',
		});
		const items = result.output(ACTION_NODE);
		expect(items.map((i) => i.json)).toEqual([
			{ Carrier: 'UPS', Service: 'ONPR', ...dates('01/06/2026', '01/07/2026') },
			{ Carrier: 'FEX', Service: 'ONPR', ...dates('01/06/2026', '01/07/2026') },
			{ Carrier: 'UPS', Service: 'GRND', ...dates('01/06/2026', '01/09/2026') },
			// an estimate without carrier/service pairs is still one item
			dates('01/07/2026', '01/08/2026'),
		]);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it("keeps a member a shipping option gives itself over the estimate's of the same name (the more specific one)", async () => {
		const answer = {
			DeliveryEstimateOptions: [
				{ ...option('01/06/2026', '01/09/2026', []), ShippingOptions: [{ Carrier: 'UPS', Service: 'ONPR', DeliveryDateEstimate: '01/07/2026' }, { Carrier: 'UPS', Service: 'GRND' }] },
			],
		};
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetDeliveryEstimates', body: answer });
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error).toBeUndefined();
		// was: the next-day service's own date overwritten by the estimate's ground date
		expect(result.output(ACTION_NODE).map((i) => [i.json.Service, i.json.DeliveryDateEstimate, i.json.ShipmentDate])).toEqual([
			['ONPR', '01/07/2026', '01/06/2026'],
			['GRND', '01/09/2026', '01/06/2026'],
		]);
	});

	it('gives no items when the provider has no estimates', async () => {
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetDeliveryEstimates', body: { DeliveryEstimateOptions: [] } });
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual([]);
	});

	it('lets Additional Fields (JSON) replace the range shape', async () => {
		const result = await fx.run(
			estimates({
				shipDateFrom: '2026-01-06T00:00:00',
				shipDateTo: '2026-01-08T00:00:00',
				additionalJson: JSON.stringify({ DeliveryEstimateRange: { StartDate: '01/07/2026', EndDate: '01/07/2026' } }),
			}),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDeliveryEstimates');
		expect(sent.body.DeliveryEstimateRange).toEqual({ StartDate: '01/07/2026', EndDate: '01/07/2026' });
		// every item is for the one ship date the replaced range asked for
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out.length).toBeGreaterThan(0);
		expect(new Set(out.map((o) => o.ShipmentDate))).toEqual(new Set(['01/07/2026']));
	});

	it('refuses a From later than To before sending anything', async () => {
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-09T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error?.message).toBe('Invalid "Ship Date To": must not be before Ship Date From (got "2026-01-06T00:00:00")');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('refuses a Simplify that is no boolean, naming it, before sending anything', async () => {
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-09T00:00:00', simplify: '={{ "maybe" }}' }));
		expect(result.error?.message).toMatch(/^Invalid "Simplify": /);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it("passes on the provider's refusal of a past ship date", async () => {
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-02T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error?.httpCode).toBe('400');
		expect(`${result.error?.message} ${result.error?.description}`).toContain('today or a future date');
	});
});
