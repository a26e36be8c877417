// The tracking webhook trigger and the forms a body's optional members may take beside the documented ones. A 400 makes
// the provider retry 14 times and then drop the event, so only a body that is no tracking update at all gets one
// (README: not an object, no valid event_id, no msg or msg.tag): checkpoints as one object or as text, and
// is_tracking_first_tag as 1/0, yes/no or empty text are taken as they come.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const update = (msg: IDataObject = {}, top: IDataObject = {}): IDataObject => ({
	event: 'tracking_update',
	event_id: randomUUID(),
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [], ...msg },
	...top,
});

/** The one item a delivery emits, asserting it was answered 200 and emitted one (was: a 400, nothing emitted). */
async function item(body: IDataObject): Promise<IDataObject> {
	const result = await runWebhook(workflowJson({}), NODE, { body, headers: {} }, { [AUTH_ID]: secret }, {});
	expect({ status: result.status, response: result.response, items: result.items.length }).toEqual({
		status: 200,
		response: { message: 'Workflow was started' },
		items: 1,
	});
	return result.items[0].json;
}

describe('tracking webhook trigger: checkpoints in another form than a list', () => {
	it('one checkpoint object is a list of one; msg keeps it as sent', async () => {
		const checkpoint = { message: 'Delivered', tag: 'Delivered', checkpoint_time: '2026-01-05T18:00:00Z' };
		const json = await item(update({ checkpoints: checkpoint }));
		expect(json.checkpoints).toEqual([checkpoint]);
		expect((json.msg as IDataObject).checkpoints).toEqual(checkpoint);
	});

	it.each<[string, unknown]>([
		['empty text', ''],
		['text', 'Departed facility'],
		['a number', 3],
		['a boolean', false],
	])('checkpoints as %s: no checkpoint objects, msg keeps the value as sent', async (_name, sent) => {
		const json = await item(update({ checkpoints: sent as IDataObject[string] }));
		expect(json.checkpoints).toEqual([]);
		expect((json.msg as IDataObject).checkpoints).toEqual(sent);
	});
});

describe('tracking webhook trigger: is_tracking_first_tag as the shared boolean reader reads it', () => {
	it.each<[unknown, boolean | null]>([
		[1, true],
		[0, false],
		['1', true],
		['yes', true],
		[' No ', false],
		['', false],
		['  ', false],
		[undefined, false],
		// no yes or no: the event is still emitted, its first-tag flag unknown
		['maybe', null],
		[2, null],
		[{}, null],
	])('is_tracking_first_tag %j comes out as isFirstTag %j', async (sent, isFirstTag) => {
		expect((await item(update({}, { is_tracking_first_tag: sent as IDataObject[string] }))).isFirstTag).toBe(isFirstTag);
	});
});
