// The tracking webhook trigger reads the raw body n8n keeps where n8n's parse gave no JSON (bug hunt 32): a body not
// declared application/json, and one in another charset that n8n's parse rounds a number of.
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, asN8nReceives, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = (eventId: string) =>
	`{"event":"tracking_update","event_id":"${eventId}","msg":{"tag":"Delivered","tracking_number":"1ZSBX0000000042","slug":"ups","order_id":"SO-000042","checkpoints":[]}}`;

describe('a JSON tracking update not declared application/json', () => {
	// n8n 2.41 parses only application/json, text/plain, forms and XML: for the others it hands on nothing (or {}), for a
	// form (what `curl -d` declares) one member named by the whole JSON text. Before the fix the node refused these with
	// 400 ("Not a tracking update: Required"), and the provider's retries all got 400: the event was lost.
	it.each([
		['no Content-Type', undefined],
		['application/octet-stream', 'application/octet-stream'],
		['application/vnd.tracking+json', 'application/vnd.tracking+json'],
		['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
	])('%s: read from the raw body and emitted', async (_label, contentType) => {
		const eventId = randomUUID();
		const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(Buffer.from(update(eventId)), contentType), credentials);
		expect({ status: result.status, response: result.response, items: result.items.map((i) => i.json.eventId) }).toEqual({
			status: 200,
			response: { message: 'Workflow was started' },
			items: [eventId],
		});
	});

	it('an empty object where n8n leaves one: read from the raw body and emitted', async () => {
		const eventId = randomUUID();
		const delivery = asN8nReceives(Buffer.from(update(eventId)), 'application/octet-stream', { body: {} });
		const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, delivery, credentials);
		expect({ status: result.status, items: result.items.map((i) => i.json.eventId) }).toEqual({ status: 200, items: [eventId] });
	});

	it('a form that holds no JSON is still no tracking update: 400, nothing emitted', async () => {
		const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(Buffer.from('event=tracking_update&tag=Delivered'), 'application/x-www-form-urlencoded'), credentials);
		expect(result.status).toBe(400);
		expect(result.items).toEqual([]);
	});
});

// A body n8n parsed as JSON is read again from the raw body where it holds a whole number past 2^53 (n8n rounds it):
// before the fix that re-read decoded the bytes as UTF-8 whatever the charset, and "Zürich" came out as "Z\uFFFDrich".
it('a latin1 JSON body holding a long number keeps its non-ASCII text (the raw body is read in its charset)', async () => {
	const text = `{"event":"tracking_update","event_id":"${randomUUID()}","msg":{"tag":"Delivered","tracking_number":9261290100830000000042,"slug":"usps","checkpoints":[{"location":"Zürich","message":"Zugestellt"}]}}`;
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(Buffer.from(text, 'latin1'), 'application/json; charset=latin1'), credentials);
	expect(result.status).toBe(200);
	expect(result.items).toHaveLength(1);
	const { trackingNumber, checkpoints } = result.items[0].json as { trackingNumber: string; checkpoints: Array<{ location: string }> };
	expect({ trackingNumber, location: checkpoints[0].location }).toEqual({ trackingNumber: '9261290100830000000042', location: 'Zürich' });
});
