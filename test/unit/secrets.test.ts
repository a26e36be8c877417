// The secret scrubber called directly: each form a secret can take, what is left alone, answers, values and errors.
import type * as SecretsModule from '../../nodes/WineFulfillment/transport/secrets';

/**
 * A fresh module for each test, and every scrubber made inside a test: the module builds the patterns of the
 * printable ASCII characters once, so a test reusing another's module or scrubber would check patterns it did
 * not build (and a mutation run would not credit it with them).
 */
let Secrets: typeof SecretsModule.Secrets;
let MASK: string;
beforeEach(async () => {
	jest.resetModules();
	({ Secrets, MASK } = await import('../../nodes/WineFulfillment/transport/secrets'));
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('Secrets.text: the forms of a secret', () => {
	const masked = (text: string) => new Secrets(['k&y "q" é/+'], undefined).text(`[${text}]`);

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

	it('JSON-escaped by a serializer that writes "/" as "\\/", then by JSON.stringify', () => {
		// PHP's json_encode writes "/" as "\\/"; JSON.stringify around it doubles that backslash and adds none
		const php = new Secrets(['pa/ss&wörd']);
		const phpBody = '{"Password":"pa\\/ss&w\\u00f6rd"}';
		expect(JSON.stringify(phpBody)).toBe('"{\\"Password\\":\\"pa\\\\/ss&w\\\\u00f6rd\\"}"');
		expect(php.text(JSON.stringify(phpBody))).toBe('"{\\"Password\\":\\"***\\"}"');
	});

	it('JSON-escaped by JSON.stringify, then by a serializer that writes quotes as \\u0022', () => {
		// .NET's System.Text.Json writes " & ' + < > and every non-ASCII character as \\uXXXX: around a body that
		// JSON.stringify wrote (a provider quoting the request), a quote gets three backslashes and & or ö one
		const net = new Secrets(['pa"ss&wörd']);
		expect(JSON.stringify({ Password: 'pa"ss&wörd' })).toBe('{"Password":"pa\\"ss&wörd"}');
		const netAnswer = '{"Message":"Bad request: {\\u0022Password\\u0022:\\u0022pa\\\\\\u0022ss\\u0026w\\u00F6rd\\u0022}"}';
		expect(net.text(netAnswer)).toBe('{"Message":"Bad request: {\\u0022Password\\u0022:\\u0022***\\u0022}"}');
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

	it('Latin-1 characters by their HTML names, in the case echoed (htmlentities)', () => {
		const t = new Secrets(['Café-Crème×2 ¿ÿ']);
		expect(t.text('<p>Caf&eacute;-Cr&egrave;me&times;2 &iquest;&yuml;</p>')).toBe('<p>***</p>');
		expect(new Secrets(['a\u00a0b']).text('a&nbsp;b')).toBe('***');
		expect(t.text('CAF&Eacute;-CR&Egrave;ME&times;2 ¿Ÿ')).toBe('***');
		// a page upper-cased whole (&AMP; is HTML for &; &EACUTE; is none, but what an upper-cased &eacute; reads)
		expect(t.text('CAF&EACUTE;-CR&EGRAVE;ME&TIMES;2 ¿Ÿ')).toBe('***');
		expect(new Secrets(['Wine&Cheese-2024']).text('WINE&AMP;CHEESE-2024')).toBe('***');
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

	it('a character outside the Basic Multilingual Plane as its JSON surrogate pair, in either case', () => {
		const t = new Secrets(['key🔑x']);
		expect(t.text('a key\\ud83d\\udd11x b')).toBe('a *** b');
		expect(t.text('a key\\uD83D\\uDD11x b')).toBe('a *** b');
		expect(t.text(`a ${encodeURIComponent('key🔑x')} b`)).toBe('a *** b');
	});

	it('Latin-1 percent bytes from U+0080 to U+00FF, and not beyond', () => {
		const t = new Secrets(['a\u0080b', 'cÿd', 'p€x']);
		expect(t.text('a%80b c%FFd c%ffd')).toBe('*** *** ***');
		expect(t.text('p%E2%82%ACx')).toBe('***');
		// € is U+20AC: no single byte stands for it
		expect(t.text('p%20acx p%20ACx')).toBe('p%20acx p%20ACx');
	});

	it('URL-safe base64 of a secret whose base64 holds both + and /', () => {
		const t = new Secrets(['>>>???']);
		expect(b64('>>>???')).toBe('Pj4+Pz8/');
		expect(t.text('Pj4+Pz8/')).toBe('***');
		expect(t.text('Pj4-Pz8_')).toBe('***');
	});

	it('base64 inside longer text when the middle is exactly eight characters long', () => {
		// seven bytes after one other byte: the middle that does not depend on the neighbours is eight characters
		const t = new Secrets(['abcdefg']);
		expect(t.text(b64('xabcdefgtail'))).toContain('***');
	});

	it('a token of three characters is sought as the header value; a shorter one is not', () => {
		expect(new Secrets(['secret-1'], 'abc').text(b64('ServiceAuth abc'))).toBe('***');
		expect(new Secrets(['secret-1'], 'ab').text(b64('ServiceAuth ab'))).toBe(b64('ServiceAuth ab'));
	});

	it('letters and digits as HTML character references too (a page writing some or all of them so)', () => {
		const t = new Secrets(['ab1']);
		expect(t.text('&#97;b&#x31; a&#98;1 &#065;&#X42;&#49;')).toBe('*** *** ***');
		expect(t.text('\\u0061b%31')).toBe('***');
		// a reference of another letter is not the secret
		expect(t.text('&#99;b1')).toBe('&#99;b1');
	});
});

describe('Secrets.text: what is not a form of a secret', () => {
	it('the secret with any one character left out', () => {
		for (const secret of ['k&y "q" é/+', "a\tb\\c🔑d'<>", 'Zq7x-9']) {
			const t = new Secrets([secret]);
			const chars = Array.from(secret);
			for (let i = 0; i < chars.length; i++) {
				const text = [...chars.slice(0, i), ...chars.slice(i + 1)].join('');
				expect([secret, i, t.text(`[${text}]`)]).toEqual([secret, i, `[${text}]`]);
			}
			expect(t.text(`[${secret}]`)).toBe('[***]');
		}
	});

	it('a backslash before a letter belongs to the text before the secret', () => {
		const t = new Secrets(['nab']);
		expect(t.text('x\\nab')).toBe('x\\***');
		expect(t.text('x\\\\nab')).toBe('x\\\\***');
	});

	it('escapes exist only for the characters that have them: + for a space, names for & " \' < >, short ones for controls', () => {
		const t = new Secrets(['a/b']);
		for (const text of ['a+b', 'a&undefined;b', 'a\\undefinedb', 'au002fb 50%', 'aundefinedu002fb 50%', 'a\\nb', 'a&amp;b']) expect(t.text(text)).toBe(text);
		expect(t.text('a&#47;b a&#x2f;b a\\/b')).toBe('*** *** ***');
	});

	it('every character escaped as many times as the others: a backslash or a quote escaped fewer times is not the secret', () => {
		const t = new Secrets(['a\\é"']);
		// JSON-escaped once: the backslash doubled, é as \u00e9, the quote after one backslash
		expect(t.text('[a\\\\\\u00e9\\"]')).toBe('[***]');
		// the backslash as it is, the rest escaped once
		expect(t.text('[a\\\\u00e9\\"]')).toBe('[a\\\\u00e9\\"]');
		// the quote as it is, the rest escaped once
		expect(t.text('[a\\\\\\u00e9"]')).toBe('[a\\\\\\u00e9"]');
	});

	it('nor any other character escaped more times than its level allows', () => {
		// a quote after one backslash: escaped once, so / has at most one backslash before it, and é as \u00e9 exactly one
		const t = new Secrets(['a"/é']);
		expect(t.text('[a\\"\\/\\u00e9]')).toBe('[***]');
		expect(t.text('[a\\"/é]')).toBe('[***]');
		expect(t.text('[a\\"\\\\\\/\\u00e9]')).toBe('[a\\"\\\\\\/\\u00e9]');
		expect(t.text('[a\\"\\/\\\\\\u00e9]')).toBe('[a\\"\\/\\\\\\u00e9]');
	});

	it('a secret short enough to have no middle is not sought inside longer base64', () => {
		const t = new Secrets(['abcd']);
		expect(t.text(b64('xabcdzz'))).toBe(b64('xabcdzz'));
	});

	it('without secrets, text with escape characters is left as it is', () => {
		expect(new Secrets([]).text('50% & more + \\ a')).toBe('50% & more + \\ a');
		expect(new Secrets(['ab'], 'long-token-1').text(`x%20${b64('ServiceAuth long-token-1')}`)).toBe(`x%20${b64('ServiceAuth long-token-1')}`);
	});

	it('compiles the full pattern only for a text that may hold a secret: as it is, or with an escape character', () => {
		const t = new Secrets(['secret-1']);
		const compiled = () => Reflect.get(t, 'compiled') as unknown;
		expect([t.text('plain words'), t.has('plain words'), t.text(''), compiled()]).toEqual(['plain words', false, '', undefined]);
		expect(t.text('a%20b')).toBe('a%20b');
		expect(compiled()).toBeInstanceOf(RegExp);
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
	let s: SecretsModule.Secrets;
	beforeEach(() => {
		s = new Secrets(['secret-1']);
	});

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

	it('survives a cycle through a list', () => {
		const list: unknown[] = ['secret-1'];
		list.push(list);
		const out = s.value(list);
		expect(out[0]).toBe('***');
		expect(out[1]).toBe(list);
	});

	it('without secrets, a copy all the same', () => {
		const input = { a: 'x' };
		const out = new Secrets([]).value(input);
		expect(out).toEqual(input);
		expect(out).not.toBe(input);
	});
});

describe('Secrets.answer', () => {
	let s: SecretsModule.Secrets;
	beforeEach(() => {
		s = new Secrets(['secret-1']);
	});

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

	it('a member named __proto__ stays a member of the copy (not its prototype), scrubbed', () => {
		const raw = '{"__proto__":{"Note":"secret-1"},"Keep":"ok","Password":"p"}';
		const copy = s.answer(JSON.parse(raw) as Record<string, unknown>, raw);
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect(Object.keys(copy)).toEqual(['__proto__', 'Keep']);
		expect(JSON.stringify(copy)).toBe('{"__proto__":{"Note":"***"},"Keep":"ok"}');
		// an ordinary member, as JSON.parse makes it: a later step (Simplify, a Set node) may change or drop it
		const member = copy as Record<string, unknown>;
		member['__proto__'] = 'changed';
		expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toBe('changed');
		expect(delete member['__proto__']).toBe(true);
		expect(Object.keys(copy)).toEqual(['Keep']);
	});

	it('a clean answer passes untouched when its text is known', () => {
		const body = { Items: [{ Name: 'wine' }] };
		expect(s.answer(body, JSON.stringify(body))).toBe(body);
	});

	it('an answer whose text escapes a character is walked: a member name or secret may only show once parsed', () => {
		const raw = '{"Pass\\u0077ord":"p","Name":"secret\\u002D1"}';
		const body = JSON.parse(raw) as Record<string, unknown>;
		expect(body).toEqual({ Password: 'p', Name: 'secret-1' });
		expect(s.answer(body, raw)).toEqual({ Name: '***' });
		// an escape alone walks, and a clean answer comes back alike
		expect(s.answer({ Name: 'a/b' }, '{"Name":"a\\/b"}')).toEqual({ Name: 'a/b' });
	});

	it('only strips when the text has credential members but no secret', () => {
		const body = { Password: 'other', Name: 'secret-1' };
		// the text says no secret is there (as the raw text of an answer would), so strings are left
		expect(s.answer(body, '{"Password": "other"}')).toEqual({ Name: 'secret-1' });
		expect(s.answer(body, '{"Name":"secret-1"}')).toEqual({ Password: 'other', Name: '***' });
		// nor keys, nor errors
		const inner = new Error('secret-1');
		expect(s.answer({ 'secret-1': inner, Password: 'x' }, '{"Password": "x"}')).toEqual({ 'secret-1': inner });
		expect(inner.message).toBe('secret-1');
	});

	it('strips credential members from an answer whose text has white space before the colon (as pretty-printed JSON may)', () => {
		const body = { Authentication: { UserKey: 'u' }, Name: 'wine' };
		expect(s.answer(body, '{\n  "Authentication" : {\n    "UserKey"\t: "u"\n  },\n  "Name" : "wine"\n}')).toEqual({ Name: 'wine' });
	});

	it('a string answer is scrubbed whatever its text says', () => {
		expect(s.answer('ref secret-1', '"ref"')).toBe('ref ***');
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
	let s: SecretsModule.Secrets;
	beforeEach(() => {
		s = new Secrets(['secret-1']);
	});

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

	it('a cause that is not an error is replaced by a scrubbed copy, as the Error constructor defines it', () => {
		const cause = { said: 'secret-1', Password: 'p' };
		const error = new Error('x', { cause });
		s.error(error);
		// credential-named members stay, as in any member of an error (only answers lose them)
		expect(error.cause).toEqual({ said: '***', Password: 'p' });
		expect(cause).toEqual({ said: 'secret-1', Password: 'p' });
		expect(Object.getOwnPropertyDescriptor(error, 'cause')).toEqual({
			value: { said: '***', Password: 'p' },
			writable: true,
			enumerable: false,
			configurable: true,
		});
	});

	it('gives no cause to an error that had none', () => {
		const error = s.error(new Error('x secret-1'));
		expect([error.message, Object.hasOwn(error, 'cause')]).toEqual(['x ***', false]);
	});

	it("keeps an error member's credential-named members, scrubbed (only answers lose them)", () => {
		const error = new Error('x') as Error & { context?: unknown };
		error.context = { Password: 'secret-1', UserKey: 'u' };
		s.error(error);
		expect(error.context).toEqual({ Password: '***', UserKey: 'u' });
	});

	it('survives errors whose causes cite each other', () => {
		const a = new Error('a secret-1');
		const b = new Error('b secret-1', { cause: a });
		Object.defineProperty(a, 'cause', { value: b, configurable: true, writable: true });
		s.error(a);
		expect([a.message, b.message]).toEqual(['a ***', 'b ***']);
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
		const error = new Error('secret-1') as Error & { context?: unknown };
		const context = { body: { key: 'secret-1' } };
		error.context = context;
		expect(new Secrets([]).error(error).message).toBe('secret-1');
		expect(error.context).toBe(context);
	});
});

describe('Secrets.text: hostile secrets cannot stall it', () => {
	/**
	 * Runs the scrubber's own pattern over `text` in a worker thread, given `limitMs` (a regex cannot be interrupted
	 * on the thread running it): the text as scrubbed, or 'stalled'.
	 */
	async function scrubApart(secret: string, text: string, limitMs = 20_000): Promise<string> {
		const { Worker } = await import('node:worker_threads');
		const s = new Secrets([secret]);
		const source = (s as unknown as { source: string }).source;
		const worker = new Worker(
			"const { parentPort, workerData } = require('node:worker_threads');" +
				"parentPort.postMessage(workerData.text.replace(new RegExp(workerData.source, 'g'), '***'));",
			{ eval: true, workerData: { source, text } },
		);
		let timer: NodeJS.Timeout | undefined;
		const stalled = new Promise<string>((resolve) => {
			timer = setTimeout(() => resolve('stalled'), limitMs);
		});
		try {
			return await Promise.race([new Promise<string>((resolve) => worker.once('message', resolve)), stalled]);
		} finally {
			clearTimeout(timer);
			await worker.terminate();
		}
	}

	const run = (n: number) => '\\'.repeat(n);

	it('a run of backslashes in the secret, against long runs of backslashes in the text', async () => {
		// the near miss ends in c; the secret itself is there JSON-escaped once (16 backslashes) and twice (32)
		const text = `pw${run(40)}c pw${run(16)}x pw${run(32)}x`;
		expect(await scrubApart(`pw${run(8)}x`, text)).toBe(`pw${run(40)}c *** ***`);
	}, 30_000);

	it('backslashes and slashes alternating in the secret (a slash may have a range of backslashes before it)', async () => {
		const secret = `pw${'\\/'.repeat(6)}x`;
		const near = `pw${`${run(40)}/`.repeat(6)}c`;
		// written by PHP ("/" as "\\/"), then by JSON.stringify: a backslash is four backslashes, a slash has two
		const twice = `pw${`${run(4)}${run(2)}/`.repeat(6)}x`;
		expect(await scrubApart(secret, `${near} ${twice}`)).toBe(`${near} ***`);
	}, 30_000);

	it('backslashes and quotes alternating in the secret', async () => {
		const secret = `pw${'\\"'.repeat(6)}x`;
		const near = `pw${`${run(40)}"`.repeat(6)}c`;
		// JSON-escaped twice: a backslash is four backslashes, a quote has three before it
		const twice = `pw${`${run(4)}${run(3)}"`.repeat(6)}x`;
		expect(await scrubApart(secret, `${near} ${twice}`)).toBe(`${near} ***`);
	}, 30_000);
});
