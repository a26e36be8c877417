// The webhook credential's Test button and the Header Value as HTTP delivers it: Node's HTTP server (n8n's) reads
// header bytes as latin1, so a Header Value with characters outside ASCII, sent as UTF-8, never matches. The Test
// must fail such a value (naming the rule, never the value), and pass every value a delivery can match.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { testCredential } from '../harness/credentialTest';
import { runWebhook, WEBHOOK_TYPE, type WorkflowJson } from '../harness/harness';
import { headersAsReceived } from '../harness/webhook';

const NODE = 'Tracking Webhook';
const AUTH_ID = 'webhook-auth-1';
const HEADER = 'X-Webhook-Secret';

const json: WorkflowJson = {
	nodes: [
		{
			id: randomUUID(),
			name: NODE,
			type: WEBHOOK_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { authentication: 'headerAuth' },
			credentials: { wineFulfillmentWebhookApi: { id: AUTH_ID, name: 'Webhook secret' } },
		},
	],
	connections: {},
};
const update = (): IDataObject => ({ event: 'tracking_update', event_id: randomUUID(), msg: { tag: 'Delivered' } });


const MATCHED = ['s3cret-value-42', 'Bearer abc.def', 'two\tparts', "!#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];
const NEVER_MATCHED = ['wein-geheimnis-ßüé-2026', '秘密-2026', 'cellar-🍷-key', 'no\u00a0break-space', 'zero\u200bwidth'];

describe("the webhook credential's Test button and the Header Value a delivery carries", () => {
	it.each([...MATCHED.map((value) => [value, 'OK', 200] as const), ...NEVER_MATCHED.map((value) => [value, 'Error', 401] as const)])(
		'Header Value %j: the Test says %s, a delivery sending it gets %i',
		async (headerSecret, status, delivered) => {
			const credential = { headerName: HEADER, headerSecret, user: '', password: '' };
			const test = await testCredential('wineFulfillmentWebhookApi', credential);
			const headers = (await headersAsReceived(HEADER, headerSecret)) as Record<string, string>;
			const delivery = await runWebhook(json, NODE, { body: update(), headers }, { [AUTH_ID]: credential }, {});
			expect({ test: test.status, delivery: delivery.status }).toEqual({ test: status, delivery: delivered });
			if (status === 'Error') {
				expect(test.message).toBe(
					'Header Auth: the Header Value has characters a delivery cannot match (use ASCII letters, digits and symbols): a trigger using it refuses every delivery (401)',
				);
			}
		},
	);

	it('fails a Header Value holding a control character (no sender can send it), never showing the value', async () => {
		const headerSecret = 'bell\u0007-secret';
		const test = await testCredential('wineFulfillmentWebhookApi', { headerName: HEADER, headerSecret });
		expect(test.status).toBe('Error');
		expect(test.message).toMatch(/use ASCII letters, digits and symbols/);
		expect(test.message).not.toContain('bell');
	});
});
