import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateAddressesRequest } from '../../wire/salesOrder';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, validateBody, withAdditionalJson } from '../common';
import { ORDER_LABELS, deliveryContactProperty, readCollection, recipientProperty } from './fields';
import { locateProperties, locatorMembers, locatorOutput, readLocator } from './locate';
import { withOptions, type Send } from '../operation';

const properties: INodeProperties[] = [
	...locateProperties,
	{
		...recipientProperty,
		description: "The new ship-to address of the recipient: only the fields set here are sent",
	},
	{
		...deliveryContactProperty,
		displayName: 'Delivery Location (Hold at Location)',
		description: 'The new carrier hold location of the order',
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['salesOrder'], operation: ['updateAddresses'] } },
	withOptions(properties),
);

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const locator = readLocator(this, itemIndex);
	const body = compact({
		...locatorMembers(locator, 'OrderNo'),
		RecipientContactInfo: readCollection(this, 'recipientContactInfo', itemIndex),
		DeliveryContactInfo: readCollection(this, 'deliveryContactInfo', itemIndex),
	});
	const valid = validateBody(
		this,
		updateAddressesRequest,
		withAdditionalJson(this, body, itemIndex),
		{ ...ORDER_LABELS, RecipientContactInfo: 'Recipient (Ship-To)' },
		itemIndex,
	);
	return async () => {
		const response = await apiRequest.call(this, ENDPOINTS.updateAddresses, valid as IDataObject, { itemIndex, labels: ORDER_LABELS });
		const answer = response.body && typeof response.body === 'object' ? (response.body as IDataObject) : {};
		return [
			{
				json: {
					...locatorOutput(locator),
					Updated: [
						...(valid.RecipientContactInfo ? ['RecipientContactInfo'] : []),
						...(valid.DeliveryContactInfo ? ['DeliveryContactInfo'] : []),
					],
					...answer,
				},
				pairedItem: { item: itemIndex },
			},
		];
	};
}
