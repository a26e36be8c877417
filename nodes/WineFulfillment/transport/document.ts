// Reads a document answer (a PDF or PNG label): the bytes must be the type asked for, by content type and by signature.
import type { IDataObject } from 'n8n-workflow';

export type DocumentType = 'application/pdf' | 'image/png';

export interface WireDocument {
	data: Buffer;
	mimeType: DocumentType;
	/** the provider's file name (Content-Disposition, or a FileName member of a JSON answer), made safe (safeFileName) */
	fileName?: string;
	/** the members of a JSON answer besides the document and its file name */
	meta: IDataObject;
}

const NAMES: Record<DocumentType, string> = { 'application/pdf': 'a PDF document', 'image/png': 'a PNG image' };

/** Content types that leave the decision to the bytes' signature. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);
const ALIASES: Record<string, DocumentType> = { 'application/x-pdf': 'application/pdf' };

/** What the bytes are by their signature: `%PDF-` or the PNG signature. */
export function signatureOf(data: Buffer): DocumentType | undefined {
	if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
	if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
	return undefined;
}

/** Members a JSON answer may carry the base64 document in, most likely first (the interface names none). */
const DOCUMENT_KEYS = ['document', 'label', 'labeldata', 'labelimage', 'filecontent', 'filedata', 'content', 'data', 'base64', 'file'];

// Stryker disable next-line Regex: replacing each white space character one at a time (`\s` for `\s+`) removes the same
const WHITE_SPACE = /\s+/g;

function decodeBase64(text: string): Buffer | undefined {
	const payload = text.replace(/^data:[^;,]+;base64,/i, '').replace(WHITE_SPACE, '');
	if (!payload || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) return undefined;
	return Buffer.from(payload, 'base64');
}

/** Text of the answer as it may be shown: scrubbed (by the caller's function) before it is cut to length. */
type Clean = (text: string) => string;

function clip(clean: Clean, text: string, max = 120): string {
	const oneLine = clean(text).replace(/\s+/g, ' ').trim();
	return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

const GUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;

/** Words for a parsed JSON answer that is not the document: what the user is shown. */
function describeJson(clean: Clean, value: unknown): string {
	if (typeof value === 'string') {
		if (GUID.test(value.trim())) return `a GUID string (${clip(clean, value)}) instead of a document`;
		return value.trim() ? `a JSON string ("${clip(clean, value)}")` : 'an empty JSON string';
	}
	if (Array.isArray(value)) return `a JSON array of ${value.length} element(s)`;
	if (value && typeof value === 'object') {
		const members = Object.keys(value);
		const said = ['Message', 'message', 'Error', 'error']
			.map((k) => (value as IDataObject)[k])
			.find((v): v is string => typeof v === 'string' && v.trim() !== '');
		const list = members.length ? `members ${clip(clean, members.join(', '), 200)}` : 'no members';
		return `a JSON object without a document (${list})${said ? `; the provider said: ${clip(clean, said, 300)}` : ''}`;
	}
	return `JSON ${String(value)}`;
}

export type DocumentRead = { ok: true; document: WireDocument } | { ok: false; what: string };

/** A document in a JSON answer: a member whose base64 text decodes to the type asked for. */
function fromJson(clean: Clean, answer: unknown, wanted: DocumentType): DocumentRead {
	if (typeof answer === 'string') {
		const data = decodeBase64(answer);
		if (data && signatureOf(data) === wanted) return { ok: true, document: { data, mimeType: wanted, meta: {} } };
		return { ok: false, what: describeJson(clean, answer) };
	}
	if (
		!answer ||
		// Stryker disable next-line ConditionalExpression: a number or boolean goes on as an object with no keys: no member decodes, worded alike
		typeof answer !== 'object' ||
		Array.isArray(answer)
	)
		return { ok: false, what: describeJson(clean, answer) };
	const body = answer as IDataObject;
	const rank = (key: string) => {
		const at = DOCUMENT_KEYS.indexOf(key.toLowerCase());
		return at === -1 ? DOCUMENT_KEYS.length : at;
	};
	const decoded = Object.keys(body)
		.filter((key) => typeof body[key] === 'string')
		.sort((a, b) => rank(a) - rank(b))
		.map((key) => ({ key, data: decodeBase64(body[key] as string) }))
		.filter((c): c is { key: string; data: Buffer } => c.data !== undefined);
	const found = decoded.find((c) => signatureOf(c.data) === wanted);
	if (!found) {
		const other = decoded.find((c) => signatureOf(c.data));
		return {
			ok: false,
			what: other
				? `${NAMES[signatureOf(other.data) as DocumentType]} in the JSON member ${other.key}`
				: describeJson(clean, answer),
		};
	}
	const meta = { ...body };
	delete meta[found.key];
	const fileName = meta.FileName ?? meta.fileName;
	// the name as given leaves only through safeFileName: the output's FileName is the safe one
	for (const key of ['FileName', 'fileName']) if (typeof meta[key] === 'string') delete meta[key];
	return {
		ok: true,
		document: { data: found.data, mimeType: wanted, fileName: typeof fileName === 'string' ? safeFileName(fileName, wanted) : undefined, meta },
	};
}

// ---- the file name ----

/** The parameters of a Content-Disposition header (RFC 6266): names in lower case, the first of a repeated one. */
function dispositionParameters(value: string): Map<string, string> {
	const parameters = new Map<string, string>();
	let at = 0;
	for (;;) {
		// a parameter's name runs to "=" (the disposition type, which has none, is passed over); none is left without one
		const end = value.slice(at).search(/[=;]/);
		if (end === -1) return parameters;
		const name = value.slice(at, at + end).trim().toLowerCase();
		at += end;
		if (value[at] !== '=') {
			at += 1;
			continue;
		}
		at += 1;
		while (value[at] === ' ' || value[at] === '\t') at += 1;
		let text = '';
		if (value[at] === '"') {
			// a quoted string: "\" escapes the next character; a ";" inside belongs to the value
			at += 1;
			while (at < value.length && value[at] !== '"') {
				if (value[at] === '\\' && at + 1 < value.length) at += 1;
				text += value[at];
				at += 1;
			}
			const next = value.indexOf(';', at);
			// Stryker disable next-line ArithmeticOperator: from the character before that ";" (the closing quote or text after it) the loop passes over both alike
			at = next === -1 ? value.length : next + 1;
		} else {
			const next = value.indexOf(';', at);
			text = value.slice(at, next === -1 ? value.length : next).trim();
			at = next === -1 ? value.length : next + 1;
		}
		if (!parameters.has(name)) parameters.set(name, text);
	}
}

/** Bytes of percent-encoded text: %XX as the byte, any other character as its UTF-8; undefined when a % is malformed. */
function percentDecoded(text: string): Buffer | undefined {
	const bytes: Buffer[] = [];
	for (let at = 0; at < text.length; at += 1) {
		if (text[at] !== '%') {
			const code = text.codePointAt(at) as number;
			if (code > 0xffff) at += 1;
			bytes.push(Buffer.from(String.fromCodePoint(code), 'utf8'));
		} else if (/[0-9a-f]{2}/i.test(text.slice(at + 1, at + 3))) {
			bytes.push(Buffer.from([parseInt(text.slice(at + 1, at + 3), 16)]));
			at += 2;
		} else return undefined;
	}
	return Buffer.concat(bytes);
}

/** UTF-8 text of bytes, or undefined when they are not UTF-8. */
function utf8(bytes: Buffer): string | undefined {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return undefined;
	}
}

