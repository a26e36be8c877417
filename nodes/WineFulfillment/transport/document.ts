// Reads a document answer (a PDF or PNG label): the bytes must be the type asked for, by content type and by signature.
import isPlainObject from 'lodash/isPlainObject';
import omit from 'lodash/omit';
import type { IDataObject } from 'n8n-workflow';

import { answerText, headerText, utf8 } from './text';

export type DocumentType = 'application/pdf' | 'image/png';

/** A document beside the one asked for in a JSON answer (a packing slip beside the label, a PNG preview...). */
export interface OtherDocument {
	data: Buffer;
	mimeType: DocumentType;
	/** the JSON member it came in (by its path one level down: Preview.Image) */
	member: string;
}

export interface WireDocument {
	data: Buffer;
	mimeType: DocumentType;
	/** the provider's file name (Content-Disposition, or a FileName member of a JSON answer in any letter case), made safe (safeFileName) */
	fileName?: string;
	/** the members of a JSON answer besides the documents and the file name (an envelope's one level down: fromJson) */
	meta: IDataObject;
	/** the JSON member the document came in, when it came in one (by its path one level down: Result.LabelData) */
	member?: string;
	/** every other document of a JSON answer, in the answer's order: none is left in meta as base64 text */
	others?: OtherDocument[];
}

const NAMES: Record<DocumentType, string> = { 'application/pdf': 'a PDF document', 'image/png': 'a PNG image' };

/**
 * Content types that leave the decision to the bytes' signature: none, the octet-stream names (application/x-octet-stream
 * is the fallback type of some servers), and the types servers write to make a browser save a file whatever it is
 * (application/force-download, application/x-download, application/download: PHP download scripts send them), which say
 * nothing about the bytes.
 */
const GENERIC_TYPES = new Set([
	'',
	'application/octet-stream',
	'binary/octet-stream',
	'application/binary',
	'application/x-octet-stream',
	'application/force-download',
	'application/x-download',
	'application/download',
]);
/** Older names of the document types (the x- names before their registration), read as the type. */
const ALIASES: Record<string, DocumentType> = { 'application/x-pdf': 'application/pdf', 'image/x-png': 'image/png' };

/** How far into the bytes a PDF's header may start: PDF readers look for `%PDF-` within the first 1,024 bytes. */
const PDF_HEADER_WITHIN = 1024;
const PDF_HEADER = '%PDF-';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are by their signature: `%PDF-` within the first 1,024 bytes, or the PNG signature at the start. */
export function signatureOf(data: Buffer): DocumentType | undefined {
	if (data.subarray(0, PDF_HEADER_WITHIN - 1 + PDF_HEADER.length).includes(PDF_HEADER, 0, 'latin1')) return 'application/pdf';
	if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
	return undefined;
}

/** How far from its end a document's end marker is looked for: `%%EOF` of a PDF, the IEND chunk of a PNG. */
const END_WITHIN = 1024;
/** A PNG's last chunk: IEND, of length 0, with its CRC. */
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** Bytes a document may be padded with after its end marker (NUL, tab, line feed, form feed, carriage return, space): readers ignore them. */
const PADDING = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * Why a document of this type is incomplete (cut short on its way), or undefined when its end marker is there: in the
 * last 1,024 bytes before any padding. Only there: a linearized PDF has an earlier %%EOF, which a cut one still holds.
 */
function incompleteness(data: Buffer, type: DocumentType): string | undefined {
	let length = data.length;
	// Stryker disable next-line EqualityOperator,ConditionalExpression: at 0, data[-1] is undefined, which is no padding
	while (length > 0 && PADDING.has(data[length - 1])) length -= 1;
	const tail = data.subarray(Math.max(0, length - END_WITHIN), length);
	if (type === 'application/pdf') return tail.includes('%%EOF', 0, 'latin1') ? undefined : 'no %%EOF in its last 1,024 bytes';
	return tail.includes(PNG_END) ? undefined : 'no IEND chunk in its last 1,024 bytes';
}

