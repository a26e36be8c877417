// The node types as n8n reads them (built inside each test, so that Stryker credits the tests with their descriptions),
// and a trigger filter refused before anything is asked.
import { NodeConnectionTypes, NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { UNIT_NODE } from './fakeContext';

describe('node types', () => {
	it('the action node: its type name, versions, usable as an AI tool, one main input and output, the API credential required (and tested by its credentialTest)', () => {
		const { description } = new WineFulfillment();
		expect([description.name, description.version, description.defaultVersion, description.usableAsTool]).toEqual([
			'wineFulfillment',
			[1, 2],
			2,
			true,
		]);
		expect([description.inputs, description.outputs, description.credentials]).toEqual([
			[NodeConnectionTypes.Main],
			[NodeConnectionTypes.Main],
			[{ name: 'wineFulfillmentApi', required: true, testedBy: 'wineFulfillmentApiTest' }],
		]);
	});

	it('the polling trigger: its type name, polling, no input, one main output, the API credential required (and tested by the same credentialTest)', () => {
		const { description } = new WineFulfillmentTrigger();
		expect([description.name, description.version, description.polling, description.inputs, description.outputs]).toEqual([
			'wineFulfillmentTrigger',
			1,
			true,
			[],
			[NodeConnectionTypes.Main],
		]);
		expect(description.credentials).toEqual([{ name: 'wineFulfillmentApi', required: true, testedBy: 'wineFulfillmentApiTest' }]);
	});

	it('the webhook trigger: its type name, one POST webhook answered at once, the webhook credential only with authentication', () => {
		const { description } = new WineFulfillmentWebhookTrigger();
		expect([description.name, description.version, description.inputs, description.outputs]).toEqual([
			'wineFulfillmentWebhookTrigger',
			1,
			[],
			[NodeConnectionTypes.Main],
		]);
		expect(description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'tracking' }]);
		expect(description.credentials).toEqual([
			{
				name: 'wineFulfillmentWebhookApi',
				required: true,
				testedBy: 'wineFulfillmentWebhookApiTest',
				displayOptions: { show: { authentication: ['headerAuth', 'basicAuth'] } },
			},
		]);
	});
});

describe('polling trigger filters', () => {
	it.each([
		['orderNumbers', 'Order Numbers'],
		['statuses', 'Statuses'],
	])('refuses an object among the %s, naming the filter, before any request', async (filter, field) => {
		const requests: unknown[] = [];
		const parameters: Record<string, unknown> = { event: 'packageStatusChanged', filters: { [filter]: ['SO-1', { no: 'object' }] }, options: {} };
		const ctx = {
			getNode: () => UNIT_NODE,
			getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
			getMode: () => 'trigger',
			getTimezone: () => 'UTC',
			getWorkflowStaticData: () => ({}),
			helpers: { httpRequestWithAuthentication: async (...args: unknown[]) => requests.push(args) },
		} as unknown as IPollFunctions;
		const error = await new WineFulfillmentTrigger().poll.call(ctx).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toContain(`"${field}"`);
		expect(requests).toEqual([]);
	});
});
