// Package Status Changed's Statuses filter from an expression or a sheet: read in any letter case, as the interface
// writes the statuses; a status the provider never reports is refused before any request, naming the entry. Filtered
// silently, the change would be stored as seen and never emitted once the filter is put right.
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

const workflow = (statuses: unknown) =>
	triggerWorkflow({ event: 'packageStatusChanged', filters: { statuses: `={{ ${JSON.stringify(statuses)} }}` } } as INodeParameters);

describe('Package Status Changed: the Statuses filter', () => {
	it.each<[string, unknown]>([
		['upper case', 'DELIVERED'],
		['lower case', 'delivered'],
		['a list in mixed case, with spaces', [' Delivered ', 'in  transit']],
	])('given in %s, the DELIVERED change is emitted', async (_name, statuses) => {
		const wf = workflow(statuses);
		let staticData = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
		await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
		staticData = (await runPoll(wf, TRIGGER_NODE, fx.credential(), staticData)).staticData;
		await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { Status: 'DELIVERED', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
		await fx.control.call('POST', 'clock', { advanceMs: 1000 });
		const polled = await runPoll(wf, TRIGGER_NODE, fx.credential(), staticData);
		// was nothing for "delivered": compared case-sensitively, every change filtered out and stored as seen
		expect(polled.items.map((item) => (item.json as IDataObject).status)).toEqual(['DELIVERED']);
	});

	it('a status the provider never reports is refused before any request, naming the entry', async () => {
		const failed = await runPoll(workflow('DELIVERED, DELIVERD'), TRIGGER_NODE, fx.credential(), {}).catch((error: unknown) => error as Error);
		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toContain('Invalid "Statuses": entry 2 ("DELIVERD") must be one of RECEIVED, SHIPPED');
		expect(await fx.control.requests('GetPackages')).toHaveLength(0);
	});
});
