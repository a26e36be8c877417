// Sales Order → Generate JIT Label: every document of the answer reaches the workflow as n8n binary data (never as
// base64 text in the json), in every shape a provider may send it (raw bytes, base64 in JSON, a data: URL, bare
// base64), and a document cut short is refused, whatever shape it came in.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { UNKNOWN_OUTCOME } from '../../nodes/WineFulfillment/transport/errors';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { ONE_PIXEL_PNG, minimalPdf } from '../sandbox/salesOrder/label';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { salesOrder } from './helpers';

const fx = useSandbox();

const LABEL = minimalPdf(['SHIPPING LABEL', 'Order JIT-DOCS']);
const SLIP = minimalPdf(['PACKING SLIP', 'Order JIT-DOCS']);
const b64 = (bytes: Buffer) => bytes.toString('base64');
const bytesOf = (item: INodeExecutionData, field: string) => Buffer.from(item.binary![field].data, 'base64');

/** The provider answers GenerateJitLabel with `body` (an object as JSON, a Buffer or string as it is) and `type`. */
async function labelWith(body: unknown, type = 'application/json', parameters: INodeParameters = {}) {
	const payload = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(JSON.stringify(body), 'utf8');
	fx.sandbox.faults.add({ kind: 'status', status: 200, path: 'GenerateJitLabel', count: 1, body: payload, headers: { 'content-type': type } });
	const result = await fx.run(
		actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: 'JIT-DOCS', labelType: 'Label', format: 'PDF', ...parameters })),
	);
	return { result, out: result.error ? [] : result.output(ACTION_NODE) };
}

/** Every string anywhere in the json that is long enough to be a document in base64. */
function longTexts(value: unknown): string[] {
	if (typeof value === 'string') return value.length > 100 ? [value] : [];
	if (value && typeof value === 'object') return Object.values(value as IDataObject).flatMap(longTexts);
	return [];
}

describe('Generate JIT Label: several documents in one answer', () => {
	it('a packing slip and a label: the label in the field named, the slip in "packingSlip", both listed, no base64 in the json', async () => {
		const { result, out } = await labelWith(
			{ PackingSlip: b64(SLIP), Label: b64(LABEL), FileName: 'slip-and-label.pdf', Carrier: 'UPS' },
			'application/json',
			{ labelType: 'PackingSlipWithLabel', binaryPropertyName: 'label' },
		);
		expect(result.error).toBeUndefined();
		const [item] = out;
		expect(Object.keys(item.binary ?? {}).sort()).toEqual(['label', 'packingSlip']);
		expect(bytesOf(item, 'label').equals(LABEL)).toBe(true);
		expect(bytesOf(item, 'packingSlip').equals(SLIP)).toBe(true);
		expect(item.binary!.packingSlip).toMatchObject({ mimeType: 'application/pdf', fileName: 'packing-slip-JIT-DOCS.pdf' });
		expect(longTexts(item.json)).toEqual([]);
		expect(item.json).not.toHaveProperty('PackingSlip');
		expect(item.json).not.toHaveProperty('Label');
		expect(item.json).toMatchObject({ Carrier: 'UPS', FileName: 'slip-and-label.pdf', MimeType: 'application/pdf', FileSize: LABEL.length });
		expect(item.json.Documents).toEqual([
			{ Member: 'Label', BinaryProperty: 'label', FileName: 'slip-and-label.pdf', MimeType: 'application/pdf', FileSize: LABEL.length },
			{ Member: 'PackingSlip', BinaryProperty: 'packingSlip', FileName: 'packing-slip-JIT-DOCS.pdf', MimeType: 'application/pdf', FileSize: SLIP.length },
		]);
	});

	it("never replaces the user's field: with Put Output File in Field \"packingSlip\" the slip goes to \"packingSlip2\"", async () => {
		const { result, out } = await labelWith({ PackingSlip: b64(SLIP), LabelData: b64(LABEL) }, 'application/json', { binaryPropertyName: 'packingSlip' });
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'packingSlip').equals(LABEL)).toBe(true);
		expect(bytesOf(out[0], 'packingSlip2').equals(SLIP)).toBe(true);
		expect((out[0].json.Documents as IDataObject[]).map((d) => [d.Member, d.BinaryProperty])).toEqual([
			['LabelData', 'packingSlip'],
			['PackingSlip', 'packingSlip2'],
		]);
	});

	it('a document of the other format beside the label (a PNG preview) is binary too, as image/png', async () => {
		const { result, out } = await labelWith({ LabelData: b64(LABEL), Preview: b64(ONE_PIXEL_PNG) });
		expect(result.error).toBeUndefined();
		expect(out[0].binary!.preview).toMatchObject({ mimeType: 'image/png', fileName: 'preview-JIT-DOCS.png' });
		expect(bytesOf(out[0], 'preview').equals(ONE_PIXEL_PNG)).toBe(true);
		expect(longTexts(out[0].json)).toEqual([]);
	});
});

