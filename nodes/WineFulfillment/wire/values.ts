// The value rules every field shares (zod): booleans, whole numbers, text and identifiers as they arrive from
// the editor, expressions, sheets and CSVs. Parameter readers (actions/parameters.ts) and wire schemas use them.
import { jsonParse } from 'n8n-workflow';
import { z } from 'zod';

/** A member that must be there and is not. */
function required(ctx: z.RefinementCtx): never {
	ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is required' });
	return z.NEVER as never;
}

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);
export const BOOLEAN_RULE = 'must be true or false (or yes/no, 1/0)';

/**
 * true/false, 1/0, and the words "true", "false", "1", "0", "yes", "no" in any case, as a yes/no; undefined for anything
 * else. The one reading of a yes/no: booleanValue checks a field by it, and the answers' flags are read by it directly
 * (no schema's parse on every page an answer brings).
 */
export function booleanOf(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 0) return value === 1;
	const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	if (word !== undefined && TRUE_WORDS.has(word)) return true;
	if (word !== undefined && FALSE_WORDS.has(word)) return false;
	return undefined;
}

/** A field's yes/no (booleanOf); anything else refused with BOOLEAN_RULE, nothing given as required. */
export const booleanValue = z.unknown().transform((value, ctx): boolean => {
	if (value === undefined) return required(ctx);
	const read = booleanOf(value);
	if (read !== undefined) return read;
	ctx.addIssue({ code: z.ZodIssueCode.custom, message: BOOLEAN_RULE });
	return z.NEVER;
});

export interface WholeNumberBounds {
	min: number;
	/** largest accepted; Number.MAX_SAFE_INTEGER when the interface names none */
	max?: number;
}

/** The rule as a user reads it: "must be a whole number from 1 to 500". */
export function wholeNumberRule({ min, max = Number.MAX_SAFE_INTEGER }: WholeNumberBounds): string {
	if (max >= Number.MAX_SAFE_INTEGER) return `must be a whole number of at least ${min}`;
	return `must be a whole number from ${min} to ${max}`;
}

/**
 * A whole number within bounds. Numbers, and text of plain decimal digits ("12", " 12 ", "-3") as a sheet
 * or a mapped store line carries them; hex ("0x10"), exponents ("1e3"), fractions, empty text, NaN and
 * anything beyond the bounds are refused, never rounded or clamped.
 */
export function wholeNumber(bounds: WholeNumberBounds) {
	const rule = wholeNumberRule(bounds);
	const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
	return z.unknown().transform((value, ctx): number => {
		if (value === undefined) return required(ctx);
		const n =
			typeof value === 'number'
				? value
				: typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)
					? Number(value)
					: Number.NaN;
		if (!Number.isSafeInteger(n) || n < bounds.min || n > max) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule });
			return z.NEVER;
		}
		return n;
	});
}

/** A number with a fraction allowed (prices, coordinates): finite, decimal notation only. */
export const decimalNumber = z.unknown().transform((value, ctx): number => {
	const n =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)
				? Number(value)
				: Number.NaN;
	if (!Number.isFinite(n)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a number such as 12.5' });
		return z.NEVER;
	}
	return n;
});

/** A flag as an answer writes it: a yes/no booleanValue reads, or .NET's and COBOL's "Y" / "N"; undefined otherwise. */
export function flagValue(value: unknown): boolean | undefined {
	const read = booleanOf(value);
	if (read !== undefined) return read;
	const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	return word === 'y' ? true : word === 'n' ? false : undefined;
}

/** Why a number that is not exact is refused where text is wanted (see `exactNumberText`). */
export const INEXACT_NUMBER = 'a number too large to be exact: it must arrive as text, since JavaScript keeps only about 16 digits of a number';

/**
 * A finite number as text, or undefined when the text would not be the number given: a whole number past 2^53 has lost
 * its last digits already (in JSON.parse), and 1e21 would go out as "1e+21".
 */
function exactNumberText(value: number): string | undefined {
	const text = String(value);
	return (Number.isInteger(value) && !Number.isSafeInteger(value)) || /e/i.test(text) ? undefined : text;
}

