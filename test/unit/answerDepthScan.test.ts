// The depth scan that refuses JSON nested too deep (nestsDeeperThan), read as text and as bytes alike; the check that a
// document's JSON answer starts as a structure after any white space; and two bounds of the transport's retry rule.
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, nestsDeeperThan, parseBody } from '../../nodes/WineFulfillment/transport/request';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { fakeContext, type FakeAnswer } from './fakeContext';

/** the scan's answer for `json` read as text and as its UTF-8 bytes, which must agree */
function scan(json: string, limit: number): boolean {
	const asText = nestsDeeperThan(json, limit);
	const asBytes = nestsDeeperThan(new TextEncoder().encode(json), limit);
	expect(asBytes).toBe(asText);
	return asText;
}

describe('nestsDeeperThan: levels counted outside strings, as text and as bytes', () => {
	it.each([
		['lists nested one level deeper than the limit', '[[[[]]]]', 3, true],
		['objects nested one level deeper than the limit', '{"a":{"b":{"c":{}}}}', 3, true],
		['objects only, no lists', '{{{{', 3, true],
		['exactly as deep as the limit', '[[[]]]', 3, false],
		['many lists side by side, each one level', '[][][][][]', 3, false],
		['many objects side by side, each one level', '{}{}{}{}{}', 3, false],
		['closing brackets of either kind', '[{}][{}][{}]', 3, false],
		['values between the brackets are no levels', '[0,[0,[0,[0]]]]', 3, true],
		['plain values are no levels', '1234567', 3, false],
		['brackets inside a string are no levels', '"[[[[[[{{{{"', 3, false],
		['letters inside a string do not end it', '"a[[[[[["', 3, false],
		['an escaped quote does not end the string', '"\\"[[[[[[ "', 3, false],
		['an escaped quote in bytes and text alike, then real levels', '["\\"",[[[]]]]', 3, true],
		['an escaped backslash, then an escaped quote: the string goes on', '"a\\\\\\"[[[[[[" ', 3, false],
		['two escaped backslashes end before the quote that closes the string', '["\\\\\\\\",[[[]]]]', 3, true],
		['strings between the levels are passed over whole', '[{"a":"]]]]","b":[{"c":"}}"}]}]', 3, true],
		['a string never closed holds the rest', '["[[[[[[', 3, false],
	])('%s', (_what, json, limit, deeper) => {
		expect(scan(json, limit)).toBe(deeper);
	});

	it('a backslash at the very end of a string is read and the scan ends', () => {
		expect(scan('"abcdef\\', 3)).toBe(false);
		expect(scan('["\\\\",[[[]]]]', 3)).toBe(true);
	});
});

describe('parseBody: whole numbers past 2^53 found in the same scan, kept as their digits', () => {
	it.each([
		['a number of every digit, nines among them', '{"a":9191919191919191919191}', { a: '9191919191919191919191' }],
		['after a line break and a minus', '[1,\n -12345678901234567890]', [1, '-12345678901234567890']],
		['a whole answer of one number', ' 12345678901234567891 ', '12345678901234567891'],
		['digits inside a string are no number', '{"a":"12345678901234567891","b":1}', { a: '12345678901234567891', b: 1 }],
		['a fraction or an exponent stays a number', '{"a":0.30000000000000004,"b":1.5e22}', { a: 0.30000000000000004, b: 1.5e22 }],
	])('%s', (_what, text, value) => {
		expect(parseBody(text)).toEqual({ ok: true, value });
	});
});

describe('a document asked for, answered as JSON nested too deep after white space', () => {
	const deep = `{"LabelData":"JVBERi0xLjcKeAolJUVPRgo=","Deep":${'['.repeat(1_100)}${']'.repeat(1_100)}}`;

	it.each([
		['a space', ' '],
		['a tab', '\t'],
		['a line feed', '\n'],
		['a carriage return', '\r'],
		['all four', ' \t\r\n'],
	])('is refused by name after %s', async (_what, lead) => {
		const c = fakeContext(() => ({ statusCode: 200, body: Buffer.from(`${lead}${deep}`), headers: { 'content-type': 'application/json' } }));
		await expect(
			apiRequest.call(c.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf', retry: { maxRetries: 0 } }),
		).rejects.toThrow('The provider answered with JSON nested more than 1,000 levels deep');
	});

	it('a list answer nested too deep is refused by name too', async () => {
		const c = fakeContext(() => ({ statusCode: 200, body: Buffer.from(`[${deep}]`), headers: { 'content-type': 'application/json' } }));
		await expect(
			apiRequest.call(c.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf', retry: { maxRetries: 0 } }),
		).rejects.toThrow('The provider answered with JSON nested more than 1,000 levels deep');
	});

	it('a status below 200 is never read as the document', async () => {
		const c = fakeContext(() => ({ statusCode: 199, body: Buffer.from('%PDF-1.7\nrest\n%%EOF\n'), headers: { 'content-type': 'application/pdf' } }));
		const error = await apiRequest
			.call(c.ctx, ENDPOINTS.generateJitLabel, {}, { document: 'application/pdf', retry: { maxRetries: 0 } })
			.then(() => undefined, (e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
	});
});

describe("a retry's wait against the call's end (maxCallMs)", () => {
	afterEach(() => jest.restoreAllMocks());

	it('is taken when the wait and the next attempt end exactly at the deadline', async () => {
		// the clock stands still: deadline = now + 11; a wait of 1 ms plus the next attempt's 10 ms reach it, not past it
		jest.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
		const answers: FakeAnswer[] = [{ statusCode: 503, body: { Message: 'busy' } }, { statusCode: 200, body: { Items: [] } }];
		const c = fakeContext((_r, n) => answers[Math.min(n, 1)]);
		const response = await apiRequest.call(c.ctx, ENDPOINTS.getStatus, { Top: 1 }, {
			timeoutMs: 10,
			retry: { baseDelayMs: 1, maxDelayMs: 1, maxRetries: 1, maxCallMs: 11 },
		});
		expect(response.statusCode).toBe(200);
		expect(c.sent).toHaveLength(2);
	});
});
