// Bug hunt 40: Sales Order → Update Addresses words the provider's refusal of the delivery location as its panel and its
// own check do ("Delivery Location → Location Code"): the transport gets the labels the check uses. Before, it got
// Create's, and the refusal named "Delivery Contact → Location Code", a field this panel does not have.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

describe('Sales Order → Update Addresses: a provider refusal names the field as this panel does', () => {
	it('ModelState on DeliveryContactInfo.LocationCode reads "Delivery Location → Location Code"', async () => {
		const trn = await createOrder(fx, { OrderNo: 'ADDR-7001', items: [line(SKU_A, 1)] });
		await fx.control.fault({
			kind: 'status',
			status: 400,
			path: 'Addresses',
			count: 1,
			body: { Message: 'The request is invalid.', ModelState: { 'DeliveryContactInfo.LocationCode': ['Unknown hold location FDX-XX-0'] } },
		});
		const result = await fx.run(
			actionWorkflow(
				salesOrder('updateAddresses', {
					locateBy: 'transactionReferenceNumber',
					transactionReferenceNumber: trn,
					deliveryContactInfo: { holdAtLocation: true, locationCode: 'FDX-XX-0' },
				}),
			),
		);
		const said = `${result.error?.message ?? ''}`;
		expect(said).toContain('Unknown hold location FDX-XX-0');
		// seen: "Delivery Contact → Location Code: Unknown hold location FDX-XX-0"
		expect(said).toContain('Delivery Location → Location Code');
		expect(said).not.toContain('Delivery Contact →');
	});
});
