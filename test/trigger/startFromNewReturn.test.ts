// Bug hunt 30 (fixed): Start From (Hours Back) on New Return is not counted back from the provider's present.
// README (trigger section): Start From "backfills instead, counted back from the provider's present: its clock, as the
// Date of its answer tells it". New Return's present() asks nothing and returns {}, so backFrom falls back to
// n8n's clock less CLOCK_MARGIN_MS (5 minutes): the backfill reaches 5 minutes further back than asked, and it
// ignores the provider's clock altogether (the GetReturns answer carries a Date like every other answer).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';

const fx = useSandbox({ inventoryRecords: 20 });
const clock = nodeClockFollowsSandbox(fx);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const control = (name: string, body: IDataObject) => fx.control.call('POST', name, body);
/** one return received `ago` ms before the sandbox's (the provider's) present */
const received = async (ago: number) => {
	await control('seed-returns', { count: 1, startAt: at(fx.sandbox.state.now() - ago) });
};
const firstPoll = async (startFromHours: number) =>
	(
		await runPoll(
			triggerWorkflow({ event: 'newReturn', filters: {}, options: { startFromHours } } as INodeParameters),
			TRIGGER_NODE,
			fx.credential(),
			{},
		)
	).items.map((i) => String(i.json.rmaNumber));

describe('New Return, Start From (Hours Back)', () => {
	// User sees: a return received 2 h 3 min ago is emitted by a backfill asked for the last 2 hours.
	// Expected: only the return of 1 hour ago. Before the fix: both (the backfill starts 2 h 5 min back: n8n's clock less 5 min).
	it('clocks agreeing, Start From 2 hours: a return received 2 h 3 min ago is not emitted', async () => {
		await received(2 * HOUR + 3 * MINUTE);
		await received(1 * HOUR);
		expect(await firstPoll(2)).toEqual(['RMA-H000002']);
	});

	// User sees: with the provider's clock (its answers' Date, its ReceivedDate stamps) 2 hours behind n8n's, Start From
	// 2 hours emits nothing although a return was received 40 minutes ago on the provider's clock.
	// Expected (as for New Package, test/trigger/startFromQuietAccount.test.ts): counted back from the provider's clock,
	// the return of 40 minutes ago is emitted, the one of 3 hours ago is not. Before the fix: nothing is emitted.
	it("the provider's clock 2 hours behind n8n's, Start From 2 hours: counted back from its clock", async () => {
		clock.set(2 * HOUR); // n8n's clock 2 hours ahead of the sandbox, whose answers' Date and stamps are the provider's
		await received(3 * HOUR);
		await received(40 * MINUTE);
		expect(await firstPoll(2)).toEqual(['RMA-H000002']);
	});
});
