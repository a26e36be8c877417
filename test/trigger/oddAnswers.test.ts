// A poll whose GetPackages answer is a 200 that holds no page (a gateway's error object): the poll fails saying what came
// back and keeps its place, so the next poll reads the same time again; nothing is lost and nothing emitted twice.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });

describe('New Package: a time slice answered 200 with an error object', () => {
	it('fails that poll with an error naming the answer; the next poll emits all 40 packages, each once', async () => {
		const state = fx.sandbox.state;
		await fx.control.call('POST', 'seed-packages', { count: 40, spreadMs: 15 * MINUTE, startAt: new Date(state.now() - 11 * 60 * MINUTE).toISOString() });
		const workflow = triggerWorkflow({ event: 'newPackage', options: { startFromHours: 12, pageSize: 25 } } as INodeParameters);
		// requests: 1 the present, 2 the whole window, 3 its second page (another total: inconsistent), 4 the first slice
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', set: { TotalRecordCount: 41 }, after: 2, count: 1 });
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetPackages', body: { Message: 'An error has occurred.' }, after: 3, count: 1 });

		const first = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {}).catch((error: unknown) => error as Error & { description?: string });
		expect(first).toBeInstanceOf(Error);
		expect((first as Error).message).toBe('The provider answered a page without its records (Packages): An error has occurred.');
		expect((first as { description?: string }).description).toBe(
			'Nothing was emitted and the trigger keeps its place: the next poll reads the same time again. If it keeps happening, tell the provider what the message says.',
		);

		await advance(5 * MINUTE);
		const second = await runPoll(workflow, TRIGGER_NODE, fx.credential(), {});
		const emitted = second.items.map((item) => String((item.json as IDataObject).trackingNumber));
		expect(emitted).toHaveLength(40);
		expect(new Set(emitted).size).toBe(40);
	});
});
