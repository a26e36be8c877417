// Bug hunt 45, fixed (wrong data in the emitted item): a tracking update whose Content-Type is text/plain is read from the text n8n
// decoded, never from the raw bytes n8n keeps beside it. n8n 2.41's body parser decodes a text/plain body by the declared
// charset alone (UTF-8 when none is declared: packages/cli/src/middlewares/body-parser.ts, `rawBody.toString(encoding)`),
// so Latin-1 letters sent without a charset arrive as U+FFFD, and UTF-8 letters under a gateway's "charset=latin1" as
// "Ã¼". Where: nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node.ts, jsonBody(): `if (typeof body === 'string')
// text = body;` is taken before the raw body is looked at. The same trigger reads an application/json body from the raw
// bytes in exactly these two cases (README, Wine Fulfillment Tracking Webhook Trigger: "n8n decodes by the declared
// charset alone: Latin-1 letters without a charset, or UTF-8 under charset=latin1, are read from the raw body too";
// transport/text.ts answerText), and README says a JSON body labelled text/plain is read as JSON. Right behaviour: the
// raw body, read as answerText reads it (UTF-8 when the bytes are UTF-8, else the declared charset, windows-1252 when
// none), gives the checkpoint's "Zürich" and the recipient's "Müller" whatever the text/plain label says.
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, asN8nReceives, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = () =>
	`{"event":"tracking_update","event_id":"${randomUUID()}","msg":{"tag":"Delivered","tracking_number":"1ZSBX0000000042","slug":"ups","order_id":"SO-000042","customer_name":"Jürgen Müller","checkpoints":[{"location":"Zürich","message":"Zugestellt"}]}}`;

it.each<[string, string, BufferEncoding]>([
	['Latin-1 bytes declared "text/plain" (no charset)', 'text/plain', 'latin1'],
	['UTF-8 bytes declared "text/plain; charset=latin1"', 'text/plain; charset=latin1', 'utf8'],
])('%s: the emitted item keeps "Zürich" and "Jürgen Müller" as an application/json body does', async (_label, contentType, encoding) => {
	const delivery = asN8nReceives(Buffer.from(update(), encoding), contentType);
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, delivery, credentials);
	expect(result.status).toBe(200);
	const json = result.items[0]?.json as { checkpoints: Array<{ location: string }>; msg: { customer_name: string } } | undefined;
	expect({ location: json?.checkpoints[0]?.location, customer: json?.msg.customer_name }).toEqual({ location: 'Zürich', customer: 'Jürgen Müller' });
});
