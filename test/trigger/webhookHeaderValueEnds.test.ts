// The webhook credential's Test button and the trigger trim a Header Value with String.prototype.trim(), which also
// drops Unicode white space (no-break space U+00A0, BOM U+FEFF, U+2028 ...). HTTP drops only spaces and tabs at the ends
// of a header value (RFC 9110 5.5, Node's llhttp): a value pasted with a trailing no-break space or a leading BOM is sent
// by the provider with those bytes, so no delivery ever matches, while the Test says "Ready for Header Auth".
// The suite's own rule (test/trigger/webhook.test.ts, webhookHeaderValue.test.ts): what the Test passes, a delivery
// sending the same Header Value passes; a value no delivery can match fails the Test.
// Bug hunt 16; this test failed before the fix.
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { testCredential } from '../harness/credentialTest';
import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, headersAsReceived, webhookWorkflow as workflowJson } from '../harness/webhook';

const HEADER = 'X-Webhook-Secret';
const update = (): IDataObject => ({ event: 'tracking_update', event_id: randomUUID(), msg: { tag: 'Delivered' } });


describe('Header Value with Unicode white space at an end (a paste from a web page or a document)', () => {
	it.each([
		['a trailing no-break space', 's3cret-value-42\u00a0'],
		['a leading byte order mark', '\ufeffs3cret-value-42'],
		['a trailing line separator', 's3cret-value-42\u2028'],
	])('%s: the Test passes only if a delivery sending that value passes', async (_label, headerSecret) => {
		const credential = { headerName: HEADER, headerSecret, user: '', password: '' };
		const test = await testCredential('wineFulfillmentWebhookApi', credential);
		const headers = (await headersAsReceived(HEADER, headerSecret)) as Record<string, string>;
		const delivery = await runWebhook(workflowJson({ authentication: 'headerAuth' }), NODE, { body: update(), headers }, { [AUTH_ID]: credential }, {});
		// agreement: Test OK ⇔ the provider, given the same value, gets through
		expect({ test: test.status, delivery: delivery.status }).toEqual(
			delivery.status === 200 ? { test: 'OK', delivery: 200 } : { test: 'Error', delivery: 401 },
		);
	});
});
