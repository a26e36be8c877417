// Tracking → Get Delivery Estimates → Client Reference Code: the run refuses a code over 36 characters (as Address →
// Validate's), but its description named no length where Validate's says "up to 36 characters": a mapped order id or
// prefixed UUID failed every item with nothing in the panel (or in what an AI agent reads) to warn of it.
import type { INodeProperties } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 20 });

const field = (operation: string): INodeProperties | undefined =>
	new WineFulfillment().description.properties.find(
		(p) =>
			p.name === 'clientReferenceCode' &&
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
	);

const estimates = (clientReferenceCode: string) =>
	actionWorkflow(
		{
			resource: 'tracking',
			operation: 'getDeliveryEstimates',
			addressLine1: '1200 Main Street',
			city: 'Napa',
			state: 'CA',
			zipCode: '94558',
			country: 'US',
			shipDateFrom: '2026-01-06',
			shipDateTo: '2026-01-07',
			clientReferenceCode,
		},
		{ typeVersion: 2 },
	);

describe('Tracking → Get Delivery Estimates → Client Reference Code: the panel tells the bound the run holds it to', () => {
	it('36 characters run, 37 are refused, and the description says so (as Address → Validate\'s field does)', async () => {
		const ok = await fx.run(estimates('x'.repeat(36)));
		expect(ok.error).toBeUndefined();
		expect(ok.output(ACTION_NODE).length).toBeGreaterThan(0);

		const refused = await fx.run(estimates(`checkout-${'a'.repeat(28)}`));
		expect(refused.error?.message).toMatch(/Client Reference Code/);
		expect(refused.error?.message).toMatch(/36/);

		// Address → Validate's field of the same name states its bound
		expect(field('validate')?.description).toMatch(/36 characters/);
		// the defect: Get Delivery Estimates' field does not
		expect(field('getDeliveryEstimates')?.description).toMatch(/36 characters/);
	});
});
