// Tracking → Get Delivery Estimates, end to end through n8n's engine against the sandbox.
import { DateTime } from 'luxon';

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
	actionWorkflow({ resource: 'tracking', operation: 'getDeliveryEstimates', ...address, ...extra });

describe('Tracking → Get Delivery Estimates', () => {
	it('sends the address and ship-date range, and gives one item per ship date, carrier and service', async () => {
		const result = await fx.run(
			estimates({ clientReferenceCode: 'EST-1', shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-08T00:00:00' }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDeliveryEstimates');
		expect(sent.body).toEqual({
			ClientReferenceCode: 'EST-1',
			DeliveryAddress: { StreetLines: ['1200 Main Street', 'Apt 4'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' },
			DeliveryEstimateRange: { StartDate: '01/06/2026', EndDate: '01/08/2026' },
		});
		const out = result.output(ACTION_NODE).map((i) => i.json);
		// 3 ship dates × 3 service classes × 2 carriers
		expect(out).toHaveLength(18);
		const keys = out.map((o) => `${o.ShipmentDate} ${o.Carrier} ${o.Service}`);
		expect(new Set(keys).size).toBe(18);
		for (const o of out) {
			expect(Object.keys(o).sort()).toEqual(
				['Carrier', 'CutoffTime', 'DeliveryDateEstimate', 'Service', 'ShipmentDate', 'ShippingWarehouse'].sort(),
			);
			const shipped = DateTime.fromFormat(String(o.ShipmentDate), 'MM/dd/yyyy', { zone: 'utc' });
			const delivered = DateTime.fromFormat(String(o.DeliveryDateEstimate), 'MM/dd/yyyy', { zone: 'utc' });
			expect(delivered > shipped).toBe(true);
			expect(['FEX', 'UPS']).toContain(o.Carrier);
		}
		const overnight = out.find((o) => o.ShipmentDate === '01/06/2026' && o.Service === 'ONPR' && o.Carrier === 'UPS');
		expect(overnight?.DeliveryDateEstimate).toBe('01/07/2026');
		expect(result.output(ACTION_NODE).every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
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
		expect(result.output(ACTION_NODE)).toHaveLength(6);
	});

	it('refuses a From later than To before sending anything', async () => {
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-09T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error?.message).toContain('Invalid "Ship Date From/To": Ship Date From must not be later than Ship Date To');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it("passes on the provider's refusal of a past ship date", async () => {
		const result = await fx.run(estimates({ shipDateFrom: '2026-01-02T00:00:00', shipDateTo: '2026-01-06T00:00:00' }));
		expect(result.error?.httpCode).toBe('400');
		expect(`${result.error?.message} ${result.error?.description}`).toContain('today or a future date');
	});
});