/** Text, or a number sent as text; an object, array or boolean is refused (it would travel as "[object Object]"). */
export const textValue = z.unknown().transform((value, ctx): string => {
	if (value === undefined) return required(ctx);
	if (typeof value === 'string') return value;
	// only a number is finite (Number.isFinite converts nothing)
	if (Number.isFinite(value)) {
		const text = exactNumberText(value as number);
		if (text === undefined) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `is ${INEXACT_NUMBER}` });
			return z.NEVER;
		}
		return text;
	}
	ctx.addIssue({
		code: z.ZodIssueCode.custom,
		message: `must be text, not ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : typeof value}`,
	});
	return z.NEVER;
});

/**
 * One of `values` (a choice: a code, a carrier, a category), read trimmed as every text is (a choice mapped from a cell
 * with stray spaces). Refused naming the values; missing, it "is required" too.
 */
export function enumOf<T extends readonly [string, ...string[]]>(values: T) {
	const rule = `must be one of ${values.join(', ')}`;
	return z.preprocess(
		(value) => (typeof value === 'string' ? value.trim() : value),
		z.enum(values as unknown as [T[number], ...T[number][]], {
			errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? `is required and ${rule}` : rule }),
		}),
	);
}

/** Optional text, trimmed: a number (a ZIP code or a phone number from a sheet) is sent as text (see textValue). */
export const optionalText = textValue.pipe(z.string().trim()).optional();

/**
 * A US ZIP code as text. Text is kept as given (trimmed). A number is what a sheet or CSV column of numbers makes of a
 * ZIP code, its leading zeros dropped (02134 → 2134; every ZIP code of CT, MA, ME, NH, NJ, PR, RI and VT starts with
 * 0): a whole number of 3 to 5 digits is padded back to the 5 digits of a ZIP code, one of 7 to 9 digits to the 9 of
 * ZIP+4, sent in ZIP+4's written form 12345-6789 (as the provider's address candidates write it: nine bare digits may
 * be refused as no ZIP code). No ZIP code is below 00501. Any other number is refused: it is no ZIP code.
 */
export const zipCode = z
	.unknown()
	.transform((value, ctx): unknown => {
		if (typeof value !== 'number' || !Number.isFinite(value)) return value;
		// a whole number from 100 up: 1 to 99 (and 0) have too few digits anyway, and a negative one is no ZIP code
		const digits = Number.isSafeInteger(value) && value >= 100 ? String(value).length : 0;
		if (digits >= 3 && digits <= 5) return String(value).padStart(5, '0');
		// Stryker disable next-line Regex: the padded text is nine digits: its first five are at its start
		if (digits >= 7 && digits <= 9) return String(value).padStart(9, '0').replace(/^(\d{5})/, '$1-');
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: 'is a number that is no ZIP code (5 digits, or 9 with ZIP+4): give ZIP codes as text, e.g. format the column as text',
		});
		return z.NEVER;
	})
	.pipe(optionalText);

/**
 * A ZIP Code field read alone, before its address is put together: text trimmed, a number kept as the number (whether it
 * is padded as a US ZIP code depends on the address's Country: withPostalCode, then zipCode, decide), anything else
 * refused as zipCode refuses it.
 */
export const zipCodeInput = z.unknown().transform((value, ctx): string | number | undefined => {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	const text = optionalText.safeParse(value);
	if (text.success) return text.data;
	for (const issue of text.error.issues) ctx.addIssue(issue);
	return z.NEVER;
});

/**
 * The US as an address's Country may name it (any case, dots, commas and spaces aside), and the territories that use
 * its ZIP codes, by two- and three-letter code and name ("Virgin Islands, U.S." as ISO 3166 writes it), as stores write them: Puerto Rico's (006xx to 009xx) and the Virgin Islands' (008xx) are
 * the ZIP codes that begin with zeros.
 */
const US_ZIP_COUNTRIES = new Set([
	...['us', 'usa', 'unitedstates', 'unitedstatesofamerica'],
	...['pr', 'pri', 'puertorico', 'vi', 'vir', 'usvirginislands', 'virginislandsus', 'unitedstatesvirginislands'],
	...['gu', 'gum', 'guam', 'as', 'asm', 'americansamoa', 'mp', 'mnp', 'northernmarianaislands'],
]);

