// A package the provider lists before it has a tracking number (READY FOR PICKUP: "a package ready for pickup has none
// yet", events.ts) and which gets its number minutes later: same package, same ship date, same status. Its key was the
// order, ship date and contents while it had no number, and the number once given: New Package emitted it twice and
// Package Status Changed emitted READY FOR PICKUP again with no status change. Also: two boxes alike in order, ship
// date and contents, read as one record while unnumbered, are two New Package events in all once each has its number.
// Bug hunt 15; every test here but the last (boxes numbered from the start) failed before the fix.
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
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);

/** Listed before its label is printed: no tracking number yet, ready for pickup. */
const unnumbered = (pkg: SandboxPackage) =>
	Object.assign(pkg, { TrackingNo: '', TrackingURL: '', Status: 'READY FOR PICKUP', StatusDescription: 'Ready for pickup' });

/** The label is printed: the tracking number is given (an activity the provider records); the status is unchanged. */
const numbered = (pkg: SandboxPackage, trackingNo: string) =>
	Object.assign(pkg, { TrackingNo: trackingNo, TrackingURL: `https://tracking.example.com/${trackingNo}`, lastActivityAt: fx.sandbox.state.now() });

/**
 * Activates the trigger, then lists `boxes` packages of one order, shipped in one second with the same contents, as
 * `first` makes them, and polls; then `steps` more times changes them as each step says and polls again. Every item
 * emitted after activation, as "order tracking status".
 */
async function scenario(
	event: 'newPackage' | 'packageStatusChanged',
	boxes: number,
	first: (pkg: SandboxPackage, index: number) => void,
	...steps: Array<(list: SandboxPackage[]) => void>
): Promise<string[]> {
	const workflow = triggerWorkflow({ event, filters: {}, options: {} } as INodeParameters);
	let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, fx.credential(), {})).staticData;
	await control('clock', { advanceMs: 5 * MINUTE });
	const shipAt = Math.floor(fx.sandbox.state.now() / 1000) * 1000 - MINUTE;
	await control('seed-packages', { count: 1, startAt: iso(shipAt) });
	const all = packages(fx.sandbox.state);
	const template = all[all.length - 1];
	const list: SandboxPackage[] = [template];
	for (let i = 1; i < boxes; i++) list.push(JSON.parse(JSON.stringify(template)) as SandboxPackage);
	all.push(...list.slice(1));
	list.forEach((pkg, index) => first(pkg, index));
	const emitted: string[] = [];
	for (const step of [() => undefined, ...steps]) {
		step(list);
		await control('clock', { advanceMs: 5 * MINUTE });
		const result = await runPoll(workflow, TRIGGER_NODE, fx.credential(), staticData);
		staticData = result.staticData;
		emitted.push(...result.items.map((i) => `${String(i.json.orderNumber)} ${String(i.json.trackingNumber)} ${String(i.json.status)}`));
	}
	return emitted;
}

const NUMBER = (index: number) => `7711000000${String(index + 1).padStart(2, '0')}`;

describe('trigger: tracking number given after the package was first listed', () => {
	it('New Package emits the package once', async () => {
		const emitted = await scenario('newPackage', 1, unnumbered, ([pkg]) => numbered(pkg, NUMBER(0)));
		expect(emitted).toHaveLength(1);
	});

	it('Package Status Changed emits READY FOR PICKUP once (the tracking number is no status change)', async () => {
		const emitted = await scenario('packageStatusChanged', 1, unnumbered, ([pkg]) => numbered(pkg, NUMBER(0)));
		expect(emitted).toHaveLength(1);
		expect(emitted[0]).toMatch(/READY FOR PICKUP$/);
	});

	it('Package Status Changed still emits a status the numbered package reaches later', async () => {
		const emitted = await scenario(
			'packageStatusChanged',
			1,
			unnumbered,
			([pkg]) => numbered(pkg, NUMBER(0)),
			([pkg]) => Object.assign(pkg, { Status: 'IN TRANSIT', StatusDescription: 'In transit', lastActivityAt: fx.sandbox.state.now() }),
		);
		expect(emitted.map((e) => e.split(' ').slice(2).join(' '))).toEqual(['READY FOR PICKUP', 'IN TRANSIT']);
		expect(emitted[1]).toContain(NUMBER(0));
	});
});

describe('trigger: two boxes alike in order, ship date and contents', () => {
	it('read as one while unnumbered, both numbered later: two New Package events in all', async () => {
		const emitted = await scenario('newPackage', 2, unnumbered, (list) => list.forEach((pkg, i) => numbered(pkg, NUMBER(i))));
		expect(emitted).toHaveLength(2);
	});

	it('numbered one after the other: two New Package events in all', async () => {
		const emitted = await scenario(
			'newPackage',
			2,
			unnumbered,
			(list) => numbered(list[0], NUMBER(0)),
			(list) => numbered(list[1], NUMBER(1)),
		);
		expect(emitted).toHaveLength(2);
	});

	it('numbered from the start: two records, two New Package events', async () => {
		const emitted = await scenario('newPackage', 2, (pkg, i) => numbered(pkg, NUMBER(i)));
		expect(emitted).toHaveLength(2);
		expect(new Set(emitted).size).toBe(2);
	});
});
