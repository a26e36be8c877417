import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { authShapeForUrl, placeCredentials } from '../nodes/WineFulfillment/wire/endpoints';
import { BASE_URL_RULE, checkBaseUrl } from '../nodes/WineFulfillment/transport/baseUrl';
import { sentCredentials } from '../nodes/WineFulfillment/transport/secrets';


export class WineFulfillmentApi implements ICredentialType {
	name = 'wineFulfillmentApi';

	displayName = 'Wine Fulfillment API';

	icon: Icon = {
		light: 'file:../icons/wineFulfillment.svg',
		dark: 'file:../icons/wineFulfillment.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-wine-fulfillment/n8n-nodes-wine-fulfillment#credentials';

	properties: INodeProperties[] = [
		{
			displayName:
				'The provider runs two environments, Test and Production. Each has its own Base URL (ending in /v3) and its own User Key, Password and Access Token: create one credential per environment, e.g. "Wine Fulfillment (Test)" and "Wine Fulfillment (Production)".',
			name: 'environmentNotice',
			type: 'notice',
			default: '',
		},
		// The UserKey is a secret of the account: masked like the password.
		// eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
		{
			displayName: 'User Key',
			name: 'userKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The UserKey the provider issued for the interface',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Customer No',
			name: 'customerNo',
			type: 'string',
			default: '',
			required: true,
			description: 'Your customer number with the provider',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Sent on every request as "Authorization: ServiceAuth <token>"',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://<environment host>/v3',
			description: `Base address of the Test or the Production environment, as the provider issued it; the environments differ only by it. It must be ${BASE_URL_RULE}. Any other address is refused before anything is sent.`,
		},
	];

	/**
	 * Puts the Authorization header and the body credentials (in the shape the path needs) on a request.
	 * A Base URL that breaks the rule (transport/baseUrl.ts) is refused here too, whoever sends the request.
	 * The Test button is the nodes' (`testedBy`, methods/credentialTest.ts): one Get Status read through the
	 * transport, so that only an answer a node run can read passes.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const base = checkBaseUrl(requestOptions.baseURL ?? credentials.baseUrl);
		if (!base.ok) throw new Error(base.message);
		const body =
			requestOptions.body && typeof requestOptions.body === 'object' && !Array.isArray(requestOptions.body)
				? (requestOptions.body as Record<string, never>)
				: undefined;
		// without the blanks and line breaks pasting adds around them (transport/secrets.ts)
		const sent = sentCredentials(credentials);
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `ServiceAuth ${sent.accessToken}`,
			},
			body: placeCredentials(
				body,
				{ UserKey: sent.userKey, Password: sent.password, CustomerNo: sent.customerNo },
				authShapeForUrl(requestOptions.url),
			),
		};
	}
}
