// Bug hunt 38: the polling trigger's Options → Page Size (max 500, default 500) is shown for New Return too, where every
// poll asks GetReturns for at most RETURNS_MAX_TOP (100; trigger/window.ts readWindow takes the smaller): the panel
// must not tell the user something false there, so the option is bounded to 100 or its description says so (it says so).
import { NodeHelpers, type INodeProperties, type INodeParameters } from 'n8n-workflow';

import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { RETURNS_MAX_TOP } from '../../nodes/WineFulfillment/wire/salesOrder';

/** The members of the trigger's Options shown for an event (n8n resolves "/event" against the node's root values). */
function optionsShownFor(event: string): INodeProperties[] {
	const description = new WineFulfillmentTrigger().description;
	const root: INodeParameters = { event, options: {} };
	const options = description.properties.find((p) => p.name === 'options');
	expect(NodeHelpers.displayParameter(root, options!, null, description)).toBe(true);
	return (options!.options as INodeProperties[]).filter((member) =>
		NodeHelpers.displayParameter({}, member, null, description, root),
	);
}

describe('Wine Fulfillment Trigger → New Return → Options → Page Size', () => {
	it(`does not offer more records per request than a poll asks for (${RETURNS_MAX_TOP}), or says so`, () => {
		const pageSize = optionsShownFor('newReturn').find((member) => member.name === 'pageSize');
		expect(pageSize).toBeDefined();
		const bounded = (pageSize!.typeOptions?.maxValue ?? Infinity) <= RETURNS_MAX_TOP && (pageSize!.default as number) <= RETURNS_MAX_TOP;
		const told = new RegExp(`\\b${RETURNS_MAX_TOP}\\b`).test(pageSize!.description ?? '');
		expect({ bounded, told, maxValue: pageSize!.typeOptions?.maxValue, default: pageSize!.default }).toMatchObject({
			...(bounded ? {} : { told: true }),
		});
	});
});
