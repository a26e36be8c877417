// Start From (Hours Back) counts back from the provider's present, its clock, also on an account quiet for hours.
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
