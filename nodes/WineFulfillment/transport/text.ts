// How an answer's bytes are read as text: its byte order mark, then UTF-8 when they are UTF-8, else its declared charset;
// and its header values, which Node reads as Latin-1.

// Decoders made once: a decoder's setup costs more than decoding a small answer (one per answer was about 5 µs of a
// request), and decode() without { stream } keeps nothing from one call to the next.
const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text of bytes, or undefined when they are not UTF-8. */
export function utf8(bytes: Uint8Array): string | undefined {
	try {
		return UTF8_STRICT.decode(bytes);
	} catch {
		return undefined;
	}
}

/** A Content-Type's charset label as TextDecoder names its encoding (utf8, UTF-8, unicode-1-1-utf-8: utf-8), kept per label. */
const ENCODINGS = new Map<string, string>();

/** At most this many labels kept: a provider's headers are not to grow the node's memory. */
const ENCODINGS_KEPT = 64;

/**
 * The charset a Content-Type names (`text/plain; charset="iso-8859-1"`), as TextDecoder knows it; UTF-8 (what JSON is)
 * for none or one it does not know.
 */
function declaredEncoding(contentType: string): string {
	const label = /;\s*charset="?([^";\s]+)/i.exec(contentType)?.[1];
	if (label === undefined) return 'utf-8';
	let encoding = ENCODINGS.get(label);
	if (encoding === undefined) {
		try {
			encoding = new TextDecoder(label).encoding;
		} catch {
			encoding = 'utf-8';
		}
		if (ENCODINGS.size < ENCODINGS_KEPT) ENCODINGS.set(label, encoding);
	}
	return encoding;
}

/** The encoding a byte order mark at the start says (it wins over any declared charset, as the WHATWG decode does). */
function markedEncoding(bytes: Uint8Array): string | undefined {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
	return undefined;
}

/**
 * An answer's bytes as text. A byte order mark decides (and is dropped); a declared UTF-16 is read so; otherwise bytes
 * that are UTF-8 are read as UTF-8 whatever the Content-Type says (a gateway adding "charset=iso-8859-1" to a UTF-8
 * answer: read as Latin-1, a password with umlauts echoed in it would come out as "GrÃ¼ÃŸe" and not be found), and
 * bytes that are not are read by the declared charset, or as windows-1252 when none is declared (Latin-1 text without a
 * charset, the common case of an old server): never as U+FFFD in place of letters.
 */
export function answerText(bytes: Uint8Array, contentType: string): string {
	const marked = markedEncoding(bytes);
	if (marked) return new TextDecoder(marked).decode(bytes);
	const declared = declaredEncoding(contentType);
	if (declared.startsWith('utf-16')) return new TextDecoder(declared).decode(bytes);
	return utf8(bytes) ?? new TextDecoder(declared === 'utf-8' ? 'windows-1252' : declared).decode(bytes);
}

/**
 * A header's value as text. Node reads a header's bytes as Latin-1 characters; bytes that are UTF-8 (a Location or a
 * file name written raw in UTF-8: "Grüße" arrives as "GrÃ¼Ã\u009fe") are read back as UTF-8, as browsers do.
 */
export function headerText(value: string): string {
	if (!/[\x80-\xff]/.test(value) || /[^\0-\xff]/.test(value)) return value;
	return utf8(Buffer.from(value, 'latin1')) ?? value;
}
