// The polling trigger with reports the provider records late or ahead of time, a hold that changes its reason, and
// stored cursors that are no time (bug hunt 8).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, type PollOptions } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { packages, salesOrders } from '../sandbox/stores';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from '../trigger/clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = async (ms: number) => await control('clock', { advanceMs: ms });
const KEY = `node:${TRIGGER_NODE}`;
const poll = async (parameters: IDataObject, staticData: IDataObject = {}, mode: 'trigger' | 'manual' = 'trigger', options: PollOptions = {}) =>
	await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), staticData, mode, options);

describe('Order Put On Hold', () => {
	it('an order that stays on hold while its hold reason changes is emitted again, for the new reason', async () => {
		// README: "Order Put On Hold | one item per order that went on hold (again, if it was released and held again, or is
		// held for another reason)": a hold for another reason (an address hold becoming a credit hold) is news to act on
		await createOrders(fx, [{ OrderNo: 'HOLD-R1', items: [line(SKU_A, 1)], hold: true }]);
		const first = await poll({ event: 'orderOnHold' });
		expect(first.items).toEqual([]);
		// still on hold, never released: the provider now gives another reason for the same hold
		const order = salesOrders(fx.sandbox.state).find((o) => o.OrderNo === 'HOLD-R1');
		if (!order) throw new Error('no order');
		order.holdReason = 'CREDIT';
		await advance(5 * MINUTE);
		const second = await poll({ event: 'orderOnHold' }, first.staticData);
		expect(second.items.map((i) => [i.json.orderNumber, i.json.holdReason])).toEqual([['HOLD-R1', 'CREDIT']]);
		await advance(5 * MINUTE);
		const third = await poll({ event: 'orderOnHold' }, second.staticData);
		expect(third.items).toEqual([]);
	});
});

describe('Package Status Changed without LatestActivityTimestamp', () => {
	it('a DELIVERED recorded two hours after the carrier stamped it is emitted once over three hours of polls', async () => {
		// README: each event "is emitted exactly once"; "Without LatestActivityTimestamp, the window must also cover how far the
		// provider's clock may run behind" — a late report may be missed (not emitted), never emitted again and again.
		await control('tracking-quirks', { noLatestActivityTimestamp: true });
		const parameters = { event: 'packageStatusChanged', filters: {}, options: {} };
		let staticData = (await poll(parameters)).staticData;
		// shipped 49 h ago; every event of its journey is recorded by the provider 2 h after the carrier's stamp:
		// DELIVERED (48 h after shipping) is recorded an hour from now
		await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state) - 49 * HOUR), reportDelayMs: 2 * HOUR });
		const emitted: string[] = [];
		for (let i = 0; i < 36; i++) {
			// other packages ship meanwhile, their events recorded at once
			await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state)) });
			await advance(5 * MINUTE);
			const result = await poll(parameters, staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((item) => String(item.json.status)));
		}
		expect(emitted.filter((s) => s === 'DELIVERED')).toEqual(['DELIVERED']);
	}, 60_000);
});

describe('New Package after one activity recorded in the future', () => {
	it.each([
		['no activity recorded ahead (control)', 0],
		['one activity recorded 3 hours ahead', 3 * HOUR],
	])('%s: a package shown 6 minutes after its ship date is emitted', async (_label, aheadMs) => {
		// README: "Late Reports Window (Minutes) (default 60): how long after its own time the provider may still show a
		// record. Each poll reads back this far"; "one package whose activity the provider records in the future, does not
		// carry the cursor (and the next window) past what the poll remembers."
		const parameters = { event: 'newPackage', filters: {}, options: {} };
		await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state) - 10 * MINUTE) });
		let staticData = (await poll(parameters)).staticData;
		// the provider records one activity of that package ahead of its present (a mistyped scan time)
		if (aheadMs) packages(fx.sandbox.state)[0].lastActivityAt = providerNow(fx.sandbox.state) + aheadMs;
		await advance(5 * MINUTE);
		staticData = (await poll(parameters, staticData)).staticData;
		// a package ships 2 minutes ago; the provider shows it 6 minutes after its ship date
		const before = new Set(packages(fx.sandbox.state).map((p) => p.TrackingNo));
		await control('seed-packages', { count: 1, startAt: at(providerNow(fx.sandbox.state) - 2 * MINUTE), reportDelayMs: 6 * MINUTE });
		const late = packages(fx.sandbox.state).find((p) => !before.has(p.TrackingNo))?.TrackingNo;
		const emitted: string[] = [];
		for (let i = 0; i < 8; i++) {
			await advance(5 * MINUTE);
			const result = await poll(parameters, staticData);
			staticData = result.staticData;
			emitted.push(...result.items.map((item) => String(item.json.trackingNumber)));
		}
		expect(emitted).toEqual([late]);
	}, 60_000);
});

describe('a stored cursor that is not a time', () => {
	it.each([['"0"', '0'], ['"12"', '12']])('cursor %s is treated as none (starts as on activation), not as a time in 2000/2001', async (_label, cursor) => {
		// README: "A stored state this version cannot read (a cursor, floor or coveredFrom that is not a time, ...: static
		// data edited by hand or imported) is treated as none: the poll starts again as on activation"
		await control('seed-packages', { count: 3, startAt: at(providerNow(fx.sandbox.state) - 72 * HOUR), spreadMs: HOUR });
		const result = await poll({ event: 'newPackage', filters: {}, options: {} }, { [KEY]: { events: { newPackage: { cursor, seen: {} } } } });
		expect(result.items.map((i) => i.json.trackingNumber)).toEqual([]);
	}, 60_000);
});
