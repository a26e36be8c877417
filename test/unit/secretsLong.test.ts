// The scrubber with long secrets (an access token of 8 KB and more, a long password full of punctuation): it never
// throws, whatever the length, and still masks each form a secret takes on the wire.
import { createHash } from 'node:crypto';

import type * as SecretsModule from '../../nodes/WineFulfillment/transport/secrets';

/** A fresh module for each test (see secrets.test.ts: the module keeps the character patterns it built). */
let Secrets: typeof SecretsModule.Secrets;
let PATTERN_SECRET_MAX: number;
beforeEach(async () => {
	jest.resetModules();
	({ Secrets, PATTERN_SECRET_MAX } = await import('../../nodes/WineFulfillment/transport/secrets'));
});

/** A long opaque access token (base64url, as identity providers issue them), the same on every run. */
function longToken(n: number): string {
	let s = '';
	for (let i = 0; s.length < n; i++) s += createHash('sha512').update(`tok-${i}`).digest('base64url');
	return s.slice(0, n);
}

/** A long password of punctuation only: quotes, backslashes, spaces, &, +, %, non-ASCII, controls, an emoji. */
function punctuated(n: number): string {
	const alphabet = Array.from('"\\ &+%/<é>€\n\t\'🔑=?#');
	let s = '';
	// never half an emoji at the end: a lone surrogate has no percent-encoding
	for (let i = 0; s.length < n; i++) s += s.length === n - 1 ? '#' : alphabet[(i * 7) % alphabet.length];
	return s;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** JSON-escaped `level` times, as JSON.stringify escapes, without the outer quotes. */
const json = (text: string, level: number): string => (level === 0 ? text : json(JSON.stringify(text).slice(1, -1), level - 1));
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/** The forms of a secret that are masked whatever its length. */
function forms(secret: string): Record<string, string> {
	return {
		raw: secret,
		'JSON once': json(secret, 1),
		'JSON twice': json(secret, 2),
		'JSON three times': json(secret, 3),
		'percent (%20)': encodeURIComponent(secret),
		'percent, lower-case hex': lowerHex(encodeURIComponent(secret)),
		'form (+ for a space)': new URLSearchParams({ x: secret }).toString().slice(2),
		'form, lower-case hex': lowerHex(new URLSearchParams({ x: secret }).toString().slice(2)),
		base64: b64(secret),
		'base64 unpadded': b64(secret).replace(/=+$/, ''),
		'base64 URL-safe': urlSafe(b64(secret)),
	};
}

/** The base64 of the secret inside a longer base64 text, at each alignment: what must not be left of it. */
function base64Inside(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	return [0, 1, 2].map((shift) =>
		Buffer.concat([Buffer.alloc(shift), bytes])
			.toString('base64')
			.slice(Math.ceil((shift * 4) / 3), Math.floor(((shift + bytes.length) * 4) / 3)),
	);
}

const USER_KEY = 'uk-7f3a9c&1';
const SETS = [
	{ name: 'an 8,000-character token', password: 'pw-91c2e4', token: longToken(8_000) },
	{ name: 'a 20,000-character token', password: 'pw-91c2e4', token: longToken(20_000) },
	{ name: 'a 3,000-character password of punctuation and an 8,000-character token', password: punctuated(3_000), token: longToken(8_000) },
	{ name: 'a 5,000-character password of punctuation', password: punctuated(5_000), token: 'tok-4be8d1f0' },
];

describe.each(SETS)('Secrets with $name', ({ password, token }) => {
	const all = [USER_KEY, password, token];
	const make = () => new Secrets(all, token);

	it('text masks every form of each secret, and never throws', () => {
		const s = make();
		for (const secret of all) {
			for (const [form, text] of Object.entries(forms(secret))) {
				expect([secret.length, form, s.text(`{"Message":"before ${text} after & more"}`)]).toEqual([
					secret.length,
					form,
					'{"Message":"before *** after & more"}',
				]);
				expect([secret.length, form, s.has(`x ${text} x`)]).toEqual([secret.length, form, true]);
			}
		}
	});

	it('the token as base64 of the Authorization header value, and base64 inside longer text', () => {
		const s = make();
		expect(s.text(`[${b64(`ServiceAuth ${token}`)}]`)).toBe('[***]');
		expect(s.text(`[${b64(`Authorization: ServiceAuth ${token}`)}]`)).toBe('[***]');
		expect(s.text(`[${urlSafe(b64(`Authorization: ServiceAuth ${token}`))}]`)).toBe('[***]');
		for (const secret of [password, token]) {
			for (const prefix of ['x', 'xy', 'xyz']) {
				const out = s.text(b64(`${prefix}${secret}-and more after it`));
				expect(out).toContain('***');
				for (const core of base64Inside(secret)) expect(out).not.toContain(core);
			}
		}
	});

	it('a text that holds no secret comes back as it is, escapes and all', () => {
		const s = make();
		for (const text of ['Cabernet & Merlot', 'a\\b 50% 1+1', '{"Note":"caf\\u00e9 &amp; bar"}', 'é € 🍷 \\u0041']) {
			expect(s.text(text)).toBe(text);
			expect(s.has(text)).toBe(false);
		}
	});

	it('value, answer and error mask it too, and do not throw', () => {
		const s = make();
		const echo = { Message: `bad token ${token} & password ${json(password, 1)}`, [token]: [encodeURIComponent(password)] };
		expect(s.value(echo)).toEqual({ Message: 'bad token *** & password ***', '***': ['***'] });
		const raw = JSON.stringify({ Note: `Cabernet & Merlot ${token}`, Password: password });
		expect(s.answer(JSON.parse(raw) as object, raw)).toEqual({ Note: 'Cabernet & Merlot ***' });
		const clean = JSON.stringify({ Note: 'Cabernet & Merlot' });
		expect(s.answer(JSON.parse(clean) as object, clean)).toEqual({ Note: 'Cabernet & Merlot' });
		const error = new Error(`refused ${b64(`ServiceAuth ${token}`)} for ${password}`, { cause: new Error(json(token, 2)) });
		expect(() => s.error(error)).not.toThrow();
		expect(error.message).toBe('refused *** for ***');
		expect((error.cause as Error).message).toBe('***');
		expect(error.stack).not.toContain(token.slice(0, 40));
	});

	it('the short user key beside them keeps every escaped form (HTML, \\u, Latin-1)', () => {
		const s = make();
		expect(s.text('[uk-7f3a9c&amp;1]')).toBe('[***]');
		expect(s.text('[uk-7f3a9c\\u00261]')).toBe('[***]');
		expect(s.text('[uk%2d7f3a9c%261]')).toBe('[***]');
	});
});

describe('Secrets: long secrets, how they are masked', () => {
	it('a short secret inside a long one: the long one is masked whole', () => {
		const token = longToken(8_000);
		const s = new Secrets([token.slice(100, 120), token], token);
		expect(s.text(`a ${token} b`)).toBe('a *** b');
		expect(s.text(`a ${token.slice(100, 120)} b`)).toBe('a *** b');
	});

	it('a long secret written twice, and twice in different forms', () => {
		const password = punctuated(3_000);
		const s = new Secrets([password]);
		expect(s.text(`${password}|${password}`)).toBe('***|***');
		expect(s.text(`${json(password, 1)}|${encodeURIComponent(password)}|${b64(password)}`)).toBe('***|***|***');
	});

	it('a 200,000-character token: its forms masked, the short user key beside it still in every escaped form', () => {
		const token = longToken(200_000);
		const s = new Secrets([USER_KEY, token], token);
		expect(s.text(`a ${token} & ${b64(`Authorization: ServiceAuth ${token}`)} b`)).toBe('a *** & *** b');
		expect(s.text('[uk-7f3a9c&amp;1]')).toBe('[***]');
	});

	it('a hundred long secrets at once: each masked', () => {
		const secrets = Array.from({ length: 100 }, (_, i) => `${i}:${punctuated(600 + i)}`);
		const s = new Secrets(secrets);
		const text = secrets.map((x, i) => (i % 2 ? json(x, 2) : encodeURIComponent(x))).join(' ');
		expect(s.text(text)).toBe(secrets.map(() => '***').join(' '));
	});
});

describe('Secrets: which secrets the pattern seeks', () => {
	it('up to PATTERN_SECRET_MAX characters, every escaped form (here as HTML); beyond, the literal forms', () => {
		expect(PATTERN_SECRET_MAX).toBe(512);
		const at = `k&y-${'x'.repeat(PATTERN_SECRET_MAX - 4)}`;
		const beyond = `q&y-${'x'.repeat(PATTERN_SECRET_MAX - 3)}`;
		expect([at.length, beyond.length]).toEqual([512, 513]);
		const s = new Secrets([at, beyond]);
		const html = (secret: string) => secret.replace('&', '&amp;');
		expect(s.text(`[${html(at)}]`)).toBe('[***]');
		expect(s.text(`[${html(beyond)}]`)).toBe(`[${html(beyond)}]`);
		expect(s.text(`[${beyond}|${encodeURIComponent(beyond)}|${at}]`)).toBe('[***|***|***]');
	});

	it('a long token\'s header values as literals, a short one\'s in the pattern, beside long secrets', () => {
		const long = longToken(600);
		const withShort = new Secrets([long, 'tok-4be8d1f0'], 'tok-4be8d1f0');
		expect(withShort.text(`[${b64('Authorization: ServiceAuth tok-4be8d1f0')}]`)).toBe('[***]');
		// a long token not among the secrets is still sought as the header's base64
		const tokenOnly = new Secrets([longToken(700)], long);
		expect(tokenOnly.text(`[${b64(`Authorization: ServiceAuth ${long}`)}]`)).toBe('[***]');
		expect(tokenOnly.has(b64(`ServiceAuth ${long}`))).toBe(true);
		expect(tokenOnly.text(`[${long}] a & b`)).toBe(`[${long}] a & b`);
		// a short token beside long secrets only: its header values in the pattern
		const shortToken = new Secrets([longToken(700)], 'tok-4be8d1f0');
		expect(shortToken.text(`[${b64('ServiceAuth tok-4be8d1f0')}] a & b`)).toBe('[***] a & b');
	});

	it('a long secret with a lone surrogate: its forms are built (U+FFFD in percent-encoding) and masked', () => {
		const secret = `${longToken(600)}\ud83d`;
		const s = new Secrets([secret]);
		expect(s.text(`[${secret}]`)).toBe('[***]');
		expect(s.text(`[${JSON.stringify(secret).slice(1, -1)}]`)).toBe('[***]');
		expect(s.text(`[${longToken(600)}%EF%BF%BD]`)).toBe('[***]');
		expect(s.text(`[${new URLSearchParams({ x: secret }).toString().slice(2)}]`)).toBe('[***]');
		// with a space the percent form (%20) and the form's (+) differ: each is sought on its own
		const spaced = `${longToken(300)} ${longToken(300)}\ud83d`;
		expect(new Secrets([spaced]).text(`[${longToken(300)}%20${longToken(300)}%EF%BF%BD]`)).toBe('[***]');
	});
});

/**
 * V8 refusing the full pattern, as it refuses one too large for it (a limit a later V8 may lower): the RegExp is
 * made, and throws when first used, with a message that quotes the pattern. `which` says which patterns refuse.
 */
function refuse(which: (flags?: string) => boolean) {
	const Real = RegExp;
	class Refused extends Real {
		override exec(): never {
			throw new SyntaxError(`Invalid regular expression: /${this.source}/: Regular expression too large`);
		}
	}
	const fake = function (source: string, flags?: string) {
		return which(flags) ? new Refused(source, flags) : new Real(source, flags);
	} as unknown as RegExpConstructor;
	globalThis.RegExp = fake;
	return () => {
		globalThis.RegExp = Real;
	};
}

describe('Secrets: a pattern V8 refuses', () => {
	const secrets = ['uk-7f3a9c&1', 'p"ss w&rd+é', 'tok-4be8d1f0'];
	const forms = (secret: string) =>
		[secret, json(secret, 1), json(secret, 2), json(secret, 3), encodeURIComponent(secret), new URLSearchParams({ x: secret }).toString().slice(2), b64(secret)];
	let restore = () => {};
	afterEach(() => restore());

	it.each([
		['the full pattern', (flags?: string) => flags === 'g'],
		['the quick look too', () => true],
	])('%s: every secret by its literal forms, and the refusal never escapes', (_name, which) => {
		restore = refuse(which);
		const s = new Secrets(secrets, 'tok-4be8d1f0');
		expect(s.text('Cabernet & Merlot')).toBe('Cabernet & Merlot');
		for (const secret of secrets) {
			for (const form of forms(secret)) expect([secret, s.text(`a \\ ${form} b`)]).toEqual([secret, 'a \\ *** b']);
		}
		expect(s.text(`[${b64('Authorization: ServiceAuth tok-4be8d1f0')}]`)).toBe('[***]');
		expect(s.text('nothing & nobody')).toBe('nothing & nobody');
		const error = s.error(new Error(`refused: ${json(secrets[1], 2)}`));
		expect(error.message).toBe('refused: ***');
	});

	it('first met by has: it answers by the literal forms', () => {
		restore = refuse((flags) => flags === 'g');
		const s = new Secrets(secrets);
		expect(s.has(`a & ${encodeURIComponent(secrets[1])}`)).toBe(true);
		expect(s.has('a & b')).toBe(false);
		expect(s.has(`\\${json(secrets[1], 2)}`)).toBe(true);
		expect(s.text(`x ${secrets[0]} &`)).toBe('x *** &');
	});

	it('a refusal in value, answer and error: masked, never thrown', () => {
		restore = refuse(() => true);
		const s = new Secrets(secrets);
		expect(s.value({ a: [`${secrets[0]} & co`] })).toEqual({ a: ['*** & co'] });
		const raw = JSON.stringify({ Note: `by ${secrets[1]}` });
		expect(s.answer(JSON.parse(raw) as object, raw)).toEqual({ Note: 'by ***' });
		expect(() => s.error(new Error(`a & ${secrets[2]}`))).not.toThrow();
	});
});
