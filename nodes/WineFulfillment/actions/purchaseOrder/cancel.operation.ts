// Purchase Order → Cancel, by Customer Reference Number (shared with Transfer Order → Cancel).
import type { IExecuteFunctions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { keyed, type Send } from '../operation';
import { nodeParameter } from '../parameters';
import { cancelByReference } from './shared';

const cancel = cancelByReference('purchaseOrder', ENDPOINTS.cancelPurchaseOrder, 'PO-2026-0042');

export const { description } = cancel;

/** bug hunt 44: the writes to one purchase order are sent one after another, in input order. */
export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	return keyed(cancel.prepare.call(this, itemIndex), String(nodeParameter(this, 'customerReferenceNo', itemIndex)));
}
