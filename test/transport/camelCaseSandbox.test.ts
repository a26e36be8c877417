// Every read answer of the sandbox, sent again in camelCase (the sandbox's camelCase rewrite: .NET's camelCase naming
// policy), puts out what the PascalCase answer does, Simplify on and off: no member the node reads or shows is lost to
// the letter case of a provider's serialiser.
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { runPoll } from '../harness/harness';
import { ACTION_NODE, TRIGGER_NODE, actionWorkflow, triggerWorkflow } from '../harness/workflows';
import { SKU_A, SKU_B, createOrders, line } from '../salesOrder/helpers';
import { nodeClockFollowsSandbox } from '../trigger/clock';

const fx = useSandbox({ inventoryRecords: 30 });
// Get Packages' default window is counted from the node's clock: the sandbox's
nodeClockFollowsSandbox(fx);

/** From a fresh sandbox: an order shipped (a package, transactions), one on hold, packages, returns; the same every time. */
async function seed(): Promise<void> {
	await fx.control.reset({ inventoryRecords: 30 });
	await createOrders(fx, [
		{ OrderNo: 'SO-CC-1', items: [line(SKU_A, 2), line(SKU_B, 1)] },
		{ OrderNo: 'SO-CC-2', items: [line(SKU_A, 1)], hold: true },
	]);
	await fx.control.call('POST', 'ship-order', { OrderNo: 'SO-CC-1' });
	await fx.control.call('POST', 'seed-packages', { count: 6, startAt: new Date(fx.sandbox.state.now() - 5 * 3_600_000).toISOString(), spreadMs: 1_800_000 });
	await fx.control.call('POST', 'seed-returns', { count: 3, startAt: new Date(fx.sandbox.state.now() - 3_600_000).toISOString(), spreadMs: 600_000 });
}

/** Get Transactions' date: the sandbox's day, set when the test runs. */
const TODAY = '(the sandbox day)';

const napa = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558' };
const READS: Array<[string, INodeParameters, number]> = [
	['Inventory → Get Status', { resource: 'inventory', operation: 'getStatus', includeUnavailableItems: true, returnAll: true }, 2],
	['Inventory → Get Transactions', { resource: 'inventory', operation: 'getTransactions', transactionDate: TODAY, returnAll: true }, 1],
	['Inventory → Get Sellable', { resource: 'inventory', operation: 'getSellable', returnAll: true }, 1],
	['Sales Order → Get Orders On Hold', { resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true }, 1],
	['Sales Order → Get Returns', { resource: 'salesOrder', operation: 'getReturns', returnAll: true }, 1],
	['Tracking → Get Packages', { resource: 'tracking', operation: 'getPackages', returnAll: true }, 1],
	['Tracking → Get Details', { resource: 'tracking', operation: 'getDetails', orderNo: 'SO-CC-1' }, 1],
	['Tracking → Get Delivery Estimates', { resource: 'tracking', operation: 'getDeliveryEstimates', clientReferenceCode: 'est-1', ...napa, shipDateFrom: '2026-03-02', shipDateTo: '2026-03-04' }, 1],
	['Address → Validate', { resource: 'address', operation: 'validate', clientReferenceCode: 'chk-1', shippingCarrier: 'FEX', ...napa }, 1],
	['Address → Get Carrier Locations', { resource: 'address', operation: 'getCarrierLocations', shippingCarrier: 'FEX', filters: { zipCode: '94558' }, returnAll: true }, 1],
];

describe('a camelCase answer puts out what the PascalCase answer does', () => {
	it.each(READS)('%s', async (_name, parameters, typeVersion) => {
		for (const simplify of [true, false]) {
			const day = new Date(fx.sandbox.state.now()).toISOString().slice(0, 10);
			const given = parameters.transactionDate === TODAY ? { ...parameters, transactionDate: day } : parameters;
			const workflow = actionWorkflow({ ...given, simplify }, { typeVersion });
			await seed();
			const pascal = await fx.run(workflow);
			expect(pascal.error).toBeUndefined();
			await seed();
			await fx.control.fault({ kind: 'rewrite', naming: 'camelCase' });
			const camel = await fx.run(workflow);
			await fx.control.call('DELETE', 'faults');
			expect(camel.error).toBeUndefined();
			expect(pascal.output(ACTION_NODE).length).toBeGreaterThan(0);
			expect(camel.output(ACTION_NODE).map((i) => i.json)).toEqual(pascal.output(ACTION_NODE).map((i) => i.json));
		}
	});
});

describe('the polling trigger reads a camelCase answer as the PascalCase one', () => {
	/** A poll from the start, then (Order Put On Hold reads the orders on hold first as known) a poll after one more. */
	async function polls(event: string, camel: boolean) {
		const wf = triggerWorkflow({ event, options: { startFromHours: 12 } } as INodeParameters);
		await seed();
		if (camel) await fx.control.fault({ kind: 'rewrite', naming: 'camelCase' });
		const first = await runPoll(wf, TRIGGER_NODE, fx.credential(), {});
		await createOrders(fx, [{ OrderNo: 'SO-CC-3', items: [line(SKU_B, 1)], hold: true }]);
		const second = await runPoll(wf, TRIGGER_NODE, fx.credential(), first.staticData);
		return [...first.items, ...second.items].map((i) => i.json);
	}

	it.each([['newPackage'], ['newReturn'], ['orderOnHold']])('%s: the same events', async (event) => {
		const pascal = await polls(event, false);
		expect(pascal.length).toBeGreaterThan(0);
		expect(await polls(event, true)).toEqual(pascal);
	});
});
