// Sales Order → Generate JIT Label (binary output) and Update Addresses, through n8n's engine.
import type { IBinaryData } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, createOrders, line, orderIn, paired, salesOrder } from './helpers';

const fx = useSandbox();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const bytesOf = (binary: IBinaryData) => Buffer.from(binary.data, 'base64');

const label = (params: Record<string, unknown>) => actionWorkflow(salesOrder('generateJitLabel', params));

describe('Sales Order → Generate JIT Label', () => {
	it('puts a PDF label in binary data with a file name and MIME type', async () => {
		const trn = await createOrder(fx, { OrderNo: 'JIT-1', items: [line(SKU_A, 1)] });
		const result = await fx.run(label({ transactionReferenceNumber: trn, labelType: 'Label', format: 'PDF' }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GenerateJitLabel');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, LabelType: 'Label', Format: 'PDF' });
		const [out] = result.output(ACTION_NODE);
		expect(paired(out)).toBe(0);
		const file = out.binary!.data;
		expect(file.mimeType).toBe('application/pdf');
		expect(file.fileName).toBe('jit-label-JIT-1.pdf');
		const bytes = bytesOf(file);
		expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
		expect(bytes.toString('latin1')).toContain('(Order JIT-1) Tj');
		expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
		expect(out.json).toMatchObject({
			TransactionReferenceNumber: trn,
			LabelType: 'Label',
			Format: 'PDF',
			FileName: 'jit-label-JIT-1.pdf',
			MimeType: 'application/pdf',
			FileSize: bytes.length,
		});
	});

	it('a packing slip with label as PNG, by order number, into a chosen binary field', async () => {
		await createOrder(fx, { OrderNo: 'JIT-2' });
		const result = await fx.run(
			label({ locateBy: 'orderNo', orderNo: 'JIT-2', labelType: 'PackingSlipWithLabel', format: 'PNG', binaryPropertyName: 'slip' }),
		);
		const [sent] = await fx.control.requests('GenerateJitLabel');
		expect(sent.body).toEqual({ OrderNo: 'JIT-2', LabelType: 'PackingSlipWithLabel', Format: 'PNG' });
		const [out] = result.output(ACTION_NODE);
		expect(Object.keys(out.binary ?? {})).toEqual(['slip']);
		expect(out.binary!.slip.mimeType).toBe('image/png');
		expect(out.binary!.slip.fileName).toBe('jit-packing-slip-JIT-2.png');
		expect(bytesOf(out.binary!.slip).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
	});

	it('reads a JSON answer carrying the document in base64 the same way', async () => {
		await fx.control.call('POST', 'jit-label-shape', { shape: 'json' });
		const trn = await createOrder(fx, { OrderNo: 'JIT-3' });
		const result = await fx.run(label({ transactionReferenceNumber: trn, format: 'PNG', options: { fileName: 'my-label.png' } }));
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE);
		expect(out.binary!.data.fileName).toBe('my-label.png');
		expect(out.binary!.data.mimeType).toBe('image/png');
		expect(bytesOf(out.binary!.data).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
		// The other members of the answer come through; the base64 document does not clutter the JSON.
		expect(out.json).toMatchObject({ OrderNo: 'JIT-3', ContentType: 'image/png', FileName: 'my-label.png' });
		expect(out.json.LabelData).toBeUndefined();

		const pdf = await fx.run(label({ transactionReferenceNumber: trn, format: 'PDF' }));
		const file = pdf.output(ACTION_NODE)[0].binary!.data;
		expect(file.fileName).toBe('jit-label-JIT-3.pdf');
		expect(bytesOf(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
	});

	it('asks for the chosen document type first, a JSON answer carrying it second (Accept)', async () => {
		const trn = await createOrder(fx, { OrderNo: 'JIT-A' });
		await fx.run(label({ transactionReferenceNumber: trn, format: 'PDF' }));
		await fx.run(label({ transactionReferenceNumber: trn, format: 'PNG' }));
		expect((await fx.control.requests('GenerateJitLabel')).map((r) => r.accept)).toEqual([
			'application/pdf, application/json;q=0.9',
			'image/png, application/json;q=0.9',
		]);
	});

	it('takes the document sent as application/octet-stream by its signature', async () => {
		await fx.control.call('POST', 'jit-label-shape', { shape: 'octet-stream' });
		const trn = await createOrder(fx, { OrderNo: 'JIT-O' });
		const result = await fx.run(label({ transactionReferenceNumber: trn, format: 'PNG' }));
		expect(result.error).toBeUndefined();
		const file = result.output(ACTION_NODE)[0].binary!.data;
		expect(file.mimeType).toBe('image/png');
		expect(bytesOf(file).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
	});

	it.each([
		['json-no-document', 'PDF', 'a JSON object without a document (members TransactionReferenceNumber, Message); the provider said: The label is being prepared'],
		['text', 'PDF', 'text (text/plain): "The label is being prepared, try again later"'],
		['guid', 'PNG', 'a GUID string (5a1d0000-0000-4000-8000-'],
		['empty', 'PDF', 'an empty answer (content type application/pdf)'],
		['malformed', 'PNG', 'malformed JSON ({"LabelData": "'],
		['other-format', 'PDF', 'a PNG image'],
		['other-format', 'PNG', 'a PDF document'],
		['mislabelled', 'PDF', '29 bytes of application/pdf that are not a PDF document (they start with 7b 22 4d 65'],
	])('an answer of shape %s when %s is asked is an error naming it, never a file', async (shape, format, what) => {
		await fx.control.call('POST', 'jit-label-shape', { shape });
		const trn = await createOrder(fx, { OrderNo: `JIT-${shape}` });
		const wanted = format === 'PDF' ? 'a PDF document' : 'a PNG image';
		const result = await fx.run(label({ transactionReferenceNumber: trn, format }));
		expect(result.error?.message).toContain(`The provider did not answer with ${wanted}: it sent ${what}`);
		expect(result.error?.description).toContain('not resent');
		expect(result.output(ACTION_NODE)).toHaveLength(0);
		// sent once: generating a label is not resent
		expect(await fx.control.requests('GenerateJitLabel')).toHaveLength(1);

		const kept = await fx.run(actionWorkflow(salesOrder('generateJitLabel', { transactionReferenceNumber: trn, format }), { continueOnFail: true }));
		const [item] = kept.output(ACTION_NODE);
		expect(item.json.error).toContain(`it sent ${what}`);
		expect(item.binary).toBeUndefined();
		expect(paired(item)).toBe(0);
	});

	it("reports the provider's 404 and 300 with continueOnFail as error items", async () => {
		await createOrders(fx, [{ OrderNo: 'JD' }, { OrderNo: 'JD' }]);
		const result = await fx.run(
			actionWorkflow(salesOrder('generateJitLabel', { locateBy: 'orderNo', orderNo: '={{ $json.no }}' }), {
				continueOnFail: true,
				items: [{ no: 'JD' }, { no: 'J-NONE' }],
			}),
		);
		const out = result.output(ACTION_NODE);
		expect(out.map((o) => [(o.json.details as { httpCode?: string }).httpCode, paired(o)])).toEqual([
			['300', 0],
			['404', 1],
		]);
		expect((out[0].json.details as { description?: string }).description).toContain('Transaction Reference Number');
	});
});

describe('Sales Order → Update Addresses', () => {
	const addresses = (params: Record<string, unknown>) => actionWorkflow(salesOrder('updateAddresses', params));

	it('PATCHes the recipient address of an open order, only the fields set', async () => {
		const trn = await createOrder(fx, { OrderNo: 'AD-1' });
		const result = await fx.run(addresses({ transactionReferenceNumber: trn, recipientContactInfo: { address: '9 Cellar Rd', city: 'Sonoma' } }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.method).toBe('PATCH');
		expect(sent.body).toEqual({ TransactionReferenceNumber: trn, RecipientContactInfo: { Address: '9 Cellar Rd', City: 'Sonoma' } });
		expect(result.output(ACTION_NODE)[0].json).toEqual({ TransactionReferenceNumber: trn, Updated: ['RecipientContactInfo'] });
		expect(orderIn(fx, trn).request.RecipientContactInfo).toEqual({ Address: '9 Cellar Rd', City: 'Sonoma' });
	});

	it('the delivery location, or both, by order number', async () => {
		const trn = await createOrder(fx, { OrderNo: 'AD-2', hold: true });
		await fx.run(
			addresses({
				locateBy: 'orderNo',
				orderNo: 'AD-2',
				recipientContactInfo: { zipCode: '95476' },
				deliveryContactInfo: { holdAtLocation: true, locationCode: 'UPS-AP-55' },
			}),
		);
		const [sent] = await fx.control.requests('Addresses');
		expect(sent.body).toEqual({
			OrderNo: 'AD-2',
			RecipientContactInfo: { ZipCode: '95476' },
			DeliveryContactInfo: { HoldAtLocation: 1, LocationCode: 'UPS-AP-55' },
		});
		expect(orderIn(fx, trn).request.DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'UPS-AP-55' });
	});

	it('refuses a change with neither address nor location, before any request', async () => {
		const result = await fx.run(addresses({ transactionReferenceNumber: 'anything' }));
		expect(result.error?.message).toContain('Invalid "Recipient (Ship-To)"');
		expect(result.error?.message).toContain('or a delivery location is required');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('403 once the order has shipped', async () => {
		const trn = await createOrder(fx, { OrderNo: 'AD-3', items: [line(SKU_A, 1)] });
		await fx.control.call('POST', 'ship-order', { OrderNo: 'AD-3' });
		const result = await fx.run(addresses({ transactionReferenceNumber: trn, recipientContactInfo: { city: 'Napa' } }));
		expect(result.error?.message).toBe("The sales order's state has changed, so it cannot be updated or cancelled");
		expect(result.error?.httpCode).toBe('403');
	});
});
