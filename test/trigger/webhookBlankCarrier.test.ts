// The item's carrier (msg.slug) when the provider sends it empty or blank: tracking and order numbers that are empty or
// blank come out as null ("absent fields are null", test/trigger/webhookLifecycle.test.ts; README: "tracking and order
// numbers come out as text"), but carrier comes out as "" or "   ", so an If "carrier is empty/null" or a lookup by
// carrier treats the same "no carrier" two ways depending on how the provider wrote it.
// Bug hunt 16; this test failed before the fix.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const update = (msg: IDataObject): IDataObject => ({ event: 'tracking_update', event_id: randomUUID(), msg: { tag: 'InTransit', ...msg } });

describe('tracking webhook trigger: an empty or blank carrier', () => {
	it.each(['', '   '])('slug %j comes out as carrier null, as an empty tracking_number comes out as null', async (slug) => {
		const result = await runWebhook(workflowJson({}), NODE, { body: update({ slug, tracking_number: slug }) }, { [AUTH_ID]: secret }, {});
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json;
		expect({ trackingNumber: json.trackingNumber, carrier: json.carrier }).toEqual({ trackingNumber: null, carrier: null });
		expect((json.msg as IDataObject).slug).toBe(slug);
	});
});
