// Wine Fulfillment Trigger: a poll tick that starts while the previous poll of the same node still reads (n8n does not stop it).
import { Logger } from '@n8n/backend-common';
import { PollContext, TriggersAndPollers } from 'n8n-core';
import { Workflow, type IDataObject, type INodeExecutionData, type INodeParameters } from 'n8n-workflow';

import { NodeTypes, additionalData } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const advance = (ms: number) => control('clock', { advanceMs: ms });
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const orders = (items: INodeExecutionData[][]) => (items[0] ?? []).map((i) => String(i.json.orderNumber));

/**
 * An active workflow as n8n holds it in memory on the main: one Workflow object (its static data shared by every
 * poll of it) and one TriggersAndPollers, each tick a new PollContext, as n8n's poll executor makes them.
 */
function activeWorkflow(id: string, parameters: IDataObject) {
	const json = triggerWorkflow(parameters as INodeParameters);
	const workflow = new Workflow({ id, name: id, nodes: json.nodes, connections: {}, active: true, nodeTypes: new NodeTypes(), staticData: {} });
	const node = workflow.getNode(TRIGGER_NODE);
	if (!node) throw new Error('no trigger node');
	const pollers = new TriggersAndPollers();
	const tick = async (mode: 'trigger' | 'manual' = 'trigger') =>
		(await pollers.runPollFunction(
			workflow,
			node,
			new PollContext(workflow, node, additionalData(fx.credential()), mode, mode === 'manual' ? 'manual' : 'activate'),
		)) ?? [[]];
	return { workflow, tick };
}

/** n8n's log: every logger n8n makes writes through this one method */
function captureLog() {
	const log = jest.spyOn(Logger.prototype as unknown as { log: (level: string, message: string) => void }, 'log').mockImplementation(() => undefined);
	return {
		warned: () => log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message),
		restore: () => log.mockRestore(),
	};
}

describe('trigger: a poll that starts while the previous one of the same node still reads', () => {
	it('returns nothing at once (no request, the state untouched) and says so in the log; every package is emitted once', async () => {
		const log = captureLog();
		try {
			const { workflow, tick } = activeWorkflow('w', { event: 'newPackage', filters: {}, options: { pageSize: 50 } });
			await tick();
			await control('seed-packages', { count: 200, startAt: at(pnow() + MINUTE), spreadMs: 1000 });
			await advance(10 * MINUTE);
			await control('latency', { ms: 40 });
			const slow = tick();
			await sleep(100);
			const sentBefore = fx.sandbox.requests.length;
			const stateBefore = JSON.stringify(workflow.staticData);
			const overlapping = await tick();
			// returned before the slow poll sent another request, and left the state as it was
			expect(fx.sandbox.requests.length).toBe(sentBefore);
			expect(JSON.stringify(workflow.staticData)).toBe(stateBefore);
			expect(overlapping).toEqual([[]]);
			expect(log.warned()).toEqual([expect.stringContaining('the previous poll is still reading')]);
			const first = await slow;
			expect(orders(first)).toHaveLength(200);
			expect(new Set(orders(first)).size).toBe(200);

			// the next tick, once the slow one is done, polls as usual
			await control('latency', { ms: 0 });
			await control('seed-packages', { count: 2, startAt: at(pnow() + MINUTE), spreadMs: 1000 });
			await advance(10 * MINUTE);
			expect(orders(await tick())).toEqual(['SO-000201', 'SO-000202']);
		} finally {
			log.restore();
		}
	});

	it('Fetch Test Event is not held back by a poll that reads', async () => {
		const { tick } = activeWorkflow('w', { event: 'newPackage', filters: {}, options: { pageSize: 50 } });
		await tick();
		await control('seed-packages', { count: 200, startAt: at(pnow() + MINUTE), spreadMs: 1000 });
		await advance(10 * MINUTE);
		await control('latency', { ms: 40 });
		const slow = tick();
		await sleep(100);
		const manual = await tick('manual');
		expect(orders(manual)).toEqual(['SO-000200']);
		expect(orders(await slow)).toHaveLength(200);
	});

	it('polls of two workflows (same node name) run side by side', async () => {
		const one = activeWorkflow('w1', { event: 'newPackage', filters: {}, options: { pageSize: 50 } });
		const two = activeWorkflow('w2', { event: 'newPackage', filters: {}, options: { pageSize: 50 } });
		await Promise.all([one.tick(), two.tick()]);
		await control('seed-packages', { count: 120, startAt: at(pnow() + MINUTE), spreadMs: 1000 });
		await advance(10 * MINUTE);
		await control('latency', { ms: 20 });
		const [a, b] = await Promise.all([one.tick(), two.tick()]);
		expect(orders(a)).toHaveLength(120);
		expect(orders(b)).toHaveLength(120);
	});

	it('a poll that failed does not hold back the next one', async () => {
		const { tick } = activeWorkflow('w', { event: 'newPackage', filters: {}, options: {} });
		await tick();
		await control('seed-packages', { count: 3, startAt: at(pnow() + MINUTE), spreadMs: 1000 });
		await advance(10 * MINUTE);
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetPackages', count: 1, body: { Message: 'boom' } });
		await expect(tick()).rejects.toThrow();
		expect(orders(await tick())).toEqual(['SO-000001', 'SO-000002', 'SO-000003']);
	});
});
