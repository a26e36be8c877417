// A complete tracking update whose Content-Type is text/plain (or missing a JSON type): n8n's body parser
// (packages/cli/src/middlewares/body-parser.ts, parseBody) hands the node the body as text, not an object. The trigger
// answers 400, so the provider retries 14 times and then drops the event: a valid event is lost for good. The node's
// own rule (wire/webhook.ts, README): where a refusal would only lose the event after the provider's retries, the body
// is taken as it comes; only a body that is no tracking update at all gets a 400. Text that is not JSON stays a 400.
// Bug hunt 16; this test failed before the fix.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const update = (eventId = randomUUID()): IDataObject => ({
	event: 'tracking_update',
	event_id: eventId,
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [] },
});

describe('tracking webhook trigger: a tracking update sent as JSON text (Content-Type text/plain)', () => {
	it('is emitted as the same update sent as application/json is', async () => {
		const eventId = randomUUID();
		const asText = JSON.stringify(update(eventId), null, 2);
		const result = await runWebhook(workflowJson({}), NODE, { body: asText, headers: { 'content-type': 'text/plain; charset=utf-8' } }, { [AUTH_ID]: secret }, {});
		expect({ status: result.status, response: result.response, items: result.items.length }).toEqual({ status: 200, response: { message: 'Workflow was started' }, items: 1 });
		expect(result.items[0].json).toMatchObject({ eventId, tag: 'Delivered', trackingNumber: '1ZSBX0000000042', orderNumber: 'SO-000042' });
	});

	it('text that is no JSON is still refused with 400', async () => {
		const result = await runWebhook(workflowJson({}), NODE, { body: 'plain text' }, { [AUTH_ID]: secret }, {});
		expect(result.status).toBe(400);
	});
});
