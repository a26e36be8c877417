// Wine Fulfillment Trigger, Fetch Test Event when nothing matches the filters: no item, after looking back step by step.
import type { INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });
const DAY = 24 * 60 * 60_000;

describe('trigger: Fetch Test Event with no package of the chosen orders', () => {
	it('gives no item (n8n then says no event was found), after reading 1 hour, 1 day and 7 days back', async () => {
		// packages of other orders, shipped within the hour
		await fx.control.call('POST', 'seed-packages', { count: 3, startAt: new Date(fx.sandbox.state.now() - 30 * 60_000).toISOString(), spreadMs: 60_000 });
		const workflow = triggerWorkflow({ event: 'newPackage', filters: { orderNumbers: 'SO-999999' }, options: {} } as INodeParameters);
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), { keep: 'me' }, 'manual');
		expect(result.items).toEqual([]);
		expect(result.staticData).toEqual({ keep: 'me' });

		// each read starts earlier than the one before: the three look backs, and no more
		const reads = (await fx.control.requests('GetPackages')).filter((r) => typeof r.body.ShipDateRange === 'string');
		expect(reads.every((r) => JSON.stringify(r.body.OrderNumbers) === '["SO-999999"]')).toBe(true);
		const starts = reads.map((r) => Date.parse(String(r.body.ShipDateRange).split(' - ')[0]));
		expect(starts).toHaveLength(3);
		expect(starts[0] - starts[1]).toBeGreaterThan(22 * 60 * 60_000);
		expect(starts[1] - starts[2]).toBeGreaterThan(5 * DAY);
	});
});
