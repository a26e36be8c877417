// A query whose overlapping pages bring a key again (actions/query.ts, KeyAgainError): read again with the keys that
// came twice, which are then two records of one key; a key that comes again only in a later read is read again too.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { prepareQuery, type QuerySpec } from '../../nodes/WineFulfillment/actions/query';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import type { FakeAnswer, SentRequest } from './fakeContext';
import { fakeExecute } from './fakeExecute';

const RECORDS = 'Records';

/**
 * A Skip/Top provider of R0 … R(total-1) with its total and MoreRecords; `lots`: index → a second lot of another
 * record's Id (two records of one key the provider lists apart), from the read given on (1: the first).
 */
function provider(total: number, lots: Array<{ at: number; id: string; fromRead: number }>) {
	let reads = 0;
	return (request: SentRequest): FakeAnswer => {
		const { Skip, Top } = request.body as { Skip: number; Top: number };
		if (Skip === 0) reads += 1;
		const list: IDataObject[] = Array.from({ length: total }, (_, i) => ({ Id: `R${i}` }));
		for (const lot of lots) if (reads >= lot.fromRead) list[lot.at] = { Id: lot.id, Lot: 'B' };
		const records = list.slice(Skip, Skip + Top);
		return { body: { TotalRecordCount: total, MoreRecords: Skip + records.length < total, [RECORDS]: records } };
	};
}

const spec: QuerySpec = {
	endpoint: ENDPOINTS.getStatus,
	body: {},
	style: 'skipTop',
	recordsKey: RECORDS,
	maxPageSize: 10,
	recordKey: { required: ['Id'] },
};

async function returnAll(answer: (request: SentRequest) => FakeAnswer) {
	const f = fakeExecute({ params: { returnAll: true, options: { pageSize: 10 } }, answer, typeVersion: 2 });
	try {
		const output = await prepareQuery.call(f.ctx, spec, 0)();
		return { output: output.map((item) => item.json), skips: f.sent.map((r) => r.body.Skip) };
	} catch (error) {
		return { error: error as NodeApiError, skips: f.sent.map((r) => r.body.Skip) };
	}
}

describe('Return All, two records of one key on pages 1 and 3', () => {
	it('read twice: both records output, once each, no error', async () => {
		const { output, error, skips } = await returnAll(provider(25, [{ at: 20, id: 'R2', fromRead: 1 }]));
		expect(error).toBeUndefined();
		expect(output).toHaveLength(25);
		expect(output?.filter((record) => record.Id === 'R2')).toEqual([{ Id: 'R2' }, { Id: 'R2', Lot: 'B' }]);
		expect(skips).toEqual([0, 9, 18, 0, 9, 18]);
	});

	it('a second key of two lots first seen in the second read: read a third time, with both keys, every record output', async () => {
		const { output, error, skips } = await returnAll(
			provider(25, [
				{ at: 20, id: 'R2', fromRead: 1 },
				{ at: 21, id: 'R3', fromRead: 2 },
			]),
		);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(25);
		expect(output?.filter((record) => record.Id === 'R2' || record.Id === 'R3')).toHaveLength(4);
		expect(skips).toEqual([0, 9, 18, 0, 9, 18, 0, 9, 18]);
	});
});
