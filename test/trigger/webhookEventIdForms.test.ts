// Bug hunt 45, fixed (loses tracking events for a sender writing UUIDs in another standard form): the field notes ("Errors and
// events") give `event_id` as a UUID without fixing its text form. The trigger reads it with zod's canonical-form check
// after stripping only blanks and .NET's braces (nodes/WineFulfillment/wire/webhook.ts, `eventId`:
// `value.trim().replace(/^\{([^{}]*)\}$/, '$1')` then `.uuid()`), so the same UUID written as .NET's Guid.ToString("N")
// (32 hex digits, no hyphens: the compact form .NET senders commonly put in JSON ids) or as RFC 4122/9562's URN form
// (`urn:uuid:…`) is refused with 400 "event_id must be a UUID". Nothing is emitted, the provider retries the delivery 14
// times with the same body, every retry gets the same 400, and the tracking update is lost. The trigger's own rule
// (wire/webhook.ts trackingUpdate, README): lenient "where a refusal (400) would only lose the event after the
// provider's retries", and an event_id in braces "read as the same UUID".
// Right behaviour: these forms of a UUID are read as that UUID (emitted with the canonical lower-case `eventId`), so the
// event is emitted once and a redelivery in any form is dropped as a duplicate.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = (eventId: string): IDataObject => ({
	event: 'tracking_update',
	event_id: eventId,
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [] },
});

it.each([
	['.NET\'s "N" format (32 hex digits, no hyphens)', (id: string) => id.replace(/-/g, '').toUpperCase()],
	['the URN form (urn:uuid:…)', (id: string) => `urn:uuid:${id}`],
])('an event_id in %s is the same UUID: emitted once, a redelivery in the canonical form is dropped', async (_label, form) => {
	const id = randomUUID();
	const workflow = webhookWorkflow();
	const first = await runWebhook(workflow, WEBHOOK_NODE, { body: update(form(id)) }, credentials, {});
	expect({ status: first.status, emitted: first.items.map((i) => i.json.eventId) }).toEqual({ status: 200, emitted: [id] });
	const again = await runWebhook(workflow, WEBHOOK_NODE, { body: update(id) }, credentials, first.staticData);
	expect({ status: again.status, response: again.response, emitted: again.items.length }).toEqual({
		status: 200,
		response: { received: true, duplicate: true },
		emitted: 0,
	});
});
