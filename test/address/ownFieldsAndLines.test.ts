// Bug hunt 6, Address: Validate's own members against the provider's, a blank Address Line 1, a ZIP+4 from a number
// column, a blank classification indicator, and Search Radius's editor bound, through n8n's engine against the sandbox.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const napa = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' };

const validate = (extra: IDataObject = {}, options: Parameters<typeof actionWorkflow>[1] = {}) =>
	actionWorkflow({ resource: 'address', operation: 'validate', clientReferenceCode: 'R1', shippingCarrier: 'UPS', ...napa, ...extra }, options);

describe('Address → Validate: the node\'s own members', () => {
	it('status and classification are the node\'s even when the provider\'s answer has members of those names', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'Validation', set: { status: 'OK', classification: 'B2C' } });
		const result = await fx.run(validate());
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE).map((i) => i.json);
		expect([out.status, out.classification]).toEqual(['valid', 'residential']);
		// still the first members, as without such provider members
		expect(Object.keys(out).slice(0, 3)).toEqual(['status', 'classification', 'ClientReferenceCode']);
		expect(out.AddressValidationIndicator).toBe('Valid');
	});

	it('a blank AddressClassificationIndicator reads as absent: the first candidate\'s classification is used', async () => {
		const answer = {
			AddressValidationIndicator: '',
			AddressClassificationIndicator: ' ',
			AddressCandidates: [{ AddressClassificationIndicator: 'Commercial', CandidateAddressFormat: { StreetLines: ['1200 Main Street'], City: 'Napa', State: 'CA', ZipCode: '94558' } }],
		};
		await fx.control.fault({ kind: 'status', when: 'after', status: 200, path: 'Validation', body: answer });
		const result = await fx.run(validate());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => [i.json.status, i.json.classification])).toEqual([['valid', 'commercial']]);
	});
});

describe('Address → Validate and Get Delivery Estimates: Address Line 1', () => {
	it.each([
		['Validate', validate, 'Validation'],
		[
			'Get Delivery Estimates',
			(extra: IDataObject, options: Parameters<typeof actionWorkflow>[1]) =>
				actionWorkflow(
					{ resource: 'tracking', operation: 'getDeliveryEstimates', ...napa, shipDateFrom: '2026-01-06T00:00:00', shipDateTo: '2026-01-07T00:00:00', ...extra },
					options,
				),
			'GetDeliveryEstimates',
		],
	])('%s refuses a blank Address Line 1 with Address Line 2 set, naming Address Line 1, before sending', async (_op, workflow, path) => {
		const result = await fx.run(workflow({ addressLine1: '={{ $json.l1 }}', addressLine2: 'Apt 5' }, { items: [{ l1: ' ' }] }));
		expect(result.error?.message).toBe('Invalid "Address Line 1": is required when Address Line 2 is set');
		expect(await fx.control.requests(path)).toHaveLength(0);
	});
});

describe('a ZIP+4 from a number column', () => {
	it('Validate sends 945581234 as "94558-1234", which the provider accepts', async () => {
		const result = await fx.run(validate({ zipCode: '={{ $json.zip }}' }, { items: [{ zip: 945581234 }] }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Validation');
		expect((sent.body.Address as IDataObject).ZipCode).toBe('94558-1234');
		expect(result.output(ACTION_NODE)[0].json.status).not.toBe('invalid');
	});

	it('Get Carrier Locations sends 21341234 (the leading zero lost) as "02134-1234"; text is kept as given', async () => {
		const locations = (zip: number | string) =>
			actionWorkflow(
				{ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'UPS', filters: { zipCode: '={{ $json.zip }}', searchRadius: 5 }, limit: 1 },
				{ items: [{ zip }] },
			);
		expect((await fx.run(locations(21341234))).error).toBeUndefined();
		expect((await fx.run(locations('945581234'))).error).toBeUndefined();
		const sent = await fx.control.requests('GetCarrierLocations');
		expect(sent.map((r) => r.body.ZipCode)).toEqual(['02134-1234', '945581234']);
	});
});

describe('Search Radius: the editor\'s bound is the node\'s rule (more than 0)', () => {
	const radiusFields = () => {
		const all: INodeProperties[] = [];
		const walk = (properties: INodeProperties[]) => {
			for (const p of properties) {
				if (p.name === 'searchRadius' || p.name === 'palSearchRadius') all.push(p);
				if (p.type === 'collection') walk(p.options as INodeProperties[]);
			}
		};
		walk(new WineFulfillment().description.properties);
		return all;
	};

	it('no Search Radius field lets the editor pick 0', () => {
		const fields = radiusFields();
		expect(fields.map((f) => f.name).sort()).toEqual(['palSearchRadius', 'searchRadius']);
		for (const field of fields) expect([field.name, (field.typeOptions?.minValue ?? 0) > 0]).toEqual([field.name, true]);
	});

	it('the editor\'s least Search Radius is accepted and sent; 0 is refused naming the field', async () => {
		const [field] = radiusFields();
		const least = field.typeOptions?.minValue as number;
		const run = (radius: number) =>
			fx.run(actionWorkflow({ resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', filters: { zipCode: '94558', searchRadius: radius }, limit: 1 }));
		expect((await run(least)).error).toBeUndefined();
		expect((await fx.control.requests('GetCarrierLocations'))[0].body.SearchRadius).toBe(least);
		expect((await run(0)).error?.message).toBe('Invalid "Search Radius (Miles)": must be more than 0 (got 0)');
	});
});
