// Wine Fulfillment Trigger: a stored state whose seen keys hold something other than times in epoch ms (static data imported or edited).
import { Logger } from '@n8n/backend-common';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { providerNow } from '../sandbox/tracking';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const pnow = () => providerNow(fx.sandbox.state);
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
// n8n keeps a node's static data under "node:<its name>"
const KEY = `node:${TRIGGER_NODE}`;
const parameters = { event: 'newPackage', filters: {}, options: {} };
const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);

describe('trigger: seen keys whose values are not times in epoch ms', () => {
	it.each<[string, (ms: number) => unknown]>([
		['ISO 8601 text', (ms) => at(ms)],
		['epoch ms as text', (ms) => String(ms)],
		['null', () => null],
	])('%s: a state this version cannot read (started again as on activation, a warning logged), nothing emitted twice', async (_, value) => {
		const log = jest.spyOn(Logger.prototype as unknown as { log: (level: string, message: string) => void }, 'log').mockImplementation(() => undefined);
		try {
			const warned = () => log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message);
			const first = await poll({});
			await control('seed-packages', { count: 3, startAt: at(pnow() + MINUTE), spreadMs: MINUTE });
			await control('clock', { advanceMs: 10 * MINUTE });
			const second = await poll(first.staticData);
			expect(second.items).toHaveLength(3);
			const state = (second.staticData[KEY] as { events: Record<string, { seen: Record<string, number> }> }).events.newPackage;
			const edited = { ...state, seen: Object.fromEntries(Object.entries(state.seen).map(([k, v], i) => [k, i === 0 ? value(v) : v])) };
			const third = await poll({ [KEY]: { events: { newPackage: edited } } });
			expect(warned()).toEqual([
				`${TRIGGER_NODE}: the stored position of "newPackage" is not one this version can read; it starts again as on activation`,
			]);
			await control('clock', { advanceMs: 5 * MINUTE });
			const fourth = await poll(third.staticData);
			expect([...third.items, ...fourth.items]).toEqual([]);
			// and on from there as usual
			await control('seed-packages', { count: 1, startAt: at(pnow() + MINUTE) });
			await control('clock', { advanceMs: 10 * MINUTE });
			expect((await poll(fourth.staticData)).items.map((i) => i.json.orderNumber)).toEqual(['SO-000004']);
		} finally {
			log.mockRestore();
		}
	});

	it('Order Put On Hold: a stored list this version cannot read starts again as on activation (it used to fail every poll)', async () => {
		const log = jest.spyOn(Logger.prototype as unknown as { log: (level: string, message: string) => void }, 'log').mockImplementation(() => undefined);
		try {
			await createOrders(fx, [{ OrderNo: 'H-1', items: [line(SKU_A, 1)], hold: true }]);
			const onHold = async (staticData: IDataObject) =>
				await runPoll(triggerWorkflow({ event: 'orderOnHold' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
			const first = await onHold({ [KEY]: { events: { orderOnHold: { cursor: '2026-01-05T08:00:00Z', seen: 'H-1|' } } } });
			expect(first.items).toEqual([]);
			expect(log.mock.calls.filter(([level]) => level === 'warn')).toHaveLength(1);
			await createOrders(fx, [{ OrderNo: 'H-2', items: [line(SKU_A, 1)], hold: true }]);
			expect((await onHold(first.staticData)).items.map((i) => i.json.orderNumber)).toEqual(['H-2']);
		} finally {
			log.mockRestore();
		}
	});
});
