// The sales order operations through the node's router as n8n calls it, over a fake provider: what each sends, puts
// out and refuses for the cases the sandbox does not make (the labels, the file names and types of Generate JIT
// Label, the provider's refusals in the panel's words, the warehouse hints, a value from an expression that no
// choice takes).
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { router } from '../../nodes/WineFulfillment/actions/router';
import { MemoryDeduplicator } from '../harness/dedup';
import type { FakeAnswer, SentRequest } from './fakeContext';
import { fakeExecute, withDeduplicationStore } from './fakeExecute';

// whole documents: a PDF ends with %%EOF, a PNG with its IEND chunk
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest-of-image'), Buffer.from('0000000049454e44ae426082', 'hex')]);

/** A JSON answer: `body` as its text. */
const json = (body: unknown, statusCode = 200): FakeAnswer => ({ statusCode, body: JSON.stringify(body) });

interface Run {
	ctx: IExecuteFunctions;
	sent: SentRequest[];
	hints: string[];
}

/** The fake context with what these operations use beyond it: execution hints and n8n's binary helper. */
function context(params: IDataObject, answer?: (request: SentRequest) => FakeAnswer): Run {
	const { ctx, sent } = fakeExecute({ params, answer });
	const hints: string[] = [];
	Object.assign(ctx, {
		addExecutionHints: (...added: Array<{ message: string }>) => hints.push(...added.map((h) => h.message)),
	});
	Object.assign(ctx.helpers, {
		prepareBinaryData: async (data: Buffer, fileName: string, mimeType: string) => ({
			data: data.toString('base64'),
			fileName,
			mimeType,
		}),
	});
	return { ctx, sent, hints };
}

/** Runs the node once over one item; every request is answered with `answer`. */
async function run(
	params: IDataObject,
	answer?: FakeAnswer | ((request: SentRequest) => FakeAnswer),
): Promise<{ out: INodeExecutionData[]; sent: SentRequest[]; hints: string[] }> {
	const c = context(params, answer === undefined ? undefined : typeof answer === 'function' ? answer : () => answer);
	const [out] = await router.call(c.ctx);
	return { out, sent: c.sent, hints: c.hints };
}

/** The error the run throws, and what was sent before it; fails the test when it throws none. */
async function refused(params: IDataObject, answer?: FakeAnswer): Promise<{ error: Error & { description?: string | null }; sent: SentRequest[] }> {
	const c = context(params, answer === undefined ? undefined : () => answer);
	let thrown: unknown;
	try {
		await router.call(c.ctx);
	} catch (error) {
		thrown = error;
	}
	if (!(thrown instanceof Error)) throw new Error('expected the run to fail');
	return { error: thrown, sent: c.sent };
}

const REJECTED = 'The provider rejected the request as invalid: ';

