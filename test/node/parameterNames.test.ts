// One convention for parameter names: every parameter of the action node, however deep (collection options,
// fixed collection values), is named in camelCase; the wire names are mapped in one place (salesOrder/fields.ts).
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { parameterName, toWire, wireName } from '../../nodes/WineFulfillment/actions/wireNames';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every parameter name of a description with its path: properties, collection options, fixed collection groups and values. */
function* parameterNames(entries: readonly Entry[], path: string): Generator<{ path: string; name: string }> {
	for (const entry of entries) {
		if ('value' in entry) continue; // a dropdown choice: its name is a label, not a parameter
		const here = `${path} › ${entry.name}`;
		yield { path: here, name: entry.name };
		const children = 'values' in entry ? entry.values : 'options' in entry ? entry.options : undefined;
		if (Array.isArray(children)) yield* parameterNames(children as Entry[], here);
	}
}

describe('parameter names', () => {
	const nodes = {
		'Wine Fulfillment': new WineFulfillment().description,
		'Wine Fulfillment Trigger': new WineFulfillmentTrigger().description,
		'Wine Fulfillment Webhook Trigger': new WineFulfillmentWebhookTrigger().description,
	};

	it.each(Object.entries(nodes))('%s: every parameter, at any depth, is named in camelCase', (_node, description) => {
		const names = [...parameterNames(description.properties, description.displayName)];
		expect(names.length).toBeGreaterThanOrEqual(description.properties.length);
		expect(names.filter(({ name }) => !CAMEL_CASE.test(name)).map(({ path }) => path)).toEqual([]);
	});

	it('the walk reaches item rows and their options', () => {
		const names = [...parameterNames(new WineFulfillment().description.properties, '')].map(({ path }) => path);
		expect(names).toContain(' › items › item › itemOptions › itemDescription');
		expect(names).toContain(' › shipmentInfo › shippingCarrier');
	});

	it('maps parameter names to wire names in one table, both ways, leaving values alone', () => {
		expect(wireName('shippingCarrier')).toBe('ShippingCarrier');
		expect(wireName('poNo')).toBe('PONo');
		expect(wireName('upcCode')).toBe('UPCCode');
		expect(wireName('uom')).toBe('UOM');
		for (const wire of ['FirstName', 'PONo', 'UPCCode', 'UOM', 'ItemNo', 'AdditionalFields', 'HoldAtLocation']) {
			expect(CAMEL_CASE.test(parameterName(wire))).toBe(true);
			expect(wireName(parameterName(wire))).toBe(wire);
		}
		expect(toWire({ itemNo: 'CAB-2019', additionalFields: { GiftWrap: 'yes', nested: 1 } })).toEqual({
			ItemNo: 'CAB-2019',
			AdditionalFields: { GiftWrap: 'yes', nested: 1 },
		});
	});
});