/** Words for a document that is incomplete, `where` it was (a JSON member), or undefined when it is whole. */
function incompleteWhat(data: Buffer, type: DocumentType, where = ''): string | undefined {
	const why = incompleteness(data, type);
	// Stryker disable next-line Regex: every name starts with its article, the first "a " or "an " in it
	return why && `an incomplete ${NAMES[type].replace(/^an? /, '')}${where} (the document is incomplete: ${why})`;
}

/** Members a JSON answer may carry the base64 document in, most likely first (the interface names none). */
const DOCUMENT_KEYS = ['document', 'label', 'labeldata', 'labelimage', 'filecontent', 'filedata', 'content', 'data', 'base64', 'file'];

// Stryker disable next-line Regex: replacing each white space character one at a time (`\s` for `\s+`) removes the same
const WHITE_SPACE = /\s+/g;

/** The head of an RFC 2397 data: URL, up to its comma: `data:[<media type>][;<parameter>...][;base64],`. */
const DATA_URL = /^data:([^,]*),/i;

type Decoded = { ok: true; data: Buffer } | { ok: false; why: string };

/**
 * Bytes of base64 text (standard or URL-safe letters, white space anywhere, or a data: URL in base64), or why it is
 * none: read as WHATWG's forgiving-base64 decode reads it, so text cut short or holding other characters is refused
 * (Node's own decoder would skip such characters and decode the rest).
 */
function decodeBase64(text: string): Decoded {
	const url = DATA_URL.exec(text.slice(0, 1024));
	if (url && !/;\s*base64\s*$/i.test(url[1])) return { ok: false, why: 'is a data: URL that is not base64' };
	const payload = (url ? text.slice(url[0].length) : text).replace(WHITE_SPACE, '');
	if (!payload) return { ok: false, why: url ? 'is a data: URL without data' : 'is empty' };
	// up to two "=" end a text of whole groups of four characters
	const letters = payload.length % 4 === 0 ? payload.replace(/={1,2}$/, '') : payload;
	const other = letters.search(/[^A-Za-z0-9+/_-]/);
	if (other !== -1) return { ok: false, why: `is not valid base64 (${JSON.stringify(letters[other])} at character ${other + 1})` };
	if (letters.length % 4 === 1) {
		return { ok: false, why: `is not valid base64 (${payload.length} characters without white space, one more than whole groups of 4: cut short?)` };
	}
	return { ok: true, data: Buffer.from(letters, 'base64') };
}

/** Text of the answer as it may be shown: scrubbed (by the caller's function) before it is cut to length. */
type Clean = (text: string) => string;

function clip(clean: Clean, text: string, max = 120): string {
	const oneLine = clean(text).replace(/\s+/g, ' ').trim();
	return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

const GUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;

/** Words for a parsed JSON answer that is not the document: what the user is shown; `why` says why a member is none. */
function describeJson(clean: Clean, value: unknown, why?: string): string {
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
		return (
			`a JSON object without a document (${list})${why ? `: ${clip(clean, why, 300)}` : ''}` +
			(said ? `; the provider said: ${clip(clean, said, 300)}` : '')
		);
	}
	return `JSON ${String(value)}`;
}

/** The first bytes of data, in hex, to say what they are when they are not a document. */
const startOf = (data: Buffer) => data.subarray(0, 8).toString('hex').replace(/(..)/g, '$1 ').trim();

/** Why text that was taken for a document in base64 is not the document asked for. */
function whyNot(decoded: Decoded, wanted: DocumentType): string {
	if (!decoded.ok) return decoded.why;
	return `holds base64 of ${decoded.data.length} bytes that are not ${NAMES[wanted]} (they start with ${startOf(decoded.data)})`;
}

export type DocumentRead = { ok: true; document: WireDocument } | { ok: false; what: string };

