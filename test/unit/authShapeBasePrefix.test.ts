// Bug hunt 38: the API credential's authenticate (credentials/WineFulfillmentApi.credentials.ts, through wire/endpoints.ts
// authShapeForUrl) places the body credentials by the endpoint at the path's end, also for a full request URL whose
// Base URL has an "/api/" segment of its own (https://partner.example/api/v3, a gateway's layout; what n8n's HTTP Request
// node sends with this credential type): GetDetails carries AuthenticationDetails, GetOrdersOnHold the three members
// flat (field notes "Authentication shapes"). Before, the first "/api/" was taken for the endpoint's: no endpoint was
// found, the credentials went in `Authentication`, and a right credential got 401.
import type { IHttpRequestOptions } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';

const BASE = 'https://partner.fulfillment.example/api/v3';
const CREDENTIALS = { userKey: 'hunt-user-key', password: 'hunt-password', customerNo: 'C-38', accessToken: 'hunt-token', baseUrl: BASE };
const PLACED = { UserKey: 'hunt-user-key', Password: 'hunt-password', CustomerNo: 'C-38' };

const sign = (options: Partial<IHttpRequestOptions>) =>
	new WineFulfillmentApi().authenticate(CREDENTIALS as never, { method: 'POST', ...options } as IHttpRequestOptions);

describe('credential authenticate: a Base URL with an /api/ segment of its own', () => {
	it('Tracking → GetDetails by full URL: the credentials go in AuthenticationDetails', async () => {
		const signed = await sign({ url: `${BASE}/api/Tracking/GetDetails`, body: { OrderNo: 'SO-12345' } });
		expect(signed.body).toEqual({ AuthenticationDetails: PLACED, OrderNo: 'SO-12345' });
	});

	it('Sales Order → GetOrdersOnHold by full URL: the credentials go flat at the top level', async () => {
		const signed = await sign({ url: `${BASE}/api/SalesOrder/GetOrdersOnHold`, body: {} });
		expect(signed.body).toEqual(PLACED);
	});
});
