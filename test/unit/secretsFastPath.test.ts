// The scrubber's quick look: a text with no backslash, %, & or + is checked for the secrets as they are, and the
// full pattern (every escaped form) is compiled only when a text may hold one. Same answers, less work per node run.
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { secretForms } from '../transport/helpers';

/**
 * The full pattern's own answer for a text: a prefix with a `%` makes the quick look pass it on. No form of a
 * secret below starts with `%` followed by a NUL character, so the prefix cannot join a match.
 */
const FORCE = '%\u0000';
const fullText = (s: Secrets, text: string) => s.text(`${FORCE}${text}`).slice(FORCE.length);
const fullHas = (s: Secrets, text: string) => s.has(`${FORCE}${text}`);

const SETS: string[][] = [
	['sbx-userkey-7f3a9c', 'sbx-password-91c2e4', 'sbx-token-4be8d1f0'],
	['uk"quo\\ted/key', 'pa"ss\\word', 'tok"en\\val/1'],
	['user &key+1=2', 'p&ss w0rd', 't&k n+1/=x'],
	['ключ-用户-🔑', 'pässwörd€', 'tok-ascii-9f<>'],
	['abc123-Zq7x', 'abc123', 'tok.*+?^${}()|[]-9'],
	['a\tb\nc\rd', "o'<b>x", 'Z'.repeat(64)],
];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

/** Texts around each form of each secret: whole, cut, joined, in quotes and in words with and without escapes. */
function texts(secrets: string[], seed: number): string[] {
	const next = random(seed);
	const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
	const fillers = ['', ' ', 'x', '"', ':', 'Order 12 for Smith', 'a/b', '\\', '%', '&', '+', '%2', '&#', '\\u00', 'é', '🍷'];
	const forms = secrets.flatMap((secret) => Object.values(secretForms(secret)));
	const out: string[] = ['', 'nothing to see', '{"a":1,"b":"two"}', ...forms];
	for (let i = 0; i < 400; i++) {
		const form = pick(forms);
		const cut = next() < 0.3 ? form.slice(0, Math.max(1, Math.floor(form.length * next()))) : form;
		out.push(`${pick(fillers)}${cut}${pick(fillers)}${next() < 0.3 ? pick(forms) : ''}${pick(fillers)}`);
	}
	return out;
}

describe('Secrets: the quick look gives the full pattern\'s answers', () => {
	it.each(SETS.map((set, i) => [i, set] as const))('secret set %i', (i, set) => {
		const s = new Secrets(set, set[2]);
		let masked = 0;
		for (const text of texts(set, 7 + i)) {
			const expected = fullText(s, text);
			expect({ text, out: s.text(text) }).toEqual({ text, out: expected });
			expect({ text, has: s.has(text) }).toEqual({ text, has: fullHas(s, text) });
			if (expected !== text) masked++;
		}
		// the texts are not all clean: the comparison covers masking too
		expect(masked).toBeGreaterThan(100);
	});

	it('a text without escapes holding a secret as it is, or its base64, is masked', () => {
		const s = new Secrets(['plain-secret-1'], 'plain-token-22');
		expect(s.text('before plain-secret-1 after')).toBe('before *** after');
		expect(s.has(Buffer.from('ServiceAuth plain-token-22').toString('base64'))).toBe(true);
		expect(s.text('plain-secret-')).toBe('plain-secret-');
	});

	it('values, answers and errors go through the same look', () => {
		const s = new Secrets(['val-secret-9'], undefined);
		expect(s.value({ a: ['val-secret-9', 'val%2Dsecret%2D9'], 'val-secret-9': 1 })).toEqual({ a: ['***', '***'], '***': 1 });
		const raw = '{"Note":"val\\u002dsecret-9"}';
		expect(s.answer(JSON.parse(raw) as object, raw)).toEqual({ Note: '***' });
		const error = s.error(new Error('failed for val-secret-9'));
		expect(error.message).toBe('failed for ***');
	});
});
