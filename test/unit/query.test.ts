// The shared query reader driven through the transport with a fake n8n context and an in-memory provider:
// Return All / Limit, the page size and its bounds, the filters sent, and the items put out per record or per page.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { prepareQuery, readLimit, type QuerySpec } from '../../nodes/WineFulfillment/actions/query';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import type { FakeAnswer, SentRequest } from './fakeContext';
import { fakeExecute, inputItems } from './fakeExecute';

/** A query for one item, its two steps in a row (as the router runs them, less preparing the other items first). */
async function runQuery(this: IExecuteFunctions, spec: QuerySpec, itemIndex: number) {
	return await prepareQuery.call(this, spec, itemIndex)();
}

const RECORDS = 'Records';
const FILTERS = { Warehouse: 'WH1', ItemNumbers: ['A', 'B'] };

interface ProviderOptions {
	total: number;
	/** records served per page whatever is asked (a provider that ignores Top) */
	serves?: number;
}

/** A provider holding records R0, R1, …: Skip/Top or PageNumber/PageSize, with TotalRecordCount and MoreRecords. */
function provider({ total, serves }: ProviderOptions) {
	return (request: SentRequest): FakeAnswer => {
		const b = request.body;
		const skipTop = b.Skip !== undefined;
		const size = serves ?? Number(skipTop ? b.Top : b.PageSize);
		const from = skipTop ? Number(b.Skip) : (Number(b.PageNumber) - 1) * Number(b.PageSize);
		const count = Math.max(0, Math.min(size, total - from));
		const records = Array.from({ length: count }, (_, i) => ({ Id: `R${from + i}` }));
		return {
			body: {
				TotalRecordCount: total,
				...(skipTop ? { MoreRecords: from + count < total } : {}),
				[RECORDS]: records,
			},
		};
	};
}

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `R${from + i}`);

function spec(overrides: Partial<QuerySpec> = {}): QuerySpec {
	return { endpoint: ENDPOINTS.getStatus, body: { ...FILTERS }, style: 'skipTop', recordsKey: RECORDS, maxPageSize: 20, ...overrides };
}

/** The paging members of every request sent, in order. */
const paging = (sent: SentRequest[]) =>
	sent.map((r) => Object.fromEntries(['Skip', 'Top', 'PageNumber', 'PageSize'].filter((k) => k in r.body).map((k) => [k, r.body[k]])));

/** Runs the query on a version 2 node (its settings in Options), or on the version given. */
async function query(params: IDataObject, total: number, s: QuerySpec = spec(), itemIndex = 0, serves?: number, typeVersion = 2) {
	const f = fakeExecute({ params, items: inputItems(itemIndex + 1), answer: provider({ total, serves }), typeVersion });
	const output = await runQuery.call(f.ctx, s, itemIndex);
	return { output, sent: f.sent };
}

async function refusal(params: IDataObject, s: QuerySpec = spec(), itemIndex = 0) {
	const f = fakeExecute({ params, items: inputItems(itemIndex + 1), typeVersion: 2 });
	try {
		await runQuery.call(f.ctx, s, itemIndex);
	} catch (error) {
		expect(f.sent).toEqual([]);
		return error as NodeOperationError;
	}
	throw new Error('no error');
}

describe('readLimit', () => {
	const limitOf = (params: IDataObject, itemIndex = 0) => readLimit(fakeExecute({ params }).ctx, itemIndex);

	it('Return All: no limit', () => {
		expect(limitOf({ returnAll: true, limit: 3 })).toBeUndefined();
		expect(limitOf({ returnAll: 'true' })).toBeUndefined();
	});

	it('otherwise Limit, 50 when not set', () => {
		expect(limitOf({ returnAll: false, limit: 7 })).toBe(7);
		expect(limitOf({ limit: '12' })).toBe(12);
		expect(limitOf({ returnAll: false })).toBe(50);
		expect(limitOf({})).toBe(50);
	});

	it('reads the given item’s parameters', () => {
		const { ctx } = fakeExecute({ params: (i) => (i === 1 ? { returnAll: false, limit: 4 } : { returnAll: true }) });
		expect(readLimit(ctx, 0)).toBeUndefined();
		expect(readLimit(ctx, 1)).toBe(4);
	});

	it.each([
		[{ limit: 0 }, 'Invalid "Limit": must be a whole number of at least 1 (got 0)'],
		[{ limit: 'ten' }, 'Invalid "Limit": must be a whole number of at least 1 (got "ten")'],
		[{ returnAll: 'maybe', limit: 5 }, 'Invalid "Return All": must be true or false (or yes/no, 1/0) (got "maybe")'],
	])('refuses %p, naming the field and the item', (params, message) => {
		let error: NodeOperationError | undefined;
		try {
			readLimit(fakeExecute({ params }).ctx, 2);
		} catch (e) {
			error = e as NodeOperationError;
		}
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(message);
		expect(error?.context.itemIndex).toBe(2);
	});
});

