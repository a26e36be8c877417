// The tracking webhook refused (400) a tracking update whose member names came in another letter case, as a .NET
// sender's PascalCase writes them ({"Event": ..., "Event_Id": ..., "Msg": {"Tag": ...}}): the provider retries a 400 14
// times and then drops it, so the update was lost. Members are read by the documented names in any letter case now.
import { randomUUID } from 'node:crypto';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, webhookWorkflow } from '../harness/webhook';

it('a tracking update written with PascalCase member names is answered 2xx and emitted once', async () => {
	const id = randomUUID();
	const body = {
		Event: 'tracking_update',
		Event_Id: id,
		Is_Tracking_First_Tag: false,
		Msg: { Tag: 'Delivered', Tracking_Number: '1ZSBX0000000042', Slug: 'ups', Order_Id: 'SO-000042', Checkpoints: [] },
	};
	const result = await runWebhook(webhookWorkflow(), WEBHOOK_NODE, { body }, { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET });
	expect(result.status).toBe(200);
	expect(result.items).toHaveLength(1);
	expect(result.items[0].json).toMatchObject({ eventId: id, tag: 'Delivered', trackingNumber: '1ZSBX0000000042', carrier: 'ups', orderNumber: 'SO-000042' });
});
