// Whether a write's 2xx answer says itself that the request failed (transport/errors.ts saysFailed), called directly:
// envelopes' flags, and a member saying the write did not do what its endpoint does.
import { saysFailed } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';

describe('saysFailed', () => {
	it("an envelope's success flag reading false, its failure flag reading true, a bare false", () => {
		expect(saysFailed({ IsSuccess: false })).toBe(true);
		expect(saysFailed({ success: 'N' })).toBe(true);
		expect(saysFailed({ HasErrors: 'true' })).toBe(true);
		expect(saysFailed(' False ')).toBe(true);
		expect(saysFailed({ IsSuccess: true, HasErrors: false })).toBe(false);
		expect(saysFailed({ Cancelled: false })).toBe(false);
	});

	it.each([
		['cancelSalesOrder', ['Cancelled', 'canceled', 'IsCancelled', 'isCanceled']],
		['cancelPurchaseOrder', ['Cancelled']],
		['cancelTransferOrder', ['IsCanceled']],
		['updateSalesOrder', ['Updated', 'IsUpdated']],
		['updateAddresses', ['updated']],
		['updatePurchaseOrder', ['Updated']],
		['updateTransferOrder', ['Updated']],
		['updateSku', ['IsUpdated']],
		['createSalesOrder', ['IsCreated', 'Created']],
		['createPurchaseOrder', ['IsCreated']],
		['createTransferOrder', ['IsCreated']],
		['createSku', ['Created']],
		['retireSku', ['Retired', 'IsRetired']],
	] as const)('%s: %j reading false (or "N", 0) says it was not done; true, or another text, does not', (endpoint, members) => {
		const does = ENDPOINTS[endpoint].does;
		for (const member of members) {
			expect(saysFailed({ [member]: false }, does)).toBe(true);
			expect(saysFailed({ [member]: 'N' }, does)).toBe(true);
			expect(saysFailed({ [member]: 0 }, does)).toBe(true);
			expect(saysFailed({ [member]: true }, does)).toBe(false);
			expect(saysFailed({ [member]: 'pending' }, does)).toBe(false);
		}
	});

	it("another deed's member is no flag (an update's answer holding the order's Cancelled: false)", () => {
		expect(saysFailed({ Cancelled: false, IsCreated: false, Retired: false }, ENDPOINTS.updateSalesOrder.does)).toBe(false);
		expect(saysFailed({ Updated: false }, ENDPOINTS.cancelSalesOrder.does)).toBe(false);
		expect(ENDPOINTS.batchSalesOrder.does).toBeUndefined();
		expect(ENDPOINTS.generateJitLabel.does).toBeUndefined();
	});
});