/**
 * Whether an address's Country uses US ZIP codes: absent or blank (the interface's addresses are US ones), the US or
 * one of its territories.
 */
function inUs(country: unknown): boolean {
	return typeof country !== 'string' || US_ZIP_COUNTRIES.has(country.toLowerCase().replace(/[\s.,()]/g, '')) || !country.trim();
}

/**
 * An address object (its ZipCode beside its Country) checked by `schema`, where zipCode's padding of a number is for US
 * ZIP codes only: with another Country a whole number is a postal code of its own (Belgium's 1000, Austria's 1010), its
 * digits sent as they are. Any other value goes to zipCode as given.
 */
export function withPostalCode<T extends z.ZodTypeAny>(schema: T) {
	return z.preprocess((value) => {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
		const { ZipCode: zip, Country: country } = value as Record<string, unknown>;
		if (typeof zip !== 'number' || !Number.isSafeInteger(zip) || zip < 0 || inUs(country)) return value;
		return { ...value, ZipCode: String(zip) };
	}, schema);
}

/** Letters, marks and digits of any script, and the other characters RFC 5322 lets an address's local part hold. */
const EMAIL_CHARACTER = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]";
/** A domain label: letters, marks and digits of any script, hyphens inside. */
const DOMAIN_LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?`;
/**
 * An e-mail address, internationalised ones too (RFC 6531: josé@viña.cl, info@weingut-müller.de): at most 254
 * characters; one @; a local part of up to 64 characters, runs of letters, digits and !#$%&'*+/=?^_`{|}~- joined by
 * single dots; a domain of two labels or more, the last of letters (or an xn-- label). A quoted local part and an
 * address literal ([192.0.2.1]) are left out: no store writes one, and they are how a typo would look.
 */
const EMAIL_ADDRESS = new RegExp(
	String.raw`^(?=.{3,254}$)(?=.{1,64}@)${EMAIL_CHARACTER}+(?:\.${EMAIL_CHARACTER}+)*@(?:${DOMAIN_LABEL}\.)+(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$`,
	'iu',
);
export const EMAIL_RULE = 'must be a valid e-mail address, such as name@example.com';

/**
 * The one e-mail address rule (see EMAIL_ADDRESS) on top of `base`; zod's own email() knows ASCII addresses only and
 * refuses a winery's umlaut domain.
 */
export function emailAddress(base: z.ZodString = z.string().trim()): z.ZodString {
	return base.regex(EMAIL_ADDRESS, EMAIL_RULE);
}

/**
 * Text a member requires, checked by `rules` once trimmed: a missing or null member reads as empty (so the message is
 * the rules' "is required" alone), a number is sent as text (see textValue).
 */
export function requiredText(rules: z.ZodString = z.string().trim().min(1, 'is required')) {
	return z.preprocess((v) => v ?? '', textValue.pipe(rules));
}

/** How a value is shown in an error: short, and never an object's whole content. */
export function preview(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
	return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Text that is a JSON list (`["SO-1","SO-2"]`: an expression's JSON.stringify, a cell holding JSON): that list. */
function jsonList(text: string): unknown[] | undefined {
	const trimmed = text.trim();
	// Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: a fast path for the usual comma-separated text; other text parses to no list (or not at all)
	if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
	const parsed = jsonParse<unknown>(trimmed, { fallbackValue: null });
	return Array.isArray(parsed) ? parsed : undefined;
}

/**
 * A list: text separated by commas, semicolons or line breaks, a JSON list as text (other text in brackets is refused),
 * or a list (from an expression) of text and numbers. Entries are trimmed; empty ones, null and undefined are dropped. An object, a nested list or a
 * boolean is refused, whole or as an entry (it would travel as "[object Object]" or "true"), and so is a number that
 * is not exact, as textValue refuses it (it would travel as another number).
 */
export const listValue = z.unknown().transform((value, ctx): string[] => {
	const listed = Array.isArray(value) ? value : typeof value === 'string' ? jsonList(value) : undefined;
	// a list written with brackets that is no JSON ("[A, B]", Python's "['A', 'B']", one cut short) split at its commas
	// would send "[A" and "B]", which match nothing: a query would read "none" (bug hunt 34)
	if (listed === undefined && typeof value === 'string' && value.trim().startsWith('[')) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'starts with "[" but is no JSON list: write ["A", "B"] (each entry in double quotes), or A, B' });
		return z.NEVER;
	}
	// undefined and null become one entry, dropped below
	const entries: unknown[] = listed ?? (typeof value === 'string' ? value.split(/[,;\n]/) : [value]);
	const list: string[] = [];
	for (const [index, entry] of entries.entries()) {
		if (entry === undefined || entry === null) continue;
		if (typeof entry !== 'string' && !Number.isFinite(entry)) {
			const which = listed ? `: entry ${index + 1} is ${preview(entry)}` : '';
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be text or a list of text${which}` });
			return z.NEVER;
		}
		const text = typeof entry === 'string' ? entry.trim() : exactNumberText(entry as number);
		if (text === undefined) {
			const whose = listed ? `entry ${index + 1} is ${preview(entry)}, ` : 'is ';
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${whose}${INEXACT_NUMBER}` });
			return z.NEVER;
		}
		if (text.length > 0) list.push(text);
	}
	return list;
});

