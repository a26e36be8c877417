// The transport's apiRequest driven through a fake n8n auth helper: what it sends, when it retries or resends, what it returns or throws.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, apiRequest, type RequestOptions } from '../../nodes/WineFulfillment/transport/request';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE, fakeContext, type FakeAnswer } from './fakeContext';

const read = ENDPOINTS.getStatus;
const create = ENDPOINTS.createSalesOrder;
const fast = { baseDelayMs: 1, maxDelayMs: 4 };
const PDF = Buffer.from('%PDF-1.7\nrest\n%%EOF\n');

/** answers in turn (the last one repeats); an Error is thrown as the HTTP helper throws it */
function scripted(...answers: Array<FakeAnswer | Error>) {
	return fakeContext((_request, n) => {
		const a = answers[Math.min(n, answers.length - 1)];
		if (a instanceof Error) throw a;
		return a;
	});
}
const ok = (body: unknown, headers?: FakeAnswer['headers']): FakeAnswer => ({ statusCode: 200, body, headers });
const status = (statusCode: number, body: unknown = { Message: `said ${statusCode}` }, headers?: FakeAnswer['headers']): FakeAnswer => ({
	statusCode,
	body,
	headers,
});
const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

async function call(ctxOf: ReturnType<typeof scripted>, endpoint = read, body: IDataObject = { Top: 1 }, options: RequestOptions = {}) {
	return await apiRequest.call(ctxOf.ctx, endpoint, body, { retry: fast, ...options });
}
async function failure(ctxOf: ReturnType<typeof scripted>, endpoint = read, options: RequestOptions = {}) {
	try {
		await call(ctxOf, endpoint, { Top: 1 }, options);
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('no error');
}

describe('apiRequest: the request', () => {
	it('hands n8n the endpoint, the base URL, JSON headers, a copy of the body, no redirects, the timeout and the credential read', async () => {
		const c = scripted(ok({ Items: [] }));
		const body = { Top: 1 };
		await apiRequest.call(c.ctx, read, body, { qs: { a: '1' } });
		const sent = c.sent[0];
		expect(sent.options).toMatchObject({
			method: 'POST',
			baseURL: 'https://fulfillment.example/v3',
			url: '/api/Inventory/GetStatus',
			qs: { a: '1' },
			body: { Top: 1 },
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 120_000,
		});
		expect(sent.body).not.toBe(body);
	});

	it('asks for a document by its type (then a JSON answer carrying it), as bytes, and takes a timeout', async () => {
		const c = scripted({ statusCode: 200, body: PDF, headers: { 'content-type': 'application/pdf' } });
		await apiRequest.call(c.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf', timeoutMs: 5000 });
		expect(c.sent[0].options).toMatchObject({
			headers: { Accept: 'application/pdf, application/json;q=0.9' },
			encoding: 'arraybuffer',
			timeout: 5000,
		});
	});

	it('passes the credential it read (id, name, type, data) so n8n does not read it again', async () => {
		const seen: unknown[] = [];
		const c = scripted(ok({}));
		const helper = (c.ctx.helpers as unknown as { httpRequestWithAuthentication: (...a: unknown[]) => unknown }).httpRequestWithAuthentication;
		(c.ctx.helpers as unknown as IDataObject).httpRequestWithAuthentication = async function (this: unknown, ...args: unknown[]) {
			seen.push(args[0], args[2]);
			return await helper.apply(this, args);
		};
		await call(c);
		expect(seen[0]).toBe(CREDENTIAL_TYPE);
		expect(seen[1]).toEqual({
			credentialsDecrypted: {
				id: 'c1',
				name: 'Unit credential',
				type: 'wineFulfillmentApi',
				data: { baseUrl: 'https://fulfillment.example/v3', userKey: 'unit-user-key', password: 'unit-password' },
			},
		});
	});

	it('reads the credential once per context', async () => {
		const c = scripted(ok({}));
		let reads = 0;
		const getCredentials = c.ctx.getCredentials.bind(c.ctx);
		c.ctx.getCredentials = (async (type: string) => {
			reads += 1;
			return await getCredentials(type);
		}) as typeof c.ctx.getCredentials;
		await Promise.all([call(c), call(c), call(c)]);
		expect(reads).toBe(1);
	});

	it('refuses a credential whose Base URL breaks the rule, before any request, and reads it again next time', async () => {
		const credentials: IDataObject = { baseUrl: 'http://api.example.com/v3', userKey: 'unit-user-key', password: 'unit-password' };
		const c = fakeContext(() => ok({}), credentials);
		const attempt = () => apiRequest.call(c.ctx, read, {});
		await expect(attempt()).rejects.toThrow(NodeOperationError);
		await expect(attempt()).rejects.toMatchObject({
			message: expect.stringContaining('Base URL must use https'),
			description: 'Open the Wine Fulfillment API credential and correct its Base URL.',
		});
		expect(c.sent).toHaveLength(0);
		credentials.baseUrl = 'https://api.example.com/v3/';
		await attempt();
		expect(c.sent[0].options.baseURL).toBe('https://api.example.com/v3');
	});

	it('without credentials on the node, the credential read has no id and no name', async () => {
		const c = scripted(ok({}));
		const seen: unknown[] = [];
		c.ctx.getNode = () => ({ ...UNIT_NODE, credentials: undefined });
		const helper = (c.ctx.helpers as unknown as { httpRequestWithAuthentication: (...a: unknown[]) => unknown }).httpRequestWithAuthentication;
		(c.ctx.helpers as unknown as IDataObject).httpRequestWithAuthentication = async function (this: unknown, ...args: unknown[]) {
			seen.push(args[2]);
			return await helper.apply(this, args);
		};
		await call(c);
		expect(seen[0]).toMatchObject({ credentialsDecrypted: { id: '', name: '', type: 'wineFulfillmentApi' } });
	});
});

describe('apiRequest: answers', () => {
	it('returns the status, the headers and the parsed JSON body', async () => {
		const c = scripted(ok({ Items: [1] }, { 'content-type': 'application/json', 'x-id': '7' }));
		expect(await call(c)).toEqual({ statusCode: 200, headers: { 'content-type': 'application/json', 'x-id': '7' }, body: { Items: [1] } });
	});

	it('an empty body is undefined; any 2xx is a success', async () => {
		expect((await call(scripted(status(204, '')))).body).toBeUndefined();
		expect((await call(scripted(status(201, '  ')))).body).toBeUndefined();
		expect((await call(scripted(status(299, '"x"')))).body).toBe('x');
	});

	it('a body the helper already parsed is kept; a Buffer or ArrayBuffer is read as text', async () => {
		const parsed = fakeContext(() => ({ statusCode: 200, body: undefined }));
		(parsed.ctx.helpers as unknown as IDataObject).httpRequestWithAuthentication = async () => ({ statusCode: 200, headers: {}, body: { a: 1 } });
		expect((await call(parsed)).body).toEqual({ a: 1 });
		const buffer = fakeContext(() => ({ statusCode: 200, body: Buffer.from('{"b":2}') }));
		expect((await call(buffer)).body).toEqual({ b: 2 });
		const arrayBuffer = fakeContext(() => ({ statusCode: 200 }));
		(arrayBuffer.ctx.helpers as unknown as IDataObject).httpRequestWithAuthentication = async () => {
			const bytes = Buffer.from('{"c":3}');
			return { statusCode: 200, headers: {}, body: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) };
		};
		expect((await call(arrayBuffer)).body).toEqual({ c: 3 });
	});

	it('hands back an accepted status instead of throwing it', async () => {
		expect(await call(scripted(status(404, '[]')), read, {}, { acceptStatuses: [404] })).toMatchObject({ statusCode: 404, body: [] });
		await expect(call(scripted(status(404, '[]')), read, {}, { acceptStatuses: [400] })).rejects.toMatchObject({ httpCode: '404' });
	});

	it('strips credential members from an answer and masks secrets in it and in its headers', async () => {
		const c = scripted(ok({ Authentication: { UserKey: 'unit-user-key' }, Note: 'pw unit-password' }, { 'x-echo': 'unit-user-key' }));
		const answer = await call(c);
		expect(answer.body).toEqual({ Note: 'pw ***' });
		expect(answer.headers).toEqual({ 'x-echo': '***' });
	});

	it('an answer without headers has none', async () => {
		const c = fakeContext(() => ok({}));
		(c.ctx.helpers as unknown as IDataObject).httpRequestWithAuthentication = async () => ({ statusCode: 200, body: '{}' });
		expect((await call(c)).headers).toEqual({});
	});

	it('a document: the bytes, their type, a scrubbed file name and meta', async () => {
		const c = scripted({
			statusCode: 200,
			body: PDF,
			headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="unit-password.pdf"' },
		});
		const answer = await apiRequest.call(c.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf' });
		expect(answer.body).toEqual({ data: PDF, mimeType: 'application/pdf', fileName: '***.pdf', meta: {} });
		const json = scripted({
			statusCode: 200,
			body: JSON.stringify({ Label: PDF.toString('base64'), Password: 'unit-password', Carrier: 'UPS' }),
			headers: { 'content-type': 'application/json' },
		});
		const inJson = await apiRequest.call(json.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf' });
		expect(inJson.body).toEqual({ data: PDF, mimeType: 'application/pdf', fileName: undefined, meta: { Carrier: 'UPS' }, member: 'Label' });
	});

	it('a document answer that is not the document is an error, not resent', async () => {
		const c = scripted({ statusCode: 200, body: Buffer.from('not ready unit-password'), headers: { 'content-type': 'text/plain' } });
		const e = await failure(c, ENDPOINTS.generateJitLabel, { document: 'application/pdf', itemIndex: 2 });
		expect(e.message).toBe('The provider did not answer with a PDF document: it sent text (text/plain): "not ready ***"; the request may have taken effect, check before sending it again');
		expect(e.context.itemIndex).toBe(2);
		expect(c.sent).toHaveLength(1);
	});

	it('a failed document request is a status error', async () => {
		const c = scripted(status(404, JSON.stringify({ Message: 'no label' })));
		const e = await failure(c, ENDPOINTS.generateJitLabel, { document: 'application/pdf' });
		expect(e.message).toBe('Not found (404)');
	});
});

describe('apiRequest: statuses and retries', () => {
	it('throws a provider status with its message, secrets masked, and the item', async () => {
		const c = scripted(status(400, JSON.stringify({ Message: 'bad unit-user-key' })));
		const e = await failure(c, create, { itemIndex: 4 });
		expect(e).toBeInstanceOf(NodeApiError);
		expect(e.message).toBe('The provider rejected the request as invalid: bad ***');
		expect(e.context.itemIndex).toBe(4);
		expect(c.sent).toHaveLength(1);
	});

	it('a status error quotes a body that is not JSON', async () => {
		const e = await failure(scripted(status(400, 'plain words')));
		expect(e.message).toBe('The provider rejected the request as invalid: plain words');
	});

	it('retries a 429, honouring Retry-After, for a read and a write alike', async () => {
		for (const endpoint of [read, create]) {
			const c = scripted(status(429, '', { 'retry-after': '0.003' }), ok('"ref-1"'));
			expect((await call(c, endpoint)).body).toBe('ref-1');
			expect(c.sent).toHaveLength(2);
			expect(c.debug).toEqual([`Wine Fulfillment: ${endpoint.path} answered 429; retrying in 3 ms (attempt 2)`]);
		}
	});

	it("a Retry-After of the backoff's first step is waited for as asked; one under it gets the backoff", async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0);
		try {
			const retry = { baseDelayMs: 6, maxDelayMs: 40 };
			const at = scripted(status(429, '', { 'retry-after': '0.006' }), ok('{}'));
			await call(at, read, { Top: 1 }, { retry });
			const under = scripted(status(429, '', { 'retry-after': '0.005' }), ok('{}'));
			await call(under, read, { Top: 1 }, { retry });
			expect([...at.debug, ...under.debug]).toEqual([
				'Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 6 ms (attempt 2)',
				'Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 3 ms (attempt 2)',
			]);
		} finally {
			jest.restoreAllMocks();
		}
	});

	it("a Retry-After longer than one backoff wait is waited for as asked, within the call's budget", async () => {
		const c = scripted(status(429, '', { 'retry-after': '0.025' }), ok('{}'));
		await call(c);
		expect(c.debug).toEqual(['Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 25 ms (attempt 2)']);
		expect(c.sent).toHaveLength(2);
	});

	it("a Retry-After past the call's budget ends the call at once, never sent again early; the error says how long", async () => {
		for (const endpoint of [read, create]) {
			const c = scripted(status(429, '', { 'retry-after': '60' }), ok('{}'));
			const e = await failure(c, endpoint, { retry: { ...fast, maxTotalWaitMs: 50 } });
			expect(c.sent).toHaveLength(1);
			expect(c.debug).toEqual([]);
			// one request, no retry: none is claimed, nor Concurrency advised (bug hunt 39)
			expect(e.message).toBe("The provider's rate limit was exceeded");
			expect(e.description).toMatch(
				/^The provider asked to wait 60 s before the next request \(Retry-After\)\. That is more than the node had left to wait, so no further request was sent: run the workflow again after .+ UTC, or schedule it to run after the wait\./,
			);
		}
		// without a Retry-After, retries used up: the error names no wait
		const c = scripted(status(429, ''), ok('{}'));
		const e = await failure(c, read, { retry: { ...fast, maxRateLimitRetries: 0 } });
		expect(e.message).toBe("The provider's rate limit was exceeded");
		expect(e.description).not.toContain('Retry-After');
	});

	it('a 429 without Retry-After backs off', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0.999999);
		try {
			const c = scripted(status(429, ''), status(429, ''), ok('{}'));
			await call(c);
			expect(c.debug).toEqual([
				'Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 1 ms (attempt 2)',
				'Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 2 ms (attempt 3)',
			]);
		} finally {
			jest.restoreAllMocks();
		}
	});

	it('a 429 that outlasts the retries is an error after exactly maxRateLimitRetries retries', async () => {
		const c = scripted(status(429, JSON.stringify({ Message: 'slow' })));
		const e = await failure(c, read, { retry: { ...fast, maxRetries: 1, maxRateLimitRetries: 3 } });
		expect(e.message).toBe("The provider's rate limit was exceeded and retries did not get through");
		expect(c.sent).toHaveLength(4);
	});

	it('429s and failures count against their own bounds: refusals leave a failure its retries, and failures leave a 429 its own', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0);
		try {
			// three 429s with maxRetries 1: a 503 after them is still retried once
			const c = scripted(status(429, ''), status(429, ''), status(429, ''), status(503, ''), ok('{}'));
			await call(c, read, { Top: 1 }, { retry: { ...fast, maxRetries: 1, maxRateLimitRetries: 3 } });
			expect(c.sent).toHaveLength(5);
			// the 429 backoff starts from its own first step after failures: 1 ms, not the failures' 2 ms
			const d = scripted(status(503, ''), status(429, ''), ok('{}'));
			await call(d, read, { Top: 1 }, { retry: { ...fast, baseDelayMs: 2, maxRetries: 1, maxRateLimitRetries: 1 } });
			expect(d.debug).toEqual([
				'Wine Fulfillment: /api/Inventory/GetStatus answered 503: ; retrying in 1 ms (attempt 2)',
				'Wine Fulfillment: /api/Inventory/GetStatus answered 429; retrying in 1 ms (attempt 3)',
			]);
			// and a second failure after the 429 is over maxRetries 1
			const e = scripted(status(503, ''), status(429, ''), status(503, ''), ok('{}'));
			await failure(e, read, { retry: { ...fast, maxRetries: 1, maxRateLimitRetries: 1 } });
			expect(e.sent).toHaveLength(3);
		} finally {
			jest.restoreAllMocks();
		}
	});

	it('never waits past the total wait budget', async () => {
		const c = scripted(status(429, '', { 'retry-after': '0.003' }));
		await failure(c, read, { retry: { ...fast, maxRetries: 10, maxTotalWaitMs: 7 } });
		// 3 + 3 = 6 ms; a third wait would make 9
		expect(c.sent).toHaveLength(3);
		const exact = scripted(status(429, '', { 'retry-after': '0.003' }));
		await failure(exact, read, { retry: { ...fast, maxRetries: 10, maxTotalWaitMs: 6 } });
		expect(exact.sent).toHaveLength(3);
	});

	it('retries a read after a 5xx, saying what the provider said', async () => {
		jest.spyOn(Math, 'random').mockReturnValue(0);
		try {
			const c = scripted(status(503, JSON.stringify({ Message: 'busy unit-password' })), status(500, 'oops'), ok('{"x":1}'));
			expect((await call(c)).body).toEqual({ x: 1 });
			expect(c.debug).toEqual([
				'Wine Fulfillment: /api/Inventory/GetStatus answered 503: busy ***; retrying in 1 ms (attempt 2)',
				'Wine Fulfillment: /api/Inventory/GetStatus answered 500: oops; retrying in 1 ms (attempt 3)',
			]);
		} finally {
			jest.restoreAllMocks();
		}
	});

	it('a 5xx text answer is quoted scrubbed and cut to 300 characters in the log', async () => {
		const c = scripted(status(502, `{unit-password ${'z'.repeat(400)}`), ok('{}'));
		await call(c);
		expect(c.debug[0]).toMatch(/^Wine Fulfillment: \/api\/Inventory\/GetStatus answered 502: \{\*\*\* z+; retrying in \d ms \(attempt 2\)$/);
		expect(c.debug[0]).toContain(`{*** ${'z'.repeat(295)};`);
		expect(c.debug[0]).not.toContain('z'.repeat(296));
	});

	it('never resends a write after a 5xx', async () => {
		const c = scripted(status(500, 'boom'), ok('"ref"'));
		const e = await failure(c, create);
		expect(e.message).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect(c.sent).toHaveLength(1);
	});

	it('a 4xx is not retried', async () => {
		const c = scripted(status(499, ''), ok('{}'));
		await failure(c);
		expect(c.sent).toHaveLength(1);
	});

	it('a read that keeps failing with 5xx stops after the retries', async () => {
		const c = scripted(status(500, ''));
		const e = await failure(c, read, { retry: { ...fast, maxRetries: 2 } });
		expect(e.message).toBe('The provider had an internal error (500)');
		expect(c.sent).toHaveLength(3);
	});

	it('retries a read whose answer is not JSON; a write is not resent', async () => {
		const r = scripted(ok('{broken'), ok('{"ok":true}'));
		expect((await call(r)).body).toEqual({ ok: true });
		expect(r.debug[0]).toMatch(/answered with unreadable JSON; retrying in \d ms \(attempt 2\)$/);
		const w = scripted(ok('{broken'), ok('"ref"'));
		const e = await failure(w, create, { itemIndex: 1 });
		expect(e.message).toBe('The provider answered with a body that is not valid JSON: the request may have taken effect, check before sending it again');
		expect(e.context.itemIndex).toBe(1);
		expect(w.sent).toHaveLength(1);
	});

	it('an accepted status whose answer is not JSON is handed back as its text, at once', async () => {
		const r = scripted(status(404, '<html>'), ok('[]'));
		expect(await call(r, read, {}, { acceptStatuses: [404] })).toMatchObject({ statusCode: 404, body: '<html>' });
		expect(r.sent).toHaveLength(1);
		const w = scripted(status(413, '<html>413</html>'));
		expect(await call(w, ENDPOINTS.batchSalesOrder, {}, { acceptStatuses: [413] })).toMatchObject({ statusCode: 413, body: '<html>413</html>' });
		expect((await failure(scripted(status(413, '<html>413</html>')), ENDPOINTS.batchSalesOrder)).message).toBe('The request is too large for the provider');
	});
});

