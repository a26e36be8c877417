// New Return: a return the provider lists before its RMA number is issued (received unannounced), which gets its
// number a poll later: the same return, emitted once (its key was its order, received date and lines while it had
// no number, and the number once given: emitted again before the fix). Two returns alike in every member, read as one
// while unnumbered, are two events once each has its number.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { returns } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);

function addReturn(orderNo: string, receivedAt: number): IDataObject {
	const record: IDataObject = {
		CustomerNo: 'C1',
		RMANumber: '',
		OrderNo: orderNo,
		ReceivedDate: new Date(receivedAt).toISOString(),
		ReturnStatus: 'Received',
		DispositionCode: 'Return to Inventory',
		ReturnWarehouse: 'APC01',
		ReturnSalesOrderLines: [{ ItemNo: 'WINE-000000', Quantity: 1 }],
	};
	returns(fx.sandbox.state).push(record as never);
	return record;
}

/** Polls every 5 minutes; `between` runs after each poll but the last. */
async function polls(count: number, between: (poll: number) => void): Promise<IDataObject[]> {
	const workflow = triggerWorkflow({ event: 'newReturn', filters: {}, options: {} } as INodeParameters);
	let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
	const emitted: IDataObject[] = [];
	for (let poll = 0; poll < count; poll++) {
		if (poll === 0) between(-1);
		await control('clock', { advanceMs: 5 * MINUTE });
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
		staticData = result.staticData;
		emitted.push(...result.items.map((i) => i.json));
		between(poll);
	}
	return emitted;
}

it('a return numbered a poll after it was first listed is emitted once', async () => {
	let record: IDataObject | undefined;
	const emitted = await polls(3, (poll) => {
		if (poll === -1) record = addReturn('RA-1', fx.sandbox.state.now() - MINUTE);
		if (poll === 0 && record) record.RMANumber = 'RMA-77001';
	});
	expect(emitted.map((e) => e.orderNumber)).toEqual(['RA-1']);
});

it('two returns alike in every member, read as one while unnumbered, are two events once numbered', async () => {
	const records: IDataObject[] = [];
	const emitted = await polls(3, (poll) => {
		if (poll === -1) {
			const at = Math.floor(fx.sandbox.state.now() / 1000) * 1000 - MINUTE;
			records.push(addReturn('RA-2', at), addReturn('RA-2', at));
		}
		if (poll === 0) records.forEach((r, i) => (r.RMANumber = `RMA-7710${i}`));
	});
	expect(emitted.map((e) => e.orderNumber)).toEqual(['RA-2', 'RA-2']);
});