/**
 * Control characters, C1 ones too (NEL U+0085 is a line break .NET's Trim removes and JavaScript's keeps; U+0096 is a
 * cp1252 en dash read as latin1), and the line and paragraph separators.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/**
 * Invisible characters: format characters (zero-width space, word joiner, soft hyphen...) and the others Unicode says
 * to show as nothing (variation selectors, the combining grapheme joiner, Hangul fillers). Pasted from a web page, they
 * make another number that looks the same.
 */
const FORMAT_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * A number in the exponent form a spreadsheet shows a long number in (Excel's 1.23457E+11 for 123456789012), saved
 * so into a CSV: only the first six or so digits are left, and sending the text would create or look up another number.
 * A sheet in a language with a decimal comma writes 1,23457E+11.
 * The sign of the exponent is required, as every sheet and JavaScript write it, so that an item number such as
 * 12E5 stays an item number.
 */
const EXPONENT_FORM = /^[+-]?\d+([.,]\d+)?e[+-]\d+$/i;
export const EXPONENT_RULE =
	'is a number in exponent form, as a spreadsheet shows a long number: its last digits are lost; format the column as text and give the whole number';

/** Refuses text in exponent form (see EXPONENT_FORM); anything else passes as it is. Its callers give trimmed text. */
export const notExponentForm = (v: string) => !EXPONENT_FORM.test(v);

/**
 * Digits given as text (trimmed; a number from a number column as its digits): a UPC code, a phone number. In exponent
 * form (4.41235E+11, a sheet's display of a long number) its last digits are lost: refused, as an identifier is.
 */
export const digitsText = textValue.pipe(z.string().trim().refine(notExponentForm, EXPONENT_RULE));

/** Longest identifier the node sends where the interface names no bound (order, reference and item numbers). */
export const MAX_IDENTIFIER = 50;

/**
 * An identifier (order, reference, item number): text, trimmed, in Unicode's composed form (NFC), `min` to `max`
 * characters, no control characters (a tab or line break pasted from a sheet cannot be part of a valid number), no
 * invisible characters (the same number with a zero-width space in it would be another order at the provider) and not
 * a number in a sheet's exponent form (see EXPONENT_FORM).
 */
export function identifier(max = MAX_IDENTIFIER, min = 1) {
	return textValue.pipe(
		z
			.string()
			.trim()
			// one spelling of what looks the same: "Café" pasted decomposed (e + U+0301, as macOS gives it) is sent as
			// typed composed; compatibility forms (fullwidth ＷＥＢ) are left as given, they are other characters
			.transform((v) => v.normalize('NFC'))
			.pipe(
				z
					.string()
					.min(min, min === 1 ? 'is required' : `must be ${min} to ${max} characters`)
					.max(max, min === 1 ? `must be at most ${max} characters` : `must be ${min} to ${max} characters`)
					.refine((v) => !CONTROL_CHARACTERS.test(v), 'must not contain control characters (tabs, line breaks)')
					.refine((v) => !FORMAT_CHARACTERS.test(v), 'must not contain invisible characters (a zero-width space, a soft hyphen): retype it')
					.refine(notExponentForm, EXPONENT_RULE),
			),
	);
}
