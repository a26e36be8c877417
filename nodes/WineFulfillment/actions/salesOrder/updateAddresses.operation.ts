import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateAddressesRequest } from '../../wire/salesOrder';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, validateBody, withAdditionalJson, withAnswer } from '../common';
import { ORDER_LABELS, deliveryContactProperty, readAddressMembers, recipientProperty } from './fields';
import { checkLocator, locateProperties, locatorMembers, locatorOutput, readLocator } from './locate';
import { keyed, withOptions, type Send } from '../operation';

const properties: INodeProperties[] = [
	...locateProperties,
	{
		...recipientProperty,
		description: 'The new ship-to address of the recipient: only the fields added here are sent; a text field added and left empty clears it',
	},
	{
		...deliveryContactProperty,
		displayName: 'Delivery Location (Hold at Location)',
		description: 'The new carrier hold location of the order',
	},
	additionalJsonProperty(),
];

/** The delivery contact as this operation's panel names it (Delivery Location), for validation messages. */
const DELIVERY_LOCATION_LABELS: Record<string, string> = {
	DeliveryContactInfo: 'Delivery Location',
	'DeliveryContactInfo.HoldAtLocation': 'Delivery Location → Hold at Location',
	'DeliveryContactInfo.LocationCode': 'Delivery Location → Location Code',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['salesOrder'], operation: ['updateAddresses'] } },
	withOptions(properties),
);

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const locator = readLocator(this, itemIndex);
	// the text fields added and left empty (or blank) are sent as '', so a blanked line (Address Line 2) is cleared, not kept
	const body = withAdditionalJson(this, { ...locatorMembers(locator, 'OrderNo'), ...readAddressMembers(this, itemIndex) }, itemIndex);
	checkLocator(this, locator, body, itemIndex);
	// the node's check and the provider's refusals name the members alike, as this panel does
	const labels = { ...ORDER_LABELS, ...DELIVERY_LOCATION_LABELS, RecipientContactInfo: 'Recipient (Ship-To)' };
	const valid = validateBody(this, updateAddressesRequest, body, labels, itemIndex);
	// bug hunt 44: the changes of one order's addresses are sent one after another, in input order (the last one wins)
	return keyed(async () => {
		const response = await apiRequest.call(this, ENDPOINTS.updateAddresses, valid as IDataObject, { itemIndex, labels });
		const updated = [...(valid.RecipientContactInfo ? ['RecipientContactInfo'] : []), ...(valid.DeliveryContactInfo ? ['DeliveryContactInfo'] : [])];
		return [
			{
				json: withAnswer({ ...locatorOutput(locator), Updated: updated }, response.body),
				pairedItem: { item: itemIndex },
			},
		];
	}, `${locator.by} ${locator.value}`);
}
