// Redirects are never followed, and a create answered without a transaction reference is an unknown outcome.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders } from '../sandbox/stores';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 5 });

/** A second loopback server a redirect points to: it must never hear from the node. */
let target: Server;
let targetUrl = '';
const heard: { method: string; url: string; authorization?: string }[] = [];
beforeAll(async () => {
	target = createServer((req, res) => {
		heard.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
		req.resume();
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('{"Message":"welcome"}');
	});
	await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
	targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
beforeEach(() => {
	heard.length = 0;
});
afterAll(async () => {
	target.closeAllConnections();
	await new Promise<void>((resolve) => target.close(() => resolve()));
});

const createOrder = (orderNo: string) =>
	actionWorkflow({
		resource: 'salesOrder',
		operation: 'create',
		orderNo,
		orderType: 'RETAIL',
		itemsInput: 'json',
		itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
	});

describe('transport: redirects are not followed', () => {
	it.each([301, 302, 307, 308])('%i on Create Sales Order: an error saying where it pointed; the target hears nothing', async (status) => {
		const location = `${targetUrl}/v3/api/SalesOrder/CreateSalesOrder`;
		await fx.control.fault({ kind: 'status', status, headers: { location }, body: { Message: 'Moved' }, path: 'CreateSalesOrder' });
		const result = await fx.run(createOrder(`RD-${status}`));
		expect(result.error?.message).toBe(
			`The provider redirected the request to ${location} (${status}); redirects are not followed; the request may have taken effect, check before sending it again`,
		);
		expect(result.error?.description).toContain('Check the Base URL');
		expect(result.error?.httpCode).toBe(String(status));
		expect(result.output(ACTION_NODE)).toHaveLength(0);
		expect(heard).toEqual([]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expectNoSecrets(result.run);
	});

	it.each([301, 302, 307, 308])('%i on a read: not followed, not retried', async (status) => {
		await fx.control.fault({ kind: 'status', status, headers: { location: `${targetUrl}/elsewhere` }, path: 'GetStatus' });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 1, maxDelayMs: 5 } }));
		expect(result.error?.message).toContain(`redirected the request to ${targetUrl}/elsewhere (${status})`);
		expect(heard).toEqual([]);
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('a redirect without a location, and one whose location carries credentials, say so without repeating them', async () => {
		await fx.control.fault({ kind: 'status', status: 303, path: 'GetStatus', count: 1 });
		const bare = await fx.run(probe({ endpoint: 'getStatus' }));
		expect(bare.error?.message).toBe('The provider answered with redirect status 303 and no location; redirects are not followed');

		await fx.control.fault({ kind: 'status', status: 307, headers: { location: 'https://someone:hunter22@elsewhere.example/v3' }, path: 'GetStatus' });
		const withUser = await fx.run(probe({ endpoint: 'getStatus' }));
		expect(withUser.error?.message).toContain('redirected the request to https://elsewhere.example/v3');
		expect(JSON.stringify(withUser.run)).not.toContain('hunter22');
	});

	it("keeps the interface's own 300 (several orders match) as it was", async () => {
		await fx.control.fault({ kind: 'status', status: 300, body: { Message: 'Multiple orders' }, path: 'UpdateSalesOrder' });
		const result = await fx.run(probe({ endpoint: 'updateSalesOrder', retry: { maxRetries: 0 } }));
		expect(result.error?.message).toBe('Several sales orders match this order number');
		expect(result.error?.httpCode).toBe('300');
	});
});

describe('transport: a create without a transaction reference has an unknown outcome', () => {
	it('returns the reference of a normal create', async () => {
		const result = await fx.run(
			probe({
				endpoint: 'createSalesOrder',
				requireReference: true,
				body: { OrderInfo: { OrderNo: 'REF-1', OrderType: 'RETAIL' }, ItemsInfo: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] },
			}),
		);
		expect(result.error).toBeUndefined();
		const [order] = salesOrders(fx.sandbox.state);
		expect(result.output(PROBE_NODE)[0].json.reference).toBe(order.TransactionReferenceNumber);
	});

	it.each([
		['201 with an empty object', { kind: 'status', status: 201, body: {} }, 'a JSON object with no members'],
		['200 with no body', { kind: 'status', status: 200, body: '', as: 'text' }, 'an empty answer'],
		['200 with a message only', { kind: 'status', status: 200, body: { Message: 'Accepted' } }, 'the provider said: Accepted'],
		['201 with a blank string', { kind: 'status', status: 201, body: '   ' }, '"   "'],
	] as const)('%s: an error saying the order may exist, sent once', async (_name, fault, said) => {
		// the provider processes the create, then answers without the reference
		await fx.control.fault({ ...fault, when: 'after', path: 'CreateSalesOrder' });
		const result = await fx.run(
			probe({
				endpoint: 'createSalesOrder',
				requireReference: true,
				body: { OrderInfo: { OrderNo: 'REF-2', OrderType: 'RETAIL' }, ItemsInfo: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }] },
			}),
		);
		expect(result.error?.message).toBe(
			`The provider answered ${fault.status} without a transaction reference, so the outcome of this sales order create is unknown: the request may have taken effect, check before sending it again`,
		);
		expect(result.error?.description).toContain('may have been created');
		expect(result.error?.description).toContain('before sending it again');
		expect(result.error?.description).toContain(said);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expect(salesOrders(fx.sandbox.state)).toHaveLength(1);
	});
});
