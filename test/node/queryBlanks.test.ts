// In every operation a yes/no, number, choice or list of only spaces (a mapped cell holding spaces) counts as left empty:
// not refused, not sent, and a number with a default is its default.
import type { INodeParameters } from 'n8n-workflow';
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 60 });
const B = '={{ "   " }}';
const napa = { addressLine1: '1 Main St', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' };

const cases: [string, INodeParameters][] = [
	['validate maxCandidateListSize', { resource: 'address', operation: 'validate', clientReferenceCode: 'c1', shippingCarrier: 'FEX', ...napa, maxCandidateListSize: B }],
	['validate palSearchRadius', { resource: 'address', operation: 'validate', clientReferenceCode: 'c1', shippingCarrier: 'FEX', ...napa, includePal: true, palSearchRadius: B }],
	['validate maxPalListSize', { resource: 'address', operation: 'validate', clientReferenceCode: 'c1', shippingCarrier: 'FEX', ...napa, includePal: true, maxPalListSize: B }],
	['getStatus includeUnavailable', { resource: 'inventory', operation: 'getStatus', includeUnavailableItems: B, returnAll: true }],
	['getStatus warehouse', { resource: 'inventory', operation: 'getStatus', warehouse: B, returnAll: true }],
	['getTransactions warehouse', { resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', warehouse: B, returnAll: true }],
	['getTransactions type', { resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', transactionType: B, returnAll: true }],
	['getTransactions inventoryStatus', { resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', inventoryStatus: B, returnAll: true }],
	['getCarrierLocations radius', { resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', filters: { zipCode: '94558', searchRadius: B }, returnAll: true }],
	['getCarrierLocations lat/long', { resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', filters: { zipCode: '94558', latitude: B, longitude: B }, returnAll: true }],
	['getReturns disposition', { resource: 'salesOrder', operation: 'getReturns', filters: { dispositionCode: B }, returnAll: true }],
	['getReturns warehouse', { resource: 'salesOrder', operation: 'getReturns', filters: { warehouse: B }, returnAll: true }],
	['getReturns includeTotal', { resource: 'salesOrder', operation: 'getReturns', filters: { includeTotalRecordCount: B }, returnAll: true }],
	['getPackages carrier', { resource: 'tracking', operation: 'getPackages', filters: { shippingCarrier: B }, returnAll: true }],
	['getPackages simplify', { resource: 'tracking', operation: 'getPackages', simplify: B, returnAll: true }],
	['getPackages returnAll', { resource: 'tracking', operation: 'getPackages', returnAll: B }],
	['getPackages limit', { resource: 'tracking', operation: 'getPackages', returnAll: false, limit: B }],
	['getDetails failWhenNotFound', { resource: 'tracking', operation: 'getDetails', orderNo: 'ORDER-00001', options: { failWhenNotFound: B } }],
	['getSellable orderType', { resource: 'inventory', operation: 'getSellable', sellableOptions: { orderType: B }, returnAll: true }],
	['estimates additionalJson', { resource: 'tracking', operation: 'getDeliveryEstimates', shipDateFrom: '2030-01-05', shipDateTo: '2030-01-06', clientReferenceCode: 'x1', ...napa, additionalJson: B }],
];

describe('queries: a field of blanks is left empty', () => {
	it.each(cases)('%s of blanks: not refused, not sent', async (_c, p) => {
		const result = await fx.run(actionWorkflow(p));
		expect(result.error?.message ?? '').not.toMatch(/Invalid/);
		const sent = await fx.control.requests();
		expect(sent.length).toBeGreaterThan(0);
		expect(JSON.stringify(sent.map((r) => r.body))).not.toContain('   ');
	});

	it('Validate: numbers of blanks are their defaults (3 candidates; pickup locations within 10 miles, 5 of them)', async () => {
		const result = await fx.run(actionWorkflow(cases[0][1]));
		expect(result.error).toBeUndefined();
		const both = await fx.run(actionWorkflow({ ...cases[1][1], maxPalListSize: B }));
		expect(both.error).toBeUndefined();
		const [first, second] = await fx.control.requests('Validation');
		expect(first.body.MaxCandidateListSize).toBe(3);
		expect(second.body.PALRequest).toEqual({ IncludePAL: true, SearchRadius: 10, MaxPALListSize: 5 });
	});
});
