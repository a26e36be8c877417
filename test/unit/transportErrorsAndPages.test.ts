// Transport rules called directly where the engine tests leave a detail unchecked: the provider's message of odd
// bodies, the words and errorResponse of a too-deep answer and of a 404 that is not the provider's, and the page
// numbers and repeated-page check of the pagination helper.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { notFoundFailure, providerMessage, statusError, tooDeepError } from '../../nodes/WineFulfillment/transport/errors';
import { PagingError, RecordsChangedError } from '../../nodes/WineFulfillment/transport/pagination';
import { pagesOf } from '../harness/pages';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from './fakeContext';

describe('providerMessage of bodies without a message', () => {
	it('a null list of messages is as absent: the body is shown, nothing throws', () => {
		expect(providerMessage({ errors: null, code: 7 })).toBe('{"errors":null,"code":7}');
		expect(providerMessage({ Messages: null })).toBe('{"Messages":null}');
	});

	it('a value JSON cannot write (a bigint, NaN) is shown as its text', () => {
		expect(providerMessage(BigInt(12))).toBe('12');
		expect(providerMessage(Number.NaN)).toBe('NaN');
	});
});

describe('tooDeepError', () => {
	const read = ENDPOINTS.getStatus;
	const startOf = (e: NodeApiError) => (e.description ?? '').split('The answer starts: ')[1];

	it('shows an answer start of up to 120 characters whole, a longer one cut at 120 with an ellipsis', () => {
		const a120 = '['.repeat(120);
		expect(startOf(tooDeepError(node, read, 1000, a120))).toBe(a120);
		expect(startOf(tooDeepError(node, read, 1000, '[[['))).toBe('[[[');
		expect(startOf(tooDeepError(node, read, 1000, `${a120}{`))).toBe(`${a120}…`);
	});

	it('says why it was not read, and keeps its message in errorResponse', () => {
		const error = tooDeepError(node, read, 1000, '[[', 2);
		expect(error.description).toMatch(/^No answer of the interface nests that deep, so it was not read\. The query was not retried/);
		expect((error.errorResponse as IDataObject).message).toBe('The provider answered with JSON nested more than 1,000 levels deep');
	});
});

describe('notFoundFailure errorResponse', () => {
	it('keeps the 404 in errorResponse of a 404 that is not the provider\'s', () => {
		const meaning = { service: 'the tracking interface', none: 'no tracking yet' };
		const failure = notFoundFailure(node, statusError(node, ENDPOINTS.getStatus, 404, '', new Secrets([])), meaning) as NodeApiError;
		expect((failure.errorResponse as IDataObject).httpCode).toBe('404');
	});
});

/** pages served from a list of answers in order; logs what was asked */
function scripted(answers: IDataObject[]) {
	const calls: IDataObject[] = [];
	const fetchPage = async (paging: IDataObject) => {
		calls.push({ ...paging });
		await new Promise((resolve) => setImmediate(resolve));
		return answers[calls.length - 1] ?? { Items: [], TotalRecordCount: 0 };
	};
	return { calls, fetchPage };
}