/** A member's place in DOCUMENT_KEYS (in any letter case), after them all when it is not there. */
function rank(key: string): number {
	const at = DOCUMENT_KEYS.indexOf(key.toLowerCase());
	return at === -1 ? DOCUMENT_KEYS.length : at;
}

/** Member names, likeliest document member first (DOCUMENT_KEYS), else in their own order. */
const ranked = (keys: string[]) => keys.sort((a, b) => rank(a) - rank(b));

/** A string member of a JSON object, decoded as base64: `member` names it in words ("LabelData", or "Result.LabelData" one level down). */
interface Candidate {
	key: string;
	member: string;
	text: string;
	decoded: Decoded;
}

/** A document found in a member of a JSON object: `key` is the member's name in that object. */
type Found = OtherDocument & { key: string };

/** The string members of a JSON object (likeliest first, each decoded), and the documents among them. */
function documentsIn(object: IDataObject, prefix = ''): { candidates: Candidate[]; documents: Found[] } {
	const candidates = ranked(Object.keys(object).filter((key) => typeof object[key] === 'string')).map((key) => ({
		key,
		member: `${prefix}${key}`,
		text: object[key] as string,
		decoded: decodeBase64(object[key] as string),
	}));
	const documents = candidates.flatMap(({ key, member, decoded }) => {
		const type = decoded.ok ? signatureOf(decoded.data) : undefined;
		return decoded.ok && type ? [{ key, member, data: decoded.data, mimeType: type }] : [];
	});
	return { candidates, documents };
}

/** The FileName members of a JSON object (in any letter case) that are text. */
const fileNameKeys = (object: IDataObject) => Object.keys(object).filter((key) => key.toLowerCase() === 'filename' && typeof object[key] === 'string');

/** The documents of an object's members, in the object's order. */
const inOrder = (object: IDataObject, documents: Found[]) => Object.keys(object).flatMap((key) => documents.filter((d) => d.key === key));

/**
 * The documents in a JSON answer: every member whose base64 text decodes to a PDF or a PNG. The one asked for is
 * the likeliest member of its type (DOCUMENT_KEYS); every other is in `others`, so none stays in meta as base64. Any
 * of them incomplete refuses the answer. A FileName member, in any letter case, is the file name.
 *
 * When no top-level member holds a document of either type, the members that are objects are read one level down
 * (never deeper), as a gateway's envelope ({"Result": {"LabelData": "<base64>", "FileName": ...}, "StatusCode": 200}):
 * likeliest first (DOCUMENT_KEYS), else in the answer's order, the first that holds the document asked for is read as
 * a top level is (its documents, their completeness, its FileName, else the top level's). Its document's member is
 * named by its path (Result.LabelData); the documents of the other objects one level down are in `others` too, and
 * taken out of them in meta. The meta is then the top level's members as they stand, without any FileName, each object
 * one level down without its documents (the envelope without its FileName too): {"Result": {"Carrier": "UPS"},
 * "StatusCode": 200}, so a failure flag at either level is read where the answer put it. When the objects one level down hold only the other format, the answer is
 * refused naming that member by its path ("a PNG image in the JSON member Result.LabelData").
 */
