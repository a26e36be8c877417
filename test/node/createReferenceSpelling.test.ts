// Purchase Order, Transfer Order and SKU → Create put out the transaction reference their create was accepted by as
// TransactionReferenceNumber, as Sales Order → Create does: read from the answer in any letter case and trimmed (bug
// hunt 11: an answer spelling it transactionReferenceNumber gave no TransactionReferenceNumber, and Create Each SKU
// Once recorded none, so a re-run said null; a padded reference came out padded on the first run only).
import type { INodeParameters } from 'n8n-workflow';

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;
const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };

const CASES: Array<[string, string, () => INodeParameters]> = [
	['Purchase Order → Create', 'CreatePurchaseOrder', () => ({ resource: 'purchaseOrder', operation: 'create', ...purchaseHeader('PO-REF'), items: { item: [{ itemNo: item(0), itemQuantity: 2 }] }, sendOnce: true })],
	['Transfer Order → Create', 'CreateTransferOrder', () => ({ resource: 'transferOrder', operation: 'create', ...transferHeader('TR-REF'), items: { item: [{ itemNo: item(0), itemQuantity: 2 }] }, sendOnce: true })],
	['SKU → Create', 'CreateSKU', () => ({ resource: 'sku', operation: 'create', itemNo: 'NEW-REF', itemCategory: 'Merchandise', ...requestor, sendOnce: true })],
];

/** The provider's success answer, the reference member spelled in camelCase after a PascalCase member. */
const ANSWER = { Message: 'Created', transactionReferenceNumber: 'tr-0001' };

describe.each(CASES)('%s answered with the reference spelled transactionReferenceNumber', (_label, path, parameters) => {
	it('puts the reference out as TransactionReferenceNumber, as Sales Order → Create does', async () => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path, count: 1, body: ANSWER });
		const result = await fx.run(actionWorkflow(parameters()));
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE);
		expect(out.json.TransactionReferenceNumber).toBe('tr-0001');
		// not a second spelling of it beside
		expect(out.json).not.toHaveProperty('transactionReferenceNumber');
	});
});

describe.each(CASES)('%s answered with the reference padded with blanks', (_label, path, parameters) => {
	it('puts it out trimmed, on the first run as on the re-run that finds it sent', async () => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path, count: 1, body: { TransactionReferenceNumber: ' tr-0002 ' } });
		const first = await fx.run(actionWorkflow(parameters()));
		const again = await fx.run(actionWorkflow(parameters()));
		expect([first.error, again.error]).toEqual([undefined, undefined]);
		expect(first.output(ACTION_NODE)[0].json.TransactionReferenceNumber).toBe('tr-0002');
		expect(again.output(ACTION_NODE)[0].json).toMatchObject({ alreadySent: true, TransactionReferenceNumber: 'tr-0002' });
	});
});

describe('SKU → Create with Create Each SKU Once, answered with the reference spelled transactionReferenceNumber', () => {
	it('a second run puts the SKU out as already sent with that reference (Purchase and Transfer Order do), not null', async () => {
		const [, path, parameters] = CASES[2];
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path, count: 1, body: ANSWER });
		expect((await fx.run(actionWorkflow(parameters()))).error).toBeUndefined();
		const again = await fx.run(actionWorkflow(parameters()));
		expect(again.error).toBeUndefined();
		const [out] = again.output(ACTION_NODE);
		expect(out.json).toMatchObject({ alreadySent: true, TransactionReferenceNumber: 'tr-0001' });
	});
});
