// Sales Order → Batch Create when the provider's answer does not line up with the request: statuses in another order
// than the orders, a status missing, Messages that are not a list, no status list at all. The sandbox answers in
// order and always with a list, so a fake provider answers here (without n8n's deduplication store: Send Each Sales
// Order Once has no record to keep, and each output item says nothing about earlier runs).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { executeBatch, NO_STATUS, UNREAD_STATUS } from '../../nodes/WineFulfillment/actions/salesOrder/batchCreate.operation';
import type { FakeAnswer } from './fakeContext';
import { fakeExecute, inputItems } from './fakeExecute';

const ORDER_NOS = ['BO-1', 'BO-2', 'BO-3'];

/** Batch Create (version 1) of one order per input item, `ORDER_NOS[i]`, answered once with `body`. */
async function batchAnswered(body: unknown, orderNos: string[] = ORDER_NOS): Promise<{ out: INodeExecutionData[]; sent: IDataObject[] }> {
	const { ctx, sent } = fakeExecute({
		items: inputItems(orderNos.length),
		params: (i) => ({
			orderNo: orderNos[i],
			orderType: 'RETAIL',
			itemsInput: 'json',
			itemsJson: [{ ItemNo: 'WINE-000000', ItemQuantity: 1 }],
			batchOptions: {},
		}),
		answer: (): FakeAnswer => ({ body }),
	});
	const out = await executeBatch.call(ctx, ctx.getInputData());
	return { out, sent: sent.map((r) => r.body) };
}

const status = (RefOrderNo: string | undefined, extra: IDataObject = {}): IDataObject => ({
	...(RefOrderNo === undefined ? {} : { RefOrderNo }),
	IsCreated: true,
	TransactionReferenceNumber: `TRN-${RefOrderNo ?? 'none'}`,
	Messages: [],
	...extra,
});

const summary = (out: INodeExecutionData[]) =>
	out.map((o) => [o.json.OrderNo, o.json.TransactionReferenceNumber, o.json.IsCreated, o.json.Messages, o.pairedItem]);

