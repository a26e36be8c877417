// A number past 2^53 in an answer was read by a plain JSON.parse and became another number: a 22-digit tracking number
// sent as a JSON number came out of Tracking → Get Details as 9.26129010083e+21 (a link to no parcel; the trigger keys
// packages by it). Whole numbers past 2^53 come out as their digits now (transport/request.ts exactWholeNumber);
// decimals and safe numbers stay numbers.
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { actionWorkflow, CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const DIGITS = '9261290100830000000001';

it('Get Details: a tracking number past 2^53 sent as a JSON number is not put out as another number', async () => {
	const answer = `[{"OrderNumber":"SO-12345","TrackingNo":${DIGITS},"Carrier":"FEX","Status":"IN TRANSIT"}]`;
	server = await misbehavingServer(() => ({ kind: 'answer', body: answer }));
	const result = await runWorkflow(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-12345' }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl),
	});
	if (result.error) {
		// an error is acceptable only if it tells the user what is wrong with the answer
		expect(result.error.message + String(result.error.description)).toMatch(/TrackingNo|tracking number|2\^53|exact/i);
		return;
	}
	const item = result.output('Wine Fulfillment')[0].json;
	expect(String(item.trackingNumber)).toBe(DIGITS);
});

it('Get Details, not simplified: only whole numbers past 2^53 become text, wherever they are', async () => {
	const answer = `[{"OrderNumber":"SO-12345","TrackingNo":-${DIGITS},"Carrier":"FEX","Status":"IN TRANSIT","Weight":12345678901234567.5,"Boxes":[${DIGITS}, 12],"Ids":[7,\n ${DIGITS}],"Note":"x:${DIGITS}"}]`;
	server = await misbehavingServer(() => ({ kind: 'answer', body: answer }));
	const result = await runWorkflow(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-12345', simplify: false }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl),
	});
	expect(result.error).toBeUndefined();
	const out = JSON.stringify(result.output('Wine Fulfillment')[0].json);
	expect(out).toContain(`"TrackingNo":"-${DIGITS}"`);
	expect(out).toContain(`"Boxes":["${DIGITS}",12]`);
	expect(out).toContain(`"Ids":[7,"${DIGITS}"]`);
	expect(out).toContain('"Weight":12345678901234568');
	expect(out).toContain(`"Note":"x:${DIGITS}"`);
});
