// The credential types as n8n sees them: names the nodes ask for, masked secrets, and who tests the API credential.
import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { WineFulfillmentWebhookApi } from '../../credentials/WineFulfillmentWebhookApi.credentials';
import { versionDescription } from '../../nodes/WineFulfillment/actions/versionDescription';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';

// Built inside each test: a type built while the file loads is not credited to any test (docs/mutation/README.md).
describe('credential types', () => {
	it('are the ones the nodes ask for, with their secrets masked', () => {
		const api = new WineFulfillmentApi();
		const webhook = new WineFulfillmentWebhookApi();
		expect(api.name).toBe('wineFulfillmentApi');
		expect(webhook.name).toBe('wineFulfillmentWebhookApi');
		expect(versionDescription.credentials?.map((c) => c.name)).toEqual([api.name]);
		expect(new WineFulfillmentTrigger().description.credentials?.map((c) => c.name)).toEqual([api.name]);
		expect(new WineFulfillmentWebhookTrigger().description.credentials?.map((c) => c.name)).toEqual([webhook.name]);
		const fields = (type: { properties: Array<{ name: string; type: string; typeOptions?: { password?: boolean } }> }) =>
			type.properties.filter((p) => p.type !== 'notice').map((p) => `${p.name}${p.typeOptions?.password ? ' (masked)' : ''}`);
		expect(fields(api)).toEqual(['userKey (masked)', 'password (masked)', 'customerNo', 'accessToken (masked)', 'baseUrl']);
		expect(fields(webhook)).toEqual(['headerName', 'headerSecret (masked)', 'user', 'password (masked)']);
	});

	it("leave the API credential's Test to the nodes (testedBy): a test request of its own would be run by n8n instead", () => {
		expect(new WineFulfillmentApi()).not.toHaveProperty('test');
		for (const credentials of [versionDescription.credentials, new WineFulfillmentTrigger().description.credentials]) {
			expect(credentials?.find((c) => c.name === 'wineFulfillmentApi')?.testedBy).toBe('wineFulfillmentApiTest');
		}
		expect(Object.keys(new WineFulfillmentTrigger().methods.credentialTest)).toEqual(['wineFulfillmentApiTest']);
	});
});
