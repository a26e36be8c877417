// Package Status Changed's Statuses filter from an expression or a sheet: read in any letter case, as the interface
// writes the statuses; a status the provider never reports is refused before any request, naming the entry. Filtered
// silently, the change would be stored as seen and never emitted once the filter is put right.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { packages } from '../sandbox/stores';
import { nodeClockFollowsSandbox } from './clock';
import { deliveredAfterActivation } from './steps';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const workflow = (statuses: unknown) =>
	triggerWorkflow({ event: 'packageStatusChanged', filters: { statuses: `={{ ${JSON.stringify(statuses)} }}` } } as INodeParameters);

describe('Package Status Changed: the Statuses filter', () => {
	it.each<[string, unknown]>([
		['upper case', 'DELIVERED'],
		['lower case', 'delivered'],
		['a list in mixed case, with spaces', [' Delivered ', 'in  transit']],
	])('given in %s, the DELIVERED change is emitted', async (_name, statuses) => {
		const polled = await deliveredAfterActivation(fx, workflow(statuses), 'DELIVERED');
		// was nothing for "delivered": compared case-sensitively, every change filtered out and stored as seen
		expect(polled.items.map((item) => (item.json as IDataObject).status)).toEqual(['DELIVERED']);
	});

	it('a status the provider never reports is refused before any request, naming the entry', async () => {
		const failed = await runPoll(workflow('DELIVERED, DELIVERD'), TRIGGER_NODE, fx.credential(), {}).catch((error: unknown) => error as Error);
		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toContain('Invalid "Statuses": entry 2 ("DELIVERD") must be one of RECEIVED, SHIPPED');
		expect(await fx.control.requests('GetPackages')).toHaveLength(0);
	});
});

// Carrier and Warehouse from an expression or a sheet: read as the action node reads the same filters (Get Packages'
// Carrier, Get Returns' Warehouse): blank is no filter, a value the interface does not take is refused before any request
describe('Package and return events: the Carrier and Warehouse filters from an expression', () => {
	const poll = async (event: string, filters: IDataObject) =>
		await runPoll(triggerWorkflow({ event, filters } as INodeParameters), TRIGGER_NODE, fx.credential(), {});

	it('a blank Carrier is no filter: GetPackages is sent without ShippingCarrier', async () => {
		await poll('newPackage', { carrier: '={{ "  " }}' });
		const sent = await fx.control.requests('GetPackages');
		expect(sent.length).toBeGreaterThan(0);
		// was: ShippingCarrier "  " on every request
		expect(sent.map((r) => r.body.ShippingCarrier)).toEqual(sent.map(() => undefined));
	});

	it('a Carrier the interface does not take ("ups") is refused before any request, naming the field', async () => {
		const failed = await poll('packageStatusChanged', { carrier: '={{ "ups" }}' }).catch((error: unknown) => error as Error);
		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toContain('Invalid "Carrier": must be one of FEX, UPS');
		expect(await fx.control.requests('GetPackages')).toHaveLength(0);
	});

	it('a Carrier given with spaces around it is sent trimmed', async () => {
		await poll('newPackage', { carrier: '={{ " UPS " }}' });
		const sent = await fx.control.requests('GetPackages');
		expect(sent.length).toBeGreaterThan(0);
		expect(new Set(sent.map((r) => r.body.ShippingCarrier))).toEqual(new Set(['UPS']));
	});

	it('a blank Warehouse is no filter: GetReturns is sent without Warehouse', async () => {
		await poll('newReturn', { warehouse: '={{ "  " }}' });
		const sent = await fx.control.requests('GetReturns');
		expect(sent.length).toBeGreaterThan(0);
		expect(sent.map((r) => r.body.Warehouse)).toEqual(sent.map(() => undefined));
	});

	it('a Warehouse that is no warehouse code ("apc01") is refused before any request, naming the field', async () => {
		const failed = await poll('newReturn', { warehouse: '={{ "apc01" }}' }).catch((error: unknown) => error as Error);
		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toContain('Invalid "Warehouse": must be a warehouse code such as APC01');
		expect(await fx.control.requests('GetReturns')).toHaveLength(0);
	});

	it('a filter of another event, left over and hidden, fails no poll: New Return reads neither Carrier nor Statuses', async () => {
		const polled = await poll('newReturn', { carrier: '={{ "ups" }}', statuses: '={{ "DELIVERD" }}' });
		expect(polled.staticData).toBeDefined();
		expect((await fx.control.requests('GetReturns')).length).toBeGreaterThan(0);
	});
});

// The provider's Status is read as the user's entries are (wire/tracking statusWord): "Delivered" or "DELIVERED " is
// DELIVERED. Compared as sent, the delivery was read, stored as seen and dropped, for good; Fetch Test Event found none.
describe('Statuses = DELIVERED: the provider writes the status in another form', () => {
	it.each([
		['title case', 'Delivered'],
		['padded', 'DELIVERED '],
	])('%s ("%s"): the delivery is emitted once, its status as the provider wrote it', async (_name, status) => {
		const wf = workflow(['DELIVERED']);
		const polled = await deliveredAfterActivation(fx, wf, status);
		expect(polled.items.map((item) => (item.json as IDataObject).status)).toEqual([status]);
		// the next poll, the same delivery written in capitals: the same status, not emitted again
		Object.assign(packages(fx.sandbox.state)[0], { Status: 'DELIVERED' });
		await fx.control.call('POST', 'clock', { advanceMs: MINUTE });
		expect((await runPoll(wf, TRIGGER_NODE, fx.credential(), polled.staticData)).items).toEqual([]);
	});

	it('Fetch Test Event finds the latest delivery written "Delivered"', async () => {
		await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() - 10 * MINUTE) });
		const now = fx.sandbox.state.now();
		Object.assign(packages(fx.sandbox.state)[0], { Status: 'Delivered', CarrierStatusTimestamp: iso(now), lastActivityAt: now });
		await fx.control.call('POST', 'clock', { advanceMs: 1000 });
		const test = await runPoll(workflow(['DELIVERED']), TRIGGER_NODE, fx.credential(), {}, 'manual');
		expect(test.items.map((item) => (item.json as IDataObject).status)).toEqual(['Delivered']);
	});
});