describe('Generate JIT Label: shapes a provider may send', () => {
	it.each([
		['a data: URL with a parameter', `data:application/pdf;name=label.pdf;base64,${b64(LABEL)}`],
		['a data: URL with a charset', `data:application/pdf;charset=binary;base64,${b64(LABEL)}`],
		['a data: URL without a media type', `data:;base64,${b64(LABEL)}`],
	])('%s (RFC 2397)', async (_case, LabelData) => {
		const { result, out } = await labelWith({ LabelData });
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'data').equals(LABEL)).toBe(true);
	});

	it.each([['text/plain; charset=utf-8'], ['text/html; charset=utf-8']])('a JSON answer labelled %s (a proxy\'s content type)', async (type) => {
		// was: refused as text ("it sent text (text/plain): {"Label":"JVBER…"), telling the user to run again: a second label
		const { result, out } = await labelWith({ Label: b64(LABEL), FileName: 'l.pdf' }, type);
		expect(result.error).toBeUndefined();
		expect(Object.keys(out[0].binary ?? {})).toEqual(['data']);
		expect(bytesOf(out[0], 'data').equals(LABEL)).toBe(true);
	});

	it('a JSON answer that begins with a UTF-8 byte-order mark', async () => {
		const { result, out } = await labelWith(Buffer.from(`\uFEFF${JSON.stringify({ LabelData: b64(LABEL) })}`, 'utf8'));
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'data').equals(LABEL)).toBe(true);
	});

	it.each(['text/plain', 'application/pdf', 'application/octet-stream'])('a bare base64 body (%s) whose bytes are the document', async (type) => {
		const { result, out } = await labelWith(b64(LABEL).replace(/(.{76})/g, '$1\r\n'), type);
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'data').equals(LABEL)).toBe(true);
	});

	it('a PDF after a few bytes (CRLF) before %PDF- is accepted as it is (PDF readers look in the first 1,024 bytes)', async () => {
		const bytes = Buffer.concat([Buffer.from('\r\n'), LABEL]);
		const { result, out } = await labelWith(bytes, 'application/pdf');
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'data').equals(bytes)).toBe(true);
	});
});

describe('Generate JIT Label: refusals say what was wrong', () => {
	it('LabelData holding a data: URL that is not base64 names the member and the reason', async () => {
		const { result } = await labelWith({ LabelData: `data:application/pdf,${encodeURIComponent('%PDF-1.4')}` });
		expect(result.error?.message).toBe(
			'The provider did not answer with a PDF document: it sent a JSON object without a document (members LabelData): LabelData is a data: URL that is not base64; the request may have taken effect, check before sending it again',
		);
	});

	it('base64 cut short (length % 4 == 1) is refused as not valid base64', async () => {
		const text = b64(LABEL);
		const cut = text.slice(0, text.length - 2 - ((text.length - 2) % 4) + 1);
		expect(cut.length % 4).toBe(1);
		const { result } = await labelWith({ LabelData: cut });
		expect(result.error?.message).toMatch(/: LabelData is not valid base64 \(\d+ characters without white space, one more than whole groups of 4: cut short\?\); the request may have taken effect, check before sending it again$/);
	});

	it('base64 with a character outside its alphabet is refused, naming the character', async () => {
		const text = b64(LABEL);
		const { result } = await labelWith({ LabelData: `${text.slice(0, 40)}*${text.slice(41)}` });
		expect(result.error?.message).toMatch(/: LabelData is not valid base64 \("\*" at character 41\); the request may have taken effect, check before sending it again$/);
	});

	it.each([
		['base64 in JSON', (bytes: Buffer) => ({ body: { LabelData: b64(bytes) }, type: 'application/json' })],
		['raw bytes', (bytes: Buffer) => ({ body: bytes, type: 'application/pdf' })],
	])('a PDF without %%EOF at its end (%s) is refused as incomplete', async (_case, answer) => {
		const cut = LABEL.subarray(0, LABEL.length - 20);
		const { body, type } = answer(cut);
		const { result } = await labelWith(body, type);
		expect(result.error?.message).toMatch(/it sent an incomplete PDF document .*the document is incomplete/);
	});

	it('a PNG without its IEND chunk is refused as incomplete', async () => {
		const { result } = await labelWith(ONE_PIXEL_PNG.subarray(0, ONE_PIXEL_PNG.length - 12), 'image/png', { format: 'PNG' });
		expect(result.error?.message).toMatch(/it sent an incomplete PNG image .*the document is incomplete/);
	});
});

