// Bug hunt 42: two orders shipped in one box (one tracking number, a package record per order) are two packages, keyed
// by tracking and order number: New Package emits one item per order, and Package Status Changed a DELIVERED per order.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
// n8n keeps a node's static data under "node:<its name>"
const KEY = `node:${TRIGGER_NODE}`;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const poll = async (event: string, staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const orders = (items: { json: IDataObject }[]) => items.map((item) => `${String(item.json.orderNumber)} ${String(item.json.status)}`).sort();

/** Order SO-000001's box also holds order SO-777777 (same tracking number, its own package record). */
async function twoOrdersInOneBox() {
	await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE), carrier: 'UPS' });
	const [box] = packages(fx.sandbox.state);
	packages(fx.sandbox.state).push({
		...structuredClone(box),
		OrderNumber: 'SO-777777',
		PackageItems: [{ ItemNo: 'WINE-777', Quantity: 2, ReservedQuantity: 2, ItemDescription: 'Another order' }],
	});
}

/**
 * The static data the version before bug hunt 42 stores for the same polls: a package's key is its tracking number
 * alone (`1Z…`, status keys `1Z…|STATUS`), the first order of a box holding it (the only one that version emitted).
 */
function asEarlierVersion(staticData: IDataObject): IDataObject {
	return jsonParse<IDataObject>(JSON.stringify(staticData).replace(/@SO-\d{6}/g, ''));
}
const seenKeys = (staticData: IDataObject, event: string) =>
	Object.keys((staticData[KEY] as { events: Record<string, { seen: IDataObject }> }).events[event].seen);

/** A carrier scan on every package now: no status changes, their last activity is now. */
function scanAll() {
	const now = fx.sandbox.state.now();
	for (const p of packages(fx.sandbox.state)) Object.assign(p, { CarrierStatus: 'AR', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
}

describe('two orders shipped in one box (one tracking number, a package record per order)', () => {
	it('New Package emits one item per order', async () => {
		const seed = await poll('newPackage', {});
		await twoOrdersInOneBox();
		await advance(10 * MINUTE);
		const result = await poll('newPackage', seed.staticData);
		// was: ["SO-000001 SHIPPED"] only
		expect(orders(result.items)).toEqual(['SO-000001 SHIPPED', 'SO-777777 SHIPPED']);
	});

	it('Package Status Changed emits DELIVERED for both orders', async () => {
		let staticData = (await poll('packageStatusChanged', {})).staticData;
		await twoOrdersInOneBox();
		await advance(10 * MINUTE);
		staticData = (await poll('packageStatusChanged', staticData)).staticData;
		const now = fx.sandbox.state.now();
		for (const p of packages(fx.sandbox.state)) Object.assign(p, { Status: 'DELIVERED', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
		await advance(1000);
		const result = await poll('packageStatusChanged', staticData);
		expect(orders(result.items)).toEqual(['SO-000001 DELIVERED', 'SO-777777 DELIVERED']);
	});

	describe('after an upgrade from a state keyed by the tracking number alone', () => {
		it('New Package emits no package already emitted, and the second order of the box once', async () => {
			const seed = await poll('newPackage', {});
			await twoOrdersInOneBox();
			await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + 2 * MINUTE), carrier: 'UPS' });
			await advance(10 * MINUTE);
			const before = await poll('newPackage', seed.staticData);
			const earlier = asEarlierVersion(before.staticData);
			const [box, single] = [packages(fx.sandbox.state)[0], packages(fx.sandbox.state)[2]];
			expect(seenKeys(earlier, 'newPackage').sort()).toEqual([box.TrackingNo, single.TrackingNo].sort());

			await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE), carrier: 'UPS' });
			await advance(10 * MINUTE);
			const upgraded = await poll('newPackage', earlier);
			expect(orders(upgraded.items)).toEqual(['SO-000003 SHIPPED', 'SO-777777 SHIPPED']);
			await advance(10 * MINUTE);
			expect((await poll('newPackage', upgraded.staticData)).items).toEqual([]);
		});

		it('Package Status Changed emits no status already emitted, then each order its DELIVERED', async () => {
			const seed = await poll('packageStatusChanged', {});
			await twoOrdersInOneBox();
			await advance(10 * MINUTE);
			const before = await poll('packageStatusChanged', seed.staticData);
			const earlier = asEarlierVersion(before.staticData);
			const box = packages(fx.sandbox.state)[0];
			expect(seenKeys(earlier, 'packageStatusChanged')).toEqual([`${String(box.TrackingNo)}|${String(box.Status).toUpperCase()}`]);

			// a carrier scan, no status changed: the first order's status was emitted, the second order's never was
			await advance(10 * MINUTE);
			scanAll();
			await advance(1000);
			const upgraded = await poll('packageStatusChanged', earlier);
			expect(orders(upgraded.items)).toEqual([`SO-777777 ${String(box.Status)}`]);
			await advance(10 * MINUTE);
			scanAll();
			await advance(1000);
			let result = await poll('packageStatusChanged', upgraded.staticData);
			expect(result.items).toEqual([]);

			const now = fx.sandbox.state.now();
			for (const p of packages(fx.sandbox.state)) Object.assign(p, { Status: 'DELIVERED', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
			await advance(1000);
			result = await poll('packageStatusChanged', result.staticData);
			expect(orders(result.items)).toEqual(['SO-000001 DELIVERED', 'SO-777777 DELIVERED']);
		});
	});
});
