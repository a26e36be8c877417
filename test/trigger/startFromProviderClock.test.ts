// Start From (Hours Back) counts back from the provider's present, its clock (the Date of its answer), also on an account
// quiet for hours (bug hunt 29), for returns, and whatever form the Date is in; a Date its own records contradict is kept
// between them and n8n's clock (bug hunt 30).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
const clock = nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
/** one package shipped `ago` ms before the provider's present (its clock `offsetMs` from n8n's); its order number */
const shipped = async (ago: number, offsetMs = 0) =>
	String((await fx.control.call<{ firstOrder: string }>('POST', 'seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() + offsetMs - ago) })).firstOrder);
const firstPoll = async (event: string, startFromHours: number) =>
	(await runPoll(triggerWorkflow({ event, filters: {}, options: { startFromHours } } as INodeParameters), TRIGGER_NODE, fx.credential(), {}))
		.items;

// Bug hunt 29: the backfill was counted back from the account's latest activity, hours old on a quiet account, so it
// emitted older events than asked for. The provider's clock is now read from its answer's Date.
describe('Start From (Hours Back) on an account quiet for hours', () => {
	it('New Package, Start From 4 hours, packages shipped 5 and 3 hours ago, nothing since: only the one of 3 hours ago', async () => {
		await shipped(5 * HOUR);
		const recent = await shipped(3 * HOUR);
		expect((await firstPoll('newPackage', 4)).map((i) => i.json.orderNumber)).toEqual([recent]);
	});

	it('New Package, Start From 1 hour, the only package shipped 3 hours ago: nothing is emitted', async () => {
		await shipped(3 * HOUR);
		expect(await firstPoll('newPackage', 1)).toEqual([]);
	});

	// shipped 16 h ago: SHIPPED then, IN TRANSIT 10 h ago, nothing since
	it('Package Status Changed, the last activity 10 hours ago: Start From 2 hours emits nothing, 12 hours its IN TRANSIT', async () => {
		const order = await shipped(16 * HOUR);
		expect(await firstPoll('packageStatusChanged', 2)).toEqual([]);
		expect((await firstPoll('packageStatusChanged', 12)).map((i) => `${String(i.json.orderNumber)} ${String(i.json.status)}`)).toEqual([
			`${order} IN TRANSIT`,
		]);
	});

	it("the provider's clock 2 hours behind n8n's, Start From 2 hours: counted back from its clock, not n8n's", async () => {
		await control('provider-clock', { offsetMs: -2 * HOUR });
		await shipped(3 * HOUR, -2 * HOUR);
		const recent = await shipped(40 * MINUTE, -2 * HOUR);
		expect((await firstPoll('newPackage', 2)).map((i) => i.json.orderNumber)).toEqual([recent]);
	});

	it("an answer's Date a day or more off (a server clock not set) is no present: counted back from the latest activity", async () => {
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', headers: { date: 'Thu, 01 Jan 1970 00:00:00 GMT' } });
		await shipped(3 * 24 * HOUR);
		const recent = await shipped(30 * MINUTE);
		expect((await firstPoll('newPackage', 1)).map((i) => i.json.orderNumber)).toEqual([recent]);
	});
});

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

const advance = (ms: number) => control('clock', { advanceMs: ms });
/** one package shipped a second ago: its tracking number */
const ship = async () => {
	await control('seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - 1000) });
	return packages(fx.sandbox.state)[packages(fx.sandbox.state).length - 1].TrackingNo;
};

describe("New Package, Start From, an answer's Date 3 hours ahead of the provider's own stamps", () => {
	// User sees: New Package, Start From 1 hour, polled every 10 minutes. The answers' Date runs 3 hours ahead (a proxy
	// or front server whose clock is off) while the provider's ShipDate and LatestActivityTimestamp are right (n8n's
	// clock): the account ships a package every 10 minutes, LatestActivityTimestamp is never more than 10 minutes old.
	// The backfill starts at "Date - 1 h", 2 hours in the future, and is stored as the floor of every window: the
	// packages shipped in the 2 hours after activation are never emitted (nor the hour before it).
	// Expected: every package shipped after activation is emitted once (the Date contradicts the provider's latest
	// activity minutes ago, or at the least a floor is never put past what the provider itself has shown).
	// Before the fix: the 12 packages of the first 2 hours are lost.
	it('every package shipped after activation is emitted', async () => {
		// the account was busy before activation too
		for (let i = 0; i < 6; i++) {
			await ship();
			await advance(10 * MINUTE);
		}
		await fx.control.fault({ kind: 'rewrite', path: 'GetPackages', headers: { date: new Date(fx.sandbox.state.now() + 3 * HOUR).toUTCString() } });
		const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { startFromHours: 1 } } as INodeParameters);
		let staticData: IDataObject = {};
		const emitted: string[] = [];
		const poll = async () => {
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			emitted.push(...result.items.map((i) => String(i.json.trackingNumber)));
		};
		await poll();
		const after: string[] = [];
		for (let i = 0; i < 24; i++) {
			await advance(5 * MINUTE);
			after.push(await ship());
			await advance(5 * MINUTE);
			await poll();
		}
		expect(after.filter((t) => !emitted.includes(t))).toEqual([]);
	}, 60_000);
});

/** one return received `ago` ms before the sandbox's (the provider's) present */
const received = async (ago: number) => {
	await control('seed-returns', { count: 1, startAt: at(fx.sandbox.state.now() - ago) });
};
const firstReturns = async (startFromHours: number) => (await firstPoll('newReturn', startFromHours)).map((i) => String(i.json.rmaNumber));

describe('New Return, Start From (Hours Back)', () => {
	// User sees: a return received 2 h 3 min ago is emitted by a backfill asked for the last 2 hours.
	// Expected: only the return of 1 hour ago. Before the fix: both (the backfill starts 2 h 5 min back: n8n's clock less 5 min).
	it('clocks agreeing, Start From 2 hours: a return received 2 h 3 min ago is not emitted', async () => {
		await received(2 * HOUR + 3 * MINUTE);
		await received(1 * HOUR);
		expect(await firstReturns(2)).toEqual(['RMA-H000002']);
	});

	// User sees: with the provider's clock (its answers' Date, its ReceivedDate stamps) 2 hours behind n8n's, Start From
	// 2 hours emits nothing although a return was received 40 minutes ago on the provider's clock.
	// Expected (as for New Package, test/trigger/startFromQuietAccount.test.ts): counted back from the provider's clock,
	// the return of 40 minutes ago is emitted, the one of 3 hours ago is not. Before the fix: nothing is emitted.
	it("the provider's clock 2 hours behind n8n's, Start From 2 hours: counted back from its clock", async () => {
		clock.set(2 * HOUR); // n8n's clock 2 hours ahead of the sandbox, whose answers' Date and stamps are the provider's
		await received(3 * HOUR);
		await received(40 * MINUTE);
		expect(await firstReturns(2)).toEqual(['RMA-H000002']);
	});
});
