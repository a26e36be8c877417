// The action's paging reads MoreRecords as any yes/no ("True", as .NET's bool.ToString() writes it through a gateway):
// read only as a JSON boolean, a provider that pages by fewer records than asked, with no total, ended the read after the
// first page, as if complete, without a word (bug hunt 10).
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });

const record = (i: number) => ({ ItemNo: `IT-${i}`, Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityOnHand: i });
const page = (from: number, n: number, extra: IDataObject) => ({ Skip: from, Top: 10, WarehouseInventoryStatuses: Array.from({ length: n }, (_, k) => record(from + k)), ...extra });
const getStatus = () =>
	actionWorkflow({ resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true, options: { pageSize: 10 } }, { typeVersion: 2 });

describe('Inventory → Get Status: a provider that pages by 6 although asked for 10, 9 records in all, no total', () => {
	it.each<[string, IDataObject, IDataObject]>([
		['MoreRecords true (JSON)', { MoreRecords: true }, { MoreRecords: false }],
		['MoreRecords "True" (text)', { MoreRecords: 'True' }, { MoreRecords: 'False' }],
		['MoreRecords 1 and 0', { MoreRecords: 1 }, { MoreRecords: 0 }],
	])('%s: all 9 records, in two requests', async (_name, first, last) => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', count: 1, body: page(0, 6, first) });
		// asked at Skip 5 (one record early): the page begins with the record the first ended with
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', after: 1, count: 1, body: page(5, 4, last) });
		const result = await fx.run(getStatus());
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.ItemNo)).toEqual(Array.from({ length: 9 }, (_, i) => `IT-${i}`));
		expect(await fx.control.requests('GetStatus')).toHaveLength(2);
	});
});
