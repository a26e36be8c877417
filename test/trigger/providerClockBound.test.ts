// Start From (Hours Back) trusts the provider's clock (its answer's Date) only less than a day from n8n's: a Date a whole
// day off is a server clock not set, and the span counts back from the provider's latest activity instead.
import type { INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
const clock = nodeClockFollowsSandbox(fx);

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** one package shipped `ago` ms before the provider's present (the sandbox's clock, its answers' Date); its order number */
const shipped = async (ago: number) =>
	String((await fx.control.call<{ firstOrder: string }>('POST', 'seed-packages', { count: 1, startAt: at(fx.sandbox.state.now() - ago) })).firstOrder);
const firstPoll = async (startFromHours: number) =>
	(
		await runPoll(triggerWorkflow({ event: 'newPackage', filters: {}, options: { startFromHours } } as INodeParameters), TRIGGER_NODE, fx.credential(), {})
	).items.map((i) => i.json.orderNumber);

describe("New Package, Start From 4 hours, packages shipped 5 and 3 hours ago on the provider's clock, nothing since", () => {
	it("n8n's clock exactly a day ahead of the answers' Date: counted back from the latest activity, both emitted", async () => {
		clock.set(DAY);
		const older = await shipped(5 * HOUR);
		const recent = await shipped(3 * HOUR);
		expect((await firstPoll(4)).sort()).toEqual([older, recent].sort());
	});

	it("n8n's clock a day less a second ahead: counted back from the answers' Date, only the one of 3 hours ago", async () => {
		clock.set(DAY - SECOND);
		await shipped(5 * HOUR);
		const recent = await shipped(3 * HOUR);
		expect(await firstPoll(4)).toEqual([recent]);
	});
});