describe('runQuery: paging', () => {
	it('without options: pages of the largest size, up to the default limit of 50', async () => {
		const { output, sent } = await query({}, 70);
		// each page after the first asked one record early: 20 new, 19 new, then the 11 the limit still needs
		expect(paging(sent)).toEqual([
			{ Skip: 0, Top: 20 },
			{ Skip: 19, Top: 20 },
			{ Skip: 38, Top: 12 },
		]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(50));
	});

	it('Return All reads every page, in order, at the Page Size asked', async () => {
		const { output, sent } = await query({ returnAll: true, options: { pageSize: 10 } }, 25);
		// R0–R9, R9–R18, R18–R24: each page after the first begins with the record the page before ended with
		expect(paging(sent)).toEqual([
			{ Skip: 0, Top: 10 },
			{ Skip: 9, Top: 10 },
			{ Skip: 18, Top: 10 },
		]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(25));
	});

	it('a Limit below the page size asks for only that many', async () => {
		const { output, sent } = await query({ returnAll: false, limit: 3 }, 100);
		expect(paging(sent)).toEqual([{ Skip: 0, Top: 3 }]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(3));
	});

	it('never puts out more than the Limit, even when the provider sends more than asked', async () => {
		const { output } = await query({ limit: 15, options: { pageSize: 10 } }, 100, spec(), 0, 20);
		expect(output.map((o) => o.json.Id)).toEqual(ids(15));
	});

	it('PageNumber/PageSize paging for the endpoints that page so', async () => {
		const { output, sent } = await query({ returnAll: true, options: { pageSize: 4 } }, 10, spec({ style: 'pageNumber' }));
		expect(paging(sent)).toEqual([
			{ PageNumber: 1, PageSize: 4 },
			{ PageNumber: 2, PageSize: 4 },
			{ PageNumber: 3, PageSize: 4 },
		]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(10));
	});

	it('sends the filters with every page request, beside the paging members', async () => {
		const s = spec();
		const { sent } = await query({ returnAll: true, options: { pageSize: 5 } }, 12, s);
		expect(sent).toHaveLength(3);
		for (const r of sent) expect(r.body).toMatchObject({ ...FILTERS, Skip: expect.any(Number), Top: 5 });
		// the operation's own body is left as it was
		expect(s.body).toEqual(FILTERS);
	});

	it('reads Return All, Limit and the options of its own item', async () => {
		const params = (i: number): IDataObject =>
			i === 1 ? { returnAll: false, limit: 6, options: { pageSize: 4 } } : { returnAll: true, options: { pageSize: 9 } };
		const f = fakeExecute({ params, items: inputItems(2), answer: provider({ total: 30 }), typeVersion: 2 });
		const output = await runQuery.call(f.ctx, spec(), 1);
		// 4, then the 2 the limit still needs after the record the page overlaps by (R3)
		expect(paging(f.sent)).toEqual([
			{ Skip: 0, Top: 4 },
			{ Skip: 3, Top: 3 },
		]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(6));
	});
});

