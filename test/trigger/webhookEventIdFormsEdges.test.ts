// Edges of bug hunt 45's fixes to the tracking webhook trigger's reading of a delivery: the event_id forms read as the
// same UUID (.NET's "N", the URN) and the text that is still no UUID; a text/plain body read from the raw bytes n8n
// keeps (and from n8n's text only where it kept none).
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, asN8nReceives, webhookWorkflow } from '../harness/webhook';

const credentials = { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET };
const update = (eventId: string): IDataObject => ({
	event: 'tracking_update',
	event_id: eventId,
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', checkpoints: [{ location: 'Zürich' }] },
});
const deliver = (body: unknown, staticData: IDataObject = {}, json = webhookWorkflow()) => runWebhook(json, WEBHOOK_NODE, { body }, credentials, staticData);

it.each([
	['the URN form in capitals, with blanks around it', (id: string) => ` URN:UUID:${id.toUpperCase()}\n`],
	['.NET\'s "N" format in braces', (id: string) => `{${id.replace(/-/g, '')}}`],
	['.NET\'s "N" format in lower case', (id: string) => id.replace(/-/g, '')],
])('an event_id in %s is read as the hyphenated lower-case UUID', async (_label, form) => {
	const id = randomUUID();
	const result = await deliver(update(form(id)));
	expect({ status: result.status, eventIds: result.items.map((i) => i.json.eventId) }).toEqual({ status: 200, eventIds: [id] });
});

it('a redelivery in the "N" format of an event first sent in the canonical form is dropped', async () => {
	const id = randomUUID();
	const json = webhookWorkflow();
	const first = await deliver(update(id), {}, json);
	expect(first.items).toHaveLength(1);
	const again = await deliver(update(id.replace(/-/g, '')), first.staticData, json);
	expect({ response: again.response, emitted: again.items.length }).toEqual({ response: { received: true, duplicate: true }, emitted: 0 });
});

it.each([
	['31 hex digits', randomUUID().replace(/-/g, '').slice(1)],
	['33 hex digits', `${randomUUID().replace(/-/g, '')}0`],
	['32 characters that are not all hex digits', `${randomUUID().replace(/-/g, '').slice(1)}g`],
	['the URN prefix alone', 'urn:uuid:'],
	['a URN of another namespace', `urn:isbn:${randomUUID()}`],
])('an event_id of %s is still no UUID: 400', async (_label, eventId) => {
	const result = await deliver(update(eventId));
	expect({ status: result.status, response: result.response }).toEqual({ status: 400, response: { message: 'Not a tracking update: event_id must be a UUID' } });
});

it('a text/plain body is read from the raw bytes: a UTF-8 byte order mark dropped, letters as sent', async () => {
	const id = randomUUID();
	const raw = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(update(id)), 'utf8')]);
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(raw, 'text/plain; charset=latin1'), credentials);
	expect({ status: result.status, eventId: result.items[0]?.json.eventId, checkpoints: result.items[0]?.json.checkpoints }).toEqual({ status: 200, eventId: id, checkpoints: [{ location: 'Zürich' }] });
});

it('a text/plain body without the raw bytes (n8n kept none) is read from n8n\'s text as before', async () => {
	const id = randomUUID();
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, { body: JSON.stringify(update(id)), headers: { 'content-type': 'text/plain' } }, credentials);
	expect({ status: result.status, eventId: result.items[0]?.json.eventId, checkpoints: result.items[0]?.json.checkpoints }).toEqual({ status: 200, eventId: id, checkpoints: [{ location: 'Zürich' }] });
});

it('a text/plain body whose raw bytes are no JSON is refused (400), whatever n8n\'s text', async () => {
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, asN8nReceives(Buffer.from('plain text'), 'text/plain'), credentials);
	expect(result.status).toBe(400);
});
