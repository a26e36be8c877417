// Additional Fields (JSON) replaces a choice of ours (where the interface is silent): the delivery estimate range's
// members and date form, the transfer date's MM/DD/YYYY, the candidate list bounds. The JSON's value is sent as given
// (an object member by member over the fields' checked values; null leaves a member out); every rule of the interface
// still holds, and so does every field's own rule.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 48 });

const address = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' };
const estimates = (json: IDataObject, extra: IDataObject = {}) =>
	actionWorkflow({
		resource: 'tracking',
		operation: 'getDeliveryEstimates',
		clientReferenceCode: 'est-1',
		...address,
		shipDateFrom: '2026-01-06',
		shipDateTo: '2026-01-09',
		additionalJson: JSON.stringify(json),
		simplify: false,
		...extra,
	} as INodeParameters);

const sentBody = async (path: string) => (await fx.control.requests(path))[0]?.body;

describe('Get Delivery Estimates: the range (members and form ours)', () => {
	it.each<[string, IDataObject, unknown]>([
		['another pair of members, ours left out by null', { StartDate: null, EndDate: null, From: '01/06/2026', To: '01/09/2026' }, { From: '01/06/2026', To: '01/09/2026' }],
		['ISO days in place of MM/DD/YYYY', { StartDate: '2026-01-06', EndDate: '2026-01-09' }, { StartDate: '2026-01-06', EndDate: '2026-01-09' }],
		['a member beside ours: the fields\' days stay in their form', { TimeZone: 'America/Los_Angeles' }, { StartDate: '01/06/2026', EndDate: '01/09/2026', TimeZone: 'America/Los_Angeles' }],
	])('%s: sent as given', async (_case, range, sent) => {
		// the sandbox, as the field notes' provider, may refuse another shape: what matters is what was sent
		await fx.run(estimates({ DeliveryEstimateRange: range }));
		expect((await sentBody('GetDeliveryEstimates'))?.DeliveryEstimateRange).toEqual(sent);
	});

	it('a text range replaces the object', async () => {
		await fx.run(estimates({ DeliveryEstimateRange: '01/06/2026 - 01/09/2026' }));
		expect((await sentBody('GetDeliveryEstimates'))?.DeliveryEstimateRange).toBe('01/06/2026 - 01/09/2026');
	});

	it('the fields are still checked: a From later than To is refused before sending, whatever the JSON gives', async () => {
		const result = await fx.run(estimates({ DeliveryEstimateRange: { From: 'x' } }, { shipDateFrom: '2026-01-09', shipDateTo: '2026-01-06' }));
		expect(result.error?.message).toMatch(/^Invalid "Ship Date To": must not be before Ship Date From/);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('a rule of the interface is not lifted: a Client Reference Code over 36 characters from the JSON is refused', async () => {
		const result = await fx.run(estimates({ ClientReferenceCode: 'x'.repeat(37) }));
		expect(result.error?.message).toMatch(/^Invalid "Client Reference Code"/);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Address → Validate: the candidate list bounds (ours)', () => {
	const validate = (json: IDataObject, extra: IDataObject = {}) =>
		actionWorkflow({ resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', ...address, additionalJson: JSON.stringify(json), ...extra } as INodeParameters);

	it('MaxCandidateListSize and MaxPALListSize above 100 from the JSON are sent', async () => {
		const result = await fx.run(validate({ MaxCandidateListSize: 150, PALRequest: { MaxPALListSize: 200 } }, { includePal: true }));
		expect(result.error).toBeUndefined();
		const body = await sentBody('Address/Validation');
		expect([body?.MaxCandidateListSize, (body?.PALRequest as IDataObject).MaxPALListSize, (body?.PALRequest as IDataObject).IncludePAL]).toEqual([150, 200, true]);
	});

	it('MaxCandidateListSize null from the JSON leaves the member out (the interface requires it: the provider says so)', async () => {
		const result = await fx.run(validate({ MaxCandidateListSize: null }));
		expect(await sentBody('Address/Validation')).not.toHaveProperty('MaxCandidateListSize');
		expect(result.error?.message).toBe('The provider rejected the request as invalid: MaxCandidateListSize is required');
	});

	it('the field itself keeps its bound: Max Candidates 150 is refused before sending', async () => {
		const result = await fx.run(validate({}, { maxCandidateListSize: 150 }));
		expect(result.error?.message).toMatch(/^Invalid "Max Candidates": must be a whole number from 1 to 100/);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Transfer Order → Create: the requested date\'s form (ours)', () => {
	const create = (json: IDataObject) =>
		actionWorkflow({
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader('TR-JSON'),
			items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 1 }] },
			additionalJson: JSON.stringify(json),
		} as INodeParameters);

	it('an ISO date-time from the JSON is sent as given; without it, the field\'s day goes as MM/DD/YYYY', async () => {
		await fx.run(create({ TransferInfo: { RequestedDate: '2026-03-12T00:00:00Z' } }));
		await fx.run(create({}));
		const sent = (await fx.control.requests('CreateTransferOrder')).map((r) => (r.body.TransferInfo as IDataObject).RequestedDate);
		expect(sent[0]).toBe('2026-03-12T00:00:00Z');
		expect(sent[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
	});
});

describe('Generate JIT Label: Format is not lifted', () => {
	it('Format ZPL from the JSON is refused before sending: the node reads the answer as the document the Format field asks for', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: 'JIT-X', labelType: 'Label', format: 'PDF', additionalJson: '{"Format": "ZPL"}' } as INodeParameters),
		);
		expect(result.error?.message).toMatch(/^Invalid "Format"/);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
