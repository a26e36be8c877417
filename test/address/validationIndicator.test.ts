// Address → Validate: AddressValidationIndicator as a yes/no. Its name says whether the address is valid, and a
// provider may answer it as a boolean (or Y/N, "true"/"false", 1/0 as the interface writes its own yes/no members): false is "invalid" even when the first candidate is the
// address sent, true is "valid" even without candidates; only an indicator that is absent or says nothing known leaves
// the status to the candidate comparison.
import { validationStatus } from '../../nodes/WineFulfillment/wire/commerce';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const address = { StreetLines: ['1 Main St'], City: 'Napa', State: 'CA', ZipCode: '94558' };
const validate = () =>
	actionWorkflow({ resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', addressLine1: '1 Main St', city: 'Napa', state: 'CA', zipCode: '94558' });

const answer = (indicator: unknown, candidates: unknown[]) =>
	fx.control.fault({
		kind: 'status',
		path: 'Validation',
		status: 200,
		body: { TransactionReferenceNumber: 'b7c5e1de-5f0e-4b4a-9a62-1f0d8d4b1a11', AddressValidationIndicator: indicator, AddressCandidates: candidates },
	});

describe('Address → Validate: a yes/no indicator decides the status', () => {
	it.each([[false], ['false'], ['N'], ['No'], [0], ['0']])('indicator %p with the address sent as its candidate: invalid', async (indicator) => {
		await answer(indicator, [{ CandidateAddressFormat: address }]);
		const result = await fx.run(validate());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => [i.json.status, i.json.AddressValidationIndicator])).toEqual([['invalid', indicator]]);
	});

	it.each([[true], ['TRUE'], ['Y'], ['yes'], [1], ['1']])('indicator %p without candidates: valid', async (indicator) => {
		await answer(indicator, []);
		const result = await fx.run(validate());
		expect(result.output(ACTION_NODE).map((i) => i.json.status)).toEqual(['valid']);
	});
});

describe('Address → Validate: an indicator in words the node does not list as a whole is read by the words in it', () => {
	it.each([['Invalid Address'], ['ADDRESS_NOT_FOUND'], ['Not Deliverable'], ['INVALID_ADDRESS'], ['NoMatch'], ['Validation Failed']])(
		'indicator %p with the address sent as its candidate: invalid',
		async (indicator) => {
			await answer(indicator, [{ CandidateAddressFormat: address }]);
			const result = await fx.run(validate());
			// was: "valid" (an unknown word fell back to the candidate comparison)
			expect(result.output(ACTION_NODE).map((i) => i.json.status)).toEqual(['invalid']);
		},
	);
});

describe('validationStatus reads a yes/no before the candidates', () => {
	it.each([
		[{ AddressValidationIndicator: false, AddressCandidates: [{ CandidateAddressFormat: address }] }, 'invalid'],
		[{ AddressValidationIndicator: true, AddressCandidates: [] }, 'valid'],
		// no indicator, or one that says nothing known: the candidates decide, as before
		[{ AddressValidationIndicator: null, AddressCandidates: [{ CandidateAddressFormat: address }] }, 'valid'],
		[{ AddressValidationIndicator: 'N/A', AddressCandidates: [{ CandidateAddressFormat: { ...address, ZipCode: '94558-3026' } }] }, 'corrected'],
		// a yes is read as "Valid" is: the provider's standardised candidate does not make it corrected
		[{ AddressValidationIndicator: 'Yes', AddressCandidates: [{ CandidateAddressFormat: { ...address, ZipCode: '94558-3026' } }] }, 'valid'],
		// words inside a phrase: a denial first, then a correction, then a confirmation
		[{ AddressValidationIndicator: 'Address Incorrect', AddressCandidates: [{ CandidateAddressFormat: address }] }, 'invalid'],
		[{ AddressValidationIndicator: 'UNDELIVERABLE_ADDRESS', AddressCandidates: [{ CandidateAddressFormat: address }] }, 'invalid'],
		[{ AddressValidationIndicator: 'Valid (Standardized)', AddressCandidates: [{ CandidateAddressFormat: address }] }, 'corrected'],
		[{ AddressValidationIndicator: 'VALIDATED_WITH_CHANGES', AddressCandidates: [{ CandidateAddressFormat: address }] }, 'corrected'],
		[{ AddressValidationIndicator: 'Exact Match', AddressCandidates: [{ CandidateAddressFormat: { ...address, ZipCode: '94558-3026' } }] }, 'valid'],
		[{ AddressValidationIndicator: 'ADDRESS_VERIFIED', AddressCandidates: [] }, 'valid'],
	])('%j is %s', (body, status) => {
		expect(validationStatus(body, address)).toBe(status);
	});
});
