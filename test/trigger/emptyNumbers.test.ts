// Wine Fulfillment Trigger: packages and returns whose tracking or RMA number is empty or not yet given.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';
import { packages, returns } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
// GetReturns reports no time of its own: the node's clock is the one the sandbox runs on
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;

const poll = async (event: string, staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const advance = async (ms: number) => await fx.control.call('POST', 'clock', { advanceMs: ms });
const orderNumbers = (items: Array<{ json: IDataObject }>) => items.map((i) => String(i.json.orderNumber));

/** Polls `event` again 5 minutes later: what it emits a second time. */
async function pollAgain(event: string, staticData: IDataObject) {
	await advance(5 * MINUTE);
	return orderNumbers((await poll(event, staticData)).items);
}

describe('trigger: records whose number is empty', () => {
	it('New Package: three packages of three orders ready for pickup, their tracking number "" (or white space), are three packages, each once', async () => {
		const seed = await poll('newPackage', {});
		await fx.control.call('POST', 'seed-packages', { count: 3, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		for (const [i, pkg] of packages(fx.sandbox.state).entries()) Object.assign(pkg, { TrackingNo: i === 2 ? ' ' : '', TrackingURL: '' });
		await advance(10 * MINUTE);
		const result = await poll('newPackage', seed.staticData);
		expect(orderNumbers(result.items)).toEqual(['SO-000001', 'SO-000002', 'SO-000003']);
		expect(await pollAgain('newPackage', result.staticData)).toEqual([]);
	});

	it('New Package: one order shipped in two boxes in the same second, tracking numbers not yet given (null), is two packages, each once', async () => {
		const seed = await poll('newPackage', {});
		await fx.control.call('POST', 'seed-packages', { count: 2, spreadMs: 0, startAt: new Date(fx.sandbox.state.now() + MINUTE).toISOString() });
		for (const pkg of packages(fx.sandbox.state)) Object.assign(pkg, { OrderNumber: 'SO-BOXES', TrackingNo: null });
		await advance(10 * MINUTE);
		const result = await poll('newPackage', seed.staticData);
		expect(orderNumbers(result.items)).toEqual(['SO-BOXES', 'SO-BOXES']);
		// the boxes hold different wines
		expect(new Set(result.items.map((i) => JSON.stringify((i.json.package as IDataObject).PackageItems))).size).toBe(2);
		expect(await pollAgain('newPackage', result.staticData)).toEqual([]);
	});

	it('New Return: two returns of two orders received with an empty RMA number are two returns, each once', async () => {
		await createOrders(fx, [1, 2].map((n) => ({ OrderNo: `E-${n}`, items: [line(SKU_A, 1)] })));
		for (const n of [1, 2]) await fx.control.call('POST', 'ship-order', { OrderNo: `E-${n}` });
		const seed = await poll('newReturn', {});
		await advance(MINUTE);
		for (const n of [1, 2]) await fx.control.call('POST', 'create-return', { OrderNo: `E-${n}` });
		for (const r of returns(fx.sandbox.state)) r.RMANumber = '';
		await advance(10 * MINUTE);
		const result = await poll('newReturn', seed.staticData);
		expect(orderNumbers(result.items)).toEqual(['E-1', 'E-2']);
		expect(await pollAgain('newReturn', result.staticData)).toEqual([]);
	});
});
