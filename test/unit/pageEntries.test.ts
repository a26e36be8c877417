// A page whose list of records holds an entry that is no record, read by the pagination helper directly: the page is
// refused, naming the entry's place and what it is.
import type { IDataObject } from 'n8n-workflow';

import { PagingError, paginatePages } from '../../nodes/WineFulfillment/transport/pagination';

describe('paginatePages: an entry of the records list that is no record', () => {
	it.each([
		['a number', 7, 'a number'],
		['true', true, 'true or false'],
		['false', false, 'true or false'],
		['text', 'R1', 'text'],
		['null', null, 'null'],
		['a list', [{ Id: 'R1' }], 'a list'],
	])('refuses the page, naming %s by its place and its kind', async (_case, entry, kind) => {
		const fetchPage = async (): Promise<IDataObject> => ({ MoreRecords: false, Records: [{ Id: 'R0' }, entry] });
		const read = async () => {
			for await (const page of paginatePages({ style: 'skipTop', pageSize: 5, recordsKey: 'Records', fetchPage })) void page;
		};
		await expect(read()).rejects.toThrow(
			new PagingError(`The provider answered a page whose list of records (Records) holds something else: entry 2 is ${kind}`),
		);
	});
});
