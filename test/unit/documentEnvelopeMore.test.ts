// A label one level down in a gateway's envelope (transport/document.ts fromJson, documentsIn): only object members are
// envelopes (a null, text or a list beside one is no envelope), and an envelope holding the document asked for beside one
// of the other format is read as that envelope (its file name, its documents out of meta).
import { readDocument } from '../../nodes/WineFulfillment/transport/document';

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest-of-image'), Buffer.from('0000000049454e44ae426082', 'hex')]);
const b64 = (data: Buffer) => data.toString('base64');
const read = (value: unknown, wanted: 'application/pdf' | 'image/png' = 'application/pdf') =>
	readDocument({ 'content-type': 'application/json; charset=utf-8' }, Buffer.from(JSON.stringify(value), 'utf8'), wanted);

describe('readDocument: members beside an envelope that are no objects', () => {
	it('an envelope beside a null, a number and text members is read, and they stay in meta as they are', () => {
		const got = read({ Result: { LabelData: b64(PDF), Carrier: 'UPS' }, Error: null, StatusCode: 200, Note: 'ok' });
		expect(got).toEqual({
			ok: true,
			document: {
				data: PDF,
				mimeType: 'application/pdf',
				fileName: undefined,
				meta: { Result: { Carrier: 'UPS' }, Error: null, StatusCode: 200, Note: 'ok' },
				member: 'Result.LabelData',
			},
		});
	});

	it('a document in a list is not read as an envelope: the answer is refused as holding none', () => {
		const got = read({ Labels: [b64(PDF)], StatusCode: 200 });
		expect(got).toEqual({ ok: false, what: 'a JSON object without a document (members Labels, StatusCode)' });
	});
});

describe('readDocument: an envelope holding the document asked for and one of the other format', () => {
	it("is read as the envelope: its file name, its documents out of meta, the other format in others", () => {
		const got = read({ Result: { LabelData: b64(PDF), Thumbnail: b64(PNG), FileName: 'label-7.pdf', Carrier: 'UPS' }, StatusCode: 200 });
		expect(got).toEqual({
			ok: true,
			document: {
				data: PDF,
				mimeType: 'application/pdf',
				fileName: 'label-7.pdf',
				meta: { Result: { Carrier: 'UPS' }, StatusCode: 200 },
				member: 'Result.LabelData',
				others: [{ data: PNG, mimeType: 'image/png', member: 'Result.Thumbnail' }],
			},
		});
	});
});
