// Tracking → Get Details, end to end through n8n's engine against the sandbox.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { packages } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 240 });

const HOUR = 3_600_000;
const START = Date.parse('2026-01-05T15:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const getDetails = (orderNo: string, extra: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo, simplify: false, ...extra });

async function seedShippedAt(shipAt: number, count = 3) {
	await fx.control.call('POST', 'seed-packages', { count, startAt: new Date(shipAt).toISOString(), spreadMs: 0 });
}

describe('Tracking → Get Details', () => {
	it('sends the order number with AuthenticationDetails and gives one item per package', async () => {
		await seedShippedAt(START - HOUR);
		// a second package for the first order
		const first = packages(fx.sandbox.state)[0];
		packages(fx.sandbox.state).push({ ...first, TrackingNo: `${first.TrackingNo}-2`, GrossWeight: 9 });
		const result = await fx.run(getDetails('SO-000001'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetDetails');
		expect(sent.authShape).toBe('AuthenticationDetails');
		expect(sent.body).toEqual({ OrderNo: 'SO-000001' });
		const out = result.output(ACTION_NODE);
		expect(out.map((i) => [i.json.OrderNumber, i.json.TrackingNo])).toEqual([
			['SO-000001', first.TrackingNo],
			['SO-000001', `${first.TrackingNo}-2`],
		]);
		expect(out[0].json).toMatchObject({ Carrier: first.Carrier, Status: 'SHIPPED', Site: first.Site, IcePack: first.IcePack });
		expect(out[0].json).not.toHaveProperty('lastActivityAt');
		expect(out.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('follows the package through simulated time: in transit after 6 h, at its end state after 48 h', async () => {
		await seedShippedAt(START, 1);
		await fx.control.call('POST', 'clock', { advanceMs: 7 * HOUR });
		const moving = (await fx.run(getDetails('SO-000001'))).output(ACTION_NODE)[0].json;
		expect(moving).toMatchObject({ Status: 'IN TRANSIT', CarrierStatusTimestamp: iso(START + 6 * HOUR) });
		await fx.control.call('POST', 'clock', { advanceMs: 42 * HOUR });
		const later = (await fx.run(getDetails('SO-000001'))).output(ACTION_NODE)[0].json;
		expect(['DELIVERED', 'EXCEPTION']).toContain(later.Status);
		expect(Date.parse(String(later.CarrierStatusTimestamp))).toBeGreaterThan(START + 6 * HOUR);
	});

	it('says "no tracking yet" as one item on 404, one result per input item', async () => {
		await seedShippedAt(START - HOUR, 2);
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'tracking', operation: 'getDetails', orderNo: '={{ $json.order }}', simplify: false },
				{ items: [{ order: 'SO-999999' }, { order: 'SO-000002' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out[0]).toEqual({
			json: { OrderNo: 'SO-999999', found: false, message: 'No tracking information yet for this order' },
			pairedItem: { item: 0 },
		});
		expect(out[1].json.OrderNumber).toBe('SO-000002');
		expect(out[1].pairedItem).toEqual({ item: 1 });
		const sent = await fx.control.requests('GetDetails');
		expect(sent.map((r) => r.status).sort()).toEqual([200, 404]);
	});

	it('does not show a package before its ship time', async () => {
		await seedShippedAt(START + 2 * HOUR, 1);
		const out = (await fx.run(getDetails('SO-000001'))).output(ACTION_NODE);
		expect(out.map((i) => i.json.found)).toEqual([false]);
	});

	it('fails on 404 when Fail When Not Found is on', async () => {
		const result = await fx.run(getDetails('SO-404404', { options: { failWhenNotFound: true } }));
		expect(result.error?.message).toBe('No tracking information yet for order "SO-404404"');
		expect(result.error?.description).toBe(
			'The provider has no packages for this order number yet (404): the order may not have been picked up by the warehouse, or the number is wrong. Turn off "Fail When Not Found" to get an item saying so instead.',
		);
		expect(await fx.control.requests('GetDetails')).toHaveLength(1);
	});

	it('refuses a Fail When Not Found or a Simplify that is no boolean, naming it, before sending anything', async () => {
		const result = await fx.run(getDetails('SO-404404', { options: { failWhenNotFound: '={{ "sometimes" }}' } }));
		expect(result.error?.message).toMatch(/^Invalid "Fail When Not Found": /);
		const simplify = await fx.run(getDetails('SO-404404', { simplify: '={{ "maybe" }}' }));
		expect(simplify.error?.message).toMatch(/^Invalid "Simplify": /);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it.each([
		['4 characters', 'SO-1'],
		['51 characters', 'S'.repeat(51)],
	])('refuses an order number of %s before sending anything', async (_case, orderNo) => {
		const result = await fx.run(getDetails(orderNo));
		expect(result.error?.message).toMatch(/^Invalid "Order Number": must be 5 to 50 characters \(got "S/);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
