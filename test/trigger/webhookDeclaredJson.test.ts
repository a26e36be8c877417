// The tracking webhook trigger takes a body n8n parsed as application/json as it is only where the Content-Type names
// that type: one only resembling it is read from the raw body; and the raw body is read in the charset the header names.
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, asN8nReceives, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = (eventId: string, trackingNumber = '"1ZSBX0000000042"') =>
	`{"event":"tracking_update","event_id":"${eventId}","msg":{"tag":"Delivered","tracking_number":${trackingNumber},"slug":"usps","order_id":"SO-000042","checkpoints":[]}}`;

// n8n 2.41 parses only a type of exactly application/json as JSON: for these it leaves {} (as for any type it does not parse)
it.each(['x-application/json', 'application/json-patch+json'])(
	'a JSON tracking update declared %s (a type only resembling application/json) is read from the raw body and emitted',
	async (contentType) => {
		const eventId = randomUUID();
		const delivery = asN8nReceives(Buffer.from(update(eventId)), contentType, { body: {} });
		const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, delivery, credentials);
		expect({ status: result.status, items: result.items.map((i) => i.json.eventId) }).toEqual({ status: 200, items: [eventId] });
	},
);

it('a UTF-16 body declared "application/json; charset=utf-16le" keeps a 22-digit tracking number exact (read in the charset declared)', async () => {
	const eventId = randomUUID();
	const text = update(eventId, '9261290100830000000042');
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16le'), credentials);
	expect(result.status).toBe(200);
	expect(result.items.map((i) => [i.json.eventId, i.json.trackingNumber])).toEqual([[eventId, '9261290100830000000042']]);
});
