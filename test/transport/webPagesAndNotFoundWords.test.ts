// The exact words of two errors that tell a user to check the Base URL, through n8n's engine against the sandbox: a
// success answer that is a web page (how it is told from unreadable JSON, how its title is named) and a 404 that is not
// the provider's "none" (Sales Order → Get Orders On Hold: what came back, the answer shown, cut at 300 characters);
// and a write's success answered as text: what is text, what is JSON cut short.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { salesOrder } from '../salesOrder/helpers';
import { PROBE_NODE, probe } from './helpers';

const fx = useSandbox();

const WEB_PAGE = "The provider answered with a web page instead of the interface's JSON";
const CHECK_V3 = "Check the Base URL in the Wine Fulfillment API credential: it must be the environment's API address ending in /v3";
/** webPageError's description for a read, `named` the page's title as quoted */
const readPage = (named: string) =>
	`The Base URL answered with a web page${named}, such as a sign-in or portal page, not the interface. ` +
	`${CHECK_V3}, the environment the credentials were issued for. The query was not retried: the same page would come back.`;

/** A read answered 200 once with `body` (as text/plain unless `headers` say otherwise). */
async function readAnswered(body: string, headers?: Record<string, string>) {
	await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', count: 1, body, as: 'text', ...(headers ? { headers } : {}) });
	return fx.run(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 5, maxDelayMs: 20 } }));
}

describe('transport: a web page answered 200, in words', () => {
	it("names the page by its title, its white space folded and trimmed, whatever the title tag's attributes", async () => {
		const result = await readAnswered('<html><head><title lang="en" data-x="1">\n  Partner   portal:\n\tsign in  </title></head></html>');
		expect(result.error?.message).toBe(WEB_PAGE);
		expect(result.error?.description).toBe(readPage(' ("Partner portal: sign in")'));
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('a page without a title is named by nothing', async () => {
		const result = await readAnswered('<html><body><form>Sign in</form></body></html>');
		expect(result.error?.description).toBe(readPage(''));
	});

	it('a title of 120 characters is named whole; a longer one is cut at 120, with an ellipsis', async () => {
		const title = 'Sign in to the partner portal of the fulfillment provider, where orders, stock and shipments are seen. Welcome back!';
		const exactly = title.padEnd(120, '.');
		expect(exactly).toHaveLength(120);
		const whole = await readAnswered(`<html><title>${exactly}</title></html>`);
		expect(whole.error?.description).toBe(readPage(` ("${exactly}")`));
		const cut = await readAnswered(`<html><title>${exactly}XY</title></html>`);
		expect(cut.error?.description).toBe(readPage(` ("${exactly}…")`));
	});

	it('declared as text/html, a body that does not start with < is a web page, not unreadable JSON to retry', async () => {
		const result = await readAnswered('Please sign in to continue.', { 'content-type': 'text/html; charset=utf-8' });
		expect(result.error?.message).toBe(WEB_PAGE);
		expect(result.error?.description).toBe(readPage(''));
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('markup after leading white space is a web page whatever its declared type', async () => {
		const result = await readAnswered('\n\n   <html><title>Portal</title></html>');
		expect(result.error?.description).toBe(readPage(' ("Portal")'));
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('a type that names text/html only in a parameter is not a web page: the unreadable answer is retried', async () => {
		const result = await readAnswered('Please sign in to continue.', { 'content-type': 'application/json;profile=text/html' });
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.statusCode).toBe(200);
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
	});
});

describe("transport: a write's success answered as text", () => {
	async function write(text: string) {
		await fx.control.fault({ kind: 'status', status: 200, when: 'after', path: 'UpdateSalesOrder', count: 1, body: text, as: 'text' });
		return fx.run(probe({ endpoint: 'updateSalesOrder' }));
	}

	it('is the text, trimmed', async () => {
		const result = await write('  \n Updated \n');
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.body).toBe('Updated');
	});

	it('a quote or bracket further in does not make it JSON cut short', async () => {
		const result = await write('Saved:"SO-1" [queued]');
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.body).toBe('Saved:"SO-1" [queued]');
	});
});

describe('Sales Order → Get Orders On Hold: a 404 that is not the provider\'s "none", in words', () => {
	const onHold = () => actionWorkflow(salesOrder('getOrdersOnHold', { returnAll: true, simplify: false }));
	const lead = `${CHECK_V3}. This 404 is not the provider's "not found"`;
	const notNone = (what: string) => `${lead} (${what}), so it is not read as "no orders on hold".`;

	async function answered404(answer: IDataObject) {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetOrdersOnHold', count: 1, ...answer });
		const result = await fx.run(onHold());
		expect(result.error?.message).toBe('The Base URL does not lead to the sales order interface (404)');
		expect(result.error?.httpCode).toBe('404');
		expect(result.output(ACTION_NODE)).toEqual([]);
		return result.error?.description;
	}

	it('an empty body: says so, and shows no answer', async () => {
		expect(await answered404({ body: '', as: 'text' })).toBe(notNone('its body is empty'));
	});

	it('a web page: says so, and shows the page', async () => {
		const page = '<html><head><title>404 Not Found</title></head><body>Not Found</body></html>';
		expect(await answered404({ body: page, as: 'text' })).toBe(`${notNone('it is a web page')}\n\nThe answer (404): ${page}`);
	});

	it("a router's message or a body that holds no message: says so, and shows it", async () => {
		const said = 'Cannot POST /v3/api/SalesOrder/GetOrdersOnHold';
		expect(await answered404({ body: said, as: 'text' })).toBe(`${notNone("it is a router's message, or holds no message")}\n\nThe answer (404): ${said}`);
		expect(await answered404({ body: {} })).toBe(`${notNone("it is a router's message, or holds no message")}\n\nThe answer (404): {}`);
	});

	it('an answer of 300 characters is shown whole; a longer one is cut at 300, with an ellipsis', async () => {
		const page = (length: number) => {
			const open = '<html><body>';
			return `${open}${'Not Found. '.repeat(40)}`.slice(0, length - 1) + '>';
		};
		const exactly = page(300);
		expect(exactly).toHaveLength(300);
		expect(await answered404({ body: exactly, as: 'text' })).toBe(`${notNone('it is a web page')}\n\nThe answer (404): ${exactly}`);
		const longer = page(301);
		expect(await answered404({ body: longer, as: 'text' })).toBe(`${notNone('it is a web page')}\n\nThe answer (404): ${longer.slice(0, 300)}…`);
	});
});