describe('Sales Order → Cancel', () => {
	const CANCEL = { resource: 'salesOrder', operation: 'cancel', locateBy: 'transactionReferenceNumber', transactionReferenceNumber: 'TRN-C-1' };

	it("an object answer's members come out with the cancel", async () => {
		const { out, sent } = await run(CANCEL, json({ Status: 'Cancelled', Note: 'by request' }));
		expect(sent[0].body).toEqual({ TransactionReferenceNumber: 'TRN-C-1' });
		expect(out).toEqual([
			{ json: { TransactionReferenceNumber: 'TRN-C-1', Cancelled: true, Status: 'Cancelled', Note: 'by request' }, pairedItem: { item: 0 } },
		]);
	});

	it('an answer of text comes out as ProviderAnswer (a reference as TransactionReferenceNumber would)', async () => {
		const { out } = await run(CANCEL, json('Order cancelled'));
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-C-1', Cancelled: true, ProviderAnswer: 'Order cancelled' }]);
	});

	it.each<[string, FakeAnswer]>([
		['null', json(null)],
		['nothing (an empty body)', { body: '' }],
	])('an answer of %s adds nothing to the output', async (_case, answer) => {
		const { out } = await run(CANCEL, answer);
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-C-1', Cancelled: true }]);
	});

	it("the provider's refusal names the field as the panel does", async () => {
		const { error } = await refused(
			{ ...CANCEL, locateBy: 'orderNo', orderNo: 'SO-C-2' },
			json({ Message: 'OrderNumber SO-C-2 cannot be cancelled' }, 400),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(`${REJECTED}Order Number SO-C-2 cannot be cancelled`);
	});

	it('the deprecated path by transaction reference number: the reference, not an order number, on the update endpoint', async () => {
		const { out, sent } = await run({ ...CANCEL, options: { deprecatedPath: true } }, { body: '' });
		expect(sent).toHaveLength(1);
		expect(sent[0].url).toMatch(/UpdateSalesOrder/i);
		expect(sent[0].options.qs).toEqual({ IsCancelOnly: true });
		expect(sent[0].body).toEqual({ TransactionReferenceNumber: 'TRN-C-1' });
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-C-1', Cancelled: true, UsedDeprecatedPath: true }]);
	});

	it('a Use Deprecated Cancel Path that is not a boolean is refused naming the field, before any request', async () => {
		const { error, sent } = await refused({ ...CANCEL, options: { deprecatedPath: 'perhaps' } });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^Invalid "Use Deprecated Cancel Path": /);
		expect(sent).toEqual([]);
	});
});

describe('Sales Order → Generate JIT Label: the file', () => {
	const LABEL = { resource: 'salesOrder', operation: 'generateJitLabel', locateBy: 'orderNo', orderNo: 'SO 12/ 3', labelType: 'Label', format: 'PDF' };
	const pdf: FakeAnswer = { body: PDF, headers: { 'content-type': 'application/pdf' } };
	const png: FakeAnswer = { body: PNG, headers: { 'content-type': 'image/png' } };

	it('a label as PDF without a name from the provider: label-<order>.pdf, every run of other characters one "_"', async () => {
		const { out, sent } = await run(LABEL, pdf);
		expect(sent[0].body).toEqual({ OrderNo: 'SO 12/ 3', LabelType: 'Label', Format: 'PDF' });
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual({ OrderNo: 'SO 12/ 3', LabelType: 'Label', Format: 'PDF', FileName: 'label-SO_12_3.pdf', MimeType: 'application/pdf', FileSize: PDF.length });
		expect(out[0].binary).toEqual({ data: { data: PDF.toString('base64'), fileName: 'label-SO_12_3.pdf', mimeType: 'application/pdf' } });
		expect(out[0].pairedItem).toEqual({ item: 0 });
	});

	it('a packing slip with label as PNG: packing-slip-label-<order>.png, of type image/png, in the field asked for', async () => {
		const { out, sent } = await run({ ...LABEL, orderNo: 'SO-9.a_b', labelType: 'PackingSlipWithLabel', format: 'PNG', binaryPropertyName: ' label ' }, png);
		expect(sent[0].body).toMatchObject({ LabelType: 'PackingSlipWithLabel', Format: 'PNG' });
		expect(out[0].json).toMatchObject({ FileName: 'packing-slip-label-SO-9.a_b.png', MimeType: 'image/png', FileSize: PNG.length });
		expect(out[0].binary).toEqual({ label: { data: PNG.toString('base64'), fileName: 'packing-slip-label-SO-9.a_b.png', mimeType: 'image/png' } });
	});

	it("File Name given: it is used trimmed, before the provider's", async () => {
		const named: FakeAnswer = { ...pdf, headers: { ...pdf.headers, 'content-disposition': 'attachment; filename="provider.pdf"' } };
		const { out } = await run({ ...LABEL, options: { fileName: '  mine.pdf  ' } }, named);
		expect(out[0].json.FileName).toBe('mine.pdf');
		const blank = await run({ ...LABEL, options: { fileName: '   ' } }, named);
		expect(blank.out[0].json.FileName).toBe('provider.pdf');
	});

	it.each([
		['labelType', 'Sticker', 'Document'],
		['format', 'GIF', 'Format'],
	])('%s %s from an expression is refused naming "%s", before any request', async (name, value, field) => {
		const { error, sent } = await refused({ ...LABEL, [name]: value });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(new RegExp(`^Invalid "${field}": `));
		expect(sent).toEqual([]);
	});
});

