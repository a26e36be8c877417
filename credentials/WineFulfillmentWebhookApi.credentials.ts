import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/**
 * Protects the tracking webhook: the provider documents no signature, so deliveries are checked
 * against a header or basic-auth secret that is also set in the provider's webhook settings.
 * Inbound only: there is no provider call to test it with, so the tracking webhook trigger tests it
 * (`testedBy`, checkWebhookCredential): a complete header or basic-auth pair.
 */
export class WineFulfillmentWebhookApi implements ICredentialType {
	name = 'wineFulfillmentWebhookApi';

	displayName = 'Wine Fulfillment Webhook API';

	icon: Icon = {
		light: 'file:../icons/wineFulfillment.svg',
		dark: 'file:../icons/wineFulfillment.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-wine-fulfillment/n8n-nodes-wine-fulfillment#wine-fulfillment-tracking-webhook-trigger';

	properties: INodeProperties[] = [
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			default: 'X-Webhook-Secret',
			description: 'For Header Auth: the header the provider sends with each delivery. Empty: every delivery is refused.',
		},
		{
			displayName: 'Header Value',
			name: 'headerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'For Header Auth: the secret value of that header, a long random value. Empty: every delivery is refused.',
		},
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			description: 'For Basic Auth. Empty: every delivery is refused.',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'For Basic Auth. Empty: every delivery is refused.',
		},
	];
}
