// Address → Validate through the node's router with a fake provider: the body sent for the fields left at their
// defaults, and a refused Include Pickup Locations named before any request.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { router } from '../../nodes/WineFulfillment/actions/router';
import { fakeExecute } from './fakeExecute';

const VALIDATE = { resource: 'address', operation: 'validate', clientReferenceCode: 'REF-1', shippingCarrier: 'UPS', addressLine1: ' 1 Main Street ', includePal: false };

describe('Address → Validate', () => {
	it('with the other fields at their defaults, sends only the reference, the carrier, Address Line 1 and the number of candidates', async () => {
		const { ctx, sent } = fakeExecute({ params: VALIDATE, answer: () => ({ body: { AddressCandidates: [] } }) });
		await router.call(ctx);
		expect(sent.map((s) => s.body)).toEqual([{ ClientReferenceCode: 'REF-1', ShippingCarrier: 'UPS', Address: { StreetLines: ['1 Main Street'] }, MaxCandidateListSize: 3 }]);
	});

	it('an Include Pickup Locations value that is not true or false is refused naming the field, before any request', async () => {
		const { ctx, sent } = fakeExecute({ params: { ...VALIDATE, includePal: 'maybe' } });
		const error = await router.call(ctx as IExecuteFunctions).then(
			() => undefined,
			(e: unknown) => e as NodeOperationError,
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/^Invalid "Include Pickup Locations": /);
		expect(sent).toEqual([]);
	});

	it('a Client Reference Code left at its default (empty) is refused as required, before any request', async () => {
		const { ctx, sent } = fakeExecute({ params: { ...VALIDATE, clientReferenceCode: undefined } });
		await expect(router.call(ctx)).rejects.toThrow(/^Invalid "Client Reference Code": is required$/);
		expect(sent).toEqual([]);
	});
});