describe('runQuery: Page Size bounds', () => {
	it.each([
		[1, 1],
		[20, 20],
		['7', 7],
		['', 20],
	])('Page Size %p asks for Top %i', async (pageSize, top) => {
		const { sent } = await query({ limit: 1000, options: { pageSize } }, 0);
		expect(paging(sent)).toEqual([{ Skip: 0, Top: top }]);
	});

	it('options left empty (null) are the defaults', async () => {
		const { output, sent } = await query({ limit: 2, options: null }, 5);
		expect(paging(sent)).toEqual([{ Skip: 0, Top: 2 }]);
		expect(output.map((o) => o.json.Id)).toEqual(ids(2));
	});

	it('version 1 reads Page Size and Output from Query Options, version 2 from Options; neither from the other', async () => {
		const both = { returnAll: true, queryOptions: { pageSize: 4 }, options: { pageSize: 6, output: 'pages' } };
		const v1 = await query({ ...both, queryOptions: { pageSize: 4, output: 'records' } }, 10, spec(), 0, undefined, 1);
		// R0–R3, R3–R6, R6–R9
		expect(paging(v1.sent)).toEqual([{ Skip: 0, Top: 4 }, { Skip: 3, Top: 4 }, { Skip: 6, Top: 4 }]);
		expect(v1.output).toHaveLength(10);
		const v2 = await query(both, 10, spec(), 0, undefined, 2);
		// R0–R5, R5–R9
		expect(paging(v2.sent)).toEqual([{ Skip: 0, Top: 6 }, { Skip: 5, Top: 6 }]);
		expect(v2.output).toHaveLength(2);
	});

	it.each([
		[21, 'Invalid "Page Size": must be a whole number from 1 to 20 (got 21)'],
		[0, 'Invalid "Page Size": must be a whole number from 1 to 20 (got 0)'],
		[2.5, 'Invalid "Page Size": must be a whole number from 1 to 20 (got 2.5)'],
		['1e1', 'Invalid "Page Size": must be a whole number from 1 to 20 (got "1e1")'],
	])('refuses Page Size %p before anything is sent, naming the item', async (pageSize, message) => {
		const error = await refusal({ options: { pageSize } }, spec(), 3);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(error.context.itemIndex).toBe(3);
	});

	it('the largest page size is the operation’s own', async () => {
		const error = await refusal({ options: { pageSize: 101 } }, spec({ maxPageSize: 100 }));
		expect(error.message).toBe('Invalid "Page Size": must be a whole number from 1 to 100 (got 101)');
		const { sent } = await query({ limit: 500 }, 0, spec({ maxPageSize: 100 }));
		expect(paging(sent)).toEqual([{ Skip: 0, Top: 100 }]);
	});

	it('refuses a bad Limit before anything is sent', async () => {
		const error = await refusal({ limit: -1 }, spec(), 1);
		expect(error.message).toBe('Invalid "Limit": must be a whole number of at least 1 (got -1)');
		expect(error.context.itemIndex).toBe(1);
	});
});

describe('runQuery: output', () => {
	it('one item per record, as it came, paired to the input item', async () => {
		const { output } = await query({ returnAll: true, options: { pageSize: 2 } }, 3, spec(), 2);
		expect(output).toStrictEqual([
			{ json: { Id: 'R0' }, pairedItem: { item: 2 } },
			{ json: { Id: 'R1' }, pairedItem: { item: 2 } },
			{ json: { Id: 'R2' }, pairedItem: { item: 2 } },
		]);
	});

	it('one item per record, shaped when the operation simplifies', async () => {
		const shape = (record: IDataObject): IDataObject => ({ id: String(record.Id).toLowerCase() });
		const { output } = await query({ returnAll: true, options: { output: 'records', pageSize: 2 } }, 3, spec({ shape }), 1);
		expect(output).toStrictEqual([
			{ json: { id: 'r0' }, pairedItem: { item: 1 } },
			{ json: { id: 'r1' }, pairedItem: { item: 1 } },
			{ json: { id: 'r2' }, pairedItem: { item: 1 } },
		]);
	});

	it('one item per page: the page as the provider sent it, with its counters, never shaped', async () => {
		const shape = (): IDataObject => ({ shaped: true });
		const { output } = await query({ returnAll: true, options: { output: 'pages', pageSize: 2 } }, 3, spec({ shape }), 1);
		expect(output).toStrictEqual([
			{ json: { TotalRecordCount: 3, MoreRecords: true, Records: [{ Id: 'R0' }, { Id: 'R1' }] }, pairedItem: { item: 1 } },
			{ json: { TotalRecordCount: 3, MoreRecords: false, Records: [{ Id: 'R2' }] }, pairedItem: { item: 1 } },
		]);
	});

	it('one item per page: the last page holds only the records within the Limit', async () => {
		const { output } = await query({ limit: 3, options: { output: 'pages', pageSize: 2 } }, 10, spec(), 0, 2);
		expect(output.map((o) => (o.json[RECORDS] as IDataObject[]).map((r) => r.Id))).toEqual([['R0', 'R1'], ['R2']]);
	});

	it('no records: no items', async () => {
		const { output, sent } = await query({ returnAll: true }, 0);
		expect(output).toEqual([]);
		expect(sent).toHaveLength(1);
	});
});

describe('runQuery: a provider refusal', () => {
	it('is thrown as the provider error, naming the item', async () => {
		const f = fakeExecute({
			params: { returnAll: true },
			items: inputItems(3),
			answer: () => ({ statusCode: 400, body: { Message: 'Warehouse WH1 is not known' } }),
		});
		let error: NodeApiError | undefined;
		try {
			await runQuery.call(f.ctx, spec(), 2);
		} catch (e) {
			error = e as NodeApiError;
		}
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.httpCode).toBe('400');
		expect(`${error?.message} ${error?.description ?? ''}`).toContain('Warehouse WH1 is not known');
		expect(error?.context.itemIndex).toBe(2);
		expect(f.sent).toHaveLength(1);
	});
});