function fromJson(clean: Clean, answer: unknown, wanted: DocumentType): DocumentRead {
	if (typeof answer === 'string') {
		const decoded = decodeBase64(answer);
		if (decoded.ok && signatureOf(decoded.data) === wanted) {
			const incomplete = incompleteWhat(decoded.data, wanted, ' in a JSON string');
			return incomplete ? { ok: false, what: incomplete } : { ok: true, document: { data: decoded.data, mimeType: wanted, meta: {} } };
		}
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
	const top = documentsIn(body);
	// no document at the top level: the members that are objects, one level down (never deeper)
	const envelopes = top.documents.length
		? []
		: ranked(Object.keys(body).filter((key) => isPlainObject(body[key]))).map((key) => ({ key, ...documentsIn(body[key] as IDataObject, `${key}.`) }));
	const envelope = envelopes.find(({ documents }) => documents.some((d) => d.mimeType === wanted));
	// every document of the answer, likeliest first: the top level's, else those one level down
	const documents = top.documents.length ? top.documents : envelopes.flatMap((e) => e.documents);
	const found = (envelope ? envelope.documents : documents).find((d) => d.mimeType === wanted);
	if (!found) {
		const other = documents[0];
		if (other) return { ok: false, what: `${NAMES[other.mimeType]} in the JSON member ${clean(other.member)}` };
		// the member that was likeliest meant as the document: one named as a document is, or a data: URL (the top level's first)
		const suspect = [...top.candidates, ...envelopes.flatMap((e) => e.candidates)].find(
			({ key, text }) => rank(key) < DOCUMENT_KEYS.length || /^data:/i.test(text),
		);
		return { ok: false, what: describeJson(clean, answer, suspect && `${suspect.member} ${whyNot(suspect.decoded, wanted)}`) };
	}
	for (const document of documents) {
		const incomplete = incompleteWhat(document.data, document.mimeType, ` in the JSON member ${clean(document.member)}`);
		if (incomplete) return { ok: false, what: incomplete };
	}
	const holder = envelope ? (body[envelope.key] as IDataObject) : body;
	const names = fileNameKeys(body);
	const inner = envelope ? fileNameKeys(holder) : [];
	// the file name: the first FileName member (in any letter case) that is text, the envelope's before the top level's
	const fileName = [...inner.map((key) => holder[key]), ...names.map((key) => body[key])][0] as string | undefined;
	// no document stays in meta as base64; a name leaves only through safeFileName (the output's FileName is the safe one)
	let meta: IDataObject;
	let all: Found[];
	if (envelope) {
		const inside = (key: string) => envelopes.find((e) => e.key === key)?.documents ?? [];
		// each object stays where it is, without its documents (the envelope without its FileName too): a flag at either
		// level reads as the answer put it (a write's failure is read one level down: errors.ts saysFailed)
		const kept = Object.keys(body)
			.filter((key) => !names.includes(key))
			.map((key): [string, unknown] => {
				const dropped = [...inside(key).map((d) => d.key), ...(key === envelope.key ? inner : [])];
				return [key, dropped.length ? omit(body[key] as IDataObject, dropped) : body[key]];
			});
		// Object.fromEntries: every member its own (a "__proto__" member too)
		meta = Object.fromEntries(kept) as IDataObject;
		all = Object.keys(body).flatMap((key) => (inside(key).length ? inOrder(body[key] as IDataObject, inside(key)) : []));
	} else {
		meta = omit(body, [...documents.map((d) => d.key), ...names]);
		all = inOrder(body, documents);
	}
	const others = all.filter((d) => d !== found).map(({ data, mimeType, member }): OtherDocument => ({ data, mimeType, member }));
	return {
		ok: true,
		document: {
			data: found.data,
			mimeType: wanted,
			// masked whole first, as the header's (readDocument)
			fileName: fileName === undefined ? undefined : safeFileName(clean(fileName), wanted),
			meta,
			member: found.member,
			...(others.length ? { others } : {}),
		},
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
	return headerText(plain);
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

/** A bare base64 body this long that does not decode is said to be invalid base64, not quoted as text. */
const SUSPECT_LENGTH = 256;

/** The start of a bare base64 body (its first SUSPECT_LENGTH bytes): a data: URL, or base64 letters and white space only. */
const BASE64_BODY = /^\s*data:|^[\sA-Za-z0-9+/_=-]*$/;

/**
 * The document in an answer, or words naming what came back instead. Raw bytes are accepted when
 * their signature is the type asked for and the content type is that type or a generic one; so is a
 * bare base64 body (text/plain, that type or a generic one) whose bytes are the document; a JSON
 * answer (the interface does not say which shape the label comes in) when one of its members holds
 * the document in base64. A document without its end marker is refused as incomplete. Anything else
 * (JSON without it, text, a GUID string, an empty or unreadable answer, the other format) is refused.
 * `clean` scrubs any text of the answer that the words quote.
 *
 * The body is read once, in the form it needs: raw bytes are never decoded as text, and JSON is decoded
 * (answerText: by its byte order mark, UTF-8, or its charset) and parsed once.
 */
export function readDocument(
	headers: Record<string, unknown>,
	bytes: Buffer,
	wanted: DocumentType,
	clean: Clean = (text) => text,
): DocumentRead {
	const declared = header(headers, 'content-type');
	const contentType = declared.split(';')[0].trim().toLowerCase();
	const type: string = ALIASES[contentType] ?? contentType;
	if (bytes.length === 0) return { ok: false, what: `an empty answer${contentType ? ` (content type ${contentType})` : ''}` };

	const head = (length: number) => answerText(bytes.subarray(0, length), declared);
	// JSON labelled as text (a proxy's or a misconfigured provider's text/plain or text/html) is read as JSON when it parses
	const startsJson = /^\s*[{["]/.test(head(16));
	const asText = type.startsWith('text/') && startsJson;
	if (type.includes('json') || (GENERIC_TYPES.has(type) && startsJson) || asText) {
		const text = answerText(bytes, declared);
		let parsed: unknown;
		try {
			parsed = JSON.parse(text) as unknown;
		} catch {
			if (!asText) return { ok: false, what: `malformed JSON (${clip(clean, text, 80)})` };
		}
		if (parsed !== undefined) return fromJson(clean, parsed, wanted);
	}
	// masked whole first: a secret cut at a "/" or by the length limit would no longer be found
	const fileName = () => {
		const given = dispositionFileName(header(headers, 'content-disposition'));
		return safeFileName(given === undefined ? undefined : clean(given), wanted);
	};
	const signature = signatureOf(bytes);
	if (signature === wanted && (type === wanted || GENERIC_TYPES.has(type))) {
		const incomplete = incompleteWhat(bytes, wanted);
		if (incomplete) return { ok: false, what: incomplete };
		return { ok: true, document: { data: bytes, mimeType: wanted, fileName: fileName(), meta: {} } };
	}
	if (signature) {
		return {
			ok: false,
			what: `${NAMES[signature]}${type && type !== signature ? ` labelled ${contentType}` : ''}`,
		};
	}
	const as = contentType ? ` (${contentType})` : '';
	if ((type === 'text/plain' || type === wanted || GENERIC_TYPES.has(type)) && BASE64_BODY.test(head(SUSPECT_LENGTH))) {
		// base64 is ASCII: one byte, one character
		const decoded = decodeBase64(bytes.toString('latin1'));
		const inside = decoded.ok ? signatureOf(decoded.data) : undefined;
		if (decoded.ok && inside === wanted) {
			const incomplete = incompleteWhat(decoded.data, wanted, ' in base64');
			if (incomplete) return { ok: false, what: incomplete };
			return { ok: true, document: { data: decoded.data, mimeType: wanted, fileName: fileName(), meta: {} } };
		}
		if (inside) return { ok: false, what: `${NAMES[inside]} in base64${as}` };
		if (!decoded.ok && bytes.length >= SUSPECT_LENGTH) return { ok: false, what: `text${as} that ${decoded.why}` };
	}
	if (type.startsWith('text/') || (!type && /^[\t\n\r\x20-\x7e]*$/.test(bytes.subarray(0, 200).toString('latin1')))) {
		return { ok: false, what: `text${as}: "${clip(clean, answerText(bytes, declared))}"` };
	}
	return {
		ok: false,
		what: `${bytes.length} bytes of ${contentType || 'unknown type'} that are not ${NAMES[wanted]} (they start with ${startOf(bytes)})`,
	};
}

export function documentName(type: DocumentType): string {
	return NAMES[type];
}
