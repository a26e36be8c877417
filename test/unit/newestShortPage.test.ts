// readNewest (Fetch Test Event) on a provider that serves fewer records than Top asks and says MoreRecords: true.
import type { IDataObject } from 'n8n-workflow';

import { readNewest, type WindowQuery } from '../../nodes/WineFulfillment/trigger/window';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { fakeContext } from './fakeContext';

const T = Date.parse('2026-03-01T12:00:00Z');
const S = 1000;

const query: WindowQuery = {
	endpoint: ENDPOINTS.getPackages,
	recordsKey: 'Records',
	maxTop: 100,
	body: (from, to) => ({ From: from, To: to }),
	candidate: (r) => ({ key: String(r.Id), at: Number(r.T), record: r }),
	identity: (r) => String(r.Id),
	providerTime: (b) => (typeof b.Now === 'number' ? b.Now : undefined),
};

describe('readNewest: a short page with MoreRecords true and no count', () => {
	it('does not fit: the window is split and its newest part read, not the oldest records of the short page kept', async () => {
		// 30 records 2 s apart from T; the provider serves at most 5 an answer, oldest first, and says whether more follow
		const records = Array.from({ length: 30 }, (_, i) => ({ Id: `r${i}`, T: T + i * 2 * S }));
		const { ctx, sent } = fakeContext((request) => {
			const { From, To, Skip } = request.body as Record<string, number>;
			const matching = records.filter((r) => r.T >= From && r.T < To + S);
			const page = matching.slice(Skip, Skip + 5);
			return { body: { Records: page, MoreRecords: Skip + page.length < matching.length, Now: T + 60 * S } as IDataObject };
		});
		const found = await readNewest(ctx, query, T, T + 60 * S, {
			pageSize: 10,
			deadline: Number.POSITIVE_INFINITY,
			presentHint: T,
			wanted: () => true,
		});
		expect(sent.length).toBeGreaterThan(1);
		const keys = found.map((c) => c.key);
		// the newest record is among those found; none of the first answer's five oldest is
		expect(keys).toContain('r29');
		expect(keys).not.toContain('r0');
	});
});
