// How an answer's bytes and header values become text (transport/text.ts), called directly: byte order marks, declared charsets, fallbacks.
import { answerText, headerText, utf8 } from '../../nodes/WineFulfillment/transport/text';

/** Bytes of text in windows-1252 (every letter used here has one byte there). */
function cp1252(text: string): Uint8Array {
	const extra: Record<string, number> = { '€': 0x80 };
	return Uint8Array.from([...text].map((char) => extra[char] ?? char.charCodeAt(0)));
}
const utf16le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const utf16be = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le').swap16());
const marked = (mark: number[], bytes: Uint8Array) => Uint8Array.from([...mark, ...bytes]);

describe('utf8', () => {
	it('is the text of UTF-8 bytes, undefined for bytes that are not UTF-8', () => {
		expect(utf8(new TextEncoder().encode('Grüße'))).toBe('Grüße');
		expect(utf8(cp1252('Grüße'))).toBeUndefined();
	});
});

describe('answerText: a byte order mark decides, and is dropped', () => {
	it('UTF-8 mark: UTF-8 even when the Content-Type declares UTF-16', () => {
		const bytes = marked([0xef, 0xbb, 0xbf], new TextEncoder().encode('{"A":"Grüße"}'));
		expect(answerText(bytes, 'application/json; charset=utf-16le')).toBe('{"A":"Grüße"}');
		expect(answerText(bytes, 'application/json')).toBe('{"A":"Grüße"}');
	});

	it('UTF-16LE mark, no charset', () => {
		expect(answerText(marked([0xff, 0xfe], utf16le('{"A":"Grüße"}')), 'application/json')).toBe('{"A":"Grüße"}');
	});

	it('UTF-16BE mark, even when the Content-Type declares Latin-1', () => {
		expect(answerText(marked([0xfe, 0xff], utf16be('{"A":"Grüße"}')), 'text/plain; charset=iso-8859-1')).toBe('{"A":"Grüße"}');
	});

	// Latin-1 text whose first bytes are part of a mark (but not all of it) is no mark
	it.each([
		['A»¿', 'starts with no 0xEF'],
		['ïA¿', 'has no 0xBB after 0xEF'],
		['ï»A', 'has no 0xBF after 0xEF 0xBB'],
		['Aþ', 'starts with no 0xFF'],
		['ÿA', 'has no 0xFE after 0xFF'],
		['þA', 'has no 0xFF after 0xFE'],
		['Aÿ', 'starts with no 0xFE'],
	])('%s (%s) is windows-1252 text, not a mark', (text) => {
		expect(answerText(cp1252(text), 'text/plain')).toBe(text);
	});

	// UTF-16 text declared so, whose bytes start like a UTF-8 mark: read as UTF-16
	it.each([
		['ï', 'EF 00'],
		['\ubb41¿', '41 BB BF 00'],
		['\ubbef', 'EF BB'],
	])('declared UTF-16LE %j (%s) is UTF-16LE', (text) => {
		expect(answerText(utf16le(text), 'application/json; charset=utf-16le')).toBe(text);
	});
});

describe('answerText: a declared UTF-16 is read so', () => {
	it('"utf-16" (little-endian, as the WHATWG labels say), bytes that would also be UTF-8', () => {
		// 7B 00 7D 00 is valid UTF-8 too ("{\0}\0"): the declaration decides
		expect(answerText(utf16le('{}'), 'application/json; charset=utf-16')).toBe('{}');
	});

	it('"utf-16be"', () => {
		expect(answerText(utf16be('{"A":1}'), 'application/json; charset=UTF-16BE')).toBe('{"A":1}');
	});
});

describe('answerText: UTF-8 when the bytes are UTF-8, whatever is declared', () => {
	it('UTF-8 bytes declared Latin-1 are UTF-8', () => {
		expect(answerText(new TextEncoder().encode('Grüße €'), 'text/plain; charset=iso-8859-1')).toBe('Grüße €');
	});

	it('UTF-8 bytes with no Content-Type', () => {
		expect(answerText(new TextEncoder().encode('Grüße'), '')).toBe('Grüße');
	});
});

