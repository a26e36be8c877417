// Bug hunt 37: Sales Order → Generate JIT Label with a whole, correctly-signed label sent under another name of its
// content type. The label's bytes decide (transport/document.ts readDocument): a PNG label labelled image/x-png (PNG's
// older x- name, an alias of image/png as application/x-pdf is of application/pdf) and a PDF label labelled
// application/force-download or application/x-download (what servers write to make a browser save a file, generic
// types like application/octet-stream that say nothing about the bytes) are put out as binary data, with the file name
// of Content-Disposition, from a single request: the label is made once.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { ONE_PIXEL_PNG, minimalPdf } from '../sandbox/salesOrder/label';
import { SKU_A, createOrder, line, salesOrder } from './helpers';

const fx = useSandbox();

const LABEL = minimalPdf(['SHIPPING LABEL', 'Order JIT-ALIAS']);

describe('Generate JIT Label: a whole label under another name of its content type', () => {
	it.each([
		['image/x-png', ONE_PIXEL_PNG, 'PNG', 'image/png'],
		['application/force-download', LABEL, 'PDF', 'application/pdf'],
		['application/x-download', LABEL, 'PDF', 'application/pdf'],
	])('%s: the label is put out as binary data', async (contentType, bytes, format, mimeType) => {
		await createOrder(fx, { OrderNo: 'JIT-ALIAS', items: [line(SKU_A, 1)] });
		fx.sandbox.faults.add({
			kind: 'status',
			status: 200,
			path: 'GenerateJitLabel',
			count: 1,
			body: bytes,
			headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="label.${format.toLowerCase()}"` },
		});
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: 'JIT-ALIAS', labelType: 'Label', format })),
		);
		expect(result.error?.message).toBeUndefined();
		const [item] = result.output(ACTION_NODE);
		expect(item.json).toMatchObject({ OrderNo: 'JIT-ALIAS', MimeType: mimeType, FileSize: bytes.length });
		expect(item.binary?.data).toMatchObject({ mimeType, fileName: `label.${format.toLowerCase()}` });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(bytes)).toBe(true);
		// one request: the label was made once
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(1);
	});
});
