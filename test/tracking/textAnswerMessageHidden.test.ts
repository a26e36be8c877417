// Bug hunt 48, Tracking and Address: a 200 answer that is the provider's message as a JSON string ("No tracking
// information found for order SO-12345", "No delivery service to ZIP 99501") fails the item without ever showing that
// message. The error reads "The provider answered with text instead of Packages or a package (TrackingNo,
// OrderNumber)" and its description even ends "tell the provider what the message says", but no message is shown.
//
// Where: transport/errors.ts unexpectedAnswer: for a body that is not an object (text) it builds the error from
// answerShape(body) only ("text") and drops the text itself; reached from actions/tracking/getDetails.operation.ts
// prepare (detailRecords undefined) and, through actions/common.ts answerWith, from
// actions/tracking/getDeliveryEstimates.operation.ts and actions/address/validate.operation.ts.
//
// Right behaviour (field notes "Errors and events": "No machine-readable error body is documented: bodies are a message
// string or an object with a message member. Show the provider's message to the user whatever its shape."): the item
// still fails (this is no result), but the provider's words are in the error (message or description), as they are
// for an object answer ("The provider answered without …: Service temporarily unavailable").
import type { INodeParameters } from 'n8n-workflow';

import { answer, provider, runOn } from '../harness/answeringProvider';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const napa = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558' };

const cases: Array<[string, INodeParameters, string]> = [
	['Tracking → Get Details', { resource: 'tracking', operation: 'getDetails', orderNo: 'SO-12345' }, 'No tracking information found for order SO-12345'],
	[
		'Tracking → Get Delivery Estimates',
		{ resource: 'tracking', operation: 'getDeliveryEstimates', ...napa, shipDateFrom: '2026-03-02', shipDateTo: '2026-03-04' },
		'No delivery service to ZIP 94558 for these ship dates',
	],
	[
		'Address → Validate',
		{ resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', ...napa },
		'Address validation is unavailable for carrier FEX, try again later',
	],
];

describe.each(cases)('%s: a 200 answer that is the provider\'s message as text', (_name, parameters, said) => {
	it('fails the item showing the provider\'s message', async () => {
		server = await provider(() => answer(said));
		const result = await runOn(server, parameters);
		expect(result.error).toBeDefined();
		expect(`${result.error?.message}\n${String(result.error?.description)}`).toContain(said);
	});
});