describe('answerText: bytes that are not UTF-8', () => {
	it('no charset: windows-1252 (0x80 is €, not a control)', () => {
		expect(answerText(cp1252('Grüße €5'), 'text/plain')).toBe('Grüße €5');
		expect(answerText(cp1252('Grüße'), '')).toBe('Grüße');
	});

	it('declared UTF-8 (any spelling) but not UTF-8: windows-1252, never U+FFFD', () => {
		expect(answerText(cp1252('Grüße'), 'text/plain; charset=utf-8')).toBe('Grüße');
		expect(answerText(cp1252('Grüße'), 'text/plain; charset=UTF8')).toBe('Grüße');
	});

	it('an unknown charset: windows-1252, no error', () => {
		expect(answerText(cp1252('Grüße'), 'text/plain; charset=x-no-such-charset')).toBe('Grüße');
	});

	// "Łódź" in ISO-8859-2: A3 F3 64 BC (in windows-1252 it would read "£ód¼")
	const latin2 = Uint8Array.from([0xa3, 0xf3, 0x64, 0xbc]);
	it.each([
		'text/plain; charset=iso-8859-2',
		'text/plain;charset=iso-8859-2',
		'text/plain;   charset=iso-8859-2',
		'text/plain; charset="iso-8859-2"',
		'text/plain; charset="iso-8859-2"; format=flowed',
		'text/plain; charset=iso-8859-2; format=flowed',
		'text/plain; charset=iso-8859-2 ',
		'TEXT/PLAIN; CHARSET=ISO-8859-2',
		'text/plain; charset=latin2',
	])('the declared charset: %j', (contentType) => {
		expect(answerText(latin2, contentType)).toBe('Łódź');
	});

	it('a charset named without a parameter separator is not a charset', () => {
		expect(answerText(latin2, 'text/plain charset=iso-8859-2')).toBe('£ód¼');
	});

	// the decoders are made once and the labels' encodings kept (at most 64): neither may change what is read
	it('answers read one after another: bytes that are not UTF-8 between UTF-8 ones, many charset labels, one unknown', () => {
		const labels = ['iso-8859-2', 'latin2', 'l2', 'csisolatin2', 'iso-ir-101', 'iso8859-2', 'iso88592', 'iso_8859-2', 'iso_8859-2:1987'];
		for (let round = 0; round < 10; round++) {
			for (const label of labels) expect(answerText(latin2, `text/plain; charset=${label}`)).toBe('Łódź');
			// labels past those kept, and labels no decoder knows (read as UTF-8, so Latin-1 bytes as windows-1252)
			expect(answerText(latin2, `text/plain; charset=x-unknown-${round}`)).toBe('£ód¼');
			expect(answerText(Buffer.from('Grüße', 'utf8'), 'application/json; charset=iso-8859-2')).toBe('Grüße');
			expect(answerText(Buffer.from([0xe2, 0x82]), 'application/json')).toBe('â‚');
		}
	});
});

describe('headerText', () => {
	const raw = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
	it('a value written in raw UTF-8 (which Node reads as Latin-1) is read back as UTF-8', () => {
		expect(raw('/signin?failed=Grüße')).toBe('/signin?failed=GrÃ¼Ã\u009fe');
		expect(headerText(raw('/signin?failed=Grüße'))).toBe('/signin?failed=Grüße');
	});

	it('ASCII, Latin-1 that is not UTF-8, and text already beyond Latin-1 are kept', () => {
		expect(headerText('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
		expect(headerText('Grüße.pdf')).toBe('Grüße.pdf');
		expect(headerText('ключ Ã¼')).toBe('ключ Ã¼');
	});
});
