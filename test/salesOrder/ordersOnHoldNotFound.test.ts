// Sales Order → Get Orders On Hold: the provider's 404 ("no orders on hold") against a 404 of no interface (a wrong Base
// URL, a web page, a router's message, an empty body), through n8n's engine against the sandbox.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line, paired, salesOrder } from './helpers';

const fx = useSandbox();

const onHold = (options: Parameters<typeof actionWorkflow>[1] = {}) =>
	actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false }), options);

const NO_INTERFACE = 'The Base URL does not lead to the sales order interface (404)';

const pages: Array<[string, IDataObject]> = [
	['a web page', { body: '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>', as: 'text' }],
	["ASP.NET's routing message", { body: { Message: "No HTTP resource was found that matches the request URI 'https://api.example.com/v3/api/SalesOrder/GetOrdersOnHold'." } }],
	["Express's routing message", { body: 'Cannot POST /v3/api/SalesOrder/GetOrdersOnHold', as: 'text' }],
	['an empty body', { body: '', as: 'text' }],
	['an empty object', { body: {} }],
];

describe('Sales Order → Get Orders On Hold: a 404 that is not the provider\'s "none on hold"', () => {
	it('a Base URL with a wrong prefix (every path answers 404) fails saying to check the Base URL, not "none on hold"', async () => {
		await createOrders(fx, [{ OrderNo: 'HOLD-W1', hold: true, items: [line(SKU_A, 1)] }]);
		const result = await fx.run(onHold(), { baseUrl: `${fx.sandbox.baseUrl.replace(/\/v3$/, '')}/wrong/v3` });
		expect(result.error?.message).toBe(NO_INTERFACE);
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/Check the Base URL in the Wine Fulfillment API credential/);
		expect(result.error?.description).toMatch(/"no orders on hold"/);
		expect(result.error?.description).toMatch(/No operation POST \/wrong\/v3\/api\/SalesOrder\/GetOrdersOnHold/);
		expect((await fx.control.requests('GetOrdersOnHold')).map((r) => r.status)).toEqual([404]);
	});

	it.each(pages)('%s fails saying to check the Base URL, asked once (a 404 is an answer, not a failure to retry)', async (_case, answer) => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetOrdersOnHold', ...answer });
		const result = await fx.run(onHold());
		expect(result.error?.message).toBe(NO_INTERFACE);
		expect(result.output(ACTION_NODE)).toEqual([]);
		expect(await fx.control.requests('GetOrdersOnHold')).toHaveLength(1);
	});

	it('with Continue On Fail, the item is an error item paired with its input item, not an empty output', async () => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetOrdersOnHold', body: '<html><body>Not Found</body></html>', as: 'text' });
		const result = await fx.run(onHold({ continueOnFail: true, items: [{ a: 1 }, { a: 2 }] }));
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => [i.json.error, paired(i)])).toEqual([
			[NO_INTERFACE, 0],
			[NO_INTERFACE, 1],
		]);
	});

	it("the sandbox's own 404 (none on hold) and the provider's message as JSON text stay \"none on hold\"", async () => {
		const none = await fx.run(onHold());
		expect(none.error).toBeUndefined();
		expect(none.output(ACTION_NODE)).toEqual([]);
		const [sent] = await fx.control.requests('GetOrdersOnHold');
		// the sandbox answers { Message: 'No orders on hold' } (fail(404, ...))
		expect(sent.status).toBe(404);

		await fx.control.fault({ kind: 'status', status: 404, path: 'GetOrdersOnHold', body: 'There are no orders on hold' });
		const text = await fx.run(onHold());
		expect(text.error).toBeUndefined();
		expect(text.output(ACTION_NODE)).toEqual([]);
	});
});