describe('paginatePages after an empty page asked again', () => {
	// PageNumber/PageSize pages do not overlap: a record whose key came on an earlier page is what shows the list moved
	it('numbers the pages of the read without the empty answer: a record again names page 2', async () => {
		const { fetchPage, calls } = scripted([
			{ Items: [], TotalRecordCount: 4 },
			{ Items: [{ Id: 'A' }, { Id: 'B' }], TotalRecordCount: 4 },
			{ Items: [{ Id: 'B' }, { Id: 'C' }], TotalRecordCount: 4 },
		]);
		const { pages, error } = await pagesOf({
			style: 'pageNumber',
			pageSize: 2,
			recordsKey: 'Items',
			fetchPage,
			recordKey: { required: ['Id'] },
		});
		expect(calls).toEqual([
			{ PageNumber: 1, PageSize: 2 },
			{ PageNumber: 1, PageSize: 2 },
			{ PageNumber: 2, PageSize: 2 },
		]);
		expect(pages).toEqual([[{ Id: 'A' }, { Id: 'B' }]]);
		expect(error).toBeInstanceOf(RecordsChangedError);
		expect((error as Error).message).toBe('Id "B" came again on page 2, after 2 records');
	});

	// Skip/Top pages overlap by one record: the second page must begin with B; one that begins with C shows a record
	// was taken out before it, and names page 2 the same way
	it('Skip/Top: numbers the pages the same way: a page not beginning with the record before names page 2', async () => {
		const { fetchPage, calls } = scripted([
			{ Items: [], TotalRecordCount: 4 },
			{ Items: [{ Id: 'A' }, { Id: 'B' }], TotalRecordCount: 4 },
			{ Items: [{ Id: 'C' }, { Id: 'D' }], TotalRecordCount: 4 },
		]);
		const { pages, error } = await pagesOf({
			style: 'skipTop',
			pageSize: 2,
			recordsKey: 'Items',
			fetchPage,
			recordKey: { required: ['Id'] },
		});
		expect(calls).toEqual([
			{ Skip: 0, Top: 2 },
			{ Skip: 0, Top: 2 },
			{ Skip: 1, Top: 2 },
		]);
		expect(pages).toEqual([[{ Id: 'A' }, { Id: 'B' }]]);
		expect(error).toBeInstanceOf(RecordsChangedError);
		expect((error as Error).message).toBe(
			'Page 2 began with Id "C" instead of Id "B", the record the page before ended with: records were added or taken out before it',
		);
	});
});

describe('paginatePages telling pages apart', () => {
	it('two pages of the same size, first and second record differing only in the last record are two pages', async () => {
		const { fetchPage } = scripted([
			{ Items: [{ Id: 'A' }, { Id: 'B' }, { Id: 'C' }], TotalRecordCount: 6 },
			{ Items: [{ Id: 'A' }, { Id: 'B' }, { Id: 'D' }], TotalRecordCount: 6 },
		]);
		// PageNumber/PageSize: pages do not overlap, so page 2 may begin as page 1 did
		const { pages, error } = await pagesOf({ style: 'pageNumber', pageSize: 3, recordsKey: 'Items', fetchPage });
		expect(error).toBeUndefined();
		expect(pages).toHaveLength(2);
		expect(pages[1]).toEqual([{ Id: 'A' }, { Id: 'B' }, { Id: 'D' }]);
	});

	it('Skip/Top: two pages alike but in the last record are two pages, the second beginning with the record the first ended with', async () => {
		// page 2 is asked one record early, so it begins with C, the record page 1 ended with; page 1 begins with C too
		const { fetchPage, calls } = scripted([
			{ Items: [{ Id: 'C' }, { Id: 'B' }, { Id: 'C' }], TotalRecordCount: 5 },
			{ Items: [{ Id: 'C' }, { Id: 'B' }, { Id: 'D' }], TotalRecordCount: 5 },
		]);
		const { pages, error } = await pagesOf({ style: 'skipTop', pageSize: 3, recordsKey: 'Items', fetchPage });
		expect(error).toBeUndefined();
		expect(calls).toEqual([
			{ Skip: 0, Top: 3 },
			{ Skip: 2, Top: 3 },
		]);
		// the record it overlaps by is not handed over again
		expect(pages).toEqual([
			[{ Id: 'C' }, { Id: 'B' }, { Id: 'C' }],
			[{ Id: 'B' }, { Id: 'D' }],
		]);
	});

	it('the same page twice is still refused', async () => {
		const { fetchPage } = scripted([
			{ Items: [{ Id: 'A' }, { Id: 'B' }, { Id: 'C' }], TotalRecordCount: 6 },
			{ Items: [{ Id: 'A' }, { Id: 'B' }, { Id: 'C' }], TotalRecordCount: 6 },
		]);
		const { error } = await pagesOf({ style: 'skipTop', pageSize: 3, recordsKey: 'Items', fetchPage });
		expect(error).toBeInstanceOf(PagingError);
	});
});
