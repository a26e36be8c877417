// A label answer read directly: raw bytes by content type and signature, base64 in JSON, and the words for anything else.
import { documentName, readDocument, signatureOf } from '../../nodes/WineFulfillment/transport/document';

// whole documents: a PDF ends with %%EOF, a PNG with its IEND chunk
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest-of-image'), Buffer.from('0000000049454e44ae426082', 'hex')]);
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const ct = (type: string) => ({ 'content-type': type });
const what = (read: ReturnType<typeof readDocument>) => (read.ok ? 'ok' : read.what);

describe('signatureOf and documentName', () => {
	it('a PDF starts with %PDF-, a PNG with its eight-byte signature', () => {
		expect(signatureOf(PDF)).toBe('application/pdf');
		expect(signatureOf(PNG)).toBe('image/png');
		expect(signatureOf(Buffer.from('%PDF'))).toBeUndefined();
		// PDF readers find the header within the first 1,024 bytes (a few bytes such as a CRLF may come before it)
		expect(signatureOf(Buffer.from('\r\n%PDF-'))).toBe('application/pdf');
		expect(signatureOf(Buffer.concat([Buffer.alloc(1023, 0x20), Buffer.from('%PDF-')]))).toBe('application/pdf');
		expect(signatureOf(Buffer.concat([Buffer.alloc(1024, 0x20), Buffer.from('%PDF-')]))).toBeUndefined();
		expect(signatureOf(Buffer.concat([Buffer.from('x'), PNG]))).toBeUndefined();
		expect(signatureOf(PNG.subarray(0, 7))).toBeUndefined();
		expect(signatureOf(Buffer.alloc(0))).toBeUndefined();
	});

	it('names the types', () => {
		expect(documentName('application/pdf')).toBe('a PDF document');
		expect(documentName('image/png')).toBe('a PNG image');
	});
});

