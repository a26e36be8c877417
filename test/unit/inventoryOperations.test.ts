// Inventory → Get Status, Get Sellable and Get Transactions through the node's router with a fake provider: the body
// sent for the filters left at their defaults, the field each refusal names, and the warehouse hints.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { router } from '../../nodes/WineFulfillment/actions/router';
import type { SentRequest } from './fakeContext';
import { fakeExecute } from './fakeExecute';

const EMPTY_PAGE = { TotalRecordCount: 0, MoreRecords: false, Records: [] };

/** Runs the node over one item; every request answered with an empty page. Parameters left out are at their defaults. */
async function run(params: IDataObject) {
	const hints: string[] = [];
	const { ctx, sent } = fakeExecute({ params, answer: () => ({ body: EMPTY_PAGE }) });
	Object.assign(ctx, { addExecutionHints: (...added: Array<{ message: string }>) => hints.push(...added.map((h) => h.message)) });
	const out = await router.call(ctx as IExecuteFunctions);
	return { out, sent, hints };
}

async function refusal(params: IDataObject): Promise<{ error: NodeOperationError; sent: SentRequest[] }> {
	const { ctx, sent } = fakeExecute({ params });
	Object.assign(ctx, { addExecutionHints: () => undefined });
	const error = await router.call(ctx as IExecuteFunctions).then(
		() => {
			throw new Error('the node ran');
		},
		(e: unknown) => e as NodeOperationError,
	);
	return { error, sent };
}

const STATUS = { resource: 'inventory', operation: 'getStatus', returnAll: true };
const SELLABLE = { resource: 'inventory', operation: 'getSellable', returnAll: true };
const TRANSACTIONS = { resource: 'inventory', operation: 'getTransactions', returnAll: true, transactionDate: '2026-03-02' };

describe('Inventory → Get Status', () => {
	it('with every filter at its default, asks for all items with the total count, and gives no warehouse hint', async () => {
		const { sent, hints } = await run(STATUS);
		expect(sent).toHaveLength(1);
		expect(sent[0].body).toEqual({ IncludeUnavailableItems: false, IncludeTotalRecordCount: true, Skip: 0, Top: expect.any(Number) });
		expect(hints).toEqual([]);
	});

	it.each([
		['itemNumbers', 'Item Numbers'],
		['inventoryStatuses', 'Inventory Statuses'],
	])('a %s value that is not a list is refused naming "%s", before any request', async (name, label) => {
		const { error, sent } = await refusal({ ...STATUS, [name]: { not: 'a list' } });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(new RegExp(`^Invalid "${label}": `));
		expect(sent).toEqual([]);
	});

	it('an unknown warehouse code is sent as given, with a hint naming the Warehouse field', async () => {
		const { sent, hints } = await run({ ...STATUS, warehouse: 'OLDWH' });
		expect(sent[0].body).toMatchObject({ Warehouse: 'OLDWH' });
		expect(hints).toEqual([`Warehouse "OLDWH" is not one of the interface's current warehouse codes; it is kept as given (the provider may still take an older code).`]);
	});
});

describe('Inventory → Get Sellable', () => {
	it('with every filter at its default, sends no filter and gives no warehouse hint', async () => {
		const { sent, hints } = await run(SELLABLE);
		expect(sent).toHaveLength(1);
		expect(Object.keys(sent[0].body).filter((k) => !['PageNumber', 'PageSize'].includes(k))).toEqual([]);
		expect(hints).toEqual([]);
	});

	it.each([
		['itemNumbers', 'Item Numbers'],
		['warehouses', 'Warehouses'],
	])('a %s value that is not a list is refused naming "%s", before any request', async (name, label) => {
		const { error, sent } = await refusal({ ...SELLABLE, [name]: { not: 'a list' } });
		expect(error.message).toMatch(new RegExp(`^Invalid "${label}": `));
		expect(sent).toEqual([]);
	});
	it('an unknown warehouse code is sent as given, with a hint naming the Warehouses field', async () => {
		const { sent, hints } = await run({ ...SELLABLE, warehouses: ['APC01', 'CE201'] });
		expect(sent[0].body).toMatchObject({ Warehouses: ['APC01', 'CE201'] });
		expect(hints).toEqual([`Warehouses "CE201" is not one of the interface's current warehouse codes; it is kept as given (the provider may still take an older code).`]);
	});
});

describe('Inventory → Get Transactions', () => {
	it('with the other filters at their defaults, sends only the date', async () => {
		const { sent, hints } = await run(TRANSACTIONS);
		expect(sent).toHaveLength(1);
		expect(Object.keys(sent[0].body).filter((k) => !['Skip', 'Top', 'IncludeTotalRecordCount'].includes(k))).toEqual(['TransactionDate']);
		expect(hints).toEqual([]);
	});

	it('an Item Numbers value that is not a list is refused naming the field, before any request', async () => {
		const { error, sent } = await refusal({ ...TRANSACTIONS, itemNumbers: { not: 'a list' } });
		expect(error.message).toMatch(/^Invalid "Item Numbers": /);
		expect(sent).toEqual([]);
	});
});