const unknownWarehouse = (field: string, code: string) =>
	`${field} "${code}" is not one of the interface's current warehouse codes; it is kept as given (the provider may still take an older code).`;

describe('Sales Order → Get Returns', () => {
	const RETURNS = { resource: 'salesOrder', operation: 'getReturns', returnAll: true, simplify: false };
	const none = json({ TotalRecordCount: 0, ReturnSalesOrderHeaders: [] });

	it('no Order Numbers: none are sent', async () => {
		const { sent } = await run({ ...RETURNS, filters: { dispositionCode: 'Return to Inventory' } }, none);
		expect(sent).toHaveLength(1);
		expect(Object.keys(sent[0].body)).not.toContain('OrderNumbers');
		expect(sent[0].body).toMatchObject({ DispositionCode: 'Return to Inventory' });
	});

	it('Order Numbers as text are sent as a list', async () => {
		const { sent } = await run({ ...RETURNS, filters: { orderNumbers: 'R-1, R-2' } }, none);
		expect(sent[0].body).toMatchObject({ OrderNumbers: ['R-1', 'R-2'] });
	});

	it('Order Numbers that are not text are refused naming the field, before any request', async () => {
		const { error, sent } = await refused({ ...RETURNS, filters: { orderNumbers: { first: 'R-1' } } });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^Invalid "Order Numbers": must be text or a list of text/);
		expect(sent).toEqual([]);
	});

	it('a warehouse code of an older revision is sent as given, with a hint', async () => {
		const { sent, hints } = await run({ ...RETURNS, filters: { warehouse: 'OLD99' } }, none);
		expect(sent[0].body).toMatchObject({ Warehouse: 'OLD99' });
		expect(hints).toEqual([unknownWarehouse('Warehouse', 'OLD99')]);
	});
});