describe('readDocument: raw bytes', () => {
	it('accepts the type asked for, labelled as it or generically, with the file name of Content-Disposition', () => {
		for (const type of ['application/pdf', 'Application/PDF; charset=binary', 'application/x-pdf', '', 'application/octet-stream', 'binary/octet-stream', 'application/binary']) {
			const read = readDocument({ 'content-type': type, 'content-disposition': 'attachment; filename="label 1.pdf"' }, PDF, 'application/pdf');
			expect([type, read]).toEqual([type, { ok: true, document: { data: PDF, mimeType: 'application/pdf', fileName: 'label 1.pdf', meta: {} } }]);
		}
		expect(readDocument({}, PNG, 'image/png')).toEqual({ ok: true, document: { data: PNG, mimeType: 'image/png', fileName: undefined, meta: {} } });
	});

	it('reads the first of a repeated header', () => {
		expect(readDocument({ 'content-type': ['image/png', 'text/plain'] }, PNG, 'image/png').ok).toBe(true);
		expect(what(readDocument({ 'content-type': ['text/plain', 'image/png'] }, PNG, 'image/png'))).toBe('a PNG image labelled text/plain');
	});

	it('decodes a percent-encoded file name (filename*), keeping one that does not decode', () => {
		const name = (disposition: string) => {
			const read = readDocument({ 'content-type': 'application/pdf', 'content-disposition': disposition }, PDF, 'application/pdf');
			return read.ok ? read.document.fileName : 'refused';
		};
		expect(name("attachment; filename*=UTF-8''%C3%A9tiquette.pdf")).toBe('étiquette.pdf');
		expect(name('attachment; filename=plain.pdf; size=3')).toBe('plain.pdf');
		expect(name('attachment; FILENAME="x.pdf"')).toBe('x.pdf');
		expect(name('attachment; filename="100%.pdf"')).toBe('100%.pdf');
		expect(name('inline')).toBeUndefined();
	});

	it('masks a file name before it is cut at a path separator or shortened: no part of a secret is left', () => {
		const clean = (text: string) => text.replaceAll('wine/cellar-7731', '***');
		const name = (disposition: string) => {
			const read = readDocument({ 'content-type': 'application/pdf', 'content-disposition': disposition }, PDF, 'application/pdf', clean);
			return read.ok ? read.document.fileName : 'refused';
		};
		expect(name('attachment; filename="label-wine/cellar-7731.pdf"')).toBe('label-***.pdf');
		expect(name(`attachment; filename="${'x'.repeat(250)}wine/cellar-7731.pdf"`)).not.toMatch(/cellar|7731/);
		// a JSON answer's FileName member alike
		const body = Buffer.from(JSON.stringify({ FileName: 'label-wine/cellar-7731.pdf', Label: PDF.toString('base64') }));
		const read = readDocument(ct('application/json'), body, 'application/pdf', clean);
		expect(read.ok && read.document.fileName).toBe('label-***.pdf');
	});

	it('refuses the other format, saying how it was labelled when that differs', () => {
		expect(what(readDocument(ct('image/png'), PNG, 'application/pdf'))).toBe('a PNG image');
		expect(what(readDocument(ct(''), PNG, 'application/pdf'))).toBe('a PNG image');
		expect(what(readDocument(ct('application/pdf'), PNG, 'application/pdf'))).toBe('a PNG image labelled application/pdf');
		expect(what(readDocument(ct('application/x-pdf'), PDF, 'image/png'))).toBe('a PDF document');
	});

	it('reads the content type before its parameters, spaces and all', () => {
		expect(readDocument(ct('application/pdf ; charset=binary'), PDF, 'application/pdf').ok).toBe(true);
	});

	it('takes generic bytes for JSON only when they start (after white space) with JSON, within 16 characters', () => {
		const doc = JSON.stringify({ label: PDF.toString('base64') });
		expect(what(readDocument(ct('application/octet-stream'), Buffer.from(`x${doc}`), 'application/pdf'))).toMatch(/^\d+ bytes of application\/octet-stream/);
		expect(what(readDocument(ct('application/octet-stream'), Buffer.from(`${' '.repeat(20)}${doc}`), 'application/pdf'))).toMatch(/^\d+ bytes of application\/octet-stream/);
		expect(readDocument(ct('application/octet-stream'), Buffer.from(`${' '.repeat(10)}${doc}`), 'application/pdf').ok).toBe(true);
	});

	it('without a content type, judges text by its first 200 bytes', () => {
		const bytes = Buffer.concat([Buffer.from('a'.repeat(200)), Buffer.from([0x00, 0x01])]);
		expect(what(readDocument({}, bytes, 'application/pdf'))).toBe(`text: "${'a'.repeat(120)}…"`);
	});

	it('refuses the right bytes labelled as another specific type', () => {
		expect(what(readDocument(ct('image/jpeg'), PDF, 'application/pdf'))).toBe('a PDF document labelled image/jpeg');
		expect(what(readDocument(ct('image/x-png'), PDF, 'application/pdf'))).toBe('a PDF document labelled image/x-png');
	});

	it('accepts the type under its older x- name (image/x-png), or a type that forces a download, as a generic one', () => {
		expect(readDocument(ct('image/x-png'), PNG, 'image/png')).toEqual({ ok: true, document: { data: PNG, mimeType: 'image/png', fileName: undefined, meta: {} } });
		expect(readDocument(ct('Image/X-PNG; charset=binary'), PNG, 'image/png').ok).toBe(true);
		for (const type of ['application/force-download', 'application/x-download', 'application/download', 'application/x-octet-stream']) {
			expect([type, what(readDocument(ct(type), PDF, 'application/pdf'))]).toEqual([type, 'ok']);
			expect([type, what(readDocument(ct(type), PNG, 'image/png'))]).toEqual([type, 'ok']);
			// the bytes decide: the other format is refused, and JSON or base64 under such a type is read as under application/octet-stream
			expect([type, what(readDocument(ct(type), PNG, 'application/pdf'))]).toEqual([type, `a PNG image labelled ${type}`]);
			expect([type, what(readDocument(ct(type), json({ label: PDF.toString('base64') }), 'application/pdf'))]).toEqual([type, 'ok']);
			expect([type, what(readDocument(ct(type), Buffer.from(PDF.toString('base64')), 'application/pdf'))]).toEqual([type, 'ok']);
		}
		// PNG bytes labelled image/x-png are a PNG image, not one labelled otherwise
		expect(what(readDocument(ct('image/x-png'), PNG, 'application/pdf'))).toBe('a PNG image');
	});

	it('refuses an empty answer', () => {
		expect(what(readDocument(ct('application/pdf'), Buffer.alloc(0), 'application/pdf'))).toBe('an empty answer (content type application/pdf)');
		expect(what(readDocument({}, Buffer.alloc(0), 'application/pdf'))).toBe('an empty answer');
	});

	it('refuses text, quoting it on one line, scrubbed, cut at 120 characters', () => {
		expect(what(readDocument(ct('text/html; charset=utf-8'), Buffer.from('<h1>Not\n  found</h1>'), 'application/pdf'))).toBe(
			'text (text/html): "<h1>Not found</h1>"',
		);
		expect(what(readDocument({}, Buffer.from('Label not ready'), 'application/pdf'))).toBe('text: "Label not ready"');
		const long = 'a'.repeat(130);
		expect(what(readDocument(ct('text/plain'), Buffer.from(long), 'application/pdf'))).toBe(`text (text/plain): "${'a'.repeat(120)}…"`);
		expect(what(readDocument(ct('text/plain'), Buffer.from('a'.repeat(120)), 'application/pdf'))).toBe(`text (text/plain): "${'a'.repeat(120)}"`);
		expect(what(readDocument(ct('text/plain'), Buffer.from('key SECRET'), 'application/pdf', (t) => t.replace('SECRET', '***')))).toBe(
			'text (text/plain): "key ***"',
		);
	});

	it('refuses other bytes, saying how many, of which type, and how they start', () => {
		const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
		expect(what(readDocument(ct('image/jpeg'), bytes, 'application/pdf'))).toBe(
			'10 bytes of image/jpeg that are not a PDF document (they start with ff d8 ff e0 00 10 4a 46)',
		);
		expect(what(readDocument({}, bytes, 'image/png'))).toBe('10 bytes of unknown type that are not a PNG image (they start with ff d8 ff e0 00 10 4a 46)');
		expect(what(readDocument(ct('application/octet-stream'), Buffer.from('plain words'), 'image/png'))).toBe(
			'11 bytes of application/octet-stream that are not a PNG image (they start with 70 6c 61 69 6e 20 77 6f)',
		);
	});
});

