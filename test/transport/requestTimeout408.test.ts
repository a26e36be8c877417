// Bug hunt 39: a 408 Request Timeout (a server or a proxy on the way gave up waiting for the request: network trouble
// between n8n and the provider) is a timeout (RFC 9110 15.5.9: the client "MAY repeat that request"). A read is retried
// with the bounded backoff, as a 5xx or a timeout is (design.md: "reads on 5xx/reset"). A write is never resent, and its
// error says so and that it may have taken effect, as a 5xx's does (errors.ts messageFor; mayHaveTakenEffect already
// counts a 408 as possibly taken effect, so a create answered 408 is recorded as possibly sent).
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrders } from '../sandbox/stores';
import { probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 3 });
const getStatus = () => actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 });

describe('a 408 Request Timeout is a timeout', () => {
	it('Inventory → Get Status: a read answered 408 once is retried and its records come out, as without the 408', async () => {
		const undisturbed = (await fx.run(getStatus())).output(ACTION_NODE);
		expect(undisturbed.length).toBeGreaterThan(0);
		await fx.control.fault({ kind: 'status', status: 408, path: 'GetStatus', count: 1, body: { Message: 'Request Timeout' } });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE)).toEqual(undisturbed);
		expect((await fx.control.requests('GetStatus')).map((r) => r.status)).toEqual([200, 408, 200]);
	});

	it('a read answered 408 every time is retried within its bound, then says so', async () => {
		await fx.control.fault({ kind: 'status', status: 408, path: 'GetStatus', body: { Message: 'Request Timeout' } });
		const result = await fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 1, maxDelayMs: 4, maxRetries: 2 } }));
		expect(await fx.control.requests('GetStatus')).toHaveLength(3);
		expect(result.error?.message).toBe('The provider, or a proxy on the way, timed out waiting for the request (408)');
		expect(result.error?.description).toMatch(/^The query was retried and still failed; try again later\. The provider said: Request Timeout/);
	});

	it('Sales Order → Create answered 408 after the provider took it: not resent, and the error says it may have taken effect', async () => {
		await fx.control.fault({ kind: 'status', status: 408, when: 'after', path: 'CreateSalesOrder', count: 1, body: { Message: 'Request Timeout' } });
		const result = await fx.run(
			actionWorkflow({
				resource: 'salesOrder',
				operation: 'create',
				orderNo: 'T408-1',
				orderType: 'RETAIL',
				itemsInput: 'json',
				itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}',
			}),
		);
		expect(salesOrders(fx.sandbox.state).map((o) => o.OrderNo)).toEqual(['T408-1']);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The provider, or a proxy on the way, timed out waiting for the request (408): the request may have taken effect, check before sending it again',
		);
		expect(result.error?.description).toMatch(/not resent/);
		expect(result.error?.description).toMatch(/may have (taken effect|processed)/);
	});
});
