// Address → Validate read an AddressValidationIndicator that denies the address, or matches it only in part or several
// times, as status "valid" when the denial was not one of the few words listed: "NON_DELIVERABLE" (read as the word
// "deliverable"), "Unconfirmed" ("confirm"), "AMBIGUOUS_MATCH" ("match"). A workflow branching on status valid would
// ship to an address the carrier cannot deliver to. They are invalid now (wire/commerce.ts STATUS_WORDS).
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 5 });

const validate = async (indicator: string) => {
	await fx.control.fault({ kind: 'rewrite', path: 'Validation', set: { AddressValidationIndicator: indicator } });
	const result = await fx.run(
		actionWorkflow({
			resource: 'address',
			operation: 'validate',
			clientReferenceCode: 'ref-1',
			shippingCarrier: 'UPS',
			addressLine1: '1 Main St',
			city: 'Napa',
			state: 'CA',
			zipCode: '94558',
		}),
	);
	expect(result.error?.message).toBeUndefined();
	return result.output(ACTION_NODE)[0].json.status;
};

describe('Validate: an indicator that denies the address', () => {
	it.each(['NON_DELIVERABLE', 'Non-Deliverable', 'NonDeliverable'])('%s is invalid, never valid', async (indicator) => {
		expect(await validate(indicator)).toBe('invalid');
	});

	it('"Unconfirmed" is not read as valid', async () => {
		expect(await validate('Unconfirmed')).toBe('invalid');
	});

	// "match" inside a word that qualifies it: several candidates, or only part of the address matched
	// bug hunt 32: "MISMATCH" held the valid word "match", "Inexact Match" the word "exact"
	it.each(['MISMATCH', 'ZIP_CODE_MISMATCH', 'CityStateMismatch', 'Inexact Match', 'NONEXACT'])('%s is invalid, never valid', async (indicator) => {
		expect(await validate(indicator)).toBe('invalid');
	});

	it.each(['AMBIGUOUS_MATCH', 'PartialMatch', 'MultipleMatches'])('%s is not read as valid', async (indicator) => {
		expect(await validate(indicator)).toBe('invalid');
	});

	it.each([
		['DELIVERABLE', 'valid'],
		['Exact Match', 'valid'],
		['Not Deliverable', 'invalid'],
		['Address Corrected', 'corrected'],
	])('%s is still %s', async (indicator, status) => {
		expect(await validate(indicator)).toBe(status);
	});
});
