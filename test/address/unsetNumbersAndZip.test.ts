// Address → Validate: a number option whose expression gives nothing (a sheet's missing column) is its default, as a
// blank one is; a ZIP Code that is neither text nor a number is refused naming the field, before anything is sent.
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 4 });

const validate = (extra: Record<string, unknown> = {}) =>
	actionWorkflow({
		resource: 'address',
		operation: 'validate',
		clientReferenceCode: 'chk-2',
		shippingCarrier: 'FEX',
		addressLine1: '1200 Main Street',
		city: 'Napa',
		state: 'CA',
		zipCode: '94558',
		...extra,
	});

describe('Address → Validate: options and ZIP Code from expressions', () => {
	it('Max Candidates from an expression that gives nothing is sent as its default, 3', async () => {
		const result = await fx.run(validate({ maxCandidateListSize: '={{ $json.missing }}' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Address/Validation');
		expect(sent.body.MaxCandidateListSize).toBe(3);
	});

	it.each([
		['true', 'must be text, not boolean (got true)'],
		['{ zip: 94558 }', 'must be text, not an object (got an object)'],
	])('a ZIP Code of %s is refused naming the field, nothing sent', async (expression, said) => {
		const result = await fx.run(validate({ zipCode: `={{ ${expression} }}` }));
		expect(result.error?.message).toBe(`Invalid "ZIP Code": ${said}`);
		expect(await fx.control.requests('Address/Validation')).toHaveLength(0);
	});
});
