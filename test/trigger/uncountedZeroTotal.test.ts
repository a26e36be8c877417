// The polling trigger reads a total of 0 beside records as no total, as the action's paging does (transport/pagination
// toldTotal): a .NET provider writes a count it did not make as its int's default, 0. Believed, an answer holding a
// full page "fit" its window (0 records to read), and the records after the page were never read: lost for good
// (bug hunt 16, found beside the action's fix).
import type { INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

it.each([
	['without MoreRecords', ['MoreRecords']],
	['with MoreRecords', []],
])('New Return, Page Size 2, TotalRecordCount 0 on every answer (%s): all 9 returns emitted', async (_name, drop) => {
	await fx.control.call('POST', 'seed-returns', { count: 9, startAt: new Date(fx.sandbox.state.now() - 3 * 60 * MINUTE).toISOString(), spreadMs: 10 * MINUTE });
	await fx.control.fault({ kind: 'rewrite', path: 'GetReturns', set: { TotalRecordCount: 0 }, drop });
	const wf = triggerWorkflow({ event: 'newReturn', options: { startFromHours: 12, pageSize: 2 } } as INodeParameters);
	// a budget a machine busy with other work does not run out of (a poll out of budget emits nothing, and goes on next time)
	const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), {}, 'trigger', { budgetMs: 40_000 });
	expect(new Set(first.items.map((i) => i.json.rmaNumber)).size).toBe(9);
	expect(first.items).toHaveLength(9);
}, 60_000);
