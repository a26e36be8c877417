// Address → Get Carrier Locations and Validate against a provider answering as each test says (bug hunt 25; passing
// when written, kept as guards) (a provider capping Top, a last page ignoring Top, counters
// as text, a location id as a number then as text, a 200 with a failure flag).
import type { IDataObject } from 'n8n-workflow';

import { answer, provider, runOn } from '../harness/answeringProvider';
import { ACTION_NODE } from '../harness/workflows';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const loc = (id: unknown, extra: IDataObject = {}): IDataObject => ({
	IsAlcoholShipmentAllowed: true,
	LocationId: id as IDataObject[string],
	LocationType: 'RETAIL',
	Address: { CompanyName: `Store ${String(id)}`, City: 'Napa', State: 'CA', ZipCode: '94558' },
	...extra,
});

const locations = (extra: IDataObject = {}) => ({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', ...extra });

describe('probes', () => {
	it('Limit 150 over pages of 100: a provider ignoring Top on the last page gives 150 items', async () => {
		const all = Array.from({ length: 300 }, (_, i) => loc(`L-${i}`));
		server = await provider((_n, body) => {
			const skip = Number(body.Skip);
			return answer({ TotalRecordCount: 300, Skip: skip, Top: 100, MoreRecords: skip + 100 < 300, CarrierLocations: all.slice(skip, skip + 100) });
		});
		const result = await runOn(server, locations({ returnAll: false, limit: 150, filters: { state: 'CA' } }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(150);
	});

	it('a provider capping Top at 50: Return All reads on from Skip 50, each location once', async () => {
		const all = Array.from({ length: 120 }, (_, i) => loc(`L-${i}`));
		server = await provider((_n, body) => {
			const skip = Number(body.Skip);
			return answer({ TotalRecordCount: 120, Skip: skip, Top: 50, MoreRecords: skip + 50 < 120, CarrierLocations: all.slice(skip, skip + 50) });
		});
		const result = await runOn(server, locations({ returnAll: true, filters: { state: 'CA' } }));
		expect(result.error).toBeUndefined();
		const ids = result.output(ACTION_NODE).map((i) => i.json.LocationId);
		expect(ids).toEqual(all.map((l) => l.LocationId));
	});

	it('counters as text and MoreRecords "False"', async () => {
		server = await provider(() => answer({ TotalRecordCount: '2', Skip: '0', Top: '100', MoreRecords: 'False', CarrierLocations: [loc('A'), loc('B')] }));
		const result = await runOn(server, locations({ returnAll: true, filters: { state: 'CA' } }));
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toHaveLength(2);
	});


	it('LocationId 7 and "7" are the same location on two pages: not output twice', async () => {
		server = await provider((_n, body) => {
			const skip = Number(body.Skip);
			return answer({ TotalRecordCount: 2, MoreRecords: skip === 0, CarrierLocations: [loc(skip === 0 ? 7 : '7')] });
		});
		const result = await runOn(server, locations({ returnAll: true, options: { pageSize: 1 }, filters: { state: 'CA' } }));
		expect(result.output(ACTION_NODE).length).toBeLessThan(2);
	});



	it('Validate: 200 with a failure flag is an error, not status invalid', async () => {
		server = await provider(() =>
			answer({ Success: false, Message: 'Carrier address service timed out', AddressValidationIndicator: null, AddressCandidates: [] }),
		);
		const result = await runOn(server, {
			resource: 'address', operation: 'validate', clientReferenceCode: 'c1', shippingCarrier: 'FEX',
			addressLine1: '1 Main St', city: 'Napa', state: 'CA', zipCode: '94558',
		});
		expect(result.error?.message ?? JSON.stringify(result.output(ACTION_NODE)[0]?.json)).toMatch(/timed out/);
		expect(result.error).toBeDefined();
	});
});
