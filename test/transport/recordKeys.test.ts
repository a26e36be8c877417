// The pagination helper's record keys called directly, on PageNumber/PageSize pages (Skip/Top pages are checked at
// their seams instead: test/unit/pagination.test.ts): a record that comes again on a later page ends the read
// (RecordsChangedError), a key twice on one page or a record without a key does not; and the wire's keys themselves.
import type { IDataObject } from 'n8n-workflow';

import { RecordsChangedError, paginate, type PaginateOptions } from '../../nodes/WineFulfillment/transport/pagination';
import {
	describeKey,
	keyOf,
	locationRecordKey,
	packageRecordKey,
	returnRecordKey,
	sellableRecordKey,
	statusRecordKey,
	type RecordKey,
} from '../../nodes/WineFulfillment/wire/recordKeys';

const byId: RecordKey = { required: ['Id'] };

/** A provider answering the given pages by PageNumber (pages of 3): each page holds its records' ids, or the record itself. */
function pages(answers: Array<Array<string | IDataObject>>, total?: number) {
	const asked: number[] = [];
	const finished: number[] = [];
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		const page = Number(paging.PageNumber);
		asked.push(page);
		// page 4 is slow: asked ahead, it is still in flight when the page before it is checked
		for (let i = 0; i < (page === 4 ? 5 : 1); i++) await new Promise((resolve) => setImmediate(resolve));
		finished.push(page);
		const records = (answers[page - 1] ?? []).map((r) => (typeof r === 'string' ? { Id: r } : r));
		return { ...(total === undefined ? {} : { TotalRecordCount: total }), Records: records };
	};
	return { asked, finished, fetchPage };
}

async function read(options: Omit<PaginateOptions, 'style' | 'pageSize' | 'recordsKey'>): Promise<string[]> {
	const out: string[] = [];
	for await (const record of paginate({ style: 'pageNumber', pageSize: 3, recordsKey: 'Records', ...options })) out.push(String(record.Id));
	return out;
}