describe('Batch Create: matching the provider statuses to the orders', () => {
	it('statuses in another order than the orders are matched by order number', async () => {
		const { out, sent } = await batchAnswered({
			TransactionReferenceNumber: 'BATCH-1',
			CreateSalesOrderStatuses: [status('BO-3'), status('BO-2'), status('BO-1')],
		});
		expect(sent).toHaveLength(1);
		expect(summary(out)).toEqual([
			['BO-1', 'TRN-BO-1', true, [], { item: 0 }],
			['BO-2', 'TRN-BO-2', true, [], { item: 1 }],
			['BO-3', 'TRN-BO-3', true, [], { item: 2 }],
		]);
		expect(out.map((o) => o.json.BatchTransactionReferenceNumber)).toEqual(['BATCH-1', 'BATCH-1', 'BATCH-1']);
	});

	it('a status whose order number differs from its position is not given to the order at that position', async () => {
		// BO-2's place holds BO-1's second status: BO-2 gets none, and BO-1's first status is not used twice
		const { out } = await batchAnswered({
			CreateSalesOrderStatuses: [status('BO-1'), status('BO-1', { TransactionReferenceNumber: 'TRN-BO-1-again' }), status('BO-3')],
		});
		expect(summary(out)).toEqual([
			['BO-1', 'TRN-BO-1', true, [], { item: 0 }],
			['BO-2', undefined, null, [NO_STATUS], { item: 1 }],
			['BO-3', 'TRN-BO-3', true, [], { item: 2 }],
		]);
	});

	it('an order number twice in the input: each item takes its own status, in turn', async () => {
		const orderNos = ['TW-1', 'TW-1'];
		const { out } = await batchAnswered(
			{
				CreateSalesOrderStatuses: [
					status('TW-X'),
					status('TW-1', { TransactionReferenceNumber: 'TRN-first' }),
					status('TW-1', { TransactionReferenceNumber: 'TRN-second' }),
				],
			},
			orderNos,
		);
		expect(out.map((o) => o.json.TransactionReferenceNumber)).toEqual(['TRN-first', 'TRN-second']);
	});

	it('an order the answer has no status for comes out with its outcome unknown (IsCreated null), saying so; the others keep theirs', async () => {
		const { out } = await batchAnswered({ TransactionReferenceNumber: 'BATCH-2', CreateSalesOrderStatuses: [status('BO-1')] });
		expect(out.map((o) => o.json)).toEqual([
			{ OrderNo: 'BO-1', RefOrderNo: 'BO-1', IsCreated: true, TransactionReferenceNumber: 'TRN-BO-1', Messages: [], BatchTransactionReferenceNumber: 'BATCH-2' },
			{ OrderNo: 'BO-2', IsCreated: null, Messages: [NO_STATUS], BatchTransactionReferenceNumber: 'BATCH-2' },
			{ OrderNo: 'BO-3', IsCreated: null, Messages: [NO_STATUS], BatchTransactionReferenceNumber: 'BATCH-2' },
		]);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('statuses without an order number are taken in order, and each output names its order', async () => {
		const { out } = await batchAnswered({
			CreateSalesOrderStatuses: [status(undefined, { TransactionReferenceNumber: 'T1' }), status(undefined, { TransactionReferenceNumber: 'T2' })],
		}, ['NR-1', 'NR-2']);
		expect(summary(out)).toEqual([
			['NR-1', 'T1', true, [], { item: 0 }],
			['NR-2', 'T2', true, [], { item: 1 }],
		]);
	});

	it("a status at an order's own position that names it is that order's, even when an earlier one names it too", async () => {
		const { out } = await batchAnswered(
			{
				CreateSalesOrderStatuses: [
					status('PO-2', { TransactionReferenceNumber: 'TRN-elsewhere' }),
					status('PO-2', { TransactionReferenceNumber: 'TRN-own-place' }),
				],
			},
			['PO-1', 'PO-2'],
		);
		expect(summary(out)).toEqual([
			['PO-1', undefined, null, [NO_STATUS], { item: 0 }],
			['PO-2', 'TRN-own-place', true, [], { item: 1 }],
		]);
	});

	it('an order past the end of a shorter status list still finds its status by order number', async () => {
		const { out } = await batchAnswered({ CreateSalesOrderStatuses: [status('SH-2')] }, ['SH-1', 'SH-2']);
		expect(summary(out)).toEqual([
			['SH-1', undefined, null, [NO_STATUS], { item: 0 }],
			['SH-2', 'TRN-SH-2', true, [], { item: 1 }],
		]);
	});

	it('entries of the status list that are not objects count as no status; the others are matched all the same', async () => {
		const { out } = await batchAnswered({ CreateSalesOrderStatuses: [status('NO-2'), null, 'created'] }, ['NO-1', 'NO-2', 'NO-3']);
		expect(summary(out)).toEqual([
			['NO-1', undefined, null, [NO_STATUS], { item: 0 }],
			['NO-2', 'TRN-NO-2', true, [], { item: 1 }],
			['NO-3', undefined, null, [NO_STATUS], { item: 2 }],
		]);
	});

	it('an answer without a batch reference adds no BatchTransactionReferenceNumber', async () => {
		const { out } = await batchAnswered({ CreateSalesOrderStatuses: [status('BO-1')] }, ['BO-1']);
		expect(out[0].json).toStrictEqual({ OrderNo: 'BO-1', RefOrderNo: 'BO-1', IsCreated: true, TransactionReferenceNumber: 'TRN-BO-1', Messages: [] });
	});

	it('an answer without a status list: every order comes out with its outcome unknown (IsCreated null), saying so', async () => {
		const { out } = await batchAnswered({ TransactionReferenceNumber: 'BATCH-3' });
		expect(out.map((o) => o.json)).toEqual(
			ORDER_NOS.map((OrderNo) => ({
				OrderNo,
				IsCreated: null,
				Messages: [NO_STATUS],
				BatchTransactionReferenceNumber: 'BATCH-3',
			})),
		);
	});
});

describe("Batch Create: a status's Messages always come out as a list", () => {
	it.each<[string, IDataObject, unknown[]]>([
		['missing', {}, []],
		['null', { Messages: null }, []],
		['empty text', { Messages: '' }, []],
		['one text', { Messages: 'Address corrected' }, ['Address corrected']],
		['one object', { Messages: { Code: 'W1' } }, [{ Code: 'W1' }]],
		['a list', { Messages: ['a', 'b'] }, ['a', 'b']],
	])('Messages %s', async (_case, messages, expected) => {
		const { Messages: _none, ...withoutMessages } = status('BO-1');
		const { out } = await batchAnswered({ CreateSalesOrderStatuses: [{ ...withoutMessages, ...messages }] }, ['BO-1']);
		// strict: a missing Messages must not come out as [undefined]
		expect(out[0].json.Messages).toStrictEqual(expected);
		expect(out[0].json.IsCreated).toBe(true);
	});

	it.each<[unknown, boolean | null]>([
		[true, true],
		['true', true],
		[' True ', true],
		[1, true],
		[false, false],
		['false', false],
		[0, false],
		// neither: the order may have been created, so it is not read as refused (a Send Again would send it twice)
		[undefined, null],
		[null, null],
		['', null],
		['created', null],
		[2, null],
	])('IsCreated %j reads as %j', async (sent, created) => {
		const { out } = await batchAnswered({ CreateSalesOrderStatuses: [status('BO-1', { IsCreated: sent as IDataObject[string] })] }, ['BO-1']);
		expect(out[0].json.IsCreated).toBe(created);
		expect(out[0].json.Messages).toEqual(created === null ? [UNREAD_STATUS] : []);
	});

	it('an answer in camelCase (a .NET provider serialising so) is read as the interface spells it', async () => {
		const { out } = await batchAnswered({
			transactionReferenceNumber: 'BATCH-C',
			createSalesOrderStatuses: [
				{ refOrderNo: 'BO-2', isCreated: true, transactionReferenceNumber: 'TRN-BO-2', messages: [] },
				{ refOrderNo: 'BO-1', isCreated: false, transactionReferenceNumber: null, messages: ['Unknown SKU'] },
			],
		}, ['BO-1', 'BO-2']);
		expect(out.map((o) => o.json)).toEqual([
			{ OrderNo: 'BO-1', RefOrderNo: 'BO-1', IsCreated: false, TransactionReferenceNumber: null, Messages: ['Unknown SKU'], BatchTransactionReferenceNumber: 'BATCH-C' },
			{ OrderNo: 'BO-2', RefOrderNo: 'BO-2', IsCreated: true, TransactionReferenceNumber: 'TRN-BO-2', Messages: [], BatchTransactionReferenceNumber: 'BATCH-C' },
		]);
	});

	it('an answer of mixed spellings (its first member as the interface spells it) is read member by member', async () => {
		const { out } = await batchAnswered({
			CreateSalesOrderStatuses: [{ RefOrderNo: 'BO-1', IsCreated: true, TransactionReferenceNumber: 'TRN-BO-1', Messages: [] }],
			transactionReferenceNumber: 'BATCH-M',
		}, ['BO-1']);
		expect(out[0].json.BatchTransactionReferenceNumber).toBe('BATCH-M');
		const listed = await batchAnswered({ TransactionReferenceNumber: 'BATCH-L', createSalesOrderStatuses: [{ RefOrderNo: 'BO-1', IsCreated: true, Messages: [] }] }, ['BO-1']);
		expect(listed.out[0].json.IsCreated).toBe(true);
	});

	it("a status that spells IsCreated twice in other cases says neither: the interface's own spelling wins when there", async () => {
		const twice = await batchAnswered({ CreateSalesOrderStatuses: [{ RefOrderNo: 'BO-1', isCreated: false, ISCREATED: true }] }, ['BO-1']);
		expect(twice.out[0].json.IsCreated).toBe(null);
		const own = await batchAnswered({ CreateSalesOrderStatuses: [{ RefOrderNo: 'BO-1', IsCreated: true, isCreated: false }] }, ['BO-1']);
		expect(own.out[0].json.IsCreated).toBe(true);
	});
});
