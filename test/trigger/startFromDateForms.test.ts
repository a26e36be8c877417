// Bug hunt 30 (fixed): a Date header the node cannot read makes Start From count back from the account's last activity (hours old
// on a quiet account): the backfill emits older packages than asked for, the bug hunt 29 fixed for readable Dates.
// README (trigger section): Start From backfills "counted back from the provider's present: its clock, as the Date of
// its answer tells it, so also on an account with no activity for hours". transport/request.ts httpDate claims to read
// "RFC 2822's" form, but it rewrites every word to Capitalised case before fromRFC2822, so RFC 2822's named zones
// (EST, PST, ...) become "Est", which luxon refuses: answerClock gives undefined and backFrom falls back to
// LatestActivityTimestamp.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
const shipped = async (ago: number) =>
	String(((await control('seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - ago) })) as IDataObject).firstOrder);
const firstPoll = async (event: string, startFromHours: number) =>
	(await runPoll(triggerWorkflow({ event, filters: {}, options: { startFromHours } } as INodeParameters), TRIGGER_NODE, fx.credential(), {}))
		.items;

/** the sandbox's present as an RFC 2822 date in US Eastern Standard Time: "Sun, 29 Nov 2026 11:39:08 EST" */
const estDate = () => new Date(fx.sandbox.state.now() - 5 * HOUR).toUTCString().replace('GMT', 'EST');

describe('Start From (Hours Back) when the Date of the answer is in RFC 2822 form with a named zone', () => {
	// User sees: Start From 1 hour emits a package shipped 3 hours ago (nothing happened in the last hour).
	// Expected: nothing (the Date tells the provider's present exactly: 11:39:08 EST is 16:39:08 GMT).
	// Before the fix: the package of 3 hours ago, counted back from its activity (the account's latest).
	it('New Package, Start From 1 hour, the only package shipped 3 hours ago: nothing is emitted', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', headers: { date: estDate() } });
		await shipped(3 * HOUR);
		expect(await firstPoll('newPackage', 1)).toEqual([]);
	});

	// same for Package Status Changed: SHIPPED 16 h ago, IN TRANSIT 10 h ago, nothing since
	it('Package Status Changed, the last activity 10 hours ago, Start From 2 hours: nothing is emitted', async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', headers: { date: estDate() } });
		await shipped(16 * HOUR);
		expect(await firstPoll('packageStatusChanged', 2)).toEqual([]);
	});
});
