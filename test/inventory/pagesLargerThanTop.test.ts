// A Skip/Top provider that pages in its own size, serving more records than Top asks for (the interface: GetStatus
// treats a Top outside 0..2500 as 2500; GetTransactions' bounds are not shown): the next Skip counts the records that
// came, so each record is read once (bug hunt 12: the next Skip followed the Top asked, and the pages overlapped:
// Get Transactions put out 45 items for 30 transactions, Get Status failed as "records changed").
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, sandboxCredential } from '../harness/harness';
import { ACTION_NODE, CREDENTIAL_ID, actionWorkflow } from '../harness/workflows';
import { misbehavingServer, type MisbehavingServer } from '../transport/misbehavingServer';

const TOTAL = 30;
/** what the provider serves per page, whatever Top says */
const SERVES = 25;

let server: MisbehavingServer | undefined;
afterEach(async () => await server?.close());

/** A provider answering each Skip with SERVES records from there, its counters true to the list. */
async function provider(recordsKey: string, record: (i: number) => IDataObject) {
	server = await misbehavingServer((n) => ({
		kind: 'handle',
		handle: (_req, res) => {
			// the server has read the body already: the request it recorded
			const skip = Number((JSON.parse((server as MisbehavingServer).requests[n].body) as IDataObject).Skip ?? 0);
			const count = Math.max(0, Math.min(SERVES, TOTAL - skip));
			res.setHeader('content-type', 'application/json');
			res.end(
				JSON.stringify({
					TotalRecordCount: TOTAL,
					Skip: skip,
					Top: SERVES,
					MoreRecords: skip + count < TOTAL,
					[recordsKey]: Array.from({ length: count }, (_, k) => record(skip + k)),
				}),
			);
		},
	}));
	return server;
}

const run = async (parameters: INodeParameters, baseUrl: string) =>
	await runWorkflow(actionWorkflow(parameters, { typeVersion: 2 }), { [CREDENTIAL_ID]: sandboxCredential(baseUrl) });

describe('a provider serving more records a page than Top asks for', () => {
	it('Get Transactions, Return All, Page Size 10, pages of 25: each of the 30 transactions once', async () => {
		const srv = await provider('InventoryTransactions', (i) => ({ ItemNo: `WINE-${i}`, TransactionDate: '03/02/2026', TransactionType: 'Sales Orders', Reference: `SO-${i}`, Quantity: -1 }));
		const result = await run(
			{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-03-02', simplify: false, returnAll: true, options: { pageSize: 10 } },
			srv.baseUrl,
		);
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.Reference)).toEqual(Array.from({ length: TOTAL }, (_, i) => `SO-${i}`));
	});

	it('Get Status, Return All, Page Size 10, pages of 25: the 30 records, not "the records changed"', async () => {
		const srv = await provider('WarehouseInventoryStatuses', (i) => ({ ItemNo: `WINE-${i}`, Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityAvailable: i + 1 }));
		const result = await run({ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 } }, srv.baseUrl);
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.ItemNo)).toEqual(Array.from({ length: TOTAL }, (_, i) => `WINE-${i}`));
	});
});
