// Address → Get Carrier Locations, end to end through n8n's engine against the sandbox.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { LOCATIONS, PLACES, locationRecord, type SandboxLocation } from '../sandbox/commerce';

const fx = useSandbox({ inventoryRecords: 24 });

const locations = (extra: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', ...extra });

/** The test's own great-circle distance (miles). */
function distance(lat: number, lon: number, l: SandboxLocation): number {
	const r = Math.PI / 180;
	const { Latitude, Longitude } = l.Address.GeographicCoordinates;
	const a =
		Math.sin(((Latitude - lat) * r) / 2) ** 2 +
		Math.cos(lat * r) * Math.cos(Latitude * r) * Math.sin(((Longitude - lon) * r) / 2) ** 2;
	return 7917.6 * Math.asin(Math.sqrt(a));
}

function near(carrier: string, lat: number, lon: number, radius: number) {
	return LOCATIONS.filter((l) => l.LocationId.startsWith(`${carrier}-`) && distance(lat, lon, l) <= radius)
		.sort((a, b) => distance(lat, lon, a) - distance(lat, lon, b))
		.map(locationRecord);
}

describe('Address → Get Carrier Locations', () => {
	it('lists a city’s locations, alcohol-allowed shown on each', async () => {
		const result = await fx.run(locations({ returnAll: true, filters: { City: 'Napa', State: 'CA' } }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE).map((i) => i.json);
		const expected = LOCATIONS.filter((l) => l.LocationId.startsWith('FEX-') && l.Address.City === 'Napa').map(locationRecord);
		expect(expected).toHaveLength(9);
		expect(out).toEqual(expected);
		expect(out.every((o) => typeof o.IsAlcoholShipmentAllowed === 'boolean')).toBe(true);
		expect(new Set(out.map((o) => o.IsAlcoholShipmentAllowed))).toEqual(new Set([true, false]));
		const [sent] = await fx.control.requests('GetCarrierLocations');
		expect(sent.body).toMatchObject({ ShippingCarrier: 'FEX', City: 'Napa', State: 'CA' });
	});

	it('searches a radius around a ZIP code', async () => {
		const napa = PLACES.find((p) => p.ZipCode === '94558');
		const result = await fx.run(
			locations({ shippingCarrier: 'UPS', returnAll: true, filters: { ZipCode: '94558', SearchRadius: 15 } }),
		);
		const expected = near('UPS', napa?.lat ?? 0, napa?.lon ?? 0, 15);
		// Napa's own nine and the nearer ones around Sonoma
		expect(expected.length).toBeGreaterThan(9);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
	});

	it('returns every location within a latitude/longitude radius over several pages, matching the sandbox exactly', async () => {
		const [lat, lon] = [37.9, -122.35];
		const result = await fx.run(
			locations({
				returnAll: true,
				filters: { Latitude: lat, Longitude: lon, SearchRadius: 40 },
				queryOptions: { pageSize: 5 },
			}),
		);
		expect(result.error).toBeUndefined();
		const expected = near('FEX', lat, lon, 40);
		expect(expected.length).toBeGreaterThan(15);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
		const pages = await fx.control.requests('GetCarrierLocations');
		expect(pages).toHaveLength(Math.ceil(expected.length / 5));
		expect(pages.map((p) => p.body.Skip)).toEqual(pages.map((_, i) => i * 5));
		expect(pages[0].body).toEqual({ ShippingCarrier: 'FEX', Latitude: lat, Longitude: lon, SearchRadius: 40, Skip: 0, Top: 5 });
	});

	it('stops at the limit', async () => {
		const result = await fx.run(locations({ returnAll: false, limit: 4, filters: { State: 'CA' } }));
		expect(result.output(ACTION_NODE)).toHaveLength(4);
		const sent = await fx.control.requests('GetCarrierLocations');
		expect(sent).toHaveLength(1);
		expect(sent[0].body.Top).toBe(4);
	});

	it.each([
		['a latitude without a longitude', { Latitude: 38.3 }, 'Invalid "Longitude"', 'give both'],
		['a longitude without a latitude', { Longitude: -122.3 }, 'Invalid "Latitude"', 'give both'],
		['a latitude beyond 90', { Latitude: '={{ 91 }}', Longitude: -122.3 }, 'Invalid "Latitude"', 'between -90 and 90'],
		['a longitude beyond 180', { Latitude: 38.3, Longitude: '={{ -181 }}' }, 'Invalid "Longitude"', 'between -180 and 180'],
	])('refuses %s before sending anything', async (_case, filters, label, rule) => {
		const result = await fx.run(locations({ filters }));
		expect(result.error?.message).toContain(label);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