describe('readDocument: JSON answers', () => {
	const b64 = (data: Buffer) => data.toString('base64');

	it('finds the document in a member in base64, keeping the rest as meta and FileName as the file name (not in meta)', () => {
		const read = readDocument(ct('application/json'), json({ FileName: 'l.pdf', Label: b64(PDF), Carrier: 'UPS' }), 'application/pdf');
		expect(read).toEqual({ ok: true, document: { data: PDF, mimeType: 'application/pdf', fileName: 'l.pdf', meta: { Carrier: 'UPS' }, member: 'Label' } });
		const lower = readDocument(ct('application/json'), json({ fileName: 'p.png', data: b64(PNG) }), 'image/png');
		expect(lower.ok && lower.document.fileName).toBe('p.png');
		const numeric = readDocument(ct('application/json'), json({ FileName: 7, data: b64(PNG) }), 'image/png');
		expect(numeric.ok && numeric.document.fileName).toBeUndefined();
	});

	it('prefers the likelier member names, then any member that holds the document; every other document is in others, none in meta', () => {
		const other = b64(PNG);
		const read = readDocument(ct('application/json'), json({ file: other, Zeta: b64(PDF), document: b64(PDF) }), 'application/pdf');
		expect(read.ok && read.document.member).toBe('document');
		expect(read.ok && read.document.meta).toEqual({});
		expect(read.ok && read.document.others?.map((o) => [o.member, o.mimeType, o.data])).toEqual([
			['file', 'image/png', PNG],
			['Zeta', 'application/pdf', PDF],
		]);
		const any = readDocument(ct('application/json'), json({ Whatever: b64(PDF) }), 'application/pdf');
		expect(any.ok && any.document.meta).toEqual({});
		const order = readDocument(ct('application/json'), json({ content: b64(Buffer.concat([PDF, Buffer.from('2')])), label: b64(PDF) }), 'application/pdf');
		expect(order.ok && order.document.data).toEqual(PDF);
	});

	it('a data: prefix counts only at the start of the text', () => {
		const text = b64(PDF);
		const inside = `${text.slice(0, 4)}data:application/pdf;base64,${text.slice(4)}`;
		expect(what(readDocument(ct('application/json'), json({ label: inside }), 'application/pdf'))).not.toBe('ok');
	});

	it('reads a data: URL and base64 with line breaks or URL-safe letters', () => {
		const dataUrl = readDocument(ct('application/json'), json({ label: `data:application/pdf;base64,${b64(PDF)}` }), 'application/pdf');
		expect(dataUrl.ok && dataUrl.document.data).toEqual(PDF);
		const wrapped = b64(PDF).replace(/(.{8})/g, '$1\n');
		expect(readDocument(ct('application/json'), json({ label: wrapped }), 'application/pdf').ok).toBe(true);
	});

	it('refuses base64 with other characters in it, or a data: prefix not at the start', () => {
		const w = (label: string) => what(readDocument(ct('application/json'), json({ label }), 'application/pdf'));
		const invalid = (at: string) => `a JSON object without a document (members label): label is not valid base64 (${at})`;
		expect(w(`*${b64(PDF)}`)).toBe(invalid('"*" at character 1'));
		// the first character that is not a base64 letter: a "=" of padding not at the end, or the "*"
		const trailing = `${b64(PDF)}*`;
		const at = trailing.search(/[^A-Za-z0-9+/]/);
		expect(w(trailing)).toBe(invalid(`${JSON.stringify(trailing[at])} at character ${at + 1}`));
		expect(w(`x*${b64(PDF)}`)).toBe(invalid('"*" at character 2'));
		expect(w(`xdata:application/pdf;base64,${b64(PDF)}`)).toBe(invalid('":" at character 6'));
	});

	it('a JSON string answer that is the document in base64', () => {
		expect(readDocument(ct('application/json'), json(b64(PNG)), 'image/png')).toEqual({
			ok: true,
			document: { data: PNG, mimeType: 'image/png', meta: {} },
		});
	});

	it('JSON sent without a JSON content type is still read as JSON, unless the bytes have a signature', () => {
		expect(readDocument(ct('application/octet-stream'), json({ label: b64(PDF) }), 'application/pdf').ok).toBe(true);
		expect(readDocument({}, Buffer.from(`  ["x"]`), 'application/pdf')).toEqual({ ok: false, what: 'a JSON array of 1 element(s)' });
		expect(what(readDocument({}, Buffer.from(`"${'0b7c1e0e-4c1a-4a53-9f0e-6a3f1b2c3d4e'}"`), 'application/pdf'))).toBe(
			'a GUID string (0b7c1e0e-4c1a-4a53-9f0e-6a3f1b2c3d4e) instead of a document',
		);
		// JSON labelled as text is read as JSON (was: refused as text); text that only starts like JSON is quoted as text
		expect(readDocument(ct('text/plain'), json({ label: b64(PDF) }), 'application/pdf').ok).toBe(true);
		expect(readDocument(ct('text/html; charset=utf-8'), json({ label: b64(PDF) }), 'application/pdf').ok).toBe(true);
		expect(what(readDocument(ct('text/plain'), Buffer.from('{ not json, the label is not ready'), 'application/pdf'))).toBe(
			'text (text/plain): "{ not json, the label is not ready"',
		);
		expect(what(readDocument(ct('image/gif'), json({ label: b64(PDF) }), 'application/pdf'))).toMatch(/^\d+ bytes of image\/gif/);
	});

	it('says what a JSON answer without the document was', () => {
		const w = (value: unknown, wanted: 'application/pdf' | 'image/png' = 'application/pdf') => what(readDocument(ct('application/problem+json'), json(value), wanted));
		expect(w('{0B7C1E0E-4C1A-4A53-9F0E-6A3F1B2C3D4E}')).toBe('a GUID string ({0B7C1E0E-4C1A-4A53-9F0E-6A3F1B2C3D4E}) instead of a document');
		expect(w('not ready')).toBe('a JSON string ("not ready")');
		expect(w('  ')).toBe('an empty JSON string');
		expect(w([1, 2, 3])).toBe('a JSON array of 3 element(s)');
		expect(w({})).toBe('a JSON object without a document (no members)');
		expect(w({ Status: 'Pending', Message: 'Label not ready' })).toBe(
			'a JSON object without a document (members Status, Message); the provider said: Label not ready',
		);
		expect(w({ message: ' ', error: 'e' })).toBe('a JSON object without a document (members message, error); the provider said: e');
		expect(w({ Error: 'E' })).toBe('a JSON object without a document (members Error); the provider said: E');
		expect(w(' 0b7c1e0e-4c1a-4a53-9f0e-6a3f1b2c3d4e ')).toBe('a GUID string (0b7c1e0e-4c1a-4a53-9f0e-6a3f1b2c3d4e) instead of a document');
		expect(w({ message: 'm' })).toBe('a JSON object without a document (members message); the provider said: m');
		expect(w(null)).toBe('JSON null');
		expect(w(12)).toBe('JSON 12');
		expect(w({ label: b64(PNG) })).toBe('a PNG image in the JSON member label');
		expect(w({ label: 'not*base64' })).toBe('a JSON object without a document (members label): label is not valid base64 ("*" at character 4)');
		expect(w({ label: b64(Buffer.from('just text')) })).toBe(
			'a JSON object without a document (members label): label holds base64 of 9 bytes that are not a PDF document (they start with 6a 75 73 74 20 74 65 78)',
		);
		expect(w({ label: '' })).toBe('a JSON object without a document (members label): label is empty');
		expect(w(b64(PDF), 'image/png')).toMatch(/^a JSON string \("JVBERi0/);
	});

	it('lists many members cut at 200 characters, and a long message at 300', () => {
		const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Member${i}`, i]));
		const text = what(readDocument(ct('application/json'), json(many), 'application/pdf'));
		expect(text).toBe(`a JSON object without a document (members ${Object.keys(many).join(', ').slice(0, 200)}…)`);
		const said = what(readDocument(ct('application/json'), json({ Message: 'm'.repeat(400) }), 'application/pdf'));
		expect(said).toBe(`a JSON object without a document (members Message); the provider said: ${'m'.repeat(300)}…`);
	});

	it('refuses malformed JSON, quoting its start', () => {
		expect(what(readDocument(ct('application/json'), Buffer.from('{"label": '), 'application/pdf'))).toBe('malformed JSON ({"label":)');
		expect(what(readDocument(ct('application/json'), Buffer.from(`{${'x'.repeat(100)}`), 'application/pdf'))).toBe(`malformed JSON ({${'x'.repeat(79)}…)`);
	});
});

describe('readDocument: a JSON answer whose document is one level down, in an envelope', () => {
	const b64 = (data: Buffer) => data.toString('base64');
	const PDF2 = Buffer.concat([PDF, Buffer.from('% second\n%%EOF\n')]);
	const read = (value: unknown, wanted: 'application/pdf' | 'image/png' = 'application/pdf', clean?: (text: string) => string) =>
		readDocument(ct('application/json; charset=utf-8'), json(value), wanted, clean);
	const envelope = { Result: { LabelData: b64(PDF), FileName: 'x.pdf', Carrier: 'UPS' }, StatusCode: 200 };

	it('reads the document of an object member as a top-level one, naming its member by its path', () => {
		expect(read(envelope)).toEqual({
			ok: true,
			document: { data: PDF, mimeType: 'application/pdf', fileName: 'x.pdf', meta: { StatusCode: 200, Result: { Carrier: 'UPS' } }, member: 'Result.LabelData' },
		});
		const png = read({ Data: { image: b64(PNG) } }, 'image/png');
		expect(png.ok && [png.document.data, png.document.member]).toEqual([PNG, 'Data.image']);
	});

	it("takes the envelope's file name (masked, made safe), else the top level's; neither stays in meta", () => {
		const name = (value: unknown, clean?: (text: string) => string) => {
			const got = read(value, 'application/pdf', clean);
			return got.ok ? [got.document.fileName, got.document.meta] : got.what;
		};
		expect(name({ Result: { LabelData: b64(PDF), fileName: 'inner' }, FileName: 'outer.pdf' })).toEqual(['inner.pdf', { Result: {} }]);
		expect(name({ Result: { LabelData: b64(PDF) }, FileName: 'outer.pdf' })).toEqual(['outer.pdf', { Result: {} }]);
		expect(name({ Result: { LabelData: b64(PDF), FileName: 7 } })).toEqual([undefined, { Result: { FileName: 7 } }]);
		expect(name({ Result: { LabelData: b64(PDF), FileName: 'label-wine/cellar-7731.pdf' } }, (t) => t.replaceAll('wine/cellar-7731', '***'))).toEqual([
			'label-***.pdf',
			{ Result: {} },
		]);
	});

	it("keeps the top level's other members as they stand, the envelope in its place without its document, no base64", () => {
		const got = read({ IsSuccess: true, Result: { LabelData: b64(PDF), Carrier: 'UPS', Message: 'Label created' }, Message: 'OK', Paging: [1] });
		expect(got.ok && got.document.meta).toEqual({ IsSuccess: true, Result: { Carrier: 'UPS', Message: 'Label created' }, Message: 'OK', Paging: [1] });
		// a failure flag of the envelope stays in it, where the transport reads a write's failure (a label voided)
		const voided = read({ Result: { LabelData: b64(PDF), Status: 'Failed' } });
		expect(voided.ok && voided.document.meta).toEqual({ Result: { Status: 'Failed' } });
		expect(JSON.stringify(got.ok && got.document.meta)).not.toContain(b64(PDF).slice(0, 40));
	});

	it('puts every other document one level down in others, in the answer order, and takes it out of meta', () => {
		const got = read({ Preview: { Image: b64(PNG), Size: 1 }, Result: { Slip: b64(PDF2), LabelData: b64(PDF) } });
		expect(got.ok && [got.document.data, got.document.member]).toEqual([PDF, 'Result.LabelData']);
		expect(got.ok && got.document.others?.map((o) => [o.member, o.mimeType, o.data])).toEqual([
			['Preview.Image', 'image/png', PNG],
			['Result.Slip', 'application/pdf', PDF2],
		]);
		expect(got.ok && got.document.meta).toEqual({ Preview: { Size: 1 }, Result: {} });
		expect(got.ok && Object.keys(got.document.others?.[0] ?? {}).sort()).toEqual(['data', 'member', 'mimeType']);
	});

	it('reads the likeliest envelope first (DOCUMENT_KEYS), else the first in the answer, that holds the document asked for', () => {
		const ranked = read({ Result: { Data: b64(PDF2) }, Label: { Data: b64(PDF) } });
		expect(ranked.ok && [ranked.document.member, ranked.document.data]).toEqual(['Label.Data', PDF]);
		const first = read({ Result: { Data: b64(PDF) }, Outcome: { Data: b64(PDF2) } });
		expect(first.ok && first.document.member).toBe('Result.Data');
		// one holding only the other format is passed for one that holds the document asked for
		const passed = read({ Label: { Data: b64(PNG) }, Result: { Data: b64(PDF) } });
		expect(passed.ok && [passed.document.member, passed.document.others?.map((o) => o.member)]).toEqual(['Result.Data', ['Label.Data']]);
	});

	it("a top-level document wins over an envelope's, even one of the other format", () => {
		// the envelope alone is read
		expect(what(read({ Result: { LabelData: b64(PDF) } }))).toBe('ok');
		const got = read({ label: b64(PDF2), Result: { LabelData: b64(PDF) } });
		expect(got.ok && [got.document.member, got.document.data, got.document.others]).toEqual(['label', PDF2, undefined]);
		expect(what(read({ label: b64(PNG), Result: { LabelData: b64(PDF) } }))).toBe('a PNG image in the JSON member label');
	});

	it('refuses an envelope holding only the other format, naming its member by its path', () => {
		expect(what(read({ Result: { LabelData: b64(PNG) }, StatusCode: 200 }))).toBe('a PNG image in the JSON member Result.LabelData');
		expect(what(read({ Result: { LabelData: b64(PDF) } }, 'image/png'))).toBe('a PDF document in the JSON member Result.LabelData');
	});

	it('refuses an incomplete document one level down, or a member named as a document that is none', () => {
		const cut = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'latin1');
		expect(what(read({ Result: { LabelData: b64(cut) } }))).toBe(
			'an incomplete PDF document in the JSON member Result.LabelData (the document is incomplete: no %%EOF in its last 1,024 bytes)',
		);
		expect(what(read({ Result: { LabelData: 'not*base64' }, StatusCode: 200 }))).toBe(
			'a JSON object without a document (members Result, StatusCode): Result.LabelData is not valid base64 ("*" at character 4)',
		);
	});

	it('reads one level down only: a document two levels down, or in a list, is not read', () => {
		expect(what(read({ Result: { LabelData: b64(PDF) } }))).toBe('ok');
		expect(what(read({ Result: { Data: { LabelData: b64(PDF) } } }))).toBe('a JSON object without a document (members Result)');
		expect(what(read({ Results: [{ LabelData: b64(PDF) }] }))).toBe('a JSON object without a document (members Results)');
	});
});
