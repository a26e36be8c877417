// Trigger Options given by an expression (a $vars value is always text): "60" and "1.5" are read as numbers, as the
// editor's number fields give them; "60 min", "48h", a negative number or a Page Size beyond 500 fail the poll naming
// the option, before any request. They went into arithmetic as NaN: "Invalid DateTime" was sent as the range and the
// provider's 400 blamed, and Start From "48h" silently started from now (the backfill asked for never happened).
import type { INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const poll = (event: string, options: Record<string, string>) =>
	runPoll(triggerWorkflow({ event, options } as INodeParameters), TRIGGER_NODE, fx.credential(), {}).then(
		(result) => ({ result, error: undefined as Error | undefined }),
		(error: unknown) => ({ result: undefined, error: error as Error }),
	);

describe('trigger Options from an expression', () => {
	it.each([
		['newPackage', 'overlapMinutes', '60 min', 'Invalid "Late Reports Window (Minutes)": must be a number such as 12.5'],
		['packageStatusChanged', 'overlapMinutes', '-5', 'Invalid "Late Reports Window (Minutes)": must be a number of at least 0'],
		['newReturn', 'overlapMinutes', '60 min', 'Invalid "Late Reports Window (Minutes)": must be a number such as 12.5'],
		['newPackage', 'startFromHours', '48h', 'Invalid "Start From (Hours Back)": must be a number such as 12.5'],
		['newReturn', 'pageSize', '600', 'Invalid "Page Size": must be a whole number from 1 to 500'],
		['packageStatusChanged', 'pageSize', 'all', 'Invalid "Page Size": must be a whole number from 1 to 500'],
	])('%s, %s "%s": refused naming the option, before any request', async (event, option, value, message) => {
		const { error } = await poll(event, { [option]: `={{ ${JSON.stringify(value)} }}` });
		expect(error?.message).toBe(`${message} (got "${value}")`);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('numbers as text are read: Start From "48" emits the packages of the last 48 hours, Page Size "2" pages by two', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 3, startAt: iso(fx.sandbox.state.now() - 24 * 60 * MINUTE) });
		const { result, error } = await poll('newPackage', { startFromHours: '={{ "48" }}', overlapMinutes: '={{ "1.5" }}', pageSize: '={{ "2" }}' });
		expect(error).toBeUndefined();
		expect(result?.items).toHaveLength(3);
		// the window's reads (the first request only asks for the provider's present, with Top 1)
		const reads = (await fx.control.requests('GetPackages')).filter((r) => r.body.ShipDateRange !== undefined);
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.map((r) => r.body.Top)).toEqual(reads.map(() => 2));
	});

	it('0 is a number of at least 0: Late Reports Window "0" and Start From "0" poll without an error', async () => {
		const { error } = await poll('newPackage', { startFromHours: '={{ "0" }}', overlapMinutes: '={{ "0" }}' });
		expect(error).toBeUndefined();
		expect((await fx.control.requests('GetPackages')).length).toBeGreaterThan(0);
	});
});

describe('trigger filters of another event, left over in the parameters (hidden in the editor)', () => {
	it.each([
		['newReturn', { carrier: 'bogus', statuses: 'NOT A STATUS' }, 'GetReturns'],
		['newPackage', { warehouse: 'NOWHERE', statuses: 'NOT A STATUS' }, 'GetPackages'],
	])('%s: a Carrier, Warehouse or Statuses it does not filter by fails no poll and is not sent', async (event, filters, endpoint) => {
		const result = await runPoll(triggerWorkflow({ event, filters } as INodeParameters), TRIGGER_NODE, fx.credential(), {});
		expect(result.items).toEqual([]);
		const sent = await fx.control.requests(endpoint);
		expect(sent.length).toBeGreaterThan(0);
		expect(sent.map((r) => JSON.stringify(r.body)).join()).not.toMatch(/bogus|NOWHERE|NOT A STATUS/);
	});
});
