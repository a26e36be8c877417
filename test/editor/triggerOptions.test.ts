// The polling trigger's panel offers only what an event reads: Order Put On Hold reads the list of orders on hold whole
// (GetOrdersOnHold takes no filter, time or page), so neither Filters nor Options is shown for it; values left in them
// from another event fail no poll.
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, createOrders, line } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 20 });
const description = new WineFulfillmentTrigger().description;

/** Whether the panel shows the top-level parameter `name` for these parameters. */
function shown(name: string, parameters: INodeParameters): boolean {
	const property = description.properties.find((p) => p.name === name)!;
	const node = { typeVersion: 1, parameters } as unknown as INode;
	return NodeHelpers.displayParameter(parameters, property, node, description);
}

describe('polling trigger panel: Filters and Options only for the events that read them', () => {
	it.each([
		['newPackage', true],
		['packageStatusChanged', true],
		['newReturn', true],
		['orderOnHold', false],
	])('%s: Filters and Options shown %s', (event, visible) => {
		expect([shown('filters', { event }), shown('options', { event })]).toEqual([visible, visible]);
	});

	it('Order Put On Hold with Options and Filters left from another event: they are dropped, the poll runs as without them', async () => {
		await createOrders(fx, [{ OrderNo: 'HOLD-OPT-1', items: [line(SKU_A, 1)], hold: true }]);
		// 101 order numbers: a shown Order Numbers filter refuses them (at most 100)
		const orderNumbers = Array.from({ length: 101 }, (_, i) => `SO-${i + 1}`).join(',');
		const parameters = { event: 'orderOnHold', filters: { orderNumbers }, options: { startFromHours: 24, pageSize: 0 } } as IDataObject;
		const first = await runPoll(triggerWorkflow(parameters as INodeParameters), TRIGGER_NODE, fx.credential(), {}, 'trigger');
		// the first poll only remembers what is on hold (no backfill for this event)
		expect(first.items).toEqual([]);
		const nodeParameters = NodeHelpers.getNodeParameters(description.properties, parameters as INodeParameters, true, false, null, description);
		expect(nodeParameters).not.toHaveProperty('options');
		expect(nodeParameters).not.toHaveProperty('filters');
	});
});
