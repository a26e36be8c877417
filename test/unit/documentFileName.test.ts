// The label's file name: Content-Disposition read per RFC 6266/5987 (dispositionFileName) and made safe (safeFileName).
import { dispositionFileName, readDocument, safeFileName } from '../../nodes/WineFulfillment/transport/document';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

describe('dispositionFileName (RFC 6266, RFC 5987)', () => {
	it('reads filename, quoted or not, with the disposition type or without', () => {
		expect(dispositionFileName('attachment; filename="label 1.pdf"')).toBe('label 1.pdf');
		expect(dispositionFileName('attachment; filename=plain.pdf; size=3')).toBe('plain.pdf');
		expect(dispositionFileName('attachment; FILENAME="x.pdf"')).toBe('x.pdf');
		expect(dispositionFileName('attachment ; filename = "spaced.pdf" ')).toBe('spaced.pdf');
		expect(dispositionFileName('filename="bare.pdf"')).toBe('bare.pdf');
		expect(dispositionFileName('inline')).toBeUndefined();
		expect(dispositionFileName('')).toBeUndefined();
		expect(dispositionFileName('attachment; name="field"')).toBeUndefined();
	});

	it('keeps a ";" or "=" inside quotes and reads backslash escapes in a quoted string', () => {
		expect(dispositionFileName('attachment; filename="label;10001.pdf"; size=9')).toBe('label;10001.pdf');
		expect(dispositionFileName('attachment; filename="a=b.pdf"')).toBe('a=b.pdf');
		expect(dispositionFileName('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
		expect(dispositionFileName('attachment; filename="back\\\\slash.pdf"')).toBe('back\\slash.pdf');
		expect(dispositionFileName('attachment; filename="unterminated.pdf')).toBe('unterminated.pdf');
	});

	it('prefers filename* to filename, wherever each stands (RFC 6266 §4.3)', () => {
		expect(dispositionFileName("attachment; filename=\"fallback.pdf\"; filename*=UTF-8''%E2%82%AC-label.pdf")).toBe('€-label.pdf');
		expect(dispositionFileName("attachment; filename*=UTF-8''%E2%82%AC-label.pdf; filename=\"fallback.pdf\"")).toBe('€-label.pdf');
	});

	it('decodes filename* in UTF-8 or ISO-8859-1, with or without a language tag', () => {
		expect(dispositionFileName("attachment; filename*=UTF-8''%C3%A9tiquette.pdf")).toBe('étiquette.pdf');
		expect(dispositionFileName("attachment; filename*=UTF-8'en'na%C3%AFve.pdf")).toBe('naïve.pdf');
		expect(dispositionFileName("attachment; filename*=utf-8'en-US'a%20b.pdf")).toBe('a b.pdf');
		expect(dispositionFileName("attachment; filename*=iso-8859-1''caf%E9.pdf")).toBe('café.pdf');
		expect(dispositionFileName("attachment; filename*=\"UTF-8''quoted.pdf\"")).toBe('quoted.pdf');
		expect(dispositionFileName("attachment; filename*=UTF-8''a%0D%0Ab.pdf")).toBe('a\r\nb.pdf');
	});

	it('falls back to filename when filename* does not decode: another charset, malformed %, not UTF-8, no quotes', () => {
		const both = (extended: string) => dispositionFileName(`attachment; filename*=${extended}; filename="fallback.pdf"`);
		expect(both("Shift_JIS''%82%A0.pdf")).toBe('fallback.pdf');
		expect(both("UTF-8''100%.pdf")).toBe('fallback.pdf');
		expect(both("UTF-8''%E9.pdf")).toBe('fallback.pdf');
		expect(both('no-quotes.pdf')).toBe('fallback.pdf');
		expect(dispositionFileName("attachment; filename*=UTF-8''100%.pdf")).toBeUndefined();
	});

	it('reads filename as browsers do: percent-encoded UTF-8 decoded, raw UTF-8 (read by Node as ISO-8859-1) read back', () => {
		expect(dispositionFileName('attachment; filename="%C3%A9tiquette.pdf"')).toBe('étiquette.pdf');
		expect(dispositionFileName('attachment; filename="100%.pdf"')).toBe('100%.pdf');
		expect(dispositionFileName('attachment; filename="%E9.pdf"')).toBe('%E9.pdf');
		expect(dispositionFileName(`attachment; filename="${Buffer.from('étiquette.pdf', 'utf8').toString('latin1')}"`)).toBe('étiquette.pdf');
		expect(dispositionFileName('attachment; filename="caf\u00e9.pdf"')).toBe('café.pdf');
	});
});

describe('dispositionFileName: the edges of the parser', () => {
	it('reads every parameter after another one, quoted or not, and the first of a repeated one', () => {
		expect(dispositionFileName('attachment; name="field"; filename="after-quoted.pdf"')).toBe('after-quoted.pdf');
		expect(dispositionFileName('attachment; size=3; filename=after-plain.pdf')).toBe('after-plain.pdf');
		expect(dispositionFileName('attachment; size=; filename=after-empty.pdf')).toBe('after-empty.pdf');
		expect(dispositionFileName('attachment; filename="first.pdf"; FileName="second.pdf"')).toBe('first.pdf');
		expect(dispositionFileName('attachment; filename=first.pdf; filename=second.pdf')).toBe('first.pdf');
	});

	it('skips a tab after "=", trims an unquoted value, and keeps what follows a closing quote out of the parameters', () => {
		expect(dispositionFileName('attachment; filename=\t"tab.pdf"')).toBe('tab.pdf');
		expect(dispositionFileName('attachment; filename=plain.pdf ; size=3')).toBe('plain.pdf');
		expect(dispositionFileName("attachment; filename=\"a.pdf\" filename*=UTF-8''b.pdf")).toBe('a.pdf');
	});

	it('keeps a backslash that ends an unterminated quoted string', () => {
		expect(dispositionFileName('attachment; filename="a.pdf\\')).toBe('a.pdf\\');
	});

	it('decodes characters outside the BMP and U+FFFF in filename* as themselves', () => {
		expect(dispositionFileName("attachment; filename*=UTF-8''\u{1F377}%20wine.pdf")).toBe('\u{1F377} wine.pdf');
		expect(dispositionFileName("attachment; filename*=UTF-8''a\uffffb.pdf")).toBe('a\uffffb.pdf');
	});

	it('takes "%" with fewer than two hex digits after it as malformed', () => {
		const both = (extended: string) => dispositionFileName(`attachment; filename*=${extended}; filename="fallback.pdf"`);
		expect(both("UTF-8''%4.pdf")).toBe('fallback.pdf');
		expect(both("UTF-8''a.pdf%4")).toBe('fallback.pdf');
		expect(both("UTF-8''%4")).toBe('fallback.pdf');
		expect(both("UTF-8''%41.pdf")).toBe('A.pdf');
	});

	it('reads the charset of filename* trimmed, "latin1" as ISO-8859-1, and refuses a line break in it', () => {
		expect(dispositionFileName("attachment; filename*=UTF-8 ''x.pdf")).toBe('x.pdf');
		expect(dispositionFileName("attachment; filename*=latin1''caf%E9.pdf")).toBe('caf\u00e9.pdf');
		const both = (extended: string) => dispositionFileName(`attachment; filename*=${extended}; filename="fallback.pdf"`);
		expect(both("UTF-8''a.pdf\nb")).toBe('fallback.pdf');
		expect(both("x'UTF-8'\n'y.pdf")).toBe('fallback.pdf');
	});

	it('reads filename back as UTF-8 only when every character is one byte (ISO-8859-1)', () => {
		// "\u00c3\u20ac": the low bytes C3 AC would read as UTF-8 "\u00ec", but U+20AC is no byte: the text is kept
		expect(dispositionFileName('attachment; filename="\u00c3\u20ac.pdf"')).toBe('\u00c3\u20ac.pdf');
		// U+0100's low byte is 00: C3 A9 00 would read as UTF-8 "\u00e9\u0000"
		expect(dispositionFileName('attachment; filename="\u00c3\u00a9\u0100"')).toBe('\u00c3\u00a9\u0100');
		// the raw UTF-8 of "\u00e9" alone, every character in 80-FF
		expect(dispositionFileName('attachment; filename="\u00c3\u00a9"')).toBe('\u00e9');
	});
});

describe('safeFileName', () => {
	const pdf = (name: string) => safeFileName(name, 'application/pdf');

	it('keeps a plain name, and undefined stays undefined', () => {
		expect(pdf('label 1.pdf')).toBe('label 1.pdf');
		expect(pdf('label;10001.pdf')).toBe('label;10001.pdf');
		expect(pdf('Label.PDF')).toBe('Label.PDF');
		expect(safeFileName('p.png', 'image/png')).toBe('p.png');
		expect(safeFileName(undefined, 'application/pdf')).toBeUndefined();
	});

	it('takes the last segment of a path, at "/" and at "\\"', () => {
		expect(pdf('../../etc/cron.d/x.pdf')).toBe('x.pdf');
		expect(pdf('..\\..\\x.pdf')).toBe('x.pdf');
		expect(pdf('C:\\labels\\y.pdf')).toBe('y.pdf');
		expect(pdf('/tmp/../../z.pdf')).toBe('z.pdf');
	});

	it('leaves nothing of ".", "..", a directory, blanks or dots alone: the caller builds its own', () => {
		for (const name of ['', '.', '..', '...', '   ', 'labels/', '../', '\r\n', '\u200b']) expect([name, pdf(name)]).toEqual([name, undefined]);
	});

	it('removes control characters, invisible format characters and line separators; trims dots and spaces at the ends', () => {
		expect(pdf('a\r\nb.pdf')).toBe('ab.pdf');
		expect(pdf('a\u0000b\u007f\u0085c.pdf')).toBe('abc.pdf');
		expect(pdf('label\u202Efdp.exe.pdf')).toBe('labelfdp.exe.pdf');
		expect(pdf('a\u2028b.pdf')).toBe('ab.pdf');
		expect(pdf('  .hidden.pdf ')).toBe('hidden.pdf');
		expect(pdf('x.pdf.')).toBe('x.pdf');
		expect(pdf('x .pdf')).toBe('x.pdf');
	});

	it("gives the document's extension: a wrong type's is replaced, an unknown one kept before it, none added", () => {
		expect(pdf('label.png')).toBe('label.pdf');
		expect(pdf('label.JPEG')).toBe('label.pdf');
		expect(safeFileName('label.pdf', 'image/png')).toBe('label.png');
		expect(pdf('label')).toBe('label.pdf');
		expect(pdf('SO-10001.v2')).toBe('SO-10001.v2.pdf');
		expect(pdf('Smith.Jr')).toBe('Smith.Jr.pdf');
		expect(pdf('.pdf')).toBe('pdf.pdf');
	});

	it('cuts a long name to 200 characters before its extension, and to 255 UTF-8 bytes', () => {
		const long = pdf(`${'a'.repeat(500)}.pdf`) as string;
		expect(long).toBe(`${'a'.repeat(196)}.pdf`);
		const wide = pdf(`${'€'.repeat(150)}.pdf`) as string;
		expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(255);
		expect(wide).toBe(`${'€'.repeat(83)}.pdf`);
		// a character outside the BMP is never cut in half
		const emoji = pdf(`${'🍷'.repeat(120)}.pdf`) as string;
		expect(emoji).toBe(`${'🍷'.repeat(62)}.pdf`);
		expect(pdf(`${'a'.repeat(195)} .pdf`)).toBe(`${'a'.repeat(195)}.pdf`);
		// exactly 255 bytes stay whole; every space and dot the cut leaves at the end goes
		expect(pdf(`${'€'.repeat(83)}aa.pdf`)).toBe(`${'€'.repeat(83)}aa.pdf`);
		expect(pdf(`${'a'.repeat(194)}. x.pdf`)).toBe(`${'a'.repeat(194)}.pdf`);
		expect(pdf('x. .pdf')).toBe('x.pdf');
	});
});

describe('readDocument: the file name it gives is safe', () => {
	it('from Content-Disposition', () => {
		const read = readDocument(
			{ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="../../x.png"' },
			PDF,
			'application/pdf',
		);
		expect(read.ok && read.document.fileName).toBe('x.pdf');
		const dots = readDocument({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename=".."' }, PDF, 'application/pdf');
		expect(dots.ok && dots.document.fileName).toBeUndefined();
	});

	it('from the FileName member of a JSON answer, in any letter case, which then leaves meta', () => {
		const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
		const read = readDocument({ 'content-type': 'application/json' }, json({ FileName: '/tmp/../../x.pdf', Label: PDF.toString('base64'), Carrier: 'UPS' }), 'application/pdf');
		expect(read).toEqual({ ok: true, document: { data: PDF, mimeType: 'application/pdf', fileName: 'x.pdf', meta: { Carrier: 'UPS' }, member: 'Label' } });
		const lower = readDocument({ 'content-type': 'application/json' }, json({ fileName: 'a\\b\r\n.pdf', FileName: 7, data: PDF.toString('base64') }), 'application/pdf');
		// the first FileName member in any letter case that is text: a number is no name, and stays in meta
		expect(lower.ok && lower.document).toMatchObject({ fileName: 'b.pdf', meta: { FileName: 7 } });
		const both = readDocument({ 'content-type': 'application/json' }, json({ FileName: 'a.pdf', fileName: '../b.pdf', data: PDF.toString('base64') }), 'application/pdf');
		expect(both.ok && both.document).toMatchObject({ fileName: 'a.pdf', meta: {} });
	});
});
