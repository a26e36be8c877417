// Found by mutation triage (session 37): a body declared application/json is taken as n8n parsed it unless its text holds a
// whole number past 2^53 or nests too deep (readsOtherwise). n8n 2.41 decodes the bytes by the declared charset (UTF-8
// when none), so Latin-1 letters without a charset come out as U+FFFD, and UTF-8 letters under a gateway's
// "charset=latin1" as "Ã¼"; the raw body read in its charset (transport/text.ts answerText) gives "Zürich", and is read
// only where the same body also holds a long tracking number. The same checkpoint then reads differently depending on
// an unrelated member. (Stryker: the shortcut's condition made false, or its regex made to miss "application/json",
// gives "Zürich" in both.)
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, asN8nReceives, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = (trackingNumber: string) =>
	`{"event":"tracking_update","event_id":"${randomUUID()}","msg":{"tag":"Delivered","tracking_number":${trackingNumber},"slug":"usps","checkpoints":[{"location":"Zürich","message":"Zugestellt"}]}}`;

it.each<[string, string, BufferEncoding]>([
	['Latin-1 bytes declared "application/json" (no charset)', 'application/json', 'latin1'],
	['UTF-8 bytes declared "application/json; charset=latin1"', 'application/json; charset=latin1', 'utf8'],
])('%s: a checkpoint reads "Zürich" with or without a 22-digit tracking number in the body', async (_label, contentType, encoding) => {
	const location = async (trackingNumber: string) => {
		const delivery = asN8nReceives(Buffer.from(update(trackingNumber), encoding), contentType);
		const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, delivery, credentials);
		expect(result.status).toBe(200);
		return (result.items[0]?.json.checkpoints as Array<{ location: string }> | undefined)?.[0]?.location;
	};
	expect({ withLongNumber: await location('9261290100830000000042'), without: await location('"1ZSBX0000000042"') }).toEqual({
		withLongNumber: 'Zürich',
		without: 'Zürich',
	});
});
