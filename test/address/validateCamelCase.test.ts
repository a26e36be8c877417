// Validate's answer in camelCase (a .NET naming policy) still has its
// denial read: the indicator "Invalid" beside a candidate equal to the address sent must give status invalid (bug hunt 25; passing when written, kept as a guard).
import { answer, provider, runOn } from '../harness/answeringProvider';
import { ACTION_NODE } from '../harness/workflows';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
});

it('camelCase answer: indicator "Invalid" is read, not the candidate comparison', async () => {
	server = await provider(() =>
		answer({
			transactionReferenceNumber: 'T-1',
			addressValidationIndicator: 'Invalid',
			addressClassificationIndicator: 'Business',
			addressCandidates: [{ candidateAddressFormat: { streetLines: ['1 Main St'], city: 'Napa', state: 'CA', zipCode: '94558' } }],
		}),
	);
	const result = await runOn(server, {
		resource: 'address', operation: 'validate', clientReferenceCode: 'c1', shippingCarrier: 'FEX',
		addressLine1: '1 Main St', city: 'Napa', state: 'CA', zipCode: '94558',
	});
	expect(result.error).toBeUndefined();
	expect(result.output(ACTION_NODE)[0].json).toMatchObject({ status: 'invalid', classification: 'commercial' });
});
