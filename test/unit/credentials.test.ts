// The API credential's authenticate on its own (no engine, no sandbox): what it puts on a request, and what it refuses.
import type { IHttpRequestOptions } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';

const BASE = 'https://fulfillment.example/v3';
const CREDENTIALS = {
	userKey: 'unit-user-key',
	password: 'unit-password',
	customerNo: 'C-1',
	accessToken: 'unit-token',
	baseUrl: BASE,
};
const PLACED = { UserKey: 'unit-user-key', Password: 'unit-password', CustomerNo: 'C-1' };

const authenticate = (credentials: Record<string, unknown>, options: Partial<IHttpRequestOptions>) =>
	new WineFulfillmentApi().authenticate(credentials as never, { url: '/api/Inventory/GetStatus', ...options } as IHttpRequestOptions);

describe('credential authenticate', () => {
	it('adds the token header beside the request’s own headers and puts the body credentials first', async () => {
		const options: IHttpRequestOptions = {
			url: '/api/Inventory/GetStatus',
			method: 'POST',
			baseURL: BASE,
			headers: { 'x-request': 'kept' },
			body: { Top: 1 },
		};
		const prepared = await new WineFulfillmentApi().authenticate(CREDENTIALS, options);
		expect(prepared).toEqual({
			url: '/api/Inventory/GetStatus',
			method: 'POST',
			baseURL: BASE,
			headers: { 'x-request': 'kept', Authorization: 'ServiceAuth unit-token' },
			body: { Authentication: PLACED, Top: 1 },
		});
		expect(Object.keys(prepared.body as object)).toEqual(['Authentication', 'Top']);
		// the request n8n handed in is left as it was
		expect(options).toEqual({
			url: '/api/Inventory/GetStatus',
			method: 'POST',
			baseURL: BASE,
			headers: { 'x-request': 'kept' },
			body: { Top: 1 },
		});
	});

	it.each([
		['/api/Tracking/GetDetails', { AuthenticationDetails: PLACED, OrderNo: 'SO-1' }],
		['/api/SalesOrder/GetOrdersOnHold', { ...PLACED, OrderNo: 'SO-1' }],
		[`${BASE}/api/SalesOrder/GetOrdersOnHold?x=1`, { ...PLACED, OrderNo: 'SO-1' }],
	])('places the credentials in the shape %s needs', async (url, body) => {
		const prepared = await authenticate(CREDENTIALS, { url, baseURL: BASE, body: { OrderNo: 'SO-1' } });
		expect(prepared.body).toEqual(body);
	});

	it.each([
		['no body', undefined],
		['a list', [{ OrderNo: 'SO-1' }]],
		['text', 'OrderNo=SO-1'],
		['null', null],
	])('sends only the credentials when the body is %s', async (_name, body) => {
		const prepared = await authenticate(CREDENTIALS, { baseURL: BASE, body: body as never });
		expect(prepared.body).toEqual({ Authentication: PLACED });
	});

	it('sends empty text, never "undefined", for a member the credential lacks', async () => {
		const prepared = await authenticate({ baseUrl: BASE }, { baseURL: BASE });
		expect(prepared.headers).toEqual({ Authorization: 'ServiceAuth ' });
		expect(prepared.body).toEqual({ Authentication: { UserKey: '', Password: '', CustomerNo: '' } });
	});

	it('checks the address the request goes to, not only the credential’s', async () => {
		await expect(authenticate(CREDENTIALS, { baseURL: 'http://elsewhere.example/v3' })).rejects.toThrow('must use https');
		await expect(authenticate({ ...CREDENTIALS, baseUrl: 'not a url' }, { baseURL: BASE })).resolves.toBeDefined();
	});

	it('checks the credential’s Base URL when the request names none', async () => {
		await expect(authenticate({ ...CREDENTIALS, baseUrl: `${BASE}?env=test` }, {})).rejects.toThrow('must not have a query');
		await expect(authenticate(CREDENTIALS, {})).resolves.toMatchObject({ headers: { Authorization: 'ServiceAuth unit-token' } });
	});

	it('refuses before building anything, and the refusal carries no secret', async () => {
		const error = await authenticate({ ...CREDENTIALS, baseUrl: 'https://user:unit-password@fulfillment.example/v3' }, {}).catch(
			(e: Error) => e,
		);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toContain('must not contain a user name or password');
		expect((error as Error).message).not.toContain('unit-password');
	});
});
