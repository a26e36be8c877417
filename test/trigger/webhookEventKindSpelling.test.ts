// A tracking update whose event kind comes in another letter case or padded ("TRACKING_UPDATE", " tracking_update ").
// The trigger reads tags in any letter case with spaces around them and event ids in any letter case, but the event
// kind only as the exact literal: any other spelling is taken for "another kind of event", answered 2xx (so the
// provider never retries) and not emitted: the tracking update is silently lost (only a warning in n8n's log).
// Product promise: nothing lost; the node's rule (wire/webhook.ts): lenient where a refusal would lose the event.
// Bug hunt 16; this test failed before the fix.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const update = (event: string): IDataObject => ({
	event,
	event_id: randomUUID(),
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', checkpoints: [] },
});

describe('tracking webhook trigger: the event kind tracking_update in another spelling', () => {
	it.each(['TRACKING_UPDATE', 'Tracking_Update', ' tracking_update ', 'tracking_update\n'])('%j is emitted, not answered 2xx and dropped', async (event) => {
		const result = await runWebhook(workflowJson({}), NODE, { body: update(event) }, { [AUTH_ID]: secret }, {});
		expect({ status: result.status, response: result.response, items: result.items.length }).toEqual({ status: 200, response: { message: 'Workflow was started' }, items: 1 });
	});
});