describe('apiRequest: redirects', () => {
	it('a 3xx other than 300 is an error naming where it pointed, never followed', async () => {
		for (const code of [301, 302, 303, 307, 308, 399]) {
			const c = scripted(status(code, '', { Location: 'https://elsewhere.example/v3' }), ok('{}'));
			const e = await failure(c, read, { itemIndex: 3 });
			expect([code, e.message]).toEqual([code, `The provider redirected the request to https://elsewhere.example/v3 (${code}); redirects are not followed`]);
			expect(e.context.itemIndex).toBe(3);
			expect(c.sent).toHaveLength(1);
		}
	});

	it('reads the location in any case and the first of several; none is said', async () => {
		const many = await failure(scripted(status(302, '', { location: ['https://a.example/v3', 'https://b.example/v3'] })));
		expect(many.message).toContain('https://a.example/v3 (302)');
		const none = await failure(scripted(status(302, '', {})));
		expect(none.message).toBe('The provider answered with redirect status 302 and no location; redirects are not followed');
	});

	it('finds the location among other headers', async () => {
		const e = await failure(scripted(status(302, '', { 'x-first': 'https://wrong.example/v3', location: 'https://right.example/v3' })));
		expect(e.message).toContain('https://right.example/v3 (302)');
	});

	it('a 1xx answer is not a success', async () => {
		const e = await failure(scripted(status(100, '{}')));
		expect(e.message).toBe('The provider answered with status 100');
	});

	it('300 is the interface status "several orders match", 400 a rejection', async () => {
		expect((await failure(scripted(status(300, '')))).message).toBe('Several sales orders match this order number');
		expect((await failure(scripted(status(400, '')))).message).toBe('The provider rejected the request as invalid');
	});
});

