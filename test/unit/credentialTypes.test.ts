// The credential types as n8n sees them: names the nodes ask for, masked secrets, and the API credential's Test request.
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

	it('tests the API credential with one cheap read at the Base URL without trailing slashes', () => {
		const { test } = new WineFulfillmentApi();
		expect(test.request).toEqual({
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/api/Inventory/GetStatus',
			method: 'POST',
			body: { Skip: 0, Top: 1, IncludeTotalRecordCount: false },
		});
		expect(test.rules?.map((rule) => rule.type === 'responseCode' && [rule.properties.value, rule.properties.message])).toEqual([
			[
				401,
				'The credentials were refused: check User Key, Password, Customer No and Access Token, and that the Base URL is the environment they were issued for',
			],
			[404, 'Nothing answers at this Base URL: it must be the environment address ending in /v3'],
		]);
	});
});
