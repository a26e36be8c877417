// What an update reads from a collection (compact's `clearable`, readCollection, readOrderInfoFields, readOrderMembers): blank text fields kept as "" to clear them.
import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../nodes/WineFulfillment/actions/common';
import {
	readAddressMembers,
	readCollection,
	readOrderInfoFields,
	readOrderMembers,
	textMembers,
} from '../../nodes/WineFulfillment/actions/salesOrder/fields';
import { fakeExecute } from './fakeExecute';

const ctxWith = (params: IDataObject) => fakeExecute({ params }).ctx;

describe('compact with members to clear', () => {
	it('keeps a clearable member that is "", null or an empty list as "", and drops it when undefined', () => {
		expect(compact({ A: '', B: null, C: [], D: undefined, E: 'x' }, ['A', 'B', 'C', 'D'])).toEqual({ A: '', B: '', C: '', E: 'x' });
	});

	it('drops the empty members it is not told to clear, as without the list', () => {
		expect(compact({ A: '', B: null, C: [], E: 0, F: false }, ['E'])).toEqual({ E: 0, F: false });
		expect(compact({ A: '', B: null, C: [], E: 0, F: false })).toEqual({ E: 0, F: false });
	});
});

describe('the update readers', () => {
	it('textMembers names the text fields only, under their wire names', () => {
		expect(
			textMembers([
				{ displayName: 'A', name: 'poNo', type: 'string', default: '' },
				{ displayName: 'B', name: 'orderDate', type: 'dateTime', default: '' },
				{ displayName: 'C', name: 'giftCard', type: 'boolean', default: false },
			]),
		).toEqual(['PONo']);
	});

	it('readCollection keeps only the clearable members left empty', () => {
		const ctx = ctxWith({ recipientContactInfo: { address2: '', city: null, company: 'Acme' } });
		expect(readCollection(ctx, 'recipientContactInfo', 0, [], ['Address2'])).toEqual({ Address2: '', Company: 'Acme' });
		expect(readCollection(ctx, 'recipientContactInfo', 0)).toEqual({ Company: 'Acme' });
	});

	it('readOrderInfoFields for an update clears blank text and Tags, not a blank date or Order Type', () => {
		const ctx = ctxWith({ updateFields: { specialInstructions: '', tags: ' ; ', orderDate: '', orderType: '', poNo: null } });
		expect(readOrderInfoFields(ctx, 'updateFields', 0, [], true)).toEqual({ SpecialInstructions: '', Tags: '', PONo: '' });
		expect(readOrderInfoFields(ctx, 'updateFields', 0)).toEqual({});
	});

	it('readOrderInfoFields sends no Tags when they were not added', () => {
		expect(readOrderInfoFields(ctxWith({ updateFields: { poNo: 'P-1' } }), 'updateFields', 0, [], true)).toEqual({ PONo: 'P-1' });
	});

	it('readOrderMembers for an update clears contacts and the location code, never Shipment; reads an absent Items Input as "keep"', () => {
		const params = {
			recipientContactInfo: { address2: '' },
			billingContactInfo: { company: null },
			shipmentInfo: { requestedShipmentDate: '', shippingCarrier: '' },
			deliveryContactInfo: { locationCode: '' },
		};
		expect(readOrderMembers(ctxWith(params), 0, undefined, true)).toEqual({
			RecipientContactInfo: { Address2: '' },
			BillingContactInfo: { Company: '' },
			DeliveryContactInfo: { LocationCode: '' },
		});
		expect(readOrderMembers(ctxWith({ ...params, itemsInput: 'keep' }), 0, undefined, true)).toEqual({
			RecipientContactInfo: { Address2: '' },
			BillingContactInfo: { Company: '' },
			DeliveryContactInfo: { LocationCode: '' },
		});
	});

	it('readOrderMembers for an update refuses items given as an empty list', () => {
		expect(() => readOrderMembers(ctxWith({ itemsInput: 'json', itemsJson: '[]' }), 0, undefined, true)).toThrow('Invalid "Items": the list is empty');
		expect(() => readOrderMembers(ctxWith({ itemsInput: 'fields' }), 0, undefined, true)).toThrow('Invalid "Items": the list is empty');
	});

	it('readAddressMembers clears the recipient and the location code', () => {
		expect(readAddressMembers(ctxWith({ recipientContactInfo: { address2: null }, deliveryContactInfo: { locationCode: '' } }), 0)).toEqual({
			RecipientContactInfo: { Address2: '' },
			DeliveryContactInfo: { LocationCode: '' },
		});
	});
});
