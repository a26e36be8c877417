// The pagination helper's record keys called directly: a record that comes again on a later page ends the read
// (RecordsChangedError), a key twice on one page or a record without a key does not; and the wire's keys themselves.
import type { IDataObject } from 'n8n-workflow';

import { RecordsChangedError, paginate, type PaginateOptions } from '../../nodes/WineFulfillment/transport/pagination';
import {
	locationRecordKey,
	packageRecordKey,
	recordKey,
	returnRecordKey,
	sellableRecordKey,
	statusRecordKey,
} from '../../nodes/WineFulfillment/wire/recordKeys';

const byId = (r: IDataObject) => recordKey(r, ['Id']);

/** A provider answering the given pages by Skip (pages of 3): each page holds its records' ids, or the record itself. */
function pages(answers: Array<Array<string | IDataObject>>, total?: number) {
	const asked: number[] = [];
	const finished: number[] = [];
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		const skip = Number(paging.Skip);
		asked.push(skip);
		// the page at Skip 9 is slow: asked ahead, it is still in flight when the page before it is checked
		for (let i = 0; i < (skip === 9 ? 5 : 1); i++) await new Promise((resolve) => setImmediate(resolve));
		finished.push(skip);
		const records = (answers[skip / 3] ?? []).map((r) => (typeof r === 'string' ? { Id: r } : r));
		return { ...(total === undefined ? {} : { TotalRecordCount: total }), MoreRecords: skip / 3 < answers.length - 1, Records: records };
	};
	return { asked, finished, fetchPage };
}

async function read(options: Omit<PaginateOptions, 'style' | 'pageSize' | 'recordsKey'>): Promise<string[]> {
	const out: string[] = [];
	for await (const record of paginate({ style: 'skipTop', pageSize: 3, recordsKey: 'Records', ...options })) out.push(String(record.Id));
	return out;
}

describe('paginatePages with a record key', () => {
	it('a record that comes again on a later page ends the read, naming it, once the pages asked ahead have finished', async () => {
		const p = pages([['A', 'B', 'C'], ['D', 'E', 'F'], ['F', 'G', 'H'], ['I']], 10);
		await expect(read({ fetchPage: p.fetchPage, recordKey: byId })).rejects.toThrow(new RecordsChangedError('Id "F" came again on page 3, after 6 records'));
		expect(p.asked).toEqual([0, 3, 6, 9]);
		expect([...p.finished].sort((a, b) => a - b)).toEqual([0, 3, 6, 9]);
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
	it('name each member with its value as JSON; optional members join when present', () => {
		expect(statusRecordKey({ ItemNo: 'CAB-2019', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: 4 })).toBe(
			'ItemNo "CAB-2019", Warehouse "APC01", InventoryStatus "GOOD-NO-TX"',
		);
		expect(sellableRecordKey({ ItemNo: 'CAB-2019', SellableQuantity: 5 })).toBe('ItemNo "CAB-2019"');
		expect(sellableRecordKey({ ItemNo: 'CAB-2019', Warehouse: 'APC01' })).toBe('ItemNo "CAB-2019", Warehouse "APC01"');
		// one SKU sold by the bottle and by the case: two records
		expect(sellableRecordKey({ ItemNo: 'CAB-2019', ItemUnit: 'CASE' })).toBe('ItemNo "CAB-2019", ItemUnit "CASE"');
		expect(packageRecordKey({ TrackingNo: 770000000001 })).toBe('TrackingNo "770000000001"');
		expect(returnRecordKey({ RMANumber: 'RMA-7' })).toBe('RMANumber "RMA-7"');
		expect(locationRecordKey({ LocationId: 'FEX-1' })).toBe('LocationId "FEX-1"');
	});

	it('a record without a member its key needs, or with a blank, null, non-finite or non-text value, has none', () => {
		for (const value of [undefined, null, '', '  ', Number.NaN, Number.POSITIVE_INFINITY, true, {}, ['A']]) {
			expect(statusRecordKey({ ItemNo: 'CAB', Warehouse: 'APC01', InventoryStatus: value } as IDataObject)).toBeUndefined();
		}
		expect(sellableRecordKey({ ItemNo: 'CAB', Warehouse: '' })).toBe('ItemNo "CAB"');
		for (const record of [null, 'CAB', 7, undefined]) expect(recordKey(record, ['ItemNo'])).toBeUndefined();
	});

	it('two records that differ in one member never share a key, whatever their text holds', () => {
		const a = recordKey({ ItemNo: 'A", Warehouse "B', Warehouse: 'C' }, ['ItemNo', 'Warehouse']);
		const b = recordKey({ ItemNo: 'A', Warehouse: 'B", Warehouse "C' }, ['ItemNo', 'Warehouse']);
		expect(a).not.toBe(b);
	});
});
