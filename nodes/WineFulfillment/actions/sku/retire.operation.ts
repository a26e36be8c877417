import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { retireSkuRequest } from '../../wire/product';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, validateBody, withAdditionalJson } from '../common';
import { itemNumberLocator } from '../../methods/itemNumber';
import { writeOutput } from './shared';
import { keyed, withOptions, type Send } from '../operation';
import { nodeParameter } from '../parameters';

const show = { resource: ['sku'], operation: ['retire'] };

const properties: INodeProperties[] = [
	itemNumberLocator({
		displayName: 'Item Number',
		name: 'itemNo',
		required: true,
		description: 'The SKU to deactivate. New orders can no longer use it.',
	}),
	additionalJsonProperty(),
];

export const description = updateDisplayOptions({ show }, withOptions(properties));

/** Retire's wire path in the panel's words, for its checks and the provider's refusals. */
const RETIRE_LABELS: Record<string, string> = { ItemNo: 'Item Number' };

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const body = validateBody(
		this,
		retireSkuRequest,
		withAdditionalJson(this, compact({ ItemNo: nodeParameter(this, 'itemNo', itemIndex, '', { extractValue: true }) as string }), itemIndex),
		RETIRE_LABELS,
		itemIndex,
	);
	// one SKU's writes one after another, in input order (keyed)
	return keyed(async () => {
		// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
		const response = await apiRequest.call(this, ENDPOINTS.retireSku, body as IDataObject, { itemIndex, labels: RETIRE_LABELS });
		return writeOutput(body.ItemNo, response.body, itemIndex);
	}, String(body.ItemNo));
}
