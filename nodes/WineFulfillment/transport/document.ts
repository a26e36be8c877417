// Reads a document answer (a PDF or PNG label): the bytes must be the type asked for, by content type and by signature.
import type { IDataObject } from 'n8n-workflow';

export type DocumentType = 'application/pdf' | 'image/png';

export interface WireDocument {
	data: Buffer;
	mimeType: DocumentType;
	/** the provider's file name (Content-Disposition, or a FileName member of a JSON answer) */
	fileName?: string;
	/** the members of a JSON answer besides the document */
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
	return {
		ok: true,
		document: { data: found.data, mimeType: wanted, fileName: typeof fileName === 'string' ? fileName : undefined, meta },
	};
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
		const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header(headers, 'content-disposition'));
		let fileName: string | undefined;
		try {
			fileName = disposition ? decodeURIComponent(disposition[1]) : undefined;
		} catch {
			fileName = disposition?.[1];
		}
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