describe('Generate JIT Label: more refusals, each saying what came', () => {
	// a label's request may have made the label: the message ends saying so (bug hunt 47), what came is before it
	const said = (message?: string) =>
		message?.endsWith(`; ${UNKNOWN_OUTCOME}`)
			? message.slice(0, -UNKNOWN_OUTCOME.length - 2).replace('The provider did not answer with a PDF document: it sent ', '')
			: `(no "${UNKNOWN_OUTCOME}" at its end) ${message}`;

	it('a data: URL without data', async () => {
		const { result } = await labelWith({ LabelData: 'data:application/pdf;base64,' });
		expect(said(result.error?.message)).toBe('a JSON object without a document (members LabelData): LabelData is a data: URL without data');
	});

	it('a bare base64 body cut short is named invalid base64, not quoted as text', async () => {
		const text = b64(LABEL);
		const { result } = await labelWith(text.slice(0, text.length - 2 - ((text.length - 2) % 4) + 1), 'text/plain; charset=utf-8');
		expect(said(result.error?.message)).toMatch(/^text \(text\/plain\) that is not valid base64 \(\d+ characters without white space/);
	});

	it('a bare base64 body holding the other format', async () => {
		const { result } = await labelWith(b64(ONE_PIXEL_PNG), 'text/plain');
		expect(said(result.error?.message)).toBe('a PNG image in base64 (text/plain)');
	});

	it('a JSON string holding an incomplete PDF', async () => {
		const { result } = await labelWith(JSON.stringify(b64(LABEL.subarray(0, 200))));
		expect(said(result.error?.message)).toBe(
			'an incomplete PDF document in a JSON string (the document is incomplete: no %%EOF in its last 1,024 bytes)',
		);
	});

	it('a complete label beside an incomplete packing slip: refused, naming the member cut short', async () => {
		const { result } = await labelWith({ LabelData: b64(LABEL), PackingSlip: b64(SLIP.subarray(0, 300)) });
		expect(said(result.error?.message)).toBe(
			'an incomplete PDF document in the JSON member PackingSlip (the document is incomplete: no %%EOF in its last 1,024 bytes)',
		);
	});

	it('the refusal is the document error n8n shows for any answer that is not the document (NodeApiError, not resent)', async () => {
		const { result } = await labelWith({ LabelData: b64(LABEL).slice(0, 41) });
		expect(result.error).toMatchObject({ name: 'NodeApiError', description: expect.stringContaining('nothing else is put out as a file') });
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(1);
	});
});

describe('Generate JIT Label: names and the output fields', () => {
	it('a Filename member in any letter case is the file name, made safe; its raw value is not in the json', async () => {
		const { result, out } = await labelWith({ LabelData: b64(LABEL), Filename: '../../etc/x.pdf' });
		expect(result.error).toBeUndefined();
		expect(out[0].json.FileName).toBe('x.pdf');
		expect(out[0].binary!.data.fileName).toBe('x.pdf');
		expect(JSON.stringify(out[0].json)).not.toContain('etc/');
	});

	it("the node's own output fields win over provider members of the same name", async () => {
		const { result, out } = await labelWith({
			LabelData: b64(LABEL),
			OrderNo: 'OTHER',
			LabelType: 'Sticker',
			Format: 'PNG',
			MimeType: 'x/y',
			FileSize: 'huge',
			Carrier: 'UPS',
		});
		expect(result.error).toBeUndefined();
		expect(out[0].json).toEqual({
			OrderNo: 'JIT-DOCS',
			LabelType: 'Label',
			Format: 'PDF',
			Carrier: 'UPS',
			FileName: 'label-JIT-DOCS.pdf',
			MimeType: 'application/pdf',
			FileSize: LABEL.length,
		});
	});

	it('the built default name keeps Unicode letters and digits, and no path separator or quote', async () => {
		const { result, out } = await labelWith(LABEL, 'application/pdf', { orderNo: 'Bestellung-Ü-Müller/"5"' });
		expect(result.error).toBeUndefined();
		expect(out[0].json.FileName).toBe('label-Bestellung-Ü-Müller_5_.pdf');
	});
});

describe('Generate JIT Label: padding after the end marker', () => {
	const NULS = Buffer.alloc(2048);

	it('a whole PDF followed by 2 KB of NUL bytes (raw): binary, the bytes as sent', async () => {
		const padded = Buffer.concat([LABEL, NULS]);
		const { result, out } = await labelWith(padded, 'application/pdf');
		expect(result.error).toBeUndefined();
		expect(out[0].binary?.data?.mimeType).toBe('application/pdf');
		expect(bytesOf(out[0], 'data').equals(padded)).toBe(true);
	});

	it('a whole PDF followed by 2 KB of NUL bytes in JSON LabelData: binary', async () => {
		const { result, out } = await labelWith({ LabelData: b64(Buffer.concat([LABEL, NULS])) });
		expect(result.error).toBeUndefined();
		expect(out[0].binary?.data?.mimeType).toBe('application/pdf');
	});

	it('a whole PNG followed by 2 KB of spaces and line ends: binary', async () => {
		const padding = Buffer.concat([Buffer.alloc(2046, 0x20), Buffer.from('\r\n', 'latin1')]);
		const { result, out } = await labelWith(Buffer.concat([ONE_PIXEL_PNG, padding]), 'image/png', { format: 'PNG' });
		expect(result.error).toBeUndefined();
		expect(out[0].binary?.data?.mimeType).toBe('image/png');
	});

	it.each([
		['as it was cut', Buffer.alloc(0)],
		['then padded with 2 KB of NUL bytes', NULS],
	])('a PDF with an earlier %%EOF (linearized, updated), cut before its last %%EOF, %s: refused as incomplete', async (_case, tail) => {
		// the first section ends with %%EOF; an update after it (more than 1,024 bytes) ends with the last %%EOF
		const update = Buffer.from(`6 0 obj\n(${'x'.repeat(2000)})\nendobj\nstartxref\n${LABEL.length}\n%%EOF\n`, 'latin1');
		const whole = Buffer.concat([LABEL, update]);
		const accepted = await labelWith(Buffer.concat([whole, tail]), 'application/pdf');
		expect(accepted.result.error).toBeUndefined();
		const cut = Buffer.concat([whole.subarray(0, whole.length - 20), tail]);
		const { result } = await labelWith(cut, 'application/pdf');
		expect(result.error?.message).toMatch(/it sent an incomplete PDF document .*no %%EOF in its last 1,024 bytes/);
	});
});

describe('Generate JIT Label: binary properties of the other documents', () => {
	it('members with the same camelCase get the next free number each; a member with no letters goes to "document"', async () => {
		const { result, out } = await labelWith({
			LabelData: b64(LABEL),
			PackingSlip: b64(SLIP),
			packing_slip: b64(SLIP),
			'packing slip': b64(SLIP),
			'--': b64(ONE_PIXEL_PNG),
		});
		expect(result.error).toBeUndefined();
		expect((out[0].json.Documents as IDataObject[]).map((d) => [d.Member, d.BinaryProperty, d.FileName])).toEqual([
			['LabelData', 'data', 'label-JIT-DOCS.pdf'],
			['PackingSlip', 'packingSlip', 'packing-slip-JIT-DOCS.pdf'],
			['packing_slip', 'packingSlip2', 'packing-slip-JIT-DOCS.pdf'],
			['packing slip', 'packingSlip3', 'packing-slip-JIT-DOCS.pdf'],
			['--', 'document', 'document-JIT-DOCS.png'],
		]);
		expect(Object.keys(out[0].binary ?? {}).sort()).toEqual(['data', 'document', 'packingSlip', 'packingSlip2', 'packingSlip3']);
		expect(out[0].binary!.document).toMatchObject({ mimeType: 'image/png', fileName: 'document-JIT-DOCS.png' });
	});

	it('member names that echo a secret are masked, for the label and for the documents beside it', async () => {
		const token = SANDBOX_CREDENTIALS.token;
		const { result, out } = await labelWith({ [`Label${token}`]: b64(LABEL), [`Slip${token}`]: b64(SLIP) });
		expect(result.error).toBeUndefined();
		expect((out[0].json.Documents as IDataObject[]).map((d) => [d.Member, d.BinaryProperty])).toEqual([
			['Label***', 'data'],
			['Slip***', 'slip'],
		]);
		expect(JSON.stringify(out[0])).not.toContain(token);
	});
});

describe('Generate JIT Label: how base64 and data: URLs are read', () => {
	// a label's request may have made the label: the message ends saying so (bug hunt 47), what came is before it
	const said = (message?: string) =>
		message?.endsWith(`; ${UNKNOWN_OUTCOME}`)
			? message.slice(0, -UNKNOWN_OUTCOME.length - 2).replace('The provider did not answer with a PDF document: it sent ', '')
			: `(no "${UNKNOWN_OUTCOME}" at its end) ${message}`;

	it('white space around "base64" in a data: URL\'s head is read past', async () => {
		const { result, out } = await labelWith({ LabelData: `data:application/pdf; base64 ,${b64(LABEL)}` });
		expect(result.error).toBeUndefined();
		expect(bytesOf(out[0], 'data').equals(LABEL)).toBe(true);
	});

	it.each([
		['a parameter after ";base64"', 'data:application/pdf;base64;name=x.pdf,'],
		['"base64" followed by more letters', 'data:application/pdf;base64x,'],
	])('a data: URL with %s is not base64', async (_case, head) => {
		const { result } = await labelWith({ LabelData: `${head}${b64(LABEL)}` });
		expect(said(result.error?.message)).toBe('a JSON object without a document (members LabelData): LabelData is a data: URL that is not base64');
	});

	it('a data: URL whose head runs past 1,024 characters is not read as one', async () => {
		const { result } = await labelWith({ LabelData: `data:application/pdf;name=${'x'.repeat(1100)};base64,${b64(LABEL)}` });
		expect(said(result.error?.message)).toBe('a JSON object without a document (members LabelData): LabelData is not valid base64 (":" at character 5)');
	});

	it.each([
		['"=" after a text that is not whole groups of 4', 'QUJD=', 5],
		['"=" inside whole groups of 4', 'QU=DQUJD', 3],
	])('%s is refused as not valid base64', async (_case, LabelData, at) => {
		const { result } = await labelWith({ LabelData });
		expect(said(result.error?.message)).toBe(
			`a JSON object without a document (members LabelData): LabelData is not valid base64 ("=" at character ${at})`,
		);
	});

	it('a member outside the document names that only mentions "data:" is not taken for the document meant', async () => {
		const { result } = await labelWith({ Note: 'see data: here' });
		expect(said(result.error?.message)).toBe('a JSON object without a document (members Note)');
	});

	it('base64 of the PDF labelled as another text type (text/html) is quoted as text, not decoded', async () => {
		const { result } = await labelWith(b64(LABEL), 'text/html');
		expect(said(result.error?.message)).toMatch(/^text \(text\/html\): "JVBERi/);
	});

	it('a bare base64 body holding an incomplete PDF says it came in base64', async () => {
		const { result } = await labelWith(b64(LABEL.subarray(0, 200)), 'text/plain');
		expect(said(result.error?.message)).toBe('an incomplete PDF document in base64 (the document is incomplete: no %%EOF in its last 1,024 bytes)');
	});

	it('a bare body of base64 letters that does not decode: from 256 bytes named invalid base64, below that quoted', async () => {
		const at256 = await labelWith(`${'A'.repeat(100)}=${'A'.repeat(155)}`, 'text/plain');
		expect(said(at256.result.error?.message)).toBe('text (text/plain) that is not valid base64 ("=" at character 101)');
		const at255 = await labelWith(`${'A'.repeat(100)}=${'A'.repeat(154)}`, 'text/plain');
		expect(said(at255.result.error?.message)).toMatch(/^text \(text\/plain\): "AAAA/);
	});
});

describe('Generate JIT Label: an empty answer', () => {
	it('200 with no body is refused as an empty answer, naming its content type', async () => {
		const { result } = await labelWith(Buffer.alloc(0), 'application/pdf');
		expect(result.error?.message).toBe(`The provider did not answer with a PDF document: it sent an empty answer (content type application/pdf); ${UNKNOWN_OUTCOME}`);
	});
});
