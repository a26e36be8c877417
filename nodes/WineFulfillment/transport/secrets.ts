// Keeps credential values out of everything the transport hands on: in every form a secret can take on the wire.
import escapeRegExp from 'lodash/escapeRegExp';
import isPlainObject from 'lodash/isPlainObject';

/** What a secret is replaced with. */
export const MASK = '***';

/** Line breaks before or after a secret: pasted from a file or a password manager, never part of it. */
const LINE_BREAKS_AROUND = /^[\r\n]+|[\r\n]+$/g;

/** The credential's values as the credential sends them (and as a provider echoes them back). */
export interface SentCredentials {
	userKey: string;
	password: string;
	customerNo: string;
	accessToken: string;
}

/**
 * The credential's values as they are sent: a key, token or number the provider issued without the blanks and line
 * breaks pasting adds around it (none is part of one); a password keeps its spaces (they may be part of it) and loses
 * only line breaks around it.
 */
export function sentCredentials(credentials: Record<string, unknown>): SentCredentials {
	const issued = (value: unknown) => String(value ?? '').trim();
	return {
		userKey: issued(credentials.userKey),
		password: String(credentials.password ?? '').replace(LINE_BREAKS_AROUND, ''),
		customerNo: issued(credentials.customerNo),
		accessToken: issued(credentials.accessToken),
	};
}

/** Secrets shorter than this are not scrubbed: they would mask ordinary words. */
const MIN_SECRET_LENGTH = 3;

/** Base64 of a secret inside a longer base64 text is recognised by its middle; shorter middles would match by chance. */
const MIN_BASE64_CORE = 8;

/**
 * The longest secret (in UTF-16 units) sought by its per-character pattern (`secretPattern`), which knows every
 * escaped form; a longer one is sought by its literal forms (`literalForms`). The pattern grows with the secret, and
 * V8 refuses one too large ("Regular expression too large", or "Stack overflow" while compiling) with a message that
 * quotes the whole pattern, and so the secrets. Measured on Node 24 (V8 13.6): three secrets of 2,304 characters
 * each, all of them controls, punctuation, Latin-1, other non-ASCII or emoji (the costliest characters), compile;
 * three of controls are refused from about 2,570, one secret of punctuation alone from about 4,000, a base64url token
 * from about 6,100. At 512, three of the costliest take up to 0.8 s to compile (of letters and digits, 0.1 s), once
 * per node run and width of text (one byte or two a character); the time grows with the square of the length.
 * User keys and passwords are far shorter; a longer token (a JWT: letters, digits, `-_.`) takes few forms beyond
 * its literal ones.
 */
export const PATTERN_SECRET_MAX = 512;

/** Members that carry credentials: never handed on from a provider answer (field notes, "Authentication shapes"). */
const CREDENTIAL_MEMBERS = new Set(['authentication', 'authenticationdetails', 'userkey', 'password']);

/** A quick look at an answer's text: does it hold a member that must be stripped? */
const CREDENTIAL_MEMBER_TEXT = /"(?:Authentication|AuthenticationDetails|UserKey|Password)"\s*:/i;

