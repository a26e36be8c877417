// Sandbox GenerateJitLabel: a real minimal PDF or a valid PNG, as raw bytes or as base64 in a JSON body, or on
// demand one of the answers that are not a document (for the node's refusals).
import { badRequest, fail, oneOf, optString, type JsonObject, type Reply, type RequestContext } from '../frame';
import type { SandboxState } from '../state';
import { locateOrder, refOf } from './orders';

const LABEL_TYPES = ['Label', 'PackingSlipWithLabel'] as const;
const FORMATS = ['PDF', 'PNG'] as const;
/**
 * How the sandbox answers GenerateJitLabel (control `jit-label-shape` {shape}). Documents: `binary` (the
 * bytes with their content type), `json` (base64 in a JSON member), `octet-stream` (the bytes as
 * application/octet-stream). Not documents: `json-no-document` (JSON with a message only), `text`
 * (text/plain), `guid` (a JSON string holding the order's transaction reference), `empty` (no bytes,
 * the asked content type), `malformed` (JSON cut short), `other-format` (PNG when PDF was asked and the
 * other way round, correctly labelled), `mislabelled` (a JSON message sent as the asked content type).
 */
export const LABEL_SHAPES = [
	'binary',
	'json',
	'octet-stream',
	'json-no-document',
	'text',
	'guid',
	'empty',
	'malformed',
	'other-format',
	'mislabelled',
] as const;
export type LabelShape = (typeof LABEL_SHAPES)[number];

export const labelSettings = (state: SandboxState) => state.store('jitLabelSettings', () => ({ shape: 'binary' as LabelShape }));

export function setLabelShape(state: SandboxState, input: JsonObject) {
	const shape = oneOf(optString(input, 'shape'), LABEL_SHAPES, 'shape');
	if (!shape) badRequest('shape is required');
	labelSettings(state).shape = shape as LabelShape;
	return { shape };
}

/** A one-page PDF 1.4 with the given lines of text, with a correct cross-reference table. */
export function minimalPdf(lines: string[]): Buffer {
	const escape = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
	const text = lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escape(line)}) Tj`).join('\n');
	const stream = `BT\n/F1 12 Tf\n14 TL\n24 400 Td\n${text}\nET`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
		`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
	];
	let out = '%PDF-1.4\n';
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xref = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/** A valid 1×1 PNG (one opaque pixel). */
export const ONE_PIXEL_PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
	'base64',
);

/** POST GenerateJitLabel {OrderNo | TransactionReferenceNumber, LabelType, Format}. */
export function generateJitLabel({ body, state }: RequestContext): Reply {
	const ref = refOf(body, 'OrderNo');
	const labelType = oneOf(optString(body, 'LabelType') ?? 'Label', LABEL_TYPES, 'LabelType') ?? 'Label';
	const format = oneOf(optString(body, 'Format') ?? 'PDF', FORMATS, 'Format') ?? 'PDF';
	const order = locateOrder(state, ref);
	if (order.state === 'cancelled') fail(403, `Sales order ${order.OrderNo} is cancelled; no label can be generated`);

	const title = labelType === 'Label' ? 'SHIPPING LABEL' : 'PACKING SLIP WITH LABEL';
	const document =
		format === 'PDF'
			? minimalPdf([title, `Order ${order.OrderNo}`, `Ref ${order.TransactionReferenceNumber}`, `Warehouse ${order.warehouse}`])
			: ONE_PIXEL_PNG;
	const contentType = format === 'PDF' ? 'application/pdf' : 'image/png';
	const fileName = `${labelType === 'Label' ? 'jit-label' : 'jit-packing-slip'}-${order.OrderNo}.${format.toLowerCase()}`;

	const shape = labelSettings(state).shape;
	const bytes = (data: Buffer | string, type: string): Reply => ({
		status: 200,
		body: Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
		headers: { 'content-type': type },
	});
	switch (shape) {
		case 'json':
			return {
				status: 200,
				body: {
					TransactionReferenceNumber: order.TransactionReferenceNumber,
					OrderNo: order.OrderNo,
					LabelType: labelType,
					Format: format,
					FileName: fileName,
					ContentType: contentType,
					LabelData: document.toString('base64'),
				},
			};
		case 'octet-stream':
			return bytes(document, 'application/octet-stream');
		case 'json-no-document':
			return {
				status: 200,
				body: { TransactionReferenceNumber: order.TransactionReferenceNumber, Message: 'The label is being prepared' },
			};
		case 'text':
			return bytes('The label is being prepared, try again later', 'text/plain; charset=utf-8');
		case 'guid':
			return { status: 200, body: order.TransactionReferenceNumber };
		case 'empty':
			return bytes(Buffer.alloc(0), contentType);
		case 'malformed':
			return bytes(`{"LabelData": "${document.toString('base64').slice(0, 40)}`, 'application/json; charset=utf-8');
		case 'other-format':
			return format === 'PDF'
				? bytes(ONE_PIXEL_PNG, 'image/png')
				: bytes(minimalPdf([title, `Order ${order.OrderNo}`]), 'application/pdf');
		case 'mislabelled':
			return bytes(JSON.stringify({ Message: 'Label not ready' }), contentType);
		case 'binary':
			return {
				status: 200,
				body: document,
				headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"` },
			};
	}
}
