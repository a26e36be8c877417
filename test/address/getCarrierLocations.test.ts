// Address → Get Carrier Locations, end to end through n8n's engine against the sandbox: the filters the node sends,
// how it pages, and the items it makes of what the provider answers (never a recomputation of the provider's search).
import { request } from 'undici';

import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';

const fx = useSandbox({ inventoryRecords: 24 });

const PATH = '/api/Address/GetCarrierLocations';

/** Get Carrier Locations on version 2 (its settings in Options), or on the version given. */
const locations = (extra: Record<string, unknown> = {}, typeVersion = 2) =>
	actionWorkflow({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', ...extra }, { typeVersion });

/** Asks the sandbox directly, as the provider would be asked, and returns its answer. */
async function providerAnswer(body: Record<string, unknown>): Promise<Record<string, unknown>> {
	const { userKey, password, customerNo, token } = SANDBOX_CREDENTIALS;
	const res = await request(`${fx.sandbox.baseUrl}${PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `ServiceAuth ${token}` },
		body: JSON.stringify({ Authentication: { UserKey: userKey, Password: password, CustomerNo: customerNo }, ...body }),
	});
	expect(res.statusCode).toBe(200);
	return (await res.body.json()) as Record<string, unknown>;
}

/** The bodies the node sent (credentials removed by the sandbox's log), in order. */
async function sentBodies(): Promise<Array<Record<string, unknown>>> {
	return (await fx.control.requests('GetCarrierLocations')).map((r) => r.body as Record<string, unknown>);
}

/** Every location the provider answered to the given requests, in the order of the requests. */
/**
 * What the provider answers to these requests, in order, as the node hands it on: a page after the first, asked one
 * location early, without that location (the page before ended with it).
 */
async function answered(bodies: Array<Record<string, unknown>>): Promise<unknown[]> {
	const out: unknown[] = [];
	for (const [i, body] of bodies.entries()) out.push(...((await providerAnswer(body)).CarrierLocations as unknown[]).slice(i === 0 ? 0 : 1));
	return out;
}

const location = (id: string, allowed: boolean) => ({
	IsAlcoholShipmentAllowed: allowed,
	LocationId: id,
	StoreNumber: `S-${id}`,
	LocationType: 'RETAIL',
	Address: {
		CompanyName: `Store ${id}`,
		StreetLines: ['1 Main St'],
		City: 'Napa',
		State: 'CA',
		ZipCode: '94558',
		Country: 'US',
		GeographicCoordinates: { Latitude: 38.3, Longitude: -122.3 },
	},
	BusinessHours: [{ DayOfWeek: 'Monday', Open: '09:00', Close: '17:00' }],
});

describe('Address → Get Carrier Locations', () => {
	it("outputs each location of the provider's answer as one item, as sent, in order, paired to its input item", async () => {
		const answer = {
			TransactionReferenceNumber: 'T-1',
			TotalRecordCount: 2,
			Skip: 0,
			Top: 100,
			MoreRecords: false,
			CarrierLocations: [location('FEX-1', true), location('FEX-2', false)],
		};
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetCarrierLocations', body: answer });
		const result = await fx.run(locations({ returnAll: true, filters: { city: 'Napa', state: 'CA' } }));
		expect(result.error).toBeUndefined();
		const items = result.output(ACTION_NODE);
		expect(items.map((i) => i.json)).toEqual(answer.CarrierLocations);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(await sentBodies()).toEqual([{ ShippingCarrier: 'FEX', City: 'Napa', State: 'CA', Skip: 0, Top: 100 }]);
	});

	it.each([
		[2, 'options'],
		[1, 'queryOptions'],
	])('with One Item per Page, outputs the page with its counters as the provider sent it (version %i: %s)', async (typeVersion, settings) => {
		const answer = { TransactionReferenceNumber: 'T-2', TotalRecordCount: 1, Skip: 0, Top: 100, MoreRecords: false, CarrierLocations: [location('UPS-1', true)] };
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'GetCarrierLocations', body: answer });
		const result = await fx.run(locations({ shippingCarrier: 'UPS', returnAll: true, [settings]: { output: 'pages' } }, typeVersion));
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([answer]);
	});

	it('sends a city and state search in the wire names and outputs what the provider found', async () => {
		const result = await fx.run(locations({ returnAll: true, filters: { city: 'Napa', state: 'CA' } }));
		expect(result.error).toBeUndefined();
		const sent = await sentBodies();
		expect(sent).toEqual([{ ShippingCarrier: 'FEX', City: 'Napa', State: 'CA', Skip: 0, Top: 100 }]);
		const expected = await answered(sent);
		expect(expected.length).toBeGreaterThan(1);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
	});

	it('sends a ZIP code with a search radius in miles', async () => {
		const result = await fx.run(
			locations({ shippingCarrier: 'UPS', returnAll: true, filters: { zipCode: '94558', searchRadius: 15 } }),
		);
		expect(result.error).toBeUndefined();
		const sent = await sentBodies();
		expect(sent).toEqual([{ ShippingCarrier: 'UPS', ZipCode: '94558', SearchRadius: 15, Skip: 0, Top: 100 }]);
		const expected = await answered(sent);
		expect(expected.length).toBeGreaterThan(1);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(expected);
	});

	it('pages through a latitude/longitude search with Skip/Top until the provider has no more, each location once', async () => {
		const [lat, lon] = [37.9, -122.35];
		const result = await fx.run(
			locations({ returnAll: true, filters: { latitude: lat, longitude: lon, searchRadius: 40 }, options: { pageSize: 5 } }),
		);
		expect(result.error).toBeUndefined();
		const sent = await sentBodies();
		const total = Number((await providerAnswer({ ShippingCarrier: 'FEX', Latitude: lat, Longitude: lon, SearchRadius: 40, Skip: 0, Top: 1 })).TotalRecordCount);
		expect(total).toBeGreaterThan(15);
		// one request per page of 5, no more, no less: 5 locations, then 4 new a page (each page after the first asked one
		// early, to begin with the location the page before ended with)
		expect(sent).toEqual(
			Array.from({ length: Math.ceil((total - 1) / 4) }, (_, i) => ({
				ShippingCarrier: 'FEX',
				Latitude: lat,
				Longitude: lon,
				SearchRadius: 40,
				Skip: i * 4,
				Top: 5,
			})),
		);
		const out = result.output(ACTION_NODE).map((i) => i.json);
		expect(out).toHaveLength(total);
		expect(new Set(out.map((o) => o.LocationId)).size).toBe(total);
		expect(out).toEqual(await answered(sent));
	});

	it('stops at the limit, asking only for that many', async () => {
		const result = await fx.run(locations({ returnAll: false, limit: 4, filters: { state: 'CA' } }));
		expect(result.output(ACTION_NODE)).toHaveLength(4);
		const sent = await sentBodies();
		expect(sent).toEqual([{ ShippingCarrier: 'FEX', State: 'CA', Skip: 0, Top: 4 }]);
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual(await answered(sent));
	});

	it.each([
		['a latitude without a longitude', { latitude: 38.3 }, 'Invalid "Longitude"', 'give both'],
		['a longitude without a latitude', { longitude: -122.3 }, 'Invalid "Latitude"', 'give both'],
		['a latitude beyond 90', { latitude: '={{ 91 }}', longitude: -122.3 }, 'Invalid "Latitude"', 'between -90 and 90'],
		['a longitude beyond 180', { latitude: 38.3, longitude: '={{ -181 }}' }, 'Invalid "Longitude"', 'between -180 and 180'],
	])('refuses %s before sending anything', async (_case, filters, label, rule) => {
		const result = await fx.run(locations({ filters }));
		expect(result.error?.message).toContain(label);
		expect(result.error?.message).toContain(rule);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
