// The tracking webhook trigger turned a tracking or order number sent as a JSON number past 2^53 (a 22-digit USPS
// number, a 19-digit order id) into another number ("9.26129010083e+21"). A body the node reads itself (text/plain), or
// n8n's raw body of a JSON one, gives the exact digits now; a number n8n rounded with no raw body left gives null, never
// another parcel's or order's number (WineFulfillmentWebhookTrigger.node.ts jsonBody, identifier). Bug hunt 26.
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_NODE as NODE, WEBHOOK_SECRET as secret, webhookWorkflow } from '../harness/webhook';

const TRACKING = '9261290100830000000042'; // 22 digits: a USPS tracking number
const ORDER = '1234567890123456789'; // 19 digits: a store's order id

const bodyText = (eventId = randomUUID()) =>
	`{"event":"tracking_update","event_id":"${eventId}","msg":{"tag":"Delivered","tracking_number":${TRACKING},"slug":"usps","order_id":${ORDER},"checkpoints":[]}}`;

const deliver = (body: unknown, headers: Record<string, string> = {}) =>
	runWebhook(webhookWorkflow(), NODE, { body, headers }, { [AUTH_ID]: secret }, {});

describe('tracking webhook trigger: tracking and order numbers sent as long JSON numbers', () => {
	it('a body labelled text/plain (the node parses it): the numbers come out as their exact digits', async () => {
		const result = await deliver(bodyText(), { 'content-type': 'text/plain' });
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(1);
		const { trackingNumber, orderNumber } = result.items[0].json;
		expect({ trackingNumber, orderNumber }).toEqual({ trackingNumber: TRACKING, orderNumber: ORDER });
	});

	it('a body n8n parsed already (application/json): never another parcel\'s or order\'s number', async () => {
		const result = await deliver(JSON.parse(bodyText()), { 'content-type': 'application/json' });
		expect(result.status).toBe(200);
		expect(result.items).toHaveLength(1);
		const { trackingNumber, orderNumber } = result.items[0].json;
		// the exact digits (from the raw body) or null (unknown, msg keeps what came): not a rounded number
		expect([TRACKING, null]).toContain(trackingNumber);
		expect([ORDER, null]).toContain(orderNumber);
	});
});