describe('paginatePages with a record key', () => {
	it('a record that comes again on a later page ends the read, naming it, once the pages asked ahead have finished', async () => {
		const p = pages([['A', 'B', 'C'], ['D', 'E', 'F'], ['F', 'G', 'H'], ['I']], 10);
		await expect(read({ fetchPage: p.fetchPage, recordKey: byId })).rejects.toThrow(new RecordsChangedError('Id "F" came again on page 3, after 6 records'));
		expect(p.asked).toEqual([1, 2, 3, 4]);
		expect([...p.finished].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
	});

	it('a page of records all read before: the list moved, or the provider does not move on', async () => {
		const p = pages([['A', 'B', 'C'], ['C', 'B', 'A'], ['D']]);
		await expect(read({ fetchPage: p.fetchPage, recordKey: byId })).rejects.toThrow(
			new RecordsChangedError('Page 2 held only records of earlier pages (Id "C" first): the list moved, or the provider does not move on to the next page'),
		);
	});

	it('a page with records read before and records without a key: one came again, not the whole page', async () => {
		const p = pages([['A', 'B', 'C'], ['C', { Other: 1 }, 'A'], ['D']]);
		await expect(read({ fetchPage: p.fetchPage, recordKey: byId })).rejects.toThrow(new RecordsChangedError('Id "C" came again on page 2, after 3 records'));
	});

	it('a key twice on one page is the provider\'s own answer; records without a key are not checked', async () => {
		const p = pages([['A', 'A', { Other: 1 }], [{ Other: 1 }, 'B', 'C'], ['D']]);
		expect(await read({ fetchPage: p.fetchPage, recordKey: byId })).toEqual(['A', 'A', 'undefined', 'undefined', 'B', 'C', 'D']);
	});

	it('a key twice on one page names no one record (a placeholder): it is not checked on later pages of the read', async () => {
		const p = pages([['NA', 'NA', 'A'], ['B', 'NA', 'C'], ['D']]);
		expect(await read({ fetchPage: p.fetchPage, recordKey: byId })).toEqual(['NA', 'NA', 'A', 'B', 'NA', 'C', 'D']);
		// any other key of those pages still is
		const q = pages([['NA', 'NA', 'A'], ['B', 'NA', 'A'], ['D']]);
		await expect(read({ fetchPage: q.fetchPage, recordKey: byId })).rejects.toThrow(new RecordsChangedError('Id "A" came again on page 2, after 3 records'));
	});

	it('the keys of every page count, not only the last one\'s', async () => {
		const p = pages([['A', 'B', 'C'], ['D', 'E', 'F'], ['G', 'A', 'H']]);
		await expect(read({ fetchPage: p.fetchPage, recordKey: byId })).rejects.toThrow(new RecordsChangedError('Id "A" came again on page 3, after 6 records'));
	});

	it('without a record key nothing is checked (a read of records that have no identity)', async () => {
		const p = pages([['A', 'B', 'C'], ['C', 'D', 'E']]);
		expect(await read({ fetchPage: p.fetchPage })).toEqual(['A', 'B', 'C', 'C', 'D', 'E']);
	});
});

describe('the wire\'s record keys', () => {
	it('are worded with each member and its value as JSON; optional members join when present', () => {
		expect(describeKey({ ItemNo: 'CAB-2019', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: 4 }, statusRecordKey)).toBe(
			'ItemNo "CAB-2019", Warehouse "APC01", InventoryStatus "GOOD-NO-TX"',
		);
		expect(describeKey({ ItemNo: 'CAB-2019', SellableQuantity: 5 }, sellableRecordKey)).toBe('ItemNo "CAB-2019"');
		expect(describeKey({ ItemNo: 'CAB-2019', Warehouse: 'APC01' }, sellableRecordKey)).toBe('ItemNo "CAB-2019", Warehouse "APC01"');
		// one SKU sold by the bottle and by the case: two records
		expect(describeKey({ ItemNo: 'CAB-2019', ItemUnit: 'CASE' }, sellableRecordKey)).toBe('ItemNo "CAB-2019", ItemUnit "CASE"');
		expect(describeKey({ TrackingNo: 770000000001 }, packageRecordKey)).toBe('TrackingNo "770000000001"');
		expect(describeKey({ RMANumber: 'RMA-7' }, returnRecordKey)).toBe('RMANumber "RMA-7"');
		expect(describeKey({ LocationId: 'FEX-1' }, locationRecordKey)).toBe('LocationId "FEX-1"');
	});

	it('compare the members\' values: optional ones too, a number as its digits', () => {
		expect(keyOf({ ItemNo: 'CAB-2019', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: 4 }, statusRecordKey)).toBe(
			keyOf({ ItemNo: 'CAB-2019', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: 9 }, statusRecordKey),
		);
		const sellable = [{ ItemNo: 'CAB-2019' }, { ItemNo: 'CAB-2019', ItemUnit: 'CASE' }, { ItemNo: 'CAB-2019', Warehouse: 'CASE' }, { ItemNo: 'CAB-2019', ItemUnit: 'BTL' }];
		expect(new Set(sellable.map((record) => keyOf(record, sellableRecordKey))).size).toBe(4);
		expect(keyOf({ TrackingNo: 770000000001 }, packageRecordKey)).toBe(keyOf({ TrackingNo: '770000000001' }, packageRecordKey));
	});

	it('a record without a member its key needs, or with a blank, null, non-finite or non-text value, has none', () => {
		for (const value of [undefined, null, '', '  ', Number.NaN, Number.POSITIVE_INFINITY, true, {}, ['A']]) {
			expect(keyOf({ ItemNo: 'CAB', Warehouse: 'APC01', InventoryStatus: value } as IDataObject, statusRecordKey)).toBeUndefined();
		}
		expect(keyOf({ ItemNo: 'CAB', Warehouse: '' }, sellableRecordKey)).toBe(keyOf({ ItemNo: 'CAB' }, sellableRecordKey));
		expect(describeKey({ ItemNo: 'CAB', Warehouse: '' }, sellableRecordKey)).toBe('ItemNo "CAB"');
	});

	it('two records that differ in one member never share a key, whatever their text holds', () => {
		const key: RecordKey = { required: ['ItemNo', 'Warehouse'] };
		expect(keyOf({ ItemNo: 'A", Warehouse "B', Warehouse: 'C' }, key)).not.toBe(keyOf({ ItemNo: 'A', Warehouse: 'B", Warehouse "C' }, key));
		expect(keyOf({ ItemNo: 'A","B', Warehouse: 'C' }, key)).not.toBe(keyOf({ ItemNo: 'A', Warehouse: 'B","C' }, key));
		// the character that parts the values: a record whose value holds it is not checked
		expect(keyOf({ ItemNo: 'A\u0000B', Warehouse: 'C' }, key)).toBeUndefined();
		expect(keyOf({ ItemNo: 'A', Warehouse: 'B\u0000C' }, key)).toBeUndefined();
		expect(keyOf({ ItemNo: 'A', ItemUnit: 'B\u0000C' }, sellableRecordKey)).toBeUndefined();
		expect(keyOf({ ItemNo: 'A', ItemUnit: 'B' }, sellableRecordKey)).not.toBe(keyOf({ ItemNo: 'A', Warehouse: 'B' }, sellableRecordKey));
	});
});
