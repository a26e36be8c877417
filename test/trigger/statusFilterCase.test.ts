// Package Status Changed, Statuses = DELIVERED: a status the provider writes in another letter case or padded
// ("Delivered", "DELIVERED ") is that status, as the user's entries are read (wire/tracking statusWord, one reader for
// both sides). It was compared as sent: the delivery was read, stored as seen and filtered out, silently, for good;
// Fetch Test Event found nothing either.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const workflow = triggerWorkflow({ event: 'packageStatusChanged', filters: { statuses: ['DELIVERED'] } } as INodeParameters);

describe('Package Status Changed, Statuses = DELIVERED: the provider writes the status in another form', () => {
	it.each([
		['title case', 'Delivered'],
		['padded', 'DELIVERED '],
	])('%s ("%s"): the delivery is emitted once, its status as the provider wrote it', async (_name, status) => {
		let staticData = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
		await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
		staticData = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData)).staticData;
		await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { Status: status, CarrierStatusTimestamp: iso(now), lastActivityAt: now });
		await fx.control.call('POST', 'clock', { advanceMs: 1000 });
		const polled = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
		expect(polled.items.map((item) => (item.json as IDataObject).status)).toEqual([status]);
		// the next poll, the same delivery written in capitals: the same status, not emitted again
		Object.assign(packages(fx.sandbox.state)[0], { Status: 'DELIVERED' });
		await fx.control.call('POST', 'clock', { advanceMs: MINUTE });
		expect((await runPoll(workflow, TRIGGER_NODE, fx.credential(), polled.staticData)).items).toEqual([]);
	});

	it('Fetch Test Event finds the latest delivery written "Delivered"', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - 10 * MINUTE) });
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { Status: 'Delivered', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
		await fx.control.call('POST', 'clock', { advanceMs: 1000 });
		const test = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {}, 'manual');
		expect(test.items.map((item) => (item.json as IDataObject).status)).toEqual(['Delivered']);
	});
});
