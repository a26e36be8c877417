// Wine Fulfillment Trigger, New Package: a package leaves the results while another arrives late, so the counts stay the same.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import type { SandboxPackage } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const clock = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
/** GetPackages' order: last activity, then tracking number */
const byActivity = (a: SandboxPackage, b: SandboxPackage) =>
	a.lastActivityAt - b.lastActivityAt || (a.TrackingNo < b.TrackingNo ? -1 : a.TrackingNo > b.TrackingNo ? 1 : 0);
const tracking = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((i) => String(i.json.trackingNumber));

/** A package the provider records only now, shipped `shippedAgoMs` ago (it lists last: its activity is the newest). */
function recordLate(trackingNo: string, shippedAgoMs: number, carrier?: string) {
	const state = fx.sandbox.state;
	const list = packages(state);
	const late: SandboxPackage = { ...list[0], TrackingNo: trackingNo, OrderNumber: 'SO-LATE', ShipDate: iso(state.now() - shippedAgoMs), lastActivityAt: state.now() };
	if (carrier) late.Carrier = carrier;
	list.push(late);
}

describe('trigger: Skip/Top pages while one package is taken away and another arrives late', () => {
	it('the package at the page boundary is still emitted, though the total and the distinct records read stay the same', async () => {
		const state = fx.sandbox.state;
		const workflow = triggerWorkflow({ event: 'newPackage', options: { startFromHours: 12, pageSize: 100 } } as INodeParameters);
		await fx.control.call('POST', 'seed-packages', { count: 150, spreadMs: 4 * MINUTE, startAt: new Date(state.now() - 11 * HOUR).toISOString() });
		// the second request of the window's pages waits a moment before the provider answers it
		const wait = fx.sandbox.faults.add({ kind: 'latency', path: 'GetPackages', when: 'before', ms: 300, after: 2 });
		const running = runPoll(workflow, TRIGGER_NODE, fx.credential(), {});
		while (wait.applied < 1) await new Promise((resolve) => setTimeout(resolve, 5));
		// meanwhile the first package of the first page is voided (its label cancelled), and one shipped an hour ago is
		// recorded late: the total stays 150, and every record after the first page's end moves one place forward
		const list = packages(state);
		const voided = [...list].sort(byActivity)[0];
		list.splice(list.indexOf(voided), 1);
		recordLate('1ZLATE0000000001', HOUR);
		await clock(1000);
		const one = await running;
		await clock(5 * MINUTE);
		const two = await runPoll(workflow, TRIGGER_NODE, fx.credential(), one.staticData);

		const emitted = [...tracking(one), ...tracking(two)];
		const listed = packages(state).map((p) => p.TrackingNo);
		expect(listed.filter((t) => !emitted.includes(t))).toEqual([]);
		expect(new Set(emitted).size).toBe(emitted.length);
		// the page after the first starts with the first page's last package (Skip 99, not 100)
		const pages = (await fx.control.requests('GetPackages')).filter((r) => Number(r.body.Skip) > 0);
		expect(pages[0].body).toMatchObject({ Skip: 99, Top: 100 });
	});
});

describe('trigger: New Package, a package re-rated to another carrier while a late one arrives', () => {
	const workflow = triggerWorkflow({ event: 'newPackage', filters: { carrier: 'FEX' }, options: { pageSize: 10 } } as INodeParameters);

	/** activation, then 30 FEX packages over half an hour, polled every 5 minutes: a window that does not fit one answer */
	async function thirtyEmitted() {
		const state = fx.sandbox.state;
		let staticData = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
		await fx.control.call('POST', 'seed-packages', { count: 30, carrier: 'FEX', spreadMs: MINUTE, startAt: new Date(state.now() + MINUTE).toISOString() });
		const emitted: string[] = [];
		for (let i = 0; i < 7; i++) {
			await clock(5 * MINUTE);
			const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
			staticData = result.staticData;
			emitted.push(...tracking(result));
		}
		expect(emitted).toHaveLength(30);
		return staticData;
	}

	it('the late package is emitted by the next poll, though the re-rated one keeps the count the same', async () => {
		let staticData = await thirtyEmitted();
		// the newest FEX package is re-rated to UPS (it leaves the FEX results), and a FEX package that shipped 20 minutes
		// ago is recorded only now, well inside the Late Reports Window of 60 minutes
		const list = packages(fx.sandbox.state);
		list[list.length - 1].Carrier = 'UPS';
		recordLate('770099999999', 20 * MINUTE, 'FEX');
		await fx.control.call('DELETE', 'requests');
		await clock(5 * MINUTE);
		const next = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
		staticData = next.staticData;
		expect(tracking(next)).toEqual(['770099999999']);
		// the whole window's count, then the packages of the window with an activity since the last poll: both ranges
		const sent = await fx.control.requests('GetPackages');
		expect(sent).toHaveLength(2);
		expect(sent[1].body).toMatchObject({ ShippingCarrier: 'FEX', ShipDateRange: sent[0].body.ShipDateRange });
		expect(typeof sent[1].body.LastActivityDateRange).toBe('string');
		await clock(5 * MINUTE);
		expect(tracking(await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData))).toEqual([]);
	});

	it('a package that enters the results without an activity of its own still makes the whole window read', async () => {
		let staticData = await thirtyEmitted();
		// a UPS package of 20 minutes ago is re-rated to FEX, its last activity unchanged (before the last poll)
		const state = fx.sandbox.state;
		const list = packages(state);
		const moved: SandboxPackage = { ...list[0], TrackingNo: '770088888888', OrderNumber: 'SO-MOVED', Carrier: 'FEX', ShipDate: iso(state.now() - 20 * MINUTE), lastActivityAt: state.now() - 19 * MINUTE };
		list.push(moved);
		await clock(5 * MINUTE);
		const next = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
		staticData = next.staticData;
		expect(tracking(next)).toEqual(['770088888888']);
	});
});
