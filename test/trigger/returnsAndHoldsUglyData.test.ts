// New Return and Order Put On Hold on ugly data (bug hunt 21, passing when written, kept as guards): a late return listed
// first while the poll pages 12 new ones at Page Size 5; a return stamped 3 hours ahead of n8n's clock; blank and null
// RMA numbers of two returns of one order in one second; Fetch Test Event and a restart between Order Put On Hold polls.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { beforeRequest, useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { returns } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 200 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
afterEach(() => jest.restoreAllMocks());

let rma = 0;
function addReturn(at: number, changes: IDataObject = {}, index?: number): IDataObject {
	rma += 1;
	const record: IDataObject = {
		CustomerNo: 'C1',
		RMANumber: `RMA-X${String(rma).padStart(5, '0')}`,
		OrderNo: `ORD-${rma}`,
		ReceivedDate: iso(at),
		ReturnStatus: 'Received',
		DispositionCode: 'Return to Inventory',
		ReturnWarehouse: 'APC01',
		ReturnSalesOrderLines: [{ ItemNo: 'WINE-000000', Quantity: 1 }],
		...changes,
	};
	if (index === undefined) returns(fx.sandbox.state).push(record as never);
	else returns(fx.sandbox.state).splice(index, 0, record as never);
	return record;
}

const rmas = (items: { json: IDataObject }[]) => items.map((i) => String(i.json.rmaNumber));

describe('New Return on ugly data', () => {
	it('a return arriving late, listed first, while the poll pages 12 new returns at Page Size 5: each emitted once', async () => {
		const wf = triggerWorkflow({ event: 'newReturn', filters: {}, options: { pageSize: 5 } } as INodeParameters);
		let sd = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
		await advance(10 * MINUTE);
		const now = fx.sandbox.state.now();
		const fresh = Array.from({ length: 12 }, (_, i) => String(addReturn(now - 9 * MINUTE + i * 30_000).RMANumber));
		let late = '';
		beforeRequest(fx, 'GetReturns', 2, () => {
			late = String(addReturn(now - 9.5 * MINUTE, {}, 0).RMANumber);
		});
		const polled = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
		sd = polled.staticData;
		jest.restoreAllMocks();
		await advance(5 * MINUTE);
		const again = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
		const all = [...rmas(polled.items), ...rmas(again.items)];
		expect(all.sort()).toEqual([...fresh, late].sort());
	});

	it('a return stamped 3 hours ahead of n8n\'s clock is emitted once over the next 5 hours', async () => {
		const wf = triggerWorkflow({ event: 'newReturn', filters: {}, options: {} } as INodeParameters);
		let sd = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
		const ahead = String(addReturn(fx.sandbox.state.now() + 3 * HOUR).RMANumber);
		const out: string[] = [];
		for (let i = 0; i < 30; i++) {
			await advance(10 * MINUTE);
			if (i % 3 === 0) addReturn(fx.sandbox.state.now() - MINUTE);
			const p = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
			sd = p.staticData;
			out.push(...rmas(p.items));
		}
		expect(out.filter((r) => r === ahead)).toEqual([ahead]);
		expect(new Set(out).size).toBe(out.length);
		expect(out).toHaveLength(11);
	}, 60_000);

	it('two unnumbered returns of one order in one second, different lines, are two events; numbered later, none again', async () => {
		const wf = triggerWorkflow({ event: 'newReturn', filters: {}, options: {} } as INodeParameters);
		let sd = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
		await advance(MINUTE);
		const at = fx.sandbox.state.now() - 30_000;
		const a = addReturn(at, { RMANumber: '  ', OrderNo: 'W-1', ReturnSalesOrderLines: [{ ItemNo: 'A', Quantity: 1 }] });
		const b = addReturn(at, { RMANumber: null, OrderNo: 'W-1', ReturnSalesOrderLines: [{ ItemNo: 'B', Quantity: 2 }] });
		await advance(MINUTE);
		const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
		sd = first.staticData;
		expect(first.items).toHaveLength(2);
		a.RMANumber = 'RMA-A';
		b.RMANumber = 'RMA-B';
		await advance(MINUTE);
		const second = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd);
		expect(second.items).toHaveLength(0);
	});
});

describe('Order Put On Hold across a restart', () => {
	it('orders on hold across a restart and Fetch Test Event in between: none twice, a new one once', async () => {
		const wf = triggerWorkflow({ event: 'orderOnHold' } as INodeParameters);
		await createOrders(fx, [{ OrderNo: 'H-1', items: [line(SKU_A, 1)], hold: true }]);
		let sd = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
		const manual = await runPoll(wf, TRIGGER_NODE, fx.credential(), sd, 'manual');
		expect(manual.items.map((i) => i.json.orderNumber)).toEqual(['H-1']);
		expect(manual.staticData).toEqual(sd);
		await createOrders(fx, [{ OrderNo: 'H-2', items: [line(SKU_A, 1)], hold: true }]);
		const p = await runPoll(wf, TRIGGER_NODE, fx.credential(), JSON.parse(JSON.stringify(sd)) as IDataObject);
		sd = p.staticData;
		expect(p.items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
		expect((await runPoll(wf, TRIGGER_NODE, fx.credential(), sd)).items).toEqual([]);
	});
});
