// Address → Validate with address fields an expression leaves empty (null, nothing, blanks): they are left out of
// the request, never sent as text.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const validate = (extra: Record<string, unknown>) =>
	actionWorkflow({
		resource: 'address',
		operation: 'validate',
		clientReferenceCode: 'blank-1',
		shippingCarrier: 'FEX',
		addressLine1: '1200 Main Street',
		city: 'Napa',
		state: 'CA',
		zipCode: '94558',
		...extra,
	});

describe('Address → Validate: fields an expression leaves empty', () => {
	it.each([
		['null', '={{ null }}'],
		['a missing member', '={{ $json.line2 }}'],
		['blanks', '={{ "  " }}'],
	])('Address Line 2 from %s is left out of StreetLines', async (_case, expression) => {
		const result = await fx.run(validate({ addressLine2: expression }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Address/Validation');
		expect(sent.body.Address).toEqual({ StreetLines: ['1200 Main Street'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' });
		expect(result.output(ACTION_NODE)).toHaveLength(1);
	});
});
