// Create and Batch Create when the provider answers in another spelling than the interface's: a .NET provider
// serialising in camelCase ("transactionReferenceNumber", "isCreated") or writing IsCreated as text ("true"). What an
// answer says was created stays created: a re-run puts it out as already sent and never sends it again.
import { useSandbox } from '../harness/sandbox';
import { batchWorkflow, countsOf, createWorkflow, duplicates, orders, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const GUID = '5a1d0000-0000-4000-8000-00000000c0de';

describe('Sales Order → Create: a camelCase answer object', () => {
	it('{"transactionReferenceNumber": …} is the reference: no unknown outcome, and a re-run sends nothing', async () => {
		const input = orders('CAMEL', 1);
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreateSalesOrder', count: 1, body: { transactionReferenceNumber: GUID } });
		const first = await fx.run(createWorkflow(input));
		expect(first.error).toBeUndefined();
		expect(out(first).map((i) => [i.json.TransactionReferenceNumber, i.json.alreadySent])).toEqual([[GUID, false]]);
		const again = await fx.run(createWorkflow(input));
		expect(out(again).map((i) => [i.json.TransactionReferenceNumber, i.json.alreadySent])).toEqual([[GUID, true]]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});
});

describe('Sales Order → Create: an answer encoded as JSON twice (an ASP.NET action returning JsonConvert.SerializeObject)', () => {
	it.each<[string, string]>([
		['a JSON string holding the JSON string', JSON.stringify(JSON.stringify(GUID))],
		['a JSON string holding the answer object', JSON.stringify(JSON.stringify({ TransactionReferenceNumber: GUID }))],
		['the JSON string twice, with white space around', `\n ${JSON.stringify(` ${JSON.stringify(GUID)}\r\n`)} `],
	])('%s: the reference is the GUID, never the encoded text (was: quotes or the whole object as the reference)', async (_name, text) => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreateSalesOrder', count: 1, as: 'text', body: text });
		const first = await fx.run(createWorkflow(orders(`DBL${text.length}`, 1)));
		expect(first.error).toBeUndefined();
		expect(out(first).map((i) => i.json.TransactionReferenceNumber)).toEqual([GUID]);
	});

	it('a reference in braces ({GUID}, .NET\'s "B" form) is no reference: the outcome is unknown and the order not resent', async () => {
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreateSalesOrder', count: 1, body: `{${GUID}}` });
		const first = await fx.run(createWorkflow(orders('BRACES', 1)));
		expect(first.error?.message).toContain('without a transaction reference, so the outcome of this sales order create is unknown');
		const again = await fx.run(createWorkflow(orders('BRACES', 1)));
		expect(again.error?.message).toContain('may already have been sent');
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});
});

describe('Sales Order → Batch Create: statuses in another spelling', () => {
	it('a camelCase answer: each order comes out created with its reference, and a re-run sends nothing', async () => {
		const input = orders('BCAMEL', 2);
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			drop: ['CreateSalesOrderStatuses', 'TransactionReferenceNumber'],
			set: {
				transactionReferenceNumber: GUID,
				createSalesOrderStatuses: input.map((order, i) => ({ refOrderNo: order.OrderNo, isCreated: true, transactionReferenceNumber: `TRN-${i}`, messages: [] })),
			},
		});
		const first = await fx.run(batchWorkflow(input));
		expect(first.error).toBeUndefined();
		expect(out(first).map((i) => [i.json.OrderNo, i.json.IsCreated, i.json.TransactionReferenceNumber, i.json.BatchTransactionReferenceNumber])).toEqual([
			['BCAMEL-001', true, 'TRN-0', GUID],
			['BCAMEL-002', true, 'TRN-1', GUID],
		]);
		const again = await fx.run(batchWorkflow(input));
		expect(out(again).map((i) => [i.json.alreadySent, i.json.TransactionReferenceNumber])).toEqual([
			[true, 'TRN-0'],
			[true, 'TRN-1'],
		]);
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it('IsCreated "true" as text is created: a re-run does not send the orders again (was: read as refused, sent twice)', async () => {
		const input = orders('BTEXT', 2);
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: { CreateSalesOrderStatuses: input.map((order) => ({ RefOrderNo: order.OrderNo, IsCreated: 'true', Messages: [] })) },
		});
		const first = await fx.run(batchWorkflow(input));
		expect(out(first).map((i) => i.json.IsCreated)).toEqual([true, true]);
		const again = await fx.run(batchWorkflow(input));
		expect(out(again).map((i) => i.json.alreadySent)).toEqual([true, true]);
		expect(countsOf(fx, input.map((i) => String(i.OrderNo)))).toEqual([1, 1]);
		expect(duplicates(fx)).toEqual({});
	});

	it('an IsCreated that says neither leaves the order unsettled: the next run refuses to send it, naming it', async () => {
		const input = orders('BODD', 1);
		await fx.control.fault({
			kind: 'rewrite',
			path: 'BatchSalesOrder',
			count: 1,
			set: { CreateSalesOrderStatuses: [{ RefOrderNo: 'BODD-001', IsCreated: 'maybe', Messages: [] }] },
		});
		const first = await fx.run(batchWorkflow(input));
		expect(out(first).map((i) => i.json.IsCreated)).toEqual([null]);
		const again = await fx.run(batchWorkflow(input));
		expect(again.error?.message).toContain('BODD-001');
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
		expect(countsOf(fx, ['BODD-001'])).toEqual([1]);
	});
});
