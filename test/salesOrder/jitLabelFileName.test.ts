// Sales Order → Generate JIT Label: the output file's name, from the provider (Content-Disposition or a JSON FileName)
// or the user, is one safe file name: no path, no control characters, the document's extension, a bounded length.
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

interface Label {
	json: IDataObject;
	binary: IBinaryData;
	/** the order's transaction reference number, which the built default name holds */
	trn: string;
}

/** Generates a PDF label of a new order, the provider answering with `answer` (a status fault); `extra` as parameters. */
async function label(answer: { body: unknown; headers?: Record<string, string>; as?: 'json' | 'text' }, extra: INodeParameters = {}): Promise<Label> {
	const trn = await createOrder(fx, { OrderNo: 'JIT-NAME', items: [line(SKU_A, 1)] });
	await fx.control.fault({ kind: 'status', status: 200, path: 'GenerateJitLabel', count: 1, ...answer });
	const result = await fx.run(actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, labelType: 'Label', format: 'PDF', ...extra })));
	expect(result.error).toBeUndefined();
	const [out] = result.output(ACTION_NODE);
	return { json: out.json, binary: out.binary!.data, trn };
}

/** The provider answers the PDF bytes with this Content-Disposition. */
const disposition = (value: string, extra: INodeParameters = {}) =>
	label({ body: PDF, as: 'text', headers: { 'content-type': 'application/pdf', 'content-disposition': value } }, extra);

/** The name in the output's FileName and in the binary, which must be the same. */
async function nameOf(value: string): Promise<string> {
	const { json, binary } = await disposition(value);
	expect(binary.fileName).toBe(json.FileName);
	expect(binary.directory).toBeUndefined();
	return json.FileName as string;
}

describe('Sales Order → Generate JIT Label: the file name the provider gives', () => {
	it('a path ("../../etc/cron.d/x.pdf") comes out as its last segment, with no directory in the binary', async () => {
		expect(await nameOf('attachment; filename="../../etc/cron.d/x.pdf"')).toBe('x.pdf');
	});

	it('a Windows path ("..\\\\..\\\\x.pdf") too', async () => {
		expect(await nameOf('attachment; filename="..\\\\..\\\\x.pdf"')).toBe('x.pdf');
	});

	it('".." is no file name: the built default is used', async () => {
		const { json, binary, trn } = await disposition('attachment; filename=".."');
		expect(json.FileName).toBe(`label-${trn}.pdf`);
		expect(binary.fileName).toBe(`label-${trn}.pdf`);
	});

	it('CR/LF encoded in filename* is removed', async () => {
		expect(await nameOf("attachment; filename*=UTF-8''a%0D%0Ab.pdf")).toBe('ab.pdf');
	});

	it("filename* with a language tag (UTF-8'en'…) is decoded (RFC 5987)", async () => {
		expect(await nameOf("attachment; filename*=UTF-8'en'na%C3%AFve.pdf")).toBe('naïve.pdf');
	});

	it('filename* in ISO-8859-1 is decoded', async () => {
		expect(await nameOf("attachment; filename*=iso-8859-1''caf%E9.pdf")).toBe('café.pdf');
	});

	it('filename* is preferred to filename (RFC 6266 §4.3)', async () => {
		expect(await nameOf("attachment; filename=\"fallback.pdf\"; filename*=UTF-8''%E2%82%AC-label.pdf")).toBe('€-label.pdf');
	});

	it('a quoted name holding ";" is kept whole', async () => {
		expect(await nameOf('attachment; filename="label;10001.pdf"')).toBe('label;10001.pdf');
	});

	it('a PDF named "label.png" is named with the PDF extension, which the binary carries', async () => {
		const { json, binary } = await disposition('attachment; filename="label.png"');
		expect(json.FileName).toBe('label.pdf');
		expect(binary).toMatchObject({ fileName: 'label.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' });
	});

	it('a 500-character name is cut to 200 characters, keeping its extension', async () => {
		expect(await nameOf(`attachment; filename="${'n'.repeat(500)}.pdf"`)).toBe(`${'n'.repeat(196)}.pdf`);
	});

	it('the FileName member of a JSON answer is made safe the same way, and its raw value is not in the output', async () => {
		const body = { FileName: '/tmp/../../x.pdf', fileName: '../y.pdf', LabelData: Buffer.from(PDF, 'latin1').toString('base64'), Carrier: 'UPS' };
		const { json, binary } = await label({ body, headers: { 'content-type': 'application/json' } });
		expect(json).toMatchObject({ FileName: 'x.pdf', Carrier: 'UPS' });
		expect(json).not.toHaveProperty('fileName');
		expect(binary).toMatchObject({ fileName: 'x.pdf' });
		expect(binary.directory).toBeUndefined();
	});
});

describe('Sales Order → Generate JIT Label: the File Name the user gives', () => {
	const provided = 'attachment; filename="provider.pdf"';

	it('from an expression giving a path and no extension: its last segment, with the extension', async () => {
		const { json, binary } = await disposition(provided, { options: { fileName: '={{ "labels/" + "SO 12" }}' } });
		expect(json.FileName).toBe('SO 12.pdf');
		expect(binary.directory).toBeUndefined();
	});

	it('a number from an expression is a name (not a crash)', async () => {
		const { json } = await disposition(provided, { options: { fileName: '={{ 10001 }}' } });
		expect(json.FileName).toBe('10001.pdf');
	});

	it('an object is refused naming File Name, before the request', async () => {
		const trn = await createOrder(fx, { OrderNo: 'JIT-OBJ', items: [line(SKU_A, 1)] });
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, labelType: 'Label', format: 'PDF', options: { fileName: '={{ { a: 1 } }}' } })),
		);
		expect(result.error?.message).toMatch(/^Invalid "File Name": must be text, not an object/);
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(0);
	});

	it('blank or dots only: the provider name is used', async () => {
		expect((await disposition(provided, { options: { fileName: ' .. ' } })).json.FileName).toBe('provider.pdf');
	});
});
