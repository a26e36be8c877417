// The webhook credential's Test when a whole header line is pasted into Header Name ("X-Webhook-Secret: <secret>", as
// provider portals and docs print it): the Test fails (right: no sender can send that name), but its message quotes the
// Header Name as typed, so the secret is shown in the credential dialog (and in any screenshot or support ticket).
// Product promise: secrets (credential values, any webhook secret/header value) are never shown in output or errors;
// the trigger's own comment: "Its message never contains a secret".
// Bug hunt 16; this test failed before the fix.
import { testCredential } from '../harness/credentialTest';

describe("the webhook credential's Test given a pasted header line as Header Name", () => {
	it.each([
		['name: value', 'X-Webhook-Secret: s3cret-value-42'],
		['name:value', 'X-Webhook-Secret:s3cret-value-42'],
		['Authorization: Bearer token', 'Authorization: Bearer s3cret-value-42'],
	])('%s: fails, naming the problem, without showing the value', async (_label, headerName) => {
		const result = await testCredential('wineFulfillmentWebhookApi', { headerName, headerSecret: 's3cret-value-42' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/is not an HTTP header name/);
		expect(result.message).not.toContain('s3cret-value-42');
	});
});