const HTML_NAMED: Record<string, string> = { '&': 'amp', '"': 'quot', "'": 'apos', '<': 'lt', '>': 'gt' };
/** HTML's names of the characters U+00A0 to U+00FF, in order (&uuml; for ü, as PHP's htmlentities writes them). */
const LATIN1_NAMES = (
	'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
	'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil ' +
	'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave ' +
	'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml ' +
	'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

/**
 * HTML 4.01's other names (its special and symbol sets: PHP's htmlentities writes &euro; for €, &rsquo; for ’), as
 * "code name" pairs; the Greek letters follow in code order from Alpha (913, no 930) and alpha (945).
 */
const HTML4_NAMES = (
	'338 OElig 339 oelig 352 Scaron 353 scaron 376 Yuml 402 fnof 710 circ 732 tilde 977 thetasym 978 upsih 982 piv ' +
	'8194 ensp 8195 emsp 8201 thinsp 8204 zwnj 8205 zwj 8206 lrm 8207 rlm 8211 ndash 8212 mdash 8216 lsquo 8217 rsquo ' +
	'8218 sbquo 8220 ldquo 8221 rdquo 8222 bdquo 8224 dagger 8225 Dagger 8226 bull 8230 hellip 8240 permil 8242 prime ' +
	'8243 Prime 8249 lsaquo 8250 rsaquo 8254 oline 8260 frasl 8364 euro 8465 image 8472 weierp 8476 real 8482 trade ' +
	'8501 alefsym 8592 larr 8593 uarr 8594 rarr 8595 darr 8596 harr 8629 crarr 8656 lArr 8657 uArr 8658 rArr 8659 dArr ' +
	'8660 hArr 8704 forall 8706 part 8707 exist 8709 empty 8711 nabla 8712 isin 8713 notin 8715 ni 8719 prod 8721 sum ' +
	'8722 minus 8727 lowast 8730 radic 8733 prop 8734 infin 8736 ang 8743 and 8744 or 8745 cap 8746 cup 8747 int ' +
	'8756 there4 8764 sim 8773 cong 8776 asymp 8800 ne 8801 equiv 8804 le 8805 ge 8834 sub 8835 sup 8836 nsub 8838 sube ' +
	'8839 supe 8853 oplus 8855 otimes 8869 perp 8901 sdot 8968 lceil 8969 rceil 8970 lfloor 8971 rfloor 9001 lang ' +
	'9002 rang 9674 loz 9824 spades 9827 clubs 9829 hearts 9830 diams'
).split(' ');
const GREEK_NAMES =
	'Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega'.split(' ');
let namesByCharacter: Map<string, string> | undefined;

/**
 * A character's HTML name (a form that is one character: one of the five markup signs, a Latin-1 one, or another of
 * HTML 4.01's); the table is built on first use.
 */
function htmlName(form: string): string | undefined {
	if (!namesByCharacter) {
		const names = new Map(Object.entries(HTML_NAMED));
		LATIN1_NAMES.forEach((name, i) => names.set(String.fromCharCode(0xa0 + i), name));
		for (let i = 0; i < HTML4_NAMES.length; i += 2) names.set(String.fromCharCode(Number(HTML4_NAMES[i])), HTML4_NAMES[i + 1]);
		GREEK_NAMES.forEach((name, i) => {
			// capitals from 913 and small letters from 945, with no letter after Rho (930; 962 is the final sigma)
			const code = i + (i >= 17 ? 1 : 0);
			names.set(String.fromCharCode(913 + code), name);
			names.set(String.fromCharCode(945 + code), name.toLowerCase());
		});
		names.set('\u03c2', 'sigmaf');
		namesByCharacter = names;
	}
	return namesByCharacter.get(form);
}

/** A name as a regex matching it in any letter case (a page upper-cased whole writes &AMP;, &UUML;). */
const anyCase = (name: string) => name.replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
const JSON_SHORT: Record<string, string> = { '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f' };

/**
 * A character that starts an escaped form `characterPattern` knows (backslash, percent, ampersand, plus): a text
 * without one holds a secret only as it is.
 */
const ESCAPES = /[\\%&+]/;

/** A hex number in any letter case, as a regex: 0x2f → `2[fF]`. */
function hex(value: number, width: number): string {
	return value
		.toString(16)
		.padStart(width, '0')
		.replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
}

/**
 * How many times a text may have been JSON-escaped around a secret: 0 (as it is) to 3 (JSON in JSON in JSON), each
 * time by its own serializer. A secret's pattern has one alternative per level, in which every backslash count is
 * bounded: exact before a backslash or a quote, below 2 ** level before any other character. With counts left open
 * (`\\+` per backslash, `\\*` before other characters), a run of backslashes in a text could be split among
 * a secret's characters in exponentially many ways before a match fails, and a hostile secret could stall the node.
 */
const ESCAPE_LEVELS = [0, 1, 2, 3] as const;

/** From `min` to `max` backslashes (exactly `min` without `max`), as a regex. */
const backslashes = (min: number, max = min) => (max === 0 ? '' : `\\\\{${min},${max}}`);

/**
 * The patterns of the printable ASCII characters per escaping level, built once, all of them: every node run builds
 * its secrets' patterns anew, and keeping only the characters met would keep what the secrets are made of.
 */
let asciiPatterns: string[][] | undefined;

function characterPattern(char: string, level: number): string {
	const code = char.charCodeAt(0);
	if (
		// Stryker disable next-line EqualityOperator: the space, 0x20, gives the same pattern uncached
		code < 0x20 ||
		code > 0x7e ||
		// Stryker disable next-line ConditionalExpression,EqualityOperator: a character of two code units starts above 0x7e; the cache only saves work
		char.length !== 1
	)
		return buildCharacterPattern(char, level);
	asciiPatterns ??= ESCAPE_LEVELS.map((d) =>
		Array.from(
			// Stryker disable next-line ArithmeticOperator: patterns past 0x7e are never read (the index is code - 0x20)
			{ length: 0x7f - 0x20 },
			(_, i) => buildCharacterPattern(String.fromCharCode(0x20 + i), d),
		),
	);
	return asciiPatterns[level][code - 0x20];
}

/**
 * Every way one character of a secret can appear in text the provider sends back, in text JSON-escaped `level`
 * times: as itself (a letter in either case; a backslash doubled at each level; a quote, and any other sign a serializer may escape such as
 * `/`, after the backslashes each level adds), as a JSON short escape or `\uXXXX` escape (the provider's
 * serializer may escape `&`, `+`, quotes and every non-ASCII character), percent-encoded (UTF-8 or Latin-1 bytes,
 * `+` for a space), or as an HTML character reference.
 */
function buildCharacterPattern(char: string, level: number): string {
	// Stryker disable next-line ArrayDeclaration: it would only also match Stryker's own marker in the character's place
	const options: string[] = [];
	// Each level doubles the backslashes before it, and may add one: a backslash is doubled at every level, a quote
	// escaped at every level (`\"`). Any other character may be escaped at any of the levels or at none, as its
	// serializer does it (PHP writes "/" as "\/"; .NET writes quotes, & and ö as \uXXXX; JSON.stringify neither), so
	// it gathers any number of backslashes below 2 ** level; written as an escape (\n, \u0022), at least one.
	const escape = level === 0 ? undefined : backslashes(1, 2 ** level - 1);
	// a letter or digit of ASCII: in either case, never after a backslash (that would be an escape such as \n)
	// Stryker disable next-line Regex: `char` is one character of the secret: either anchor alone tests the same
	const ascii = /^[A-Za-z0-9]$/.test(char);
	// any other character as it is and as a provider may echo it: upper- or lower-cased (ключ as КЛЮЧ, ß as SS, ü as Ü),
	// decomposed (ü as u + U+0308, as macOS writes text); each of those in every form below (GR\u00DCSSE: a password
	// upper-cased, then JSON-escaped)
	const forms = ascii ? [char] : [...new Set([char, char.toUpperCase(), char.toLowerCase()].flatMap((form) => [form, form.normalize('NFD')]))];
	if (char === '\\') options.push(backslashes(2 ** level));
	else if (char === '"') options.push(`${backslashes(2 ** level - 1)}"`);
	else if (ascii) options.push(/[A-Za-z]/.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char);
	else for (const form of forms) options.push(`${backslashes(0, 2 ** level - 1)}${escapeRegExp(form)}`);
	// as an HTML character reference, in a page as it is: a letter or digit too (a page writing &#x53;ummer), either case
	// Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: references at the escaped levels too, or again for another character (the loop below gives it its own), only make the pattern larger: more text masked, none less
	if (ascii && level === 0) options.push(references([...new Set([char.toLowerCase(), char.toUpperCase()])]));
	for (const form of forms) {
		if (escape !== undefined) {
			if (JSON_SHORT[form]) options.push(`${escape}${JSON_SHORT[form]}`);
			const units = Array.from({ length: form.length }, (_, i) => form.charCodeAt(i));
			options.push(units.map((u) => `${escape}[uU]${hex(u, 4)}`).join(''));
		}
		options.push(
			Array.from(Buffer.from(form, 'utf8'))
				.map((b) => `%${hex(b, 2)}`)
				.join(''),
		);
		const code = form.codePointAt(0) as number;
		// Stryker disable next-line ConditionalExpression: below 0x80 the single byte %XX is the UTF-8 form already in the list
		if (form.length === 1 && code <= 0xff && code >= 0x80) options.push(`%${hex(code, 2)}`);
		if (form === ' ') options.push('\\+');
		// Stryker disable next-line ConditionalExpression: an ASCII letter's or digit's references at the escaped levels (it has no name) only make the pattern larger
		if (ascii) continue;
		options.push(Array.from(form, (c) => references([c])).join(''));
		const name = htmlName(form);
		if (name) options.push(`&${anyCase(name)};`);
	}
	return `(?:${[...new Set(options)].join('|')})`;
}

/** An HTML numeric character reference of any of these characters (one code point each), decimal or hex, as a regex. */
function references(chars: string[]): string {
	const codes = chars.map((c) => c.codePointAt(0) as number);
	// Stryker disable next-line ConditionalExpression: a group around one alternative matches the same (it is left out for the pattern's size)
	const either = (texts: string[]) => (texts.length === 1 ? texts[0] : `(?:${texts.join('|')})`);
	return `&#(?:0*${either(codes.map(String))}|[xX]0*${either(codes.map((code) => hex(code, 1)))});`;
}

/** A secret as a pattern: one alternative per escaping level (see ESCAPE_LEVELS). */
function secretPattern(secret: string): string {
	const chars = Array.from(secret);
	return `(?:${ESCAPE_LEVELS.map((level) => chars.map((char) => characterPattern(char, level)).join('')).join('|')})`;
}

/**
 * The bytes a secret's base64 may have been made of: its UTF-8, and its Latin-1 (windows-1252: an old server, an HTTP
 * Basic value) when every character has one. Not its UTF-16LE (.NET's Encoding.Unicode): no server is known to echo
 * a credential so, and its forms made the quick look at every answer (`plain`) five times slower (4 → 20 µs).
 */
function secretBytes(secret: string): Buffer[] {
	const utf8 = Buffer.from(secret, 'utf8');
	// Stryker disable next-line Regex: without an anchor every secret passes: one beyond Latin-1 then adds the base64 of bytes no server writes (more text masked, none less)
	const latin1 = /^[\0-\xff]*$/.test(secret) ? Buffer.from(secret, 'latin1') : utf8;
	// an ASCII secret's Latin-1 is its UTF-8
	return latin1.equals(utf8) ? [utf8] : [utf8, latin1];
}

/** The middle of base64(x + secret) for each alignment, of each of its byte forms: found inside any base64 text that holds the secret. */
function base64Cores(secret: string): string[] {
	const cores = new Set<string>();
	for (const bytes of secretBytes(secret)) {
		for (const shift of [0, 1, 2]) {
			const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
			const start = Math.ceil((8 * shift) / 6);
			const end = Math.floor((8 * (shift + bytes.length)) / 6);
			const core = encoded.slice(start, end);
			if (core.length >= MIN_BASE64_CORE) cores.add(core);
		}
		// a short secret: only its whole encodings
		cores.add(bytes.toString('base64'));
		cores.add(bytes.toString('base64').replace(/=/g, ''));
	}
	return [...cores];
}

function base64Forms(secret: string): string[] {
	const forms = new Set<string>();
	for (const core of base64Cores(secret)) {
		forms.add(core);
		forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return [...forms];
}

/** The text JSON-escaped `times` times, as JSON.stringify escapes it, without the quotes it adds. */
const jsonEscaped = (text: string, times: number): string =>
	times === 0 ? text : jsonEscaped(JSON.stringify(text).slice(1, -1), times - 1);

/**
 * The base64 forms sought for a secret: of the secret, and of its form in the JSON the node sends (a provider echoing
 * the request body as base64 holds `pa\"ss`'s base64, not `pa"ss`'s).
 */
const base64Of = (secret: string) => [...new Set([secret, jsonEscaped(secret, 1)])].flatMap(base64Forms);

/**
 * A secret with "/" or "+" as serializers escape them where JSON.stringify does not (PHP's "\/", .NET's "\u002B"),
 * at each escaping level (the pattern of a shorter secret reads every escape; a longer one is sought by these forms).
 */
function serializerEscapes(secret: string): string[] {
	// Stryker disable next-line ConditionalExpression,Regex,ArrayDeclaration: without "/" or "+" every variant is the secret's JSON form, sought already (and a marker form masks only the marker): work saved, no form lost
	if (!/[/+]/.test(secret)) return [];
	const once = jsonEscaped(secret, 1);
	const slashes = ['/', '\\/', '\\u002F', '\\u002f'];
	const pluses = ['+', '\\u002B', '\\u002b'];
	const variants = slashes.flatMap((slash) => pluses.map((plus) => once.replace(/[/+]/g, (char) => (char === '/' ? slash : plus))));
	// Stryker disable next-line MethodExpression,ConditionalExpression: the JSON form itself again: literalsOf keeps each text once
	return variants.filter((variant) => variant !== once).flatMap((variant) => ESCAPE_LEVELS.slice(1).map((level) => jsonEscaped(variant, level - 1)));
}

/** Percent-encoding with lower-case hex digits: %C3%A9 → %c3%a9. */
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase());

/**
 * The forms of a secret that are sought as they are, when its pattern is not used (see PATTERN_SECRET_MAX): the
 * secret itself, JSON-escaped once to three times as JSON.stringify escapes (the levels of ESCAPE_LEVELS),
 * percent-encoded (%20, and as a form encodes it, + for a space; either case of hex digit), each of those all
 * upper-case and all lower-case, and its base64 forms.
 */
function literalForms(secret: string): string[] {
	const escaped = [...ESCAPE_LEVELS.map((level) => jsonEscaped(secret, level)), ...serializerEscapes(secret)];
	// a lone surrogate has no UTF-8 bytes: encodeURIComponent throws on it, where a form writes U+FFFD
	const percent = [
		encodeURIComponent(secret.replace(/\p{Cs}/gu, '\uFFFD')),
		new URLSearchParams([['', secret]]).toString().slice(1),
	];
	// a provider may echo a credential upper-cased, or lower-cased: those two whole forms too (base64 keeps its case)
	const cased = [...escaped, ...percent].flatMap((form) => [form.toUpperCase(), form.toLowerCase()]);
	return [...escaped, ...percent, ...percent.map(lowerHex), ...cased, ...base64Of(secret)];
}

/**
 * A secret and the spellings of it a provider may echo that its per-character pattern does not know: composed, when
 * it was entered decomposed (u + U+0308, as macOS writes text: the pattern knows each character's decomposed form, not
 * the reverse) and, where a letter's lower case depends on its place (Σ at the end of a word is ς), lower-cased whole.
 */
function echoedSpellings(secret: string): string[] {
	const lower = secret.toLowerCase();
	// Stryker disable next-line ArrowFunction,MethodExpression: the whole lower case sought for every secret only adds a spelling the pattern knows already
	const perCharacter = Array.from(secret, (c) => c.toLowerCase()).join('');
	return [secret, secret.normalize('NFC'), ...(lower === perCharacter ? [] : [lower])];
}

/** The values of the Authorization header that hold the token: sought as base64 (as a log of the request shows them). */
const headerValues = (token: string) => [`ServiceAuth ${token}`, `Authorization: ServiceAuth ${token}`];

/** Each text once, the longer first: a form that holds another is masked whole. */
const longestFirst = (texts: readonly string[]) => [...new Set(texts)].sort((a, b) => b.length - a.length);

/** The literal forms of secrets, and the base64 forms of the header values that hold the tokens. */
const literalsOf = (secrets: readonly string[], tokens: readonly string[]) =>
	longestFirst([...secrets.flatMap(literalForms), ...tokens.flatMap(headerValues).flatMap(base64Forms)]);

/**
 * The credential values of one node run, and what keeps them out of errors, log lines and output:
 * `text` masks every form of every secret in a string (of one longer than PATTERN_SECRET_MAX, its literal forms:
 * never an error, whatever the length), `value` does so in a copy of any JSON value,
 * `answer` also drops credential members from a provider answer, `error` scrubs an error in place.
 */
export class Secrets {
	/** the secrets, the longer first, and the access token (as a list: none or one): what `fallBack` seeks as literals */
	private readonly secrets: string[];
	private readonly tokens: string[];
	/** every form of every secret up to PATTERN_SECRET_MAX long, as one pattern's source */
	private readonly source?: string;
	/** the pattern of `source`, compiled the first time a text may hold a secret (see `sourceFor`) */
	private compiled?: RegExp;
	/**
	 * what a text without a character that starts an escape (ESCAPES) must hold to hold any form of a secret up to
	 * PATTERN_SECRET_MAX long: a secret's base64 as it is, or the secret in any letter case; undefined once V8 refused
	 * the pattern (see `fallBack`)
	 */
	private plain?: { base64: RegExp; cased: RegExp };
	/** the literal forms of the longer secrets (`literalsOf`): masked as they are, before the pattern */
	// Stryker disable next-line ArrayDeclaration: it would only also mask texts holding Stryker's own marker
	private literals: string[] = [];

	/** `token`: the access token, also sought as base64 of the whole Authorization header value. */
	constructor(values: readonly unknown[], token?: unknown) {
		const secrets = [...new Set(values.filter((v): v is string => typeof v === 'string').flatMap(echoedSpellings))]
			.filter((s) => s.length >= MIN_SECRET_LENGTH)
			// the longer first: a secret that holds another is masked whole
			.sort((a, b) => b.length - a.length);
		this.secrets = secrets;
		this.tokens = [token].filter((t): t is string => typeof t === 'string' && t.length >= MIN_SECRET_LENGTH);
		if (secrets.length === 0) return;
		const short = (s: string) => s.length <= PATTERN_SECRET_MAX;
		// a longer secret by its literal forms; the header values go with the token
		this.literals = literalsOf(
			secrets.filter((s) => !short(s)),
			// Stryker disable next-line MethodExpression: a short token's header values would be sought as literals too, before the pattern that seeks them: the same masking, more work
			this.tokens.filter((t) => !short(t)),
		);
		const patterned = secrets.filter(short);
		const base64 = [...patterned.flatMap(base64Of), ...this.tokens.filter(short).flatMap(headerValues).flatMap(base64Forms)];
		if (base64.length === 0) return;
		const literals = longestFirst(base64).map(escapeRegExp);
		const textual = patterned.map(secretPattern);
		this.source = [...literals, ...textual].join('|');
		// in any letter case, as the secrets' patterns read letters, and whole upper- or lower-cased (ß as SS: no simple
		// case folding), each also decomposed (NFD): more often than the full pattern, exact there, finds one
		const cased = patterned.flatMap((secret) => [secret, secret.toUpperCase(), secret.toLowerCase()].flatMap((form) => [form, form.normalize('NFD')]));
		// the base64 forms as they are (the full pattern seeks them so), apart: with the letter case read loosely too, one
		// pattern of both read a page twice as slowly
		this.plain = { base64: new RegExp(literals.join('|')), cased: new RegExp([...new Set(cased)].map(escapeRegExp).join('|'), 'i') };
	}

	/**
	 * The full pattern's source when a text may hold a form of a secret; undefined when it cannot. Every form but a
	 * secret's own characters holds a backslash, `%`, `&` or `+` (see `characterPattern`), so a text with none of them
	 * holds one only as it is. The full pattern is costly to compile, once per node run, and most texts (answers,
	 * headers) need only this look.
	 */
	private sourceFor(text: string): string | undefined {
		if (this.plain === undefined) return undefined;
		// three looks, not one pattern: one pattern of them all read a text holding none of them three times as slowly
		// (a page of 2,500 records, on every page of a long read)
		return ESCAPES.test(text) || this.plain.base64.test(text) || this.plain.cased.test(text) ? this.source : undefined;
	}

	/** The full pattern, compiled the first time it is needed (given `sourceFor`'s answer). */
	private pattern(source: string): RegExp {
		this.compiled ??= new RegExp(source, 'g');
		return this.compiled;
	}

	/**
	 * When V8 refuses a pattern (too large for it: more secrets than a credential's three, or a limit of a later V8),
	 * its error quotes the pattern, and so the secrets: never passed on. From then on every secret is sought by its
	 * literal forms, and the pattern is not used again (without `plain`, `sourceFor` finds nothing).
	 */
	private fallBack(): void {
		this.plain = undefined;
		this.literals = literalsOf(this.secrets, this.tokens);
	}

	/** Whether the text holds any form of any secret. */
	has(text: string): boolean {
		if (this.literals.some((form) => text.includes(form))) return true;
		try {
			const source = this.sourceFor(text);
			if (source === undefined) return false;
			const pattern = this.pattern(source);
			pattern.lastIndex = 0;
			const found = pattern.test(text);
			pattern.lastIndex = 0;
			return found;
		} catch {
			this.fallBack();
			return this.has(text);
		}
	}

	/** The text with every form of every secret replaced by `***`. */
	text(text: string): string {
		// Stryker disable next-line ConditionalExpression: the empty text holds no form of a secret (each is at least MIN_SECRET_LENGTH long): it comes back as it is either way
		if (!text) return text;
		let masked = text;
		for (const form of this.literals) masked = masked.replaceAll(form, MASK);
		try {
			const source = this.sourceFor(masked);
			return source === undefined ? masked : masked.replace(this.pattern(source), MASK);
		} catch {
			this.fallBack();
			return this.text(masked);
		}
	}

	/** A copy of a JSON value (or a plain structure) with every string and key scrubbed. */
	value<T>(value: T): T {
		return this.walk(value, false, new WeakSet()) as T;
	}

	/**
	 * A provider answer as it may be handed on: credential members (Authentication,
	 * AuthenticationDetails, UserKey, Password, wherever they sit) removed, and every string that holds
	 * a secret scrubbed. `raw` is the answer's text, when known: it lets a clean answer pass untouched.
	 */
	answer<T>(value: T, raw?: string): T {
		if (
			typeof value !== 'object' ||
			// Stryker disable next-line ConditionalExpression: null then goes on to walk, which returns it as it is: the same answer
			value === null
		)
			return typeof value === 'string' ? (this.text(value) as T) : value;
		// JSON may write any character as an escape (\u002B for a base64 "+", \/ for "/"): a raw text with one is no
		// shortcut, since a secret or member name may only show once parsed
		const escapes = raw === undefined || raw.includes('\\');
		const strip = escapes || CREDENTIAL_MEMBER_TEXT.test(raw);
		const scrub = escapes || this.has(raw);
		if (!strip && !scrub) return value;
		return this.walk(value, strip, new WeakSet(), scrub) as T;
	}

	/** Scrubs an error in place: message, stack, description, every own member (but the workflow node), its cause. */
	error<E>(error: E): E {
		if (this.secrets.length === 0 || !(error instanceof Error)) return error;
		this.scrubError(error, new WeakSet());
		return error;
	}

	private scrubError(error: Error, seen: WeakSet<object>): void {
		if (seen.has(error)) return;
		seen.add(error);
		const target = error as unknown as Record<string, unknown>;
		error.message = this.text(error.message);
		if (typeof error.stack === 'string') error.stack = this.text(error.stack);
		for (const key of Object.keys(target)) {
			// the node is the workflow's own object: it holds no answer and must not be replaced
			if (key === 'node') continue;
			target[key] = this.walk(target[key], false, seen);
		}
		const cause: unknown = (error as { cause?: unknown }).cause;
		if (cause !== undefined) {
			if (cause instanceof Error) this.scrubError(cause, seen);
			else Object.defineProperty(error, 'cause', { value: this.walk(cause, false, seen), configurable: true, writable: true });
		}
	}

	private walk(value: unknown, strip: boolean, seen: WeakSet<object>, scrub = true): unknown {
		if (typeof value === 'string') return scrub ? this.text(value) : value;
		if (value === null || typeof value !== 'object') return value;
		if (seen.has(value)) return value;
		if (value instanceof Error) {
			if (scrub) this.scrubError(value, seen);
			return value;
		}
		if (Array.isArray(value)) {
			seen.add(value);
			return value.map((v) => this.walk(v, strip, seen, scrub));
		}
		if (!isPlainObject(value)) return value;
		seen.add(value);
		const out: Record<string, unknown> = {};
		for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
			if (strip && CREDENTIAL_MEMBERS.has(key.toLowerCase())) continue;
			const name = scrub ? this.text(key) : key;
			const walked = this.walk(member, strip, seen, scrub);
			// a member "__proto__" (JSON.parse makes it an own member) stays one, not the copy's prototype
			if (name === '__proto__') Object.defineProperty(out, name, { value: walked, enumerable: true, writable: true, configurable: true });
			else out[name] = walked;
		}
		return out;
	}
}
