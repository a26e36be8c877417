// Address → Validate, end to end through n8n's engine against the sandbox, and the status/classification readers.
import { classification, validationStatus } from '../../nodes/WineFulfillment/wire/commerce';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const napa = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558' };

const validate = (extra: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', ...napa, ...extra });

describe('Address → Validate', () => {
	it('sends the documented body and marks a clean address valid and residential', async () => {
		const result = await fx.run(validate());
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Address/Validation');
		expect(sent.body).toEqual({
			ClientReferenceCode: 'chk-1',
			ShippingCarrier: 'FEX',
			Address: { StreetLines: ['1200 Main Street'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' },
			MaxCandidateListSize: 3,
		});
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toMatchObject({
			status: 'valid',
			classification: 'residential',
			ClientReferenceCode: 'chk-1',
			AddressValidationIndicator: 'Valid',
			AddressClassificationIndicator: 'Residential',
		});
		expect(out.json.TransactionReferenceNumber).toMatch(GUID);
		expect(out.json.AddressCandidates).toHaveLength(2);
		expect(out.json).not.toHaveProperty('PALDetails');
	});

	it('gives one branchable item per input address: corrected, invalid, commercial', async () => {
		const result = await fx.run(
			actionWorkflow(
				{
					resource: 'address',
					operation: 'validate',
					clientReferenceCode: '={{ $json.ref }}',
					shippingCarrier: 'UPS',
					addressLine1: '={{ $json.line1 }}',
					addressLine2: '={{ $json.line2 ?? "" }}',
					city: '={{ $json.city }}',
					state: '={{ $json.state }}',
					zipCode: '={{ $json.zip }}',
					maxCandidateListSize: 1,
				},
				{
					items: [
						{ ref: 'a', line1: '1200 main st.', city: 'napa', state: 'ca', zip: '94558' },
						{ ref: 'b', line1: '1200 Main Street', city: 'Napa', state: 'CA', zip: '' },
						{ ref: 'c', line1: '55 Vine Avenue', line2: 'Suite 200', city: 'Sonoma', state: 'CA', zip: '95476' },
					],
				},
			),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => [i.json.ClientReferenceCode, i.json.status, i.json.classification, i.pairedItem])).toEqual([
			['a', 'corrected', 'residential', { item: 0 }],
			['b', 'invalid', 'unknown', { item: 1 }],
			['c', 'valid', 'commercial', { item: 2 }],
		]);
		expect(out[0].json.AddressCandidates).toEqual([
			{
				AddressClassificationIndicator: 'Residential',
				CandidateAddressFormat: { StreetLines: ['1200 Main Street'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' },
			},
		]);
		expect(out[1].json.AddressCandidates).toEqual([]);
	});

	it('asks for pickup locations on request and shows them', async () => {
		const result = await fx.run(validate({ includePal: true, palSearchRadius: 8, maxPalListSize: 3 }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Address/Validation');
		expect(sent.body.PALRequest).toEqual({ IncludePAL: true, SearchRadius: 8, MaxPALListSize: 3 });
		const pal = result.output(ACTION_NODE)[0].json.PALDetails as Array<Record<string, unknown>>;
		expect(pal).toHaveLength(3);
		for (const p of pal) {
			expect(String(p.LocationId)).toMatch(/^FEX-/);
			expect(p.Distance as number).toBeLessThanOrEqual(8);
		}
		// within 8 miles there are five FEX locations, one of which takes no alcohol: the nearest three are kept
		expect(pal.map((p) => p.LocationId)).toEqual(['FEX-94558-0', 'FEX-94558-2', 'FEX-94558-3']);
		expect(pal.map((p) => p.Distance)).toEqual([...pal.map((p) => p.Distance as number)].sort((a, b) => a - b));
	});

	it('sends a 36-character client reference code, and refuses 37 before sending anything', async () => {
		const ok = await fx.run(validate({ clientReferenceCode: 'R'.repeat(36) }));
		expect(ok.error).toBeUndefined();
		expect((await fx.control.requests('Address/Validation'))[0].body.ClientReferenceCode).toBe('R'.repeat(36));

		fx.sandbox.requests.length = 0;
		const tooLong = await fx.run(validate({ clientReferenceCode: 'R'.repeat(37) }));
		expect(tooLong.error?.message).toBe(`Invalid "Client Reference Code": must be at most 36 characters (got "${'R'.repeat(37)}")`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('refuses an address without a street line before sending anything', async () => {
		const result = await fx.run(validate({ addressLine1: '={{ "" }}' }));
		expect(result.error?.message).toContain('Invalid "Address Line 1"');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('validation status and classification readers', () => {
	const sent = { StreetLines: ['1 A St'], City: 'X', State: 'CA', ZipCode: '94558' };
	it.each([
		[{ AddressValidationIndicator: 'STANDARDIZED' }, 'corrected'],
		[{ AddressValidationIndicator: 'Resolved' }, 'valid'],
		[{ AddressValidationIndicator: 'Not Found' }, 'invalid'],
		[{ AddressCandidates: [] }, 'invalid'],
		[{ AddressCandidates: [{ CandidateAddressFormat: { ...sent, City: 'x' } }] }, 'valid'],
		[{ AddressCandidates: [{ CandidateAddressFormat: { ...sent, StreetLines: ['1 A Street'] } }] }, 'corrected'],
	])('reads %j as %s', (body, status) => {
		expect(validationStatus(body, sent)).toBe(status);
	});

	it.each([
		[{ AddressClassificationIndicator: 'BUSINESS' }, 'commercial'],
		[{ AddressClassificationIndicator: 'RESIDENTIAL' }, 'residential'],
		[{ AddressClassificationIndicator: 'MIXED' }, 'unknown'],
		[{ AddressCandidates: [{ AddressClassificationIndicator: 'Commercial' }] }, 'commercial'],
		[{}, 'unknown'],
	])('classifies %j as %s', (body, kind) => {
		expect(classification(body)).toBe(kind);
	});
});