/** An RFC 5987 ext-value (charset'language'percent-encoded), in UTF-8 or ISO-8859-1; undefined when it is not one. */
function extendedValue(value: string): string | undefined {
	const parts = /^([^']*)'[^']*'(.*)$/.exec(value);
	const charset = parts?.[1].trim().toLowerCase();
	const bytes = parts && percentDecoded(parts[2]);
	if (!bytes) return undefined;
	if (charset === 'utf-8') return utf8(bytes);
	if (charset === 'iso-8859-1' || charset === 'latin1') return bytes.toString('latin1');
	return undefined;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): filename* (RFC 5987: UTF-8 or ISO-8859-1, any language
 * tag) when it decodes, else filename, quoted or not. That one is read as browsers read it: percent-encoded UTF-8 is
 * decoded (text that does not decode, such as "100%.pdf", is kept), and raw UTF-8, which Node reads as ISO-8859-1
 * characters, is read back as UTF-8.
 */
export function dispositionFileName(value: string): string | undefined {
	const parameters = dispositionParameters(value);
	const extended = parameters.get('filename*');
	const decoded = extended === undefined ? undefined : extendedValue(extended);
	if (decoded !== undefined) return decoded;
	const plain = parameters.get('filename');
	if (plain === undefined) return undefined;
	const bytes = plain.includes('%') ? percentDecoded(plain) : undefined;
	const fromPercent = bytes && utf8(bytes);
	if (fromPercent !== undefined) return fromPercent;
	const latin1 = Array.from(plain).every((c) => c.charCodeAt(0) < 0x100);
	return (latin1 && utf8(Buffer.from(plain, 'latin1'))) || plain;
}

/** Each document type's file extension. */
const EXTENSIONS: Record<DocumentType, string> = { 'application/pdf': 'pdf', 'image/png': 'png' };

/** Extensions of file types a name may wrongly carry: replaced by the document's own (any other is part of the name). */
const TYPE_EXTENSIONS = /^(pdf|png|jpe?g|gif|tiff?|bmp|webp|svg|zpl|epl|txt|html?|xml|json|bin|dat)$/i;

/** Control characters (C0, DEL, C1), invisible format characters (bidi overrides...) and line or paragraph separators. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** Longest file name made, in characters and in UTF-8 bytes (file systems allow 255 bytes). */
const MAX_NAME_CHARACTERS = 200;
const MAX_NAME_BYTES = 255;

/**
 * A file name that is safe to write and to put in a header, or undefined when none is left (the caller builds its own):
 * the last segment of a path (split at "/" and "\"), without control or invisible characters, leading dots, or spaces
 * and dots at the ends ("." and ".." leave nothing); with the document's extension (a wrong type's is replaced, an
 * unknown one kept before it); at most 200 characters and 255 UTF-8 bytes, cut before the extension.
 */
export function safeFileName(name: string | undefined, type: DocumentType): string | undefined {
	if (name === undefined) return undefined;
	const segment = name.split(/[\\/]/).pop() as string;
	const clean = segment.replace(UNSAFE_CHARACTERS, '').replace(/^[\s.]+|[\s.]+$/g, '');
	const extension = EXTENSIONS[type];
	const dot = clean.lastIndexOf('.');
	// Stryker disable next-line StringLiteral: with no dot, any text that is neither the document's extension nor a type's gives the same as none
	const given = dot === -1 ? '' : clean.slice(dot + 1);
	const ownExtension = given.toLowerCase() === extension;
	let stem = ownExtension || TYPE_EXTENSIONS.test(given) ? clean.slice(0, dot) : clean;
	const suffix = `.${ownExtension ? given : extension}`;
	const characters = Array.from(stem);
	characters.length = Math.min(characters.length, MAX_NAME_CHARACTERS - suffix.length);
	while (characters.length && Buffer.byteLength(characters.join('') + suffix) > MAX_NAME_BYTES) characters.pop();
	stem = characters.join('').replace(/[\s.]+$/, '');
	return stem ? `${stem}${suffix}` : undefined;
}

/** A header's value by its lower-case name: n8n's HTTP helper gives every header name in lower case. */
const header = (headers: Record<string, unknown>, name: string): string => {
	const value = headers[name];
	return String((Array.isArray(value) ? value[0] : value) ?? '');
};

/**
 * The document in an answer, or words naming what came back instead. Raw bytes are accepted when
 * their signature is the type asked for and the content type is that type or a generic one; a JSON
 * answer (the interface does not say which shape the label comes in) when one of its members holds
 * the document in base64. Anything else (JSON without it, text, a GUID string, an empty or unreadable
 * answer, the other format) is refused. `clean` scrubs any text of the answer that the words quote.
 */
export function readDocument(
	headers: Record<string, unknown>,
	bytes: Buffer,
	wanted: DocumentType,
	clean: Clean = (text) => text,
): DocumentRead {
	const contentType = header(headers, 'content-type').split(';')[0].trim().toLowerCase();
	const type = ALIASES[contentType] ?? contentType;
	const signature = signatureOf(bytes);
	if (bytes.length === 0) return { ok: false, what: `an empty answer${contentType ? ` (content type ${contentType})` : ''}` };

	const text = () => bytes.toString('utf8');
	const looksJson = type.includes('json') || (!signature && GENERIC_TYPES.has(type) && /^\s*[{["]/.test(text().slice(0, 16)));
	if (looksJson) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(text()) as unknown;
		} catch {
			return { ok: false, what: `malformed JSON (${clip(clean, text(), 80)})` };
		}
		return fromJson(clean, parsed, wanted);
	}
	if (signature === wanted && (type === wanted || GENERIC_TYPES.has(type))) {
		const fileName = safeFileName(dispositionFileName(header(headers, 'content-disposition')), wanted);
		return { ok: true, document: { data: bytes, mimeType: wanted, fileName, meta: {} } };
	}
	if (signature) {
		return {
			ok: false,
			what: `${NAMES[signature]}${type && type !== signature ? ` labelled ${contentType}` : ''}`,
		};
	}
	if (type.startsWith('text/') || (!type && /^[\t\n\r\x20-\x7e]*$/.test(text().slice(0, 200)))) {
		return { ok: false, what: `text${contentType ? ` (${contentType})` : ''}: "${clip(clean, text())}"` };
	}
	const start = bytes.subarray(0, 8).toString('hex').replace(/(..)/g, '$1 ').trim();
	return {
		ok: false,
		what: `${bytes.length} bytes of ${contentType || 'unknown type'} that are not ${NAMES[wanted]} (they start with ${start})`,
	};
}

export function documentName(type: DocumentType): string {
	return NAMES[type];
}
