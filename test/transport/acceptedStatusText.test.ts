// A status the caller accepts (acceptStatuses: BatchSalesOrder's 413, split the batch) is handed back whatever its body: a
// web page or a proxy's text as that text, scrubbed, asked once (never retried as a garbled answer); JSON parsed.
import { useSandbox } from '../harness/sandbox';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 20 });
// quick retries, so that a retry shows as a request without slowing the test
const retry = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 2 };
const page = (title: string) => `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

describe('transport: an accepted status whose body is not JSON', () => {
	it('a read: the 404 web page is handed back as its text, asked once', async () => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetStatus', as: 'text', body: page('404 Not Found') });
		const result = await fx.run(probe({ endpoint: 'getStatus', acceptStatuses: [404], retry }));
		expect(result.error).toBeUndefined();
		const [item] = result.output(PROBE_NODE);
		expect([item.json.statusCode, item.json.body]).toEqual([404, page('404 Not Found')]);
		expect(await fx.control.requests('GetStatus')).toHaveLength(1);
	});

	it('a read: text that echoes the credentials comes back scrubbed', async () => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetStatus', as: 'text', echo: 'raw' });
		const result = await fx.run(probe({ endpoint: 'getStatus', acceptStatuses: [404], retry }));
		expect(result.error).toBeUndefined();
		const [item] = result.output(PROBE_NODE);
		expect(item.json.statusCode).toBe(404);
		expect(item.json.body).toEqual(expect.stringContaining('***'));
		expectNoSecrets(result.run);
	});

	it("a write: a proxy's 413 page is handed back (the caller splits the batch), asked once", async () => {
		await fx.control.fault({ kind: 'status', status: 413, path: 'BatchSalesOrder', as: 'text', body: page('413 Request Entity Too Large') });
		const result = await fx.run(probe({ endpoint: 'batchSalesOrder', acceptStatuses: [413], retry }));
		expect(result.error).toBeUndefined();
		const [item] = result.output(PROBE_NODE);
		expect([item.json.statusCode, item.json.body]).toEqual([413, page('413 Request Entity Too Large')]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it("a write: the same 413 page not accepted is the 413 error (send fewer records), not an unreadable answer that may have taken effect", async () => {
		await fx.control.fault({ kind: 'status', status: 413, path: 'BatchSalesOrder', as: 'text', body: page('413 Request Entity Too Large') });
		const result = await fx.run(probe({ endpoint: 'batchSalesOrder', retry }));
		expect(result.error?.message).toBe('The request is too large for the provider');
		expect(result.error?.description).toContain('Send fewer records');
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it('an accepted status with a JSON body (or none) is still handed back to the caller', async () => {
		for (const [body, as, expected] of [
			[{ Message: 'None' }, 'json', { Message: 'None' }],
			['', 'text', undefined],
		] as const) {
			await fx.control.fault({ kind: 'status', status: 404, path: 'GetStatus', count: 1, as, body });
			const result = await fx.run(probe({ endpoint: 'getStatus', acceptStatuses: [404], retry }));
			expect(result.error).toBeUndefined();
			const [item] = result.output(PROBE_NODE);
			expect([item.json.statusCode, item.json.body]).toEqual([404, expected]);
		}
	});
});