describe('Sales Order → Update', () => {
	const UPDATE = { resource: 'salesOrder', operation: 'update', locateBy: 'orderNo', orderNo: 'UP-7' };

	it('nothing to change: refused, saying nothing was sent', async () => {
		const { error, sent } = await refused(UPDATE);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Nothing to update: no field was set');
		expect(error.description).toBe(
			'Add at least one field to change (Update Fields, a contact, Shipment, items or Fulfillment Hold). Nothing was sent to the provider.',
		);
		expect(sent).toEqual([]);
	});

	it('a Fulfillment Hold no choice takes is refused naming the field, before any request', async () => {
		const { error, sent } = await refused({ ...UPDATE, hold: 'maybe' });
		expect(error.message).toMatch(/^Invalid "Fulfillment Hold": must be one of /);
		expect(sent).toEqual([]);
	});

	it('a warehouse code of an older revision is sent as given, with a hint', async () => {
		const { sent, hints, out } = await run({ ...UPDATE, shipmentInfo: { serviceWarehouseLocation: 'OLD99' } }, { body: '' });
		expect(sent[0].body).toEqual({ OrderInfo: { OrderNo: 'UP-7' }, ShipmentInfo: { ServiceWarehouseLocation: 'OLD99' } });
		expect(hints).toEqual([unknownWarehouse('Warehouse', 'OLD99')]);
		expect(out.map((o) => o.json)).toEqual([{ OrderNo: 'UP-7', Updated: true, UpdatedMembers: ['ShipmentInfo'] }]);
	});

	it("the provider's refusal names the field as the panel does", async () => {
		const { error } = await refused(
			{ ...UPDATE, shipmentInfo: { serviceWarehouseLocation: 'APC01' } },
			json({ Message: 'ShipmentInfo.ServiceWarehouseLocation is closed for this order' }, 400),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(`${REJECTED}Shipment → Warehouse is closed for this order`);
	});
});

describe('Sales Order → Update Addresses', () => {
	it("the provider's refusal names the field as the panel does", async () => {
		const { error } = await refused(
			{
				resource: 'salesOrder',
				operation: 'updateAddresses',
				locateBy: 'transactionReferenceNumber',
				transactionReferenceNumber: 'TRN-ADDR-2',
				recipientContactInfo: { firstName: 'Ada', zipCode: '94559-0000-1' },
			},
			json({ Message: 'RecipientContactInfo.ZipCode must be at most 10 characters' }, 400),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(`${REJECTED}Recipient (Ship-To) → ZIP Code must be at most 10 characters`);
	});
});

describe('Sales Order → Create', () => {
	const CREATE = {
		resource: 'salesOrder',
		operation: 'create',
		orderNo: 'SO-NEW-1',
		orderType: 'DTT',
		itemsInput: 'json',
		itemsJson: [{ ItemNo: 'CAB-2019', ItemQuantity: 2 }],
		sendOnce: false,
	};
	const created = json('TRN-NEW-1');

	it('no Order Number at all: refused naming the field, before any request', async () => {
		const { orderNo, ...withoutNumber } = CREATE;
		expect(orderNo).toBeDefined();
		const { error, sent } = await refused(withoutNumber);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^Invalid "Order Number": /);
		expect(sent).toEqual([]);
	});

	it.each([
		['InventoryTaxStatus', 'Inventory Tax Status'],
		['ItemDescription', 'Item Description'],
		['ExternalLineNumber', 'External Line Number'],
		['Group', 'Group'],
	])('an item line whose %s is not text is refused naming the line and "%s", before any request', async (member, label) => {
		const { error, sent } = await refused({
			...CREATE,
			itemsJson: [{ ItemNo: 'CAB-2019', ItemQuantity: 1 }, { ItemNo: 'MER-2020', ItemQuantity: 1, [member]: { text: 'x' } }],
		});
		expect(error.message).toBe(`Invalid "Items line 2 → ${label}": must be text, not an object (got an object)`);
		expect(sent).toEqual([]);
	});

	it('a warehouse code of an older revision is sent as given, with a hint', async () => {
		const { sent, hints, out } = await run({ ...CREATE, shipmentInfo: { serviceWarehouseLocation: 'OLD99' } }, created);
		expect(sent[0].body).toMatchObject({ ShipmentInfo: { ServiceWarehouseLocation: 'OLD99' } });
		expect(hints).toEqual([unknownWarehouse('Warehouse', 'OLD99')]);
		expect(out.map((o) => o.json)).toEqual([{ TransactionReferenceNumber: 'TRN-NEW-1', OrderNo: 'SO-NEW-1', OrderType: 'DTT', OnHold: false, ItemCount: 1 }]);
	});

	it('Send Once left empty (an expression giving nothing) is on, as its default: the same order is not sent twice', async () => {
		const store = new MemoryDeduplicator();
		const sent: SentRequest[] = [];
		const runWithStore = async () => {
			const c = context({ ...CREATE, orderNo: 'SO-ONCE-1', sendOnce: '' }, () => created);
			withDeduplicationStore(c.ctx, store, 'wf-sales-order-ops');
			const [out] = await router.call(c.ctx);
			sent.push(...c.sent);
			return { out, hints: c.hints };
		};
		const first = await runWithStore();
		expect(first.out[0].json).toMatchObject({ TransactionReferenceNumber: 'TRN-NEW-1', OrderNo: 'SO-ONCE-1' });
		const second = await runWithStore();
		expect(sent).toHaveLength(1);
		expect(second.out[0].json).toMatchObject({ OrderNo: 'SO-ONCE-1', alreadySent: true });
	});
});
