import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateSkuRequest } from '../../wire/product';
import { itemNumberLocator } from '../../methods/itemNumber';
import { additionalJsonProperty, compact } from '../common';
import { requestorProperties, sendSkuBody, skuBody } from './shared';
import { toWire } from '../wireNames';
import { keyed, withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['sku'], operation: ['update'] };

const properties: INodeProperties[] = [
	itemNumberLocator({
		displayName: 'Item Number',
		name: 'itemNo',
		required: true,
		description: 'The SKU to update',
	}),
	...requestorProperties,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Item Description',
				name: 'itemDescription',
				type: 'string',
				default: '',
				description: 'New description of the item',
			},
			{
				displayName: 'Value',
				name: 'value',
				type: 'string',
				default: '',
				placeholder: 'e.g. 45.00',
				description: "New value of the item, sent as text",
			},
		],
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	// a field of blanks (a mapped cell holding spaces) is left empty, not a description wiped by the trimmed ''
	const fields = compact(toWire(nodeParameter(this, 'updateFields', itemIndex, {}) as IDataObject));
	const skuInfo = compact({ ItemNo: nodeParameter(this, 'itemNo', itemIndex, '', { extractValue: true }) as string, ...fields });
	const body = skuBody(this, updateSkuRequest, skuInfo, itemIndex);
	// what changes: SKUInfo members besides the item number (a blank field is not set: compact left it out, and the JSON
	// holds no undefined), or other members from the JSON
	const changed = Object.keys(body.SKUInfo).filter((key) => key !== 'ItemNo');
	const extra = Object.keys(body).filter((key) => key !== 'RequestorInfo' && key !== 'SKUInfo');
	if (changed.length === 0 && extra.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add at least one field under "Update Fields"', {
			itemIndex,
			description: 'Only the fields you add with a value are sent. Nothing was sent to the provider.',
		});
	}
	// the writes to one SKU are sent one after another, in input order (the last row's change is the one kept)
	return keyed(async () => await sendSkuBody(this, ENDPOINTS.updateSku, body, itemIndex), String(body.SKUInfo.ItemNo));
}
