// The polling trigger reads the provider's paging counters as the action's paging does: TotalRecordCount as a number or
// numeric text, MoreRecords as any yes/no ("False" from a gateway that writes values as text). Read only as JSON types,
// a window whose answer held all its records looked unfinished (sliced down to the second: thousands of requests in one
// poll, nothing emitted), or a short page looked complete and records were skipped for good (bug hunt 10).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

describe('Trigger → New Return: 9 returns in the window, every answer holds all of its records', () => {
	it.each<[string, IDataObject, string[]]>([
		['counters as JSON (control)', {}, []],
		['TotalRecordCount "9" and MoreRecords "False" (every value as text)', { TotalRecordCount: '9', MoreRecords: 'False' }, []],
		['MoreRecords "false", no TotalRecordCount', { MoreRecords: 'false' }, ['TotalRecordCount']],
	])('%s: 9 returns emitted, at most 2 requests', async (_name, set, drop) => {
		await fx.control.call('POST', 'seed-returns', { count: 9, startAt: new Date(fx.sandbox.state.now() - 3 * 60 * MINUTE).toISOString(), spreadMs: 10 * MINUTE });
		if (Object.keys(set).length || drop.length) await fx.control.fault({ kind: 'rewrite', path: 'GetReturns', set, drop });
		const wf = triggerWorkflow({ event: 'newReturn', options: { startFromHours: 12 } } as INodeParameters);
		const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), {}, 'trigger', { budgetMs: 10_000 });
		const sent = await fx.control.requests('GetReturns');
		// was (text): 3,903-5,313 GetReturns requests within a 10-20 s budget and 0 returns emitted; now one for the
		// provider's clock (Start From counts back from it), one for the window
		expect({ emitted: first.items.length, requests: Math.min(sent.length, 3) }).toEqual({ emitted: 9, requests: 2 });
	}, 60_000);
});

describe('Trigger → New Return: a provider that pages by 6 when asked for 10, 9 returns in the window', () => {
	const HOUR = 3_600_000;
	const ret = (i: number, base: number) => ({ RMANumber: `RMA-${i}`, OrderNo: `SO-${i}`, ReceivedDate: new Date(base + i * 60_000).toISOString().slice(0, 19), ReturnStatus: 'OPEN' });
	it.each<[string, IDataObject]>([
		['TotalRecordCount 9 (JSON number, control)', { TotalRecordCount: 9 }],
		['TotalRecordCount "9" (text)', { TotalRecordCount: '9' }],
	])('%s: all 9 emitted', async (_name, counters) => {
		const base = fx.sandbox.state.now() - 3 * HOUR;
		const all = Array.from({ length: 9 }, (_, i) => ret(i, base));
		// after the request for the provider's clock (Start From counts back from it)
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetReturns', after: 1, count: 1, body: { ...counters, Skip: 0, Top: 10, ReturnSalesOrderHeaders: all.slice(0, 6) } });
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetReturns', after: 2, body: { ...counters, Skip: 5, Top: 10, ReturnSalesOrderHeaders: all.slice(5) } });
		const wf = triggerWorkflow({ event: 'newReturn', options: { startFromHours: 12, pageSize: 10 } } as INodeParameters);
		const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), {});
		// was (text): RMA-0..RMA-5 only, one request; the cursor moved past RMA-6..8 for good
		expect(first.items.map((i) => String(i.json.rmaNumber))).toHaveLength(9);
	});
});
