// Bug hunt 48, Tracking → Get Packages: two orders shipped together in one box (a package record each, under one
// tracking number) make a read in pages of one record fail as "the list moved", although nothing moved.
//
// Where: wire/recordKeys.ts packageRecordKey ({ required: ['TrackingNo'] }), used by
// actions/tracking/getPackages.operation.ts prepare as the paging key (transport/pagination.ts movedUnderRead). Pages of
// one record (Options → Page Size 1, or a provider that serves one record a page) do not overlap, so the second order's
// record, whose TrackingNo came on the page before, is taken for a record read twice: RecordsChangedError, read again
// three times (6 requests here), then the item fails with "The records changed while they were read, 3 times".
// (With larger pages the same box at a page seam costs a whole second read of the query.)
//
// Right behaviour: a package record is one order's package (field notes "Tracking": GetPackages' records carry
// OrderNumber and TrackingNo; README "A package is known by its tracking number and its order number (two orders
// shipped together in one box are a package record each under one tracking number)"), so the key must tell the two
// records apart (TrackingNo with OrderNumber), and Return All gives the three packages, each once.
import type { IDataObject } from 'n8n-workflow';

import { answer, provider, runOn } from '../harness/answeringProvider';
import { ACTION_NODE } from '../harness/workflows';
import type { MisbehavingServer } from '../transport/misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const pkg = (order: string, trackingNo: string): IDataObject => ({
	OrderNumber: order,
	TrackingNo: trackingNo,
	Carrier: 'FEX',
	Service: 'GRND',
	Status: 'SHIPPED',
	ShipDate: '2026-01-05T14:00:00Z',
});

it('Return All in pages of one: the two orders of one box and the next package, each once, no error', async () => {
	const all = [pkg('SO-000001', '770000000001'), pkg('SO-000002', '770000000001'), pkg('SO-000003', '770000000003')];
	server = await provider((_n, body) => {
		const [skip, top] = [Number(body.Skip), Number(body.Top)];
		return answer({ TransactionReferenceNumber: 'T-1', TotalRecordCount: 3, Skip: skip, Top: top, MoreRecords: skip + top < 3, Packages: all.slice(skip, skip + top) });
	});
	const result = await runOn(server, {
		resource: 'tracking',
		operation: 'getPackages',
		returnAll: true,
		options: { pageSize: 1 },
		filters: { lastActivityFrom: '2026-01-01', lastActivityTo: '2026-01-06' },
	});
	expect(result.error?.message).toBeUndefined();
	expect(result.output(ACTION_NODE).map((i) => [i.json.orderNumber, i.json.trackingNumber])).toEqual([
		['SO-000001', '770000000001'],
		['SO-000002', '770000000001'],
		['SO-000003', '770000000003'],
	]);
});
