import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { updateSkuRequest } from '../../wire/product';
import { itemNumberLocator } from '../../methods/itemNumber';
import { additionalJsonProperty, compact } from '../common';
import { requestorProperties, sendSkuBody, skuBody } from './shared';
import { toWire } from '../wireNames';
import { withOptions, type Send } from '../operation';
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
	const fields = toWire(nodeParameter(this, 'updateFields', itemIndex, {}) as IDataObject);
	const skuInfo = compact({ ItemNo: nodeParameter(this, 'itemNo', itemIndex, '', { extractValue: true }) as string, ...fields });
	const body = skuBody(this, updateSkuRequest, skuInfo, itemIndex);
	return async () => await sendSkuBody(this, ENDPOINTS.updateSku, body, itemIndex);
}
