// Skip/Top pages of Page Size 1 (transport/pagination.ts): never asked one record early, also where the provider serves
// more records a page than Top asks.
import type { IDataObject } from 'n8n-workflow';

import { pagesOf } from '../harness/pages';

/** A provider of R0 … R(total-1) that serves `serves` records from Skip whatever Top asks, with its total and MoreRecords. */
function provider(total: number, serves: number) {
	const calls: IDataObject[] = [];
	const fetchPage = async (paging: IDataObject): Promise<IDataObject> => {
		calls.push({ ...paging });
		const from = Number(paging.Skip);
		const records = Array.from({ length: Math.max(0, Math.min(serves, total - from)) }, (_, i) => ({ Id: `R${from + i}` }));
		await new Promise((resolve) => setImmediate(resolve));
		return { TotalRecordCount: total, MoreRecords: from + records.length < total, Records: records };
	};
	return { calls, fetchPage };
}

describe('paginatePages, Skip/Top, Page Size 1', () => {
	it('a provider serving 3 records for Top 1: the next page is asked at the Skip after them, not one record early', async () => {
		const p = provider(6, 3);
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 1, recordsKey: 'Records', fetchPage: p.fetchPage });
		expect(error).toBeUndefined();
		expect(pages.flat().map((r) => r.Id)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4', 'R5']);
		expect(p.calls).toEqual([
			{ Skip: 0, Top: 1 },
			{ Skip: 3, Top: 1 },
		]);
	});

});
