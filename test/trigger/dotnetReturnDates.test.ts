// New Return with GetReturns writing ReceivedDate as legacy ASP.NET JSON ("/Date(1767625200000)/") or as .NET's US-culture
// DateTime.ToString() ("1/5/2026 3:00:00 PM"): neither was read (bug hunt 15), so the cursor stayed at activation and
// every poll read (and remembered) every return since. Now read: the cursor moves on, a poll reads about one window.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PAST_KEYS_KEPT_MS } from '../../nodes/WineFulfillment/trigger/cursor';
import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { returns } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const control = <T = unknown>(name: string, body: IDataObject) => fx.control.call<T>('POST', name, body);
const KEY = `node:${TRIGGER_NODE}`;

/** A received date the sandbox filters on as ISO (String()), and writes on the wire as `wire(ms)` (JSON). */
const dotnetDate = (ms: number, wire: (ms: number) => string) => ({
	toString: () => new Date(ms).toISOString(),
	toJSON: () => wire(ms),
});
const msDate = (ms: number) => `/Date(${ms})/`;
const usCulture = (ms: number) => {
	const d = new Date(ms);
	const h = d.getUTCHours() % 12 || 12;
	const pad = (x: number) => String(x).padStart(2, '0');
	return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
};

let n = 0;
function addReturn(ms: number, wire: (ms: number) => string) {
	n += 1;
	const rma = `RMA-N${String(n).padStart(5, '0')}`;
	returns(fx.sandbox.state).push({
		CustomerNo: 'C1',
		RMANumber: rma,
		OrderNo: `N-${n}`,
		ReceivedDate: dotnetDate(ms, wire) as unknown as string,
		ReturnStatus: 'Received',
		DispositionCode: 'Return to Inventory',
		ReturnWarehouse: 'APC01',
		ReturnSalesOrderLines: [],
	});
	return rma;
}

describe.each([
	['/Date(ms)/', msDate],
	['US culture text', usCulture],
])('trigger: New Return with ReceivedDate as %s', (_name, wire) => {
	it('over three days: each return once, and a poll keeps reading about one window (the cursor moves on)', async () => {
		const workflow = triggerWorkflow({ event: 'newReturn', filters: {}, options: {} } as INodeParameters);
		let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
		const created: string[] = [];
		const emitted: string[] = [];
		let lastServed = 0;
		for (let p = 0; p < 3 * 48; p++) {
			created.push(addReturn(fx.sandbox.state.now() - MINUTE, wire));
			await control('clock', { advanceMs: 30 * MINUTE });
			await control('returns-served', { reset: true });
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			lastServed = (await control<{ records: number }>('returns-served', {})).records;
			staticData = result.staticData;
			emitted.push(...result.items.map((i) => String(i.json.rmaNumber)));
		}
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual([...created].sort());
		const state = (staticData[KEY] as { events: { newReturn: { cursor: string; seen: IDataObject } } }).events.newReturn;
		// a poll every 30 minutes with the default 60-minute Late Reports Window reads a few returns, not all since activation
		expect(lastServed).toBeLessThan(10);
		// the stored keys are those of one window and of the returns of the last PAST_KEYS_KEPT_MS (7 days, at most
		// PAST_KEYS_KEPT_MAX: bug hunt 42; before, one window's only): here the 3 days' 144, none of the returns read in
		// a .NET form missing
		expect(Object.keys(state.seen).sort()).toEqual([...created].sort());
		expect(PAST_KEYS_KEPT_MS).toBeGreaterThan(3 * 24 * HOUR);
		// the cursor follows the returns: it is not where activation left it three days ago
		expect(Date.parse(state.cursor)).toBeGreaterThan(fx.sandbox.state.now() - 2 * HOUR);
	}, 120_000);
});

