// Secrets.text with forms of a secret a provider may echo (bug hunt 15): re-cased then escaped or encoded, decomposed,
// base64 of Latin-1 bytes, numeric HTML references of letters and digits, a Greek final sigma.
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';

const masked = (secret: string, echoed: string) => new Secrets([secret]).text(`[${echoed}]`);
/** \uXXXX escapes of every non-ASCII character, upper-case hex, as System.Text.Json / .NET write them */
const uEscaped = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

describe('a secret echoed in another letter case, then escaped', () => {
	it('upper-cased, then JSON-escaped with \\uXXXX (.NET): GR\\u00DCSSE-K\\u00C4SE-2024', () => {
		const echoed = uEscaped('Grüße-Käse-2024'.toUpperCase());
		expect(echoed).toBe('GR\\u00DCSSE-K\\u00C4SE-2024');
		expect(masked('Grüße-Käse-2024', echoed)).toBe('[***]');
	});

	it('upper-cased, then percent-encoded: GR%C3%9CSSE-K%C3%84SE-2024', () => {
		const echoed = encodeURIComponent('Grüße-Käse-2024'.toUpperCase());
		expect(echoed).toBe('GR%C3%9CSSE-K%C3%84SE-2024');
		expect(masked('Grüße-Käse-2024', echoed)).toBe('[***]');
	});

	it('a user key lower-cased, then JSON-escaped: \\u00e4bc-key-77', () => {
		expect(masked('ÄBC-KEY-77', '\\u00e4bc-key-77')).toBe('[***]');
	});

	it('an HTML-escaped secret upper-cased whole: WINE&AMP;CHEESE-2024 (&AMP; is valid HTML for &)', () => {
		expect(masked('Wine&Cheese-2024', 'WINE&AMP;CHEESE-2024')).toBe('[***]');
	});
});

describe('a secret echoed in another Unicode or byte form', () => {
	it('in NFD (ü as u + U+0308)', () => {
		expect(masked('Grüße-Käse-2024', 'Grüße-Käse-2024'.normalize('NFD'))).toBe('[***]');
	});

	it('base64 of its Latin-1 (windows-1252) bytes', () => {
		expect(masked('Grüße-Käse-2024', Buffer.from('Grüße-Käse-2024', 'latin1').toString('base64'))).toBe('[***]');
	});

	it('base64 of "user:password" in Latin-1 bytes (a Basic-auth value)', () => {
		const basic = Buffer.from('WINECUST01:Grüße-Käse-2024', 'latin1').toString('base64');
		expect(new Secrets(['Grüße-Käse-2024']).text(basic)).not.toBe(basic);
	});

	it('as numeric HTML character references of its letters and digits', () => {
		const refs = Array.from('Summer2024', (c) => `&#${c.codePointAt(0)};`).join('');
		expect(masked('Summer2024', refs)).toBe('[***]');
		expect(masked('Summer2024', '&#x53;ummer2024')).toBe('[***]');
	});

	it('a Greek password echoed lower-cased (final sigma: ΟΔΥΣΣΕΑΣ-7 → οδυσσεας-7)', () => {
		const lower = 'ΟΔΥΣΣΕΑΣ-7'.toLowerCase();
		expect(lower).toBe('οδυσσεας-7');
		expect(masked('ΟΔΥΣΣΕΑΣ-7', lower)).toBe('[***]');
	});
});

describe('a secret echoed with HTML 4.01 names beyond Latin-1 (PHP htmlentities: bug hunt 19)', () => {
	it.each([
		['Vin€-Keller-2026', 'Vin&euro;-Keller-2026'],
		['Winzer’s–Keller…', 'Winzer&rsquo;s&ndash;Keller&hellip;'],
		['Œnologie™-2026', '&OElig;nologie&trade;-2026'],
		['ΣOΦIA-2026', '&Sigma;O&Phi;IA-2026'],
		['αβγ-ωψ-2026', '&alpha;&beta;&gamma;-&omega;&psi;-2026'],
		['Ρόδοςσς', '&Rho;ό&delta;&omicron;&sigmaf;&sigma;&sigmaf;'],
	])('%s as %s', (secret, echoed) => {
		expect(masked(secret, echoed)).toBe('[***]');
	});

	it('a name belongs to its own character only: &Rho; is not Σ, &hellip; not –', () => {
		expect(masked('ab-Σ-2026', 'ab-&Rho;-2026')).toBe('[ab-&Rho;-2026]');
		expect(masked('ab-–-2026', 'ab-&hellip;-2026')).toBe('[ab-&hellip;-2026]');
	});
});

describe('a secret longer than its pattern is built for, with "/" and "+", echoed as serializers escape them', () => {
	// a token past PATTERN_SECRET_MAX is sought by its literal forms: each escape of "/" and "+" is one of them
	const token = `${'a1B2'.repeat(140)}/x+y/z+w`;
	it.each([
		['PHP\'s "\\/"', (t: string) => t.replace(/\//g, '\\/')],
		['.NET\'s "\\u002F"', (t: string) => t.replace(/\//g, '\\u002F')],
		['"\\u002f"', (t: string) => t.replace(/\//g, '\\u002f')],
		['.NET\'s "\\u002B"', (t: string) => t.replace(/\+/g, '\\u002B')],
		['"\\u002b"', (t: string) => t.replace(/\+/g, '\\u002b')],
		['"\\/" and "\\u002B", then JSON-escaped again', (t: string) => JSON.stringify(t.replace(/\//g, '\\/').replace(/\+/g, '\\u002B')).slice(1, -1)],
	])('%s', (_, echo) => {
		expect(masked(token, echo(token))).toBe('[***]');
	});
});

describe('a decomposed secret echoed as numeric HTML references', () => {
	it('ü entered as u + U+0308, echoed as &#117;&#776;', () => {
		expect(masked('Gru\u0308sse-2024', 'Gr&#117;&#776;sse-2024')).toBe('[***]');
	});
});
