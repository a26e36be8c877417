// The polling trigger's filters from expressions: Carrier trimmed, Statuses as an empty list. Carrier's schema is built on first use: the first test here
// is the first to build it (a mutation run credits the build to the first test of a file that reaches it).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { nodeClockFollowsSandbox } from './clock';
import { deliveredAfterActivation } from './steps';

const fx = useSandbox({ inventoryRecords: 20 });
nodeClockFollowsSandbox(fx);
const poll = async (event: string, filters: IDataObject) =>
	await runPoll(triggerWorkflow({ event, filters } as INodeParameters), TRIGGER_NODE, fx.credential(), {});

describe('polling trigger: filters read per event', () => {
	it('a Carrier given with spaces around it is sent trimmed (Package Status Changed)', async () => {
		await poll('packageStatusChanged', { carrier: '={{ " FEX " }}' });
		const sent = await fx.control.requests('GetPackages');
		expect(sent.length).toBeGreaterThan(0);
		expect(new Set(sent.map((r) => r.body.ShippingCarrier))).toEqual(new Set(['FEX']));
	});

	it('Statuses from an expression giving an empty list is no filter: a change to any status is emitted', async () => {
		const wf = triggerWorkflow({ event: 'packageStatusChanged', filters: { statuses: '={{ [] }}' } } as INodeParameters);
		const polled = await deliveredAfterActivation(fx, wf, 'DELIVERED');
		expect(polled.items.map((item) => (item.json as IDataObject).status)).toEqual(['DELIVERED']);
	});
});
