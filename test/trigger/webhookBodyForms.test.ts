// The tracking webhook trigger's body forms (bug hunt 26): a text/plain body starting with a byte order mark was refused
// (400, the event lost after the retries); an event_id with blanks around it or in .NET's braces was refused; a body
// nested 100,000 levels deep was taken and emitted as an item n8n cannot copy. Read, read as the same UUID, refused
// (400) now.
import { randomUUID } from 'node:crypto';
import { deepCopy, type IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_NODE as NODE, WEBHOOK_SECRET as secret, webhookWorkflow } from '../harness/webhook';

const update = (eventId: string = randomUUID()): IDataObject => ({
	event: 'tracking_update',
	event_id: eventId,
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [] },
});

const deliver = (body: unknown, headers: Record<string, string> = {}) => runWebhook(webhookWorkflow(), NODE, { body, headers }, { [AUTH_ID]: secret }, {});

it('a text/plain JSON body starting with a byte order mark is read as JSON and emitted, not refused with 400', async () => {
	const eventId = randomUUID();
	const result = await deliver(`\uFEFF${JSON.stringify(update(eventId))}`, { 'content-type': 'text/plain; charset=utf-8' });
	expect({ status: result.status, items: result.items.length }).toEqual({ status: 200, items: 1 });
	expect(result.items[0].json).toMatchObject({ eventId, tag: 'Delivered' });
});

it.each([
	['blanks and a line break around it', (id: string) => ` ${id}\n`],
	['braces around it (.NET "B" format)', (id: string) => `{${id.toUpperCase()}}`],
])('an event_id with %s is the same UUID: emitted once, a redelivery in the plain form is dropped', async (_label, form) => {
	const id = randomUUID();
	const workflow = webhookWorkflow();
	const first = await runWebhook(workflow, NODE, { body: update(form(id)) }, { [AUTH_ID]: secret }, {});
	expect({ status: first.status, items: first.items.map((i) => i.json.eventId) }).toEqual({ status: 200, items: [id] });
	const again = await runWebhook(workflow, NODE, { body: update(id) }, { [AUTH_ID]: secret }, first.staticData);
	expect(again.items).toHaveLength(0);
});

it('a body nested 100,000 levels deep is refused (400) and emits nothing, instead of an item n8n cannot copy', async () => {
	const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
	const text = `{"event":"tracking_update","event_id":"${randomUUID()}","msg":{"tag":"Delivered","extra":${deep}}}`;
	const result = await deliver(text, { 'content-type': 'text/plain' });
	const copyable = (() => {
		try {
			deepCopy(result.items);
			return true;
		} catch (error) {
			return String(error);
		}
	})();
	expect({ status: result.status, items: result.items.length, copyable }).toEqual({ status: 400, items: 0, copyable: true });
});
