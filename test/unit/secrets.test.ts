// The secret scrubber called directly: each form a secret can take, what is left alone, answers, values and errors.
import { MASK, Secrets } from '../../nodes/WineFulfillment/transport/secrets';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('Secrets.text: the forms of a secret', () => {
	const s = new Secrets(['k&y "q" é/+'], undefined);
	const masked = (text: string) => s.text(`[${text}]`);

	it('masks with ***', () => {
		expect(MASK).toBe('***');
		expect(masked('k&y "q" é/+')).toBe('[***]');
	});

	it('as JSON escapes it, once or twice, with \\uXXXX in either case', () => {
		expect(masked('k&y \\"q\\" é/+')).toBe('[***]');
		expect(masked('k&y \\\\\\"q\\\\\\" é\\/+')).toBe('[***]');
		expect(masked('k\\u0026y \\u0022q\\u0022 \\u00e9/+')).toBe('[***]');
		expect(masked('k\\u0026y \\U0022q\\u0022 \\u00E9\\u002F\\u002b')).toBe('[***]');
	});

	it('percent-encoded (UTF-8 or Latin-1 bytes, either case), + for a space', () => {
		expect(masked(encodeURIComponent('k&y "q" é/+'))).toBe('[***]');
		expect(masked(encodeURIComponent('k&y "q" é/+').replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()))).toBe('[***]');
		expect(masked('k%26y+%22q%22+%E9%2F%2B')).toBe('[***]');
	});

	it('as HTML character references: named, decimal, hex', () => {
		expect(masked('k&amp;y &quot;q&#34; é&#x2F;&#43;')).toBe('[***]');
		expect(masked('k&#038;y &#X22;q&quot; &#233;/+')).toBe('[***]');
	});

	it('JSON short escapes of control characters', () => {
		const t = new Secrets(['a\tb\nc\rd\be\f']);
		expect(t.text('x a\\tb\\nc\\rd\\be\\f y')).toBe('x *** y');
		expect(t.text('x a\tb\nc\rd\be\f y')).toBe('x *** y');
	});

	it('a backslash in the secret, escaped any number of times', () => {
		const t = new Secrets(['a\\b']);
		expect(t.text('a\\b')).toBe('***');
		expect(t.text('a\\\\b')).toBe('***');
		expect(t.text('a\\\\\\\\b')).toBe('***');
		expect(t.text('a%5cb')).toBe('***');
	});

	it('an apostrophe and angle brackets as HTML names', () => {
		const t = new Secrets(["o'<b>"]);
		expect(t.text('o&apos;&lt;b&gt;')).toBe('***');
		expect(t.text('o&#39;&lt;b&gt;')).toBe('***');
	});

	it('base64 of it, URL-safe, unpadded, and inside longer base64 text at any alignment', () => {
		const secret = 'unit-secret-value?>';
		const t = new Secrets([secret]);
		expect(t.text(b64(secret))).toBe('***');
		expect(t.text(b64(secret).replace(/\+/g, '-').replace(/\//g, '_'))).not.toContain(b64(secret).slice(2, 12));
		for (const prefix of ['', 'x', 'xy', 'xyz']) {
			const whole = b64(`${prefix}${secret}-and more after it`);
			const out = t.text(whole);
			expect([prefix, out.includes('***')]).toEqual([prefix, true]);
		}
	});

	it('a short secret only by its whole base64, padded or not', () => {
		const t = new Secrets(['abcd']);
		expect(t.text(b64('abcd'))).toBe('***');
		expect(t.text(b64('abcd').replace(/=+$/, ''))).toBe('***');
	});

	it('the token also as base64 of the Authorization header value', () => {
		const t = new Secrets(['tok-123456'], 'tok-123456');
		expect(t.text(b64('ServiceAuth tok-123456'))).toBe('***');
		expect(t.text(b64('Authorization: ServiceAuth tok-123456'))).toBe('***');
		const other = new Secrets(['tok-123456']);
		expect(other.text(b64('Authorization: ServiceAuth tok-123456'))).not.toBe('***');
	});

	it('a secret holding another is masked whole', () => {
		const t = new Secrets(['abc', 'abc123-Zq7x']);
		expect(t.text('key abc123-Zq7x pw abc')).toBe('key *** pw ***');
	});

	it('leaves alone secrets shorter than three characters, values that are not text, and text without secrets', () => {
		const t = new Secrets(['ab', 12345, undefined, null, 'xyz']);
		expect(t.text('ab 12345 xyz')).toBe('ab 12345 ***');
		expect(t.has('ab')).toBe(false);
		expect(new Secrets(['ab']).text('ab')).toBe('ab');
		expect(new Secrets(['abc']).text('abc')).toBe('***');
	});

	it('an empty text is itself', () => {
		expect(new Secrets(['abc']).text('')).toBe('');
	});
});

describe('Secrets.has', () => {
	it('tells whether a text holds a secret, the same each time it is asked', () => {
		const s = new Secrets(['secret-1']);
		expect([s.has('a secret-1 b'), s.has('a secret-1 b'), s.has('nothing'), s.has('x secret-1')]).toEqual([true, true, false, true]);
		expect(new Secrets([]).has('anything')).toBe(false);
	});
});

describe('Secrets.value', () => {
	const s = new Secrets(['secret-1']);

	it('a scrubbed copy: strings and keys, at any depth, in arrays', () => {
		const input = { a: 'x secret-1', 'secret-1': 1, list: ['secret-1', 2, null, { deep: 'secret-1' }], n: 5, b: true, u: undefined };
		const out = s.value(input);
		expect(out).toEqual({ a: 'x ***', '***': 1, list: ['***', 2, null, { deep: '***' }], n: 5, b: true, u: undefined });
		expect(input.a).toBe('x secret-1');
	});

	it('keeps credential members (only answers lose them) and leaves non-plain objects as they are', () => {
		const date = new Date(0);
		const out = s.value({ Password: 'p', when: date });
		expect(out).toEqual({ Password: 'p', when: date });
		expect(out.when).toBe(date);
	});

	it('survives a cycle', () => {
		const a: Record<string, unknown> = { t: 'secret-1' };
		a.self = a;
		const out = s.value(a);
		expect(out.t).toBe('***');
	});

	it('without secrets, a copy all the same', () => {
		const input = { a: 'x' };
		const out = new Secrets([]).value(input);
		expect(out).toEqual(input);
		expect(out).not.toBe(input);
	});
});

describe('Secrets.answer', () => {
	const s = new Secrets(['secret-1']);

	it('drops credential members wherever they sit, in any case, and scrubs the rest', () => {
		const body = {
			Authentication: { UserKey: 'u' },
			authenticationDetails: {},
			Items: [{ userkey: 'u', PASSWORD: 'p', Name: 'secret-1 wine' }],
			Keep: 'ok',
		};
		expect(s.answer(body)).toEqual({ Items: [{ Name: '*** wine' }], Keep: 'ok' });
		expect(s.answer(body, JSON.stringify(body))).toEqual({ Items: [{ Name: '*** wine' }], Keep: 'ok' });
	});

	it('a clean answer passes untouched when its text is known', () => {
		const body = { Items: [{ Name: 'wine' }] };
		expect(s.answer(body, JSON.stringify(body))).toBe(body);
	});

	it('only strips when the text has credential members but no secret', () => {
		const body = { Password: 'other', Name: 'secret-1' };
		// the text says no secret is there (as the raw text of an answer would), so strings are left
		expect(s.answer(body, '{"Password": "other"}')).toEqual({ Name: 'secret-1' });
		expect(s.answer(body, '{"Name":"secret-1"}')).toEqual({ Password: 'other', Name: '***' });
	});

	it('a string answer is scrubbed; numbers, null and nothing are themselves', () => {
		expect(s.answer('ref secret-1')).toBe('ref ***');
		expect(s.answer(7)).toBe(7);
		expect(s.answer(null)).toBeNull();
		expect(s.answer(undefined)).toBeUndefined();
		expect(s.answer([{ Password: 'x', a: 1 }])).toEqual([{ a: 1 }]);
	});
});

describe('Secrets.error', () => {
	const s = new Secrets(['secret-1']);

	it('scrubs message, stack, own members and the cause, in place', () => {
		const cause = new Error('cause secret-1');
		const error = new Error('failed secret-1', { cause }) as Error & { description?: string; context?: unknown };
		error.description = 'see secret-1';
		error.context = { body: { key: 'secret-1' } };
		const out = s.error(error);
		expect(out).toBe(error);
		expect(error.message).toBe('failed ***');
		expect(error.stack).not.toContain('secret-1');
		expect(error.description).toBe('see ***');
		expect(error.context).toEqual({ body: { key: '***' } });
		expect(cause.message).toBe('cause ***');
	});

	it('a cause that is not an error is replaced by a scrubbed copy', () => {
		const error = new Error('x', { cause: { said: 'secret-1' } });
		s.error(error);
		expect(error.cause).toEqual({ said: '***' });
	});

	it('leaves the workflow node untouched, and survives errors that cite each other', () => {
		const node = { name: 'secret-1 node' };
		const a = new Error('a secret-1') as Error & { node?: unknown; other?: unknown };
		const b = new Error('b secret-1', { cause: a });
		a.node = node;
		a.other = b;
		s.error(a);
		expect(a.node).toBe(node);
		expect(node.name).toBe('secret-1 node');
		expect([a.message, b.message]).toEqual(['a ***', 'b ***']);
	});

	it('an error inside a member is scrubbed too', () => {
		const inner = new Error('inner secret-1');
		const error = new Error('outer') as Error & { wrapped?: unknown };
		error.wrapped = { list: [inner] };
		s.error(error);
		expect(inner.message).toBe('inner ***');
	});

	it('what is not an error, or without secrets, is returned as it is', () => {
		const notError = { message: 'secret-1' };
		expect(s.error(notError)).toBe(notError);
		expect(notError.message).toBe('secret-1');
		const error = new Error('secret-1');
		expect(new Secrets([]).error(error).message).toBe('secret-1');
	});
});