describe('apiRequest: connection failures', () => {
	it('retries without a logger', async () => {
		const c = scripted(reset(), ok('{"a":1}'));
		(c.ctx as unknown as { logger?: unknown }).logger = undefined;
		expect((await call(c)).body).toEqual({ a: 1 });
	});

	it('retries a read after a reset and says so in the log', async () => {
		const c = scripted(reset(), ok('{"a":1}'));
		expect((await call(c)).body).toEqual({ a: 1 });
		expect(c.debug[0]).toMatch(/^Wine Fulfillment: \/api\/Inventory\/GetStatus failed \(ECONNRESET\); retrying in \d ms \(attempt 2\)$/);
	});

	it('never resends a write that may have reached the provider', async () => {
		const c = scripted(reset(), ok('"ref"'));
		const e = await failure(c, create, { itemIndex: 6 });
		expect(e.message).toBe('The request to the provider was sent, then the connection was reset: the request may have taken effect, check before sending it again');
		expect(e.context.itemIndex).toBe(6);
		expect(c.sent).toHaveLength(1);
	});

	it('resends a write whose connection was never made', async () => {
		const c = scripted(refused(), ok('"ref"'));
		expect((await call(c, create)).body).toBe('ref');
		expect(c.sent).toHaveLength(2);
	});

	it('gives up after the retries, counting the attempts', async () => {
		const c = scripted(refused());
		const e = await failure(c, read, { retry: { ...fast, maxRetries: 2 } });
		expect(e.message).toBe('Could not reach the provider: the connection was refused (3 attempts)');
	});

	it('scrubs secrets from whatever it throws', async () => {
		const c = scripted(Object.assign(new Error('failed for unit-user-key'), { code: 'EPROTO' }));
		const e = await failure(c, read, { retry: { ...fast, maxRetries: 0 } });
		expect(JSON.stringify({ ...e, message: e.message, description: e.description })).not.toContain('unit-user-key');
		expect(c.sent).toHaveLength(1);
	});
});
